import { pgTextArray } from '../workload/pg-array.ts';
import type { InvariantInput, LoggedRequest, Violation } from '../workload/types.ts';
import { type CheckDb, outcomeOf, requestsOf, sql } from './db.ts';

/** The line types the daily money jobs book: one line per user, type and day (the day is the movement's ref). */
const DAILY_LINE_TYPES = ['cow-fund-settlement', 'cow-fund-release', 'cow-ai-machine-mint-income'];

/**
 * Every daily job's day is booked exactly once: no user was paid twice for a day, no pledge or machine was paid
 * twice for a day (their (item, day) keys), and every day the workload forced (acknowledged) is done, or, when the
 * answer was that another runner holds it or when the day was forced again later (a run again a kill may cut off
 * before it finishes), done or still held.
 * A user's second line of one daily type for one day is a double payment unless it pays items the first did not:
 * the harness runs days ahead of the calendar, so a day run again after the user started another pledge pays that
 * pledge in a movement of its own (a day that has begun, the only kind production runs, pays no pledge started on
 * it). So each such line must equal what its movement paid that user's own items that day, in its own movement.
 */
export async function jobDayOnce(db: CheckDb, input: InvariantInput): Promise<Violation[]> {
  const doubled = await db.rows<{ account: string; type: string; day: string; lines: number; movements: string[] }>(sql`
    WITH lines AS (
      SELECT e.account_id, a.owner_user_id AS user_id, e.type, e.amount, m.id AS movement_id, m.ref AS day
      FROM entries e JOIN movements m ON m.id = e.movement_id JOIN accounts a ON a.id = e.account_id
      WHERE a.kind = 'user' AND e.type = ANY(${pgTextArray(DAILY_LINE_TYPES)}::text[])
    ), backed AS (
      SELECT l.*, l.amount = CASE l.type
        WHEN 'cow-fund-settlement' THEN (SELECT sum(x.amount) FROM pledge_payouts x JOIN pledges p ON p.id = x.pledge_id
          WHERE x.movement_id = l.movement_id AND p.user_id = l.user_id AND x.day::text = l.day)
        WHEN 'cow-fund-release' THEN (SELECT sum(x.principal) FROM pledge_payouts x JOIN pledges p ON p.id = x.pledge_id
          WHERE x.movement_id = l.movement_id AND p.user_id = l.user_id AND x.day::text = l.day)
        ELSE (SELECT sum(x.amount) FROM machine_mining x JOIN machines c ON c.id = x.machine_id
          WHERE x.movement_id = l.movement_id AND c.user_id = l.user_id AND x.day::text = l.day)
        END AS backed
      FROM lines l
    )
    SELECT account_id::text AS account, type, day, count(*)::int AS lines, array_agg(movement_id::text) AS movements
    FROM backed GROUP BY account_id, type, day
    HAVING count(*) > 1 AND (count(*) > count(DISTINCT movement_id) OR NOT bool_and(coalesce(backed, false)))`);
  const violations: Violation[] = doubled.map((d) => ({
    invariant: 'job-day-once' as const,
    message: `account ${d.account} got ${d.lines} ${d.type} lines for ${d.day}`,
    detail: d,
  }));
  const runsOfDays = requestsOf(input.log, 'daily-job').filter((r) => r.meta.date);
  const forced = runsOfDays.filter((r) => outcomeOf(r) === 'acknowledged');
  if (forced.length === 0) return violations;
  const dayOf = (r: LoggedRequest) => `${r.meta.job}:${r.meta.date}`;
  /** A later forced run of the same day, answered or not: the run again of a done day (it books nothing). */
  const runAgainAfter = (r: LoggedRequest) => runsOfDays.some((x) => x.seq > r.seq && dayOf(x) === dayOf(r));
  const runs = await db.rows<{ job: string; day: string; status: string }>(
    sql`SELECT job, day::text AS day, status FROM job_runs`,
  );
  const done = new Set(runs.filter((r) => r.status === 'done').map((r) => `${r.job}:${r.day}`));
  const held = new Set(runs.filter((r) => r.status === 'running').map((r) => `${r.job}:${r.day}`));
  for (const r of forced) {
    const key = dayOf(r);
    if (done.has(key)) continue;
    // Answered `busy`: another runner held the day, the operator was not told it ran. Still held is no violation
    // here (a run a database fault cut off keeps its lease until it ends, then the catch-up resumes the day);
    // lease-not-stale judges a holder that died.
    if (answeredBusy(r) && held.has(key)) continue;
    // Done, then claimed again by the operator's run again of the day, which a kill cut off: the day's bookings
    // stand and the slot is held until its lease ends (the catch-up then finishes a day that has begun).
    if (runAgainAfter(r) && held.has(key)) continue;
    violations.push({
      invariant: 'job-day-once',
      message: `${key} was run (acknowledged) but its day is not done`,
      detail: { request: r.seq, run: runs.find((x) => `${x.job}:${x.day}` === key) ?? null },
    });
  }
  return violations;
}

/** Whether every 2xx answer a forced run got said `busy` (the day was held by another runner, not run). */
function answeredBusy(request: LoggedRequest): boolean {
  const ok = request.attempts.filter((a) => !a.replay && a.status !== null && a.status >= 200 && a.status < 300);
  return ok.length > 0 && ok.every((a) => (a.body as { data?: { status?: string } } | null)?.data?.status === 'busy');
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
