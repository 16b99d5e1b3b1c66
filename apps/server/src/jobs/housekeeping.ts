import { MAX_CLOCK_SKEW_MS } from '@aidf/contract';
import type { KeepFor } from '../db/repositories/housekeeping.ts';
import type { Repositories } from '../db/repositories/index.ts';
import type { DailyJob } from './daily-job.ts';

const DAY_MS = 86_400_000;

/**
 * What is kept, and why that long. A used signature must outlive every timestamp the server still accepts: a
 * signature is accepted only within MAX_CLOCK_SKEW_MS of the server's clock, so one used at T is refused as stale
 * from T + 2 x MAX_CLOCK_SKEW_MS on at the latest (a timestamp up to the skew ahead of T); a day is far past that,
 * with room for instances whose clocks differ. An e-mail code is counted by the hourly limit for an hour after it
 * was made; a day after it expired it counts for nothing.
 */
export const KEEP_FOR: KeepFor = {
  sentMailMs: 30 * DAY_MS,
  sessionMs: 30 * DAY_MS,
  emailCodeMs: DAY_MS,
  usedSignatureMs: DAY_MS,
  readNotificationMs: 180 * DAY_MS,
};

/** Rows a statement deletes at most, so no transaction holds many locks long; repeated until fewer are left. */
const BATCH = 5_000;

const DELETES = ['sentMail', 'endedSessions', 'expiredEmailCodes', 'usedSignatures', 'readNotifications'] as const;
const KEEP_OF: Record<(typeof DELETES)[number], keyof KeepFor> = {
  sentMail: 'sentMailMs',
  endedSessions: 'sessionMs',
  expiredEmailCodes: 'emailCodeMs',
  usedSignatures: 'usedSignatureMs',
  readNotifications: 'readNotificationMs',
};

/**
 * `housekeeping`: once a day deletes what is done with: sent e-mails of the outbox, ended sessions (never a
 * user's latest of a device and wallet, which tells the next sign-in whether it is new), expired e-mail codes, used
 * signatures past any accepted timestamp, and read notifications. Each delete is set-based, in batches, each its own
 * transaction; deleting twice deletes nothing more, so a day caught up late or run again is harmless.
 */
export function housekeepingJob(options: { keep?: KeepFor; batch?: number } = {}): DailyJob {
  const keep = options.keep ?? KEEP_FOR;
  const batch = options.batch ?? BATCH;
  if (keep.usedSignatureMs <= 2 * MAX_CLOCK_SKEW_MS) throw new Error('used signatures kept too short: replays');
  return {
    name: 'housekeeping',
    async runDay({ repos, checkpoint }) {
      let total = 0;
      for (const kind of DELETES) {
        total += await deleteAll(repos, (r) => r.housekeeping[kind](keep[KEEP_OF[kind]], batch), batch, checkpoint);
      }
      return total;
    },
  };
}

async function deleteAll(
  repos: Repositories,
  once: (r: Repositories) => Promise<number>,
  batch: number,
  checkpoint: () => Promise<void>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await repos.transaction(once);
    total += n;
    if (n < batch) return total;
    await checkpoint();
  }
}
