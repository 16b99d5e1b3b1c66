import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** How long each kind of row is kept once it is done with (the daily `housekeeping` job deletes what is older). */
export interface KeepFor {
  /** Sent e-mails of the outbox, after they were sent. */
  sentMailMs: number;
  /** Sessions, after they expired or were revoked (one per user, device and wallet is always kept). */
  sessionMs: number;
  /** E-mail codes, after they expired (the hourly limit counts the codes of the last hour). */
  emailCodeMs: number;
  /** Used signatures, after their use: past any timestamp the server still accepts. */
  usedSignatureMs: number;
  /** Read notifications, after they were read (with their sent e-mail). */
  readNotificationMs: number;
}

/** One batch of a delete: which rows, of which table, and what goes with them in the same statement. */
interface Batch {
  table: string;
  /** The key columns, as the selection answers them ('id', or 'address, sign_content'). */
  key: string;
  /** A SELECT of at most the batch's rows' keys. */
  pick: SQL;
  /** Named statements run with it on the picked rows (`picked`): rows that must go with them (a notice's e-mails). */
  with?: SQL;
}

/**
 * `WITH picked AS (selection), gone AS (DELETE … WHERE key IN picked RETURNING 1) SELECT count(*)`: one set-based
 * statement, answering how many rows of `table` it deleted. The selection is computed once (a CTE), so the rows
 * deleted alongside (`with`) are those of exactly the same picked rows.
 */
async function deleteBatch(db: AppDb, { table, key, pick, with: alongside }: Batch): Promise<number> {
  const keys = sql.raw(key);
  const result = await db.execute(sql`
    WITH picked AS (${pick}),${alongside ? sql` ${alongside},` : sql``}
    gone AS (DELETE FROM ${sql.identifier(table)} WHERE (${keys}) IN (SELECT ${keys} FROM picked) RETURNING 1)
    SELECT count(*)::text AS n FROM gone`);
  return Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
}

/**
 * The daily housekeeping's deletes, each one set-based statement over at most `limit` rows (the job repeats a
 * statement until it deletes fewer), each answering how many rows it deleted. Cut-offs are the database's clock.
 */
export function housekeepingRepository(db: AppDb) {
  const ago = (ms: number) => sql`now() - ${`${Math.floor(ms)} milliseconds`}::interval`;
  return {
    sentMail: (keepMs: number, limit: number): Promise<number> =>
      deleteBatch(db, {
        table: 'mail_outbox',
        key: 'id',
        pick: sql`SELECT id FROM mail_outbox WHERE status = 'sent' AND sent_at < ${ago(keepMs)} LIMIT ${limit}`,
      }),

    /**
     * Sessions expired or revoked before the cut-off, but never a user's latest of a (device, wallet): a new
     * sign-in is told as a new device or wallet by the ones recorded before (sessions.pastSignIns).
     */
    endedSessions: (keepMs: number, limit: number): Promise<number> =>
      deleteBatch(db, {
        table: 'sessions',
        key: 'token_hash',
        pick: sql`
          SELECT s.token_hash FROM sessions s
          WHERE (s.expires_at < ${ago(keepMs)} OR s.revoked_at < ${ago(keepMs)})
            AND EXISTS (
              SELECT 1 FROM sessions k
              WHERE k.user_id = s.user_id
                AND k.device_key IS NOT DISTINCT FROM s.device_key
                AND k.sign_in_wallet IS NOT DISTINCT FROM s.sign_in_wallet
                AND (k.created_at, k.token_hash) > (s.created_at, s.token_hash))
          LIMIT ${limit}`,
      }),

    expiredEmailCodes: (keepMs: number, limit: number): Promise<number> =>
      deleteBatch(db, {
        table: 'email_codes',
        key: 'id',
        pick: sql`SELECT id FROM email_codes WHERE expires_at < ${ago(keepMs)} LIMIT ${limit}`,
      }),

    usedSignatures: (keepMs: number, limit: number): Promise<number> =>
      deleteBatch(db, {
        table: 'used_signatures',
        key: 'address, sign_content',
        pick: sql`SELECT address, sign_content FROM used_signatures WHERE used_at < ${ago(keepMs)} LIMIT ${limit}`,
      }),

    /** Read notifications with no e-mail left to send (none, or sent), and their sent e-mails. */
    readNotifications: (keepMs: number, limit: number): Promise<number> =>
      deleteBatch(db, {
        table: 'notifications',
        key: 'id',
        pick: sql`
          SELECT n.id FROM notifications n
          WHERE n.read_at < ${ago(keepMs)}
            AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.notification_id = n.id AND m.status <> 'sent')
          LIMIT ${limit}`,
        with: sql`mails AS (DELETE FROM mail_outbox WHERE notification_id IN (SELECT id FROM picked) RETURNING 1)`,
      }),
  };
}
