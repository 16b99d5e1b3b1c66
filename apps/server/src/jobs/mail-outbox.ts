import { MAIL_CRASH_POINTS, MAIL_OUTBOX, sendOutbox } from '../domain/notifications/mail-outbox.ts';
import type { BackgroundWork } from './background-work.ts';
import { testCrashPoints } from './test-crash-points.ts';

/**
 * Sends the notification e-mails of the outbox (docs/architecture.md "Notifications") every 2 s. Safe on several
 * instances: each claims its own e-mails (lease, SKIP LOCKED). Off in a process without a mailer (no SMTP_URL and
 * no dev mailbox): the e-mails wait in the outbox for a process that has one.
 */
export function mailOutboxWork(): BackgroundWork {
  return {
    name: MAIL_OUTBOX,
    role: 'workers',
    schedule: { everyMs: 2_000 },
    start: ({ repos, mailer, log }) => {
      if (!mailer) return null;
      const crashPoints = testCrashPoints(MAIL_OUTBOX, MAIL_CRASH_POINTS);
      return { tick: () => sendOutbox(repos, mailer, { log, ...(crashPoints ? { crashPoints } : {}) }) };
    },
  };
}
