import { LANGUAGE_CODES } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { notificationMail } from '../mail/notification-mail.ts';

/**
 * The set-based twin of notify() for a daily job's batch (docs/architecture.md "Notifications"): one statement
 * tells every user whose lines of `terms` in the batch's movement sum above zero (each line with its sign: a
 * renewed pledge's principal is released and bought again, so what returned to the balance is release less
 * renewal) that sum, in the money kinds only, once per (user, kind, key), and writes
 * the e-mails of those with an address who did not turn the kind off, in their language with their word. The texts
 * are made here, their `{amount}` and `{word}` filled by the statement.
 */
export async function notifyBatch(
  tx: Repositories,
  batch: {
    movementId: bigint;
    terms: { type: string; sign: 1 | -1 }[];
    kind: 'pledge-matured' | 'pledge-renewed' | 'daily-bonuses';
    key: string;
    currency: string;
    day: string;
  },
): Promise<number> {
  const params = { amount: '{amount}', currency: batch.currency.toUpperCase(), day: batch.day };
  const texts = LANGUAGE_CODES.map((language) => {
    const withWord = notificationMail(batch.kind, params, language, '{word}', false);
    const noWord = notificationMail(batch.kind, params, language, null, false);
    return { language, subject: withWord.subject, withWord: withWord.text, noWord: noWord.text };
  });
  return tx.notifications.notifyBatch({ ...batch, currency: params.currency, texts });
}
