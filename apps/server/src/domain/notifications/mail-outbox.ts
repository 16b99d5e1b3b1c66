import type { Repositories } from '../../db/repositories/index.ts';
import type { Mailer } from '../mail/mailer.ts';

export const MAIL_OUTBOX = 'mail-outbox';
/** Where the test suite's crash tests kill the sender (jobs/test-crash-points.ts). */
export const MAIL_CRASH_POINTS = ['afterClaim', 'afterSend'] as const;
type MailCrashPoint = (typeof MAIL_CRASH_POINTS)[number];

/** How long a claimed e-mail is this sender's: longer than an SMTP send takes, short enough to recover a crash. */
export const MAIL_LEASE_MS = 60_000;
const BATCH = 20;

/** The pause before a failed send is tried again: doubling from 30 s, at most an hour. */
export const retryPauseMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the outbox's e-mails: claims a batch (lease + SKIP LOCKED), sends each over SMTP and marks it sent once the
 * server accepted it. A process that dies after the send and before the mark leaves the lease to run out and the
 * e-mail is sent again: a second copy then, and only then; an e-mail is never lost. Answers how many it sent.
 */
export async function sendOutbox(
  repos: Repositories,
  mailer: Mailer,
  options: {
    leaseMs?: number;
    crashPoints?: Partial<Record<MailCrashPoint, () => void>>;
    log?: { warn: (details: object, message: string) => void };
  } = {},
): Promise<number> {
  const claimed = await repos.notifications.claimMail(BATCH, options.leaseMs ?? MAIL_LEASE_MS);
  if (claimed.length > 0) options.crashPoints?.afterClaim?.();
  let sent = 0;
  for (const mail of claimed) {
    try {
      await mailer.sendMail({ to: mail.to_address, subject: mail.subject, text: mail.body });
    } catch (error) {
      options.log?.warn({ err: error, mail: mail.id }, 'notification e-mail not sent: tried again later');
      const message = error instanceof Error ? error.message : String(error);
      await repos.notifications.markMailFailed(
        BigInt(mail.id),
        message.slice(0, 500),
        new Date(Date.now() + retryPauseMs(mail.attempts)),
      );
      continue;
    }
    options.crashPoints?.afterSend?.();
    await repos.notifications.markMailSent(BigInt(mail.id), new Date());
    sent++;
  }
  return sent;
}
