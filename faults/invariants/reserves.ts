import { toBaseUnits } from '@aidf/contract';
import { runReservesReport } from '../../apps/server/src/domain/treasury/reserves-report.ts';
import type { InvariantInput, Violation } from '../workload/types.ts';
import { type CheckDb, sql } from './db.ts';

interface ReportRow {
  id: string;
  status: string;
  currencies: string[];
  rootSums: string[];
  leafSums: string[] | null;
  userBalances: Record<string, string>;
  alerts: {
    shortfall?: { currency: string; holdings: string; liabilities: string }[];
    clearingMismatch?: unknown[];
  } | null;
  operatorCredits: Record<string, string>;
  issuance: Record<string, string>;
}

/**
 * The reserves reports are balanced to the base unit: each report's root sums equal the sum of its leaves and
 * the users' balances it states, and a complete report found no shortfall and no clearing mismatch. When the
 * scenario made no report, one is made now from the ledger (liabilities only) and held to the same rule.
 * The clearing (what each chain holds against what the ledger says it should) is judged on the report made once the
 * chain work settled (`settledReport`) when there is one: a report made while a sweep or a payout was on its way
 * read the ledger before that transaction booked and the chain after it moved, a difference gone a block later.
 */
export async function reservesBalanced(db: CheckDb, input: InvariantInput): Promise<Violation[]> {
  let reports = await reportsSince(db, input.log.startedAt);
  if (reports.length === 0) {
    await runReservesReport(db.database.db);
    reports = await reportsSince(db, input.log.startedAt);
  }
  const violations: Violation[] = [];
  const settled = input.settledReport;
  if (settled && 'problem' in settled) {
    violations.push({
      invariant: 'reserves-balanced',
      message: `no reserves report could be made with the chain work settled (${settled.problem}): its clearing was never judged`,
      detail: {},
    });
  }
  const clearingJudged = (r: ReportRow) => settled === undefined || ('id' in settled && r.id === settled.id);
  for (const r of reports) {
    const problems: string[] = [];
    r.currencies.forEach((currency, i) => {
      const root = BigInt(r.rootSums[i] ?? '0');
      const leaves = BigInt(r.leafSums?.[i] ?? '0');
      const stated = toBaseUnits(r.userBalances[currency] ?? '0', 18);
      if (root !== leaves) problems.push(`${currency}: root ${root} ≠ leaves ${leaves}`);
      if (root !== stated) problems.push(`${currency}: root ${root} ≠ users' balances ${stated}`);
    });
    if (r.status === 'complete' && r.alerts) {
      const unexplained = (r.alerts.shortfall ?? []).filter((s) => !explained(r, s));
      if (unexplained.length) problems.push(`shortfall ${JSON.stringify(unexplained)}`);
      if (r.alerts.clearingMismatch?.length && clearingJudged(r))
        problems.push(`clearing mismatch ${JSON.stringify(r.alerts.clearingMismatch)}`);
    }
    if (problems.length === 0) continue;
    violations.push({
      invariant: 'reserves-balanced',
      message: `reserves report ${r.id} (${r.status}): ${problems.join('; ')}`,
      detail: { report: r },
    });
  }
  return violations;
}

/**
 * A shortfall no bigger than what operators credited and the platform issued (interest, rewards): money added
 * on purpose without anything coming in on chain (the workload's own funding is an operator credit), which the
 * report states beside it. Anything beyond that is money that left the chain without leaving the ledger.
 */
function explained(r: ReportRow, s: { currency: string; holdings: string; liabilities: string }) {
  const units = (text: string | undefined) => toBaseUnits(text ?? '0', 18);
  const abs = (v: bigint) => (v < 0n ? -v : v);
  const gap = units(s.liabilities) - units(s.holdings);
  return gap <= abs(units(r.operatorCredits[s.currency])) + abs(units(r.issuance[s.currency]));
}

async function reportsSince(db: CheckDb, startedAt: number) {
  return db.rows<ReportRow>(sql`
    SELECT r.id::text AS id, r.status, r.currencies, r.root_sums::text[] AS "rootSums", r.user_balances AS "userBalances",
      r.alerts, r.operator_credits AS "operatorCredits", r.issuance,
      (SELECT array_agg(coalesce(s, 0)::text ORDER BY i) FROM (
         SELECT i, (SELECT sum(l.balances[i]) FROM reserves_leaves l WHERE l.report_id = r.id) AS s
         FROM generate_series(1, cardinality(r.currencies)) AS i) per) AS "leafSums"
    FROM reserves_reports r WHERE r.created_at >= to_timestamp(${startedAt / 1000}) ORDER BY r.id`);
}
