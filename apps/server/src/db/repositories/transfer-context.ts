import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { type PreparedRaw, prepareRaw, rowsOf } from '../raw.ts';

/**
 * Everything a transfer checks before it moves money, in ONE read: the session (the rules of
 * sessionsRepository.findLive), the recipient by username, the sender's bound address of the signature's chain,
 * the end of the sender's latest security hold (securityChangesRepository.holdUntil), whether that address's
 * signature of this text was used (usedSignaturesRepository.isUsed), both accounts of the currency (null where none
 * exists yet), and the recipient's mail profile (notificationsRepository.mailProfile) for the notice.
 */
const CONTEXT = sql`
  SELECT s.user_id::text AS user_id, su.username,
         (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
         r.id::text AS receiver_id, r.username AS receiver_username,
         b.wallet_address AS bound_address,
         (SELECT (extract(epoch FROM max(c.hold_until)) * 1000)::float8 FROM security_changes c
          WHERE c.user_id = s.user_id) AS hold_until_ms,
         EXISTS (SELECT 1 FROM used_signatures u
                 WHERE u.address = b.wallet_address AND u.sign_content = ${sql.placeholder('signContent')}::text)
           AS signature_used,
         sa.id::text AS sender_account, ra.id::text AS receiver_account,
         r.email AS receiver_email, ns.language AS receiver_language, ns.anti_phishing_word AS receiver_word,
         to_json(ns.email_opt_out) AS receiver_opt_out
  FROM sessions s
  JOIN users su ON su.id = s.user_id
  LEFT JOIN users r ON r.username = ${sql.placeholder('receiver')}::text
  LEFT JOIN bound_addresses b ON b.user_id = s.user_id AND b.currency = ${sql.placeholder('signerCurrency')}::text
  LEFT JOIN accounts sa ON sa.owner_user_id = s.user_id AND sa.currency = ${sql.placeholder('currency')}::text
    AND sa.submode = '00'
  LEFT JOIN accounts ra ON ra.owner_user_id = r.id AND ra.currency = ${sql.placeholder('currency')}::text
    AND ra.submode = '00'
  LEFT JOIN notification_settings ns ON ns.user_id = r.id
  WHERE s.token_hash = ${sql.placeholder('tokenHash')}::text AND s.revoked_at IS NULL
    AND s.expires_at > ${sql.placeholder('now')}::timestamptz
  LIMIT 1`;

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

export function transferContextRepository(db: AppDb) {
  let prepared: PreparedRaw | null = null;
  return {
    /** The transfer's context for a token hash, at `now`; null when the token names no live session. */
    async read(q: {
      tokenHash: string;
      now: Date;
      receiver: string;
      signerCurrency: string;
      currency: string;
      signContent: string;
    }) {
      prepared ??= prepareRaw(db, CONTEXT, 'transfer_context');
      const [row] = rowsOf<ContextRow>(await prepared.execute({ ...q, now: q.now.toISOString() }));
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
    },
  };
}
