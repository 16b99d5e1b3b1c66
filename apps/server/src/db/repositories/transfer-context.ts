import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { gatherer } from '../gather.ts';
import { type PreparedRaw, prepareRaw, rowsOf } from '../raw.ts';

/** The parameters of the context read: placeholders of one read, or the columns of a batch's row. */
type ContextParams = Record<'tokenHash' | 'now' | 'receiver' | 'signerCurrency' | 'currency' | 'signContent', SQL>;

/**
 * Everything a transfer checks before it moves money, in ONE read: the session (the rules of
 * sessionsRepository.findLive), the recipient by username, the sender's bound address of the signature's chain,
 * the end of the sender's latest security hold (securityChangesRepository.holdUntil), whether that address's
 * signature of this text was used (usedSignaturesRepository.isUsed), both accounts of the currency (null where none
 * exists yet), and the recipient's mail profile (notificationsRepository.mailProfile) for the notice.
 */
const contextQuery = (p: ContextParams) => sql`
  SELECT s.user_id::text AS user_id, su.username,
         (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
         r.id::text AS receiver_id, r.username AS receiver_username,
         b.wallet_address AS bound_address,
         (SELECT (extract(epoch FROM max(c.hold_until)) * 1000)::float8 FROM security_changes c
          WHERE c.user_id = s.user_id) AS hold_until_ms,
         EXISTS (SELECT 1 FROM used_signatures u
                 WHERE u.address = b.wallet_address AND u.sign_content = ${p.signContent})
           AS signature_used,
         sa.id::text AS sender_account, ra.id::text AS receiver_account,
         r.email AS receiver_email, ns.language AS receiver_language, ns.anti_phishing_word AS receiver_word,
         to_json(ns.email_opt_out) AS receiver_opt_out
  FROM sessions s
  JOIN users su ON su.id = s.user_id
  LEFT JOIN users r ON r.username = ${p.receiver}
  LEFT JOIN bound_addresses b ON b.user_id = s.user_id AND b.currency = ${p.signerCurrency}
  LEFT JOIN accounts sa ON sa.owner_user_id = s.user_id AND sa.currency = ${p.currency}
    AND sa.submode = '00'
  LEFT JOIN accounts ra ON ra.owner_user_id = r.id AND ra.currency = ${p.currency}
    AND ra.submode = '00'
  LEFT JOIN notification_settings ns ON ns.user_id = r.id
  WHERE s.token_hash = ${p.tokenHash} AND s.revoked_at IS NULL
    AND s.expires_at > ${p.now}
  LIMIT 1`;

/** One read, its parameters named placeholders. */
const CONTEXT = contextQuery({
  tokenHash: sql`${sql.placeholder('tokenHash')}::text`,
  now: sql`${sql.placeholder('now')}::timestamptz`,
  receiver: sql`${sql.placeholder('receiver')}::text`,
  signerCurrency: sql`${sql.placeholder('signerCurrency')}::text`,
  currency: sql`${sql.placeholder('currency')}::text`,
  signContent: sql`${sql.placeholder('signContent')}::text`,
});

/** Several reads in one statement: one row of parameters each (`ord` their order), the read beside each. */
const CONTEXTS = sql`
  SELECT q.ord, c.*
  FROM jsonb_to_recordset(${sql.placeholder('reads')}::jsonb)
    AS q(ord int, token_hash text, now timestamptz, receiver text, signer_currency text, currency text, sign_content text)
  CROSS JOIN LATERAL (${contextQuery({
    tokenHash: sql`q.token_hash`,
    now: sql`q.now`,
    receiver: sql`q.receiver`,
    signerCurrency: sql`q.signer_currency`,
    currency: sql`q.currency`,
    signContent: sql`q.sign_content`,
  })}) c`;

interface ContextRow {
  user_id: string;
  username: string;
  expires_ms: number;
  receiver_id: string | null;
  receiver_username: string | null;
  bound_address: string | null;
  hold_until_ms: number | null;
  signature_used: boolean;
  sender_account: string | null;
  receiver_account: string | null;
  receiver_email: string | null;
  receiver_language: string | null;
  receiver_word: string | null;
  receiver_opt_out: string[] | string | null;
}

const idOf = (text: string | null) => (text === null ? null : BigInt(text));

/** The transfer's context from its row; null when the token named no live session (no row). */
function contextOf(row: ContextRow | undefined) {
  if (!row) return null;
  const optOut = typeof row.receiver_opt_out === 'string' ? JSON.parse(row.receiver_opt_out) : row.receiver_opt_out;
  return {
    session: { userId: BigInt(row.user_id), username: row.username, expiresAt: new Date(Number(row.expires_ms)) },
    receiver:
      row.receiver_id === null
        ? null
        : {
            id: BigInt(row.receiver_id),
            username: row.receiver_username ?? '',
            mailProfile: {
              email: row.receiver_email,
              language: row.receiver_language,
              word: row.receiver_word,
              optOut: optOut as string[] | null,
            },
          },
    boundAddress: row.bound_address,
    holdUntil: row.hold_until_ms === null ? null : new Date(Number(row.hold_until_ms)),
    signatureUsed: row.signature_used,
    accountIds: { sender: idOf(row.sender_account), receiver: idOf(row.receiver_account) },
  };
}

export interface TransferContextQuery {
  tokenHash: string;
  now: Date;
  receiver: string;
  signerCurrency: string;
  currency: string;
  signContent: string;
}

/** How many reads one statement carries at most, and how many such statements may be in flight at once. */
const READS_PER_BATCH = 32;
const READ_BATCHES_IN_FLIGHT = 2;

export function transferContextRepository(db: AppDb) {
  let one: PreparedRaw | null = null;
  let many: PreparedRaw | null = null;
  const readOne = async (q: TransferContextQuery) => {
    one ??= prepareRaw(db, CONTEXT, 'transfer_context');
    return contextOf(rowsOf<ContextRow>(await one.execute({ ...q, now: q.now.toISOString() }))[0]);
  };
  const readMany = async (qs: TransferContextQuery[]) => {
    many ??= prepareRaw(db, CONTEXTS, 'transfer_contexts');
    const reads = qs.map((q, i) => ({
      ord: i + 1,
      token_hash: q.tokenHash,
      now: q.now.toISOString(),
      receiver: q.receiver,
      signer_currency: q.signerCurrency,
      currency: q.currency,
      sign_content: q.signContent,
    }));
    const rows = rowsOf<ContextRow & { ord: number }>(await many.execute({ reads: JSON.stringify(reads) }));
    const byOrd = new Map(rows.map((row) => [row.ord, row]));
    return qs.map((_, i) => ({ ok: contextOf(byOrd.get(i + 1)) }));
  };
  // The reads of transfers arriving while two are at the database go together (gatherer): under load one
  // statement reads for many transfers, as their movements are written (movement-batch.ts).
  const gathered = gatherer({
    one: readOne,
    many: readMany,
    perBatch: READS_PER_BATCH,
    inFlight: READ_BATCHES_IN_FLIGHT,
  });
  return {
    /**
     * The transfer's context for a token hash, at `now`; null when the token names no live session. Read in one
     * statement with the reads made beside it when the database is busy; never inside a transaction.
     */
    read: gathered.call,
  };
}
