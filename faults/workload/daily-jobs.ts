import type { ApiClient } from './client.ts';
import type { Random } from './random.ts';

/** The daily money jobs the workload forces, as an operator does (`POST /ops/v1/jobs/{job}/run`). */
export const FORCED_JOBS = ['pledge-settlement', 'machine-mining'] as const;

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One lane: forces each job for today, then the days after it one by one, and now and then a day already run
 * again (a rerun must book nothing). Jobs run a whole day each, so one at a time is how operators run them.
 * Every few days it also asks for a reserves report, as an operator does (the invariants check each report).
 */
export async function dailyJobs(client: ApiClient, operatorToken: string, stopped: () => boolean, random: Random) {
  let day = 0;
  while (!stopped() && day < 30) {
    const offset = day > 0 && random.chance(0.3) ? random.int(day) : day++;
    for (const job of FORCED_JOBS) {
      const date = dayAfter(offset);
      await client.send({
        kind: 'daily-job',
        key: `${job}:${date}`,
        method: 'POST',
        path: `/ops/v1/jobs/${job}/run`,
        headers: { authorization: `Bearer ${operatorToken}`, 'x-operator': 'fault-harness' },
        body: { date },
        meta: { job, date },
      });
    }
    if (day % 4 === 1) {
      await client.send({
        kind: 'daily-job',
        key: null,
        method: 'POST',
        path: '/ops/v1/reserves/reports',
        headers: { authorization: `Bearer ${operatorToken}`, 'x-operator': 'fault-harness' },
        body: { reason: 'fault harness: a report while money moves' },
        meta: { job: 'reserves-report' },
      });
    }
  }
}
