import { type ApiClient, sleep } from './client.ts';
import type { Random } from './random.ts';

/** The daily money jobs the workload forces, as an operator does (`POST /ops/v1/jobs/{job}/run`). */
export const FORCED_JOBS = ['pledge-settlement', 'machine-mining'] as const;

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One lane: forces each job for today, then the days after it one by one, each once the phones have made another
 * 25 requests (pledges to pay exist by then), and the day just run again (the first paying day always, later ones
 * half the time), as a run resumed after a crash would (a rerun must book nothing). Jobs run a whole day each, so
 * one at a time is how operators run them.
 * Every few days it also asks for a reserves report, as an operator does (the invariants check each report).
 */
export async function dailyJobs(
  client: ApiClient,
  operatorToken: string,
  stopped: () => boolean,
  random: Random,
  requestsMade: () => number,
) {
  const headers = { authorization: `Bearer ${operatorToken}`, 'x-operator': 'fault-harness' };
  let day = 0;
  let seen = 0;
  while (!stopped() && day < 30) {
    if (requestsMade() < seen + 25) {
      await sleep(200);
      continue;
    }
    seen = requestsMade();
    // Day 0 (today) pays nothing (pledges start today): the days run again are those that paid. The first paying
    // day is always run again (a short scenario must see one rerun whatever its seed), the later ones half the time.
    const rerun = day === 2 || (day > 2 && random.chance(0.5));
    const offsets = rerun ? [day, day - 1] : [day];
    day++;
    for (const offset of offsets) {
      for (const job of FORCED_JOBS) {
        const date = dayAfter(offset);
        await client.send({
          kind: 'daily-job',
          key: `${job}:${date}`,
          method: 'POST',
          path: `/ops/v1/jobs/${job}/run`,
          headers,
          body: { date },
          meta: { job, date },
        });
      }
    }
    if (day % 4 === 2) {
      await client.send({
        kind: 'daily-job',
        key: null,
        method: 'POST',
        path: '/ops/v1/reserves/reports',
        headers,
        body: { reason: 'fault harness: a report while money moves' },
        meta: { job: 'reserves-report' },
      });
    }
  }
}
