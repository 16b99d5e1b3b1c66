import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

export interface JobRunRow {
  job: string;
  day: string;
  status: 'running' | 'done';
  owner: string;
  items: string;
}

export function jobRunsRepository(db: AppDb) {
  return {
    /**
     * Claims the (job, day) slot for `owner`: a new slot, or one whose runner stopped renewing its lease (a
     * crash). `rerun` also takes a finished slot (an operator's run by hand; the job's own keys make it pay
     * nothing twice); its finished_at stays, the day's last finish, until the rerun finishes. Null when another
     * runner holds it, or it is done and this is not a rerun.
     */
    async claim(job: string, day: string, owner: string, leaseMs: number, rerun: boolean): Promise<JobRunRow | null> {
      const result = await db.execute(sql`
        INSERT INTO job_runs (job, day, status, owner, lease_until)
        VALUES (${job}, ${day}::date, 'running', ${owner}, now() + ${`${leaseMs} milliseconds`}::interval)
        ON CONFLICT (job, day) DO UPDATE
          SET status = 'running', owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until,
              started_at = now()
          WHERE (job_runs.status = 'running' AND job_runs.lease_until < now())
             OR (${rerun} AND job_runs.status = 'done')
        RETURNING job, day::text AS day, status, owner, items::text AS items`);
      return rowsOf<JobRunRow>(result)[0] ?? null;
    },

    /** Extends the lease while the run still owns it; false when another runner took the slot over. */
    async renew(job: string, day: string, owner: string, leaseMs: number): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE job_runs SET lease_until = now() + ${`${leaseMs} milliseconds`}::interval
        WHERE job = ${job} AND day = ${day}::date AND owner = ${owner} AND status = 'running'
        RETURNING job`);
      return rowsOf(result).length === 1;
    },

    /**
     * Hands a running slot back (its runner is stopping, or a database fault cut its run): another runner may claim
     * it at once. A day that had finished before (a rerun cut off) is done again: the rerun's committed batches
     * only paid items the day had not paid, and the day stays what it was, not a run nobody makes.
     */
    async release(job: string, day: string, owner: string): Promise<void> {
      await db.execute(sql`
        UPDATE job_runs SET lease_until = now() - interval '1 millisecond',
          status = CASE WHEN finished_at IS NULL THEN status ELSE 'done' END
        WHERE job = ${job} AND day = ${day}::date AND owner = ${owner} AND status = 'running'`);
    },

    async finish(job: string, day: string, owner: string, items: number): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE job_runs SET status = 'done', finished_at = now(), items = items + ${items}
        WHERE job = ${job} AND day = ${day}::date AND owner = ${owner} AND status = 'running'
        RETURNING job`);
      return rowsOf(result).length === 1;
    },

    /** Today (UTC) by the database's clock, the one every instance agrees on. */
    async today(): Promise<string> {
      const result = await db.execute(sql`SELECT (now() AT TIME ZONE 'UTC')::date::text AS day`);
      return (rowsOf<{ day: string }>(result)[0] as { day: string }).day;
    },

    /** Days from the job's first slot up to `today` without a finished run, oldest first. */
    async daysToRun(job: string, today: string, maxDays: number): Promise<string[]> {
      const result = await db.execute(sql`
        WITH first AS (
          SELECT coalesce(min(day), ${today}::date) AS day FROM job_runs WHERE job = ${job}
        )
        SELECT d::date::text AS day
        FROM first, generate_series(greatest(first.day, ${today}::date - ${maxDays}::int), ${today}::date, interval '1 day') AS d
        WHERE NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.job = ${job} AND r.day = d::date AND r.status = 'done')
        ORDER BY d`);
      return rowsOf<{ day: string }>(result).map((r) => r.day);
    },

    /** Each job's last finished day, for the operator. */
    async lastDone() {
      const result = await db.execute(sql`
        SELECT job, max(day)::text AS day FROM job_runs WHERE status = 'done' GROUP BY job ORDER BY job`);
      return rowsOf<{ job: string; day: string }>(result);
    },
  };
}
