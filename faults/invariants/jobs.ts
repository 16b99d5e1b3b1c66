import { pgTextArray } from '../workload/pg-array.ts';
import type { InvariantInput, Violation } from '../workload/types.ts';
import { type CheckDb, outcomeOf, requestsOf, sql } from './db.ts';

/** The line types the daily money jobs book: one line per user, type and day (the day is the movement's ref). */
const DAILY_LINE_TYPES = ['cow-fund-settlement', 'cow-fund-release', 'cow-ai-machine-mint-income'];

/**
 * Every daily job's day is booked exactly once: no user got two lines of one daily type for one day, no pledge
 * or machine was paid twice for a day, and every day the workload forced (acknowledged) is done.
 */
export async function jobDayOnce(db: CheckDb, input: InvariantInput): Promise<Violation[]> {
  const doubled = await db.rows<{ account: string; type: string; day: string; lines: number; movements: string[] }>(sql`
    SELECT e.account_id::text AS account, e.type, m.ref AS day, count(*)::int AS lines,
      array_agg(m.id::text) AS movements
    FROM entries e JOIN movements m ON m.id = e.movement_id JOIN accounts a ON a.id = e.account_id
    WHERE a.kind = 'user' AND e.type = ANY(${pgTextArray(DAILY_LINE_TYPES)}::text[])
    GROUP BY e.account_id, e.type, m.ref HAVING count(*) > 1`);
  const violations: Violation[] = doubled.map((d) => ({
    invariant: 'job-day-once' as const,
    message: `account ${d.account} got ${d.lines} ${d.type} lines for ${d.day}`,
    detail: d,
  }));
  const forced = requestsOf(input.log, 'daily-job').filter((r) => r.meta.date && outcomeOf(r) === 'acknowledged');
  if (forced.length === 0) return violations;
  const runs = await db.rows<{ job: string; day: string; status: string }>(
    sql`SELECT job, day::text AS day, status FROM job_runs`,
  );
  const done = new Set(runs.filter((r) => r.status === 'done').map((r) => `${r.job}:${r.day}`));
  for (const r of forced) {
    const key = `${r.meta.job}:${r.meta.date}`;
    if (done.has(key)) continue;
    violations.push({
      invariant: 'job-day-once',
      message: `${key} was run (acknowledged) but its day is not done`,
      detail: { request: r.seq, run: runs.find((x) => `${x.job}:${x.day}` === key) ?? null },
    });
  }
  return violations;
}

/** The longest lease the works take: the reserves read's, its ten minutes and one more. */
const DEFAULT_MAX_LEASE_TTL_MS = 11 * 60_000;
/** A graceful stop releases its leases; a little slack for the release's own round trip. */
const RELEASE_SLACK_MS = 2_000;
const pidOf = (owner: string) => Number(/:(\d+):[0-9a-f]{8}$/.exec(owner)?.[1] ?? Number.NaN);

/**
 * No lease (worker lease or daily job run) outlives its time-to-live: nobody holds one further ahead than the
 * longest lease, a process stopped gracefully released its own, and a killed one's end within a TTL of its death.
 */
export async function leaseNotStale(db: CheckDb, input: InvariantInput): Promise<Violation[]> {
  const leases = await db.rows<{ kind: string; name: string; owner: string; until: Date; now: Date }>(sql`
    SELECT 'worker' AS kind, name, owner, expires_at AS until, now() AS now FROM worker_leases
    UNION ALL
    SELECT 'job-run', job || ' ' || day::text, owner, lease_until, now() FROM job_runs WHERE status = 'running'`);
  const ttl = input.maxLeaseTtlMs ?? DEFAULT_MAX_LEASE_TTL_MS;
  const ended = new Map((input.ended ?? []).map((p) => [p.pid, p]));
  const violations: Violation[] = [];
  for (const lease of leases) {
    const until = new Date(lease.until).getTime();
    const now = input.now ?? new Date(lease.now).getTime();
    const death = ended.get(pidOf(lease.owner));
    const limit = death ? death.at + (death.graceful ? RELEASE_SLACK_MS : ttl) : now + ttl;
    if (until <= limit) continue;
    const why = !death
      ? `held ${Math.round((until - now) / 1000)} s ahead, beyond the longest lease`
      : death.graceful
        ? 'not released by its gracefully stopped holder'
        : 'held by a killed process past its time-to-live';
    violations.push({
      invariant: 'lease-not-stale',
      message: `${lease.kind} lease ${lease.name}: ${why}`,
      detail: { ...lease, until: new Date(until).toISOString(), ended: death ?? null },
    });
  }
  return violations;
}
