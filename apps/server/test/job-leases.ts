import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import type { TestServer } from './test-server.ts';

/**
 * Waits until a crashed run's lease on (job, day) has ended by the database's clock, the moment another runner
 * may take its slot over: the event itself, not a guess at how long it takes.
 */
export async function leaseEnded(server: TestServer, job: string, day: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const result = await server.database.db.execute(
          sql`SELECT lease_until < now() AS ended FROM job_runs WHERE job = ${job} AND day = ${day}`,
        );
        return rowsOf<{ ended: boolean }>(result)[0]?.ended;
      },
      { timeout: 5_000, interval: 5 },
    )
    .toBe(true);
}
