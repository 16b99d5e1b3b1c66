import { toBaseUnits } from '@aidf/contract';
import { pgTextArray } from '../workload/pg-array.ts';
import type { InvariantInput, Violation } from '../workload/types.ts';
import { chainReader } from './chain-reads.ts';
import { type CheckDb, sql } from './db.ts';

interface WithdrawalRow {
  id: string;
  username: string;
  status: string;
  toAddress: string;
  amount: string;
  receive: string;
  txHash: string | null;
  refunds: number;
  settles: number;
}

/**
 * Every withdrawal of the workload's users is paid exactly once or refunded exactly once, never both: refunds
 * are counted in the ledger (the user's chain-withdraw-refund lines of its amount, under any key), payments on
 * the chain (COW transfers to its destination, an address no other withdrawal uses).
 */
export async function withdrawalSettledOnce(db: CheckDb, input: InvariantInput): Promise<Violation[]> {
  const rows = await db.rows<WithdrawalRow>(sql`
    SELECT w.id::text AS id, u.username, w.status, lower(w.to_address) AS "toAddress", w.amount::text AS amount,
      w.receive_amount::text AS receive, w.tx_hash AS "txHash",
      (SELECT count(*)::int FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.owner_user_id = w.user_id AND a.currency = w.currency AND e.type = 'chain-withdraw-refund'
          AND e.amount = w.amount) AS refunds,
      (SELECT count(*)::int FROM movements m WHERE m.idem_key = 'withdraw-settle:' || w.id) AS settles
    FROM withdrawals w JOIN users u ON u.id = w.user_id
    WHERE u.username = ANY(${pgTextArray(input.log.usernames)}::text[])`);
  if (rows.length === 0) return [];
  const paid = await paymentsTo(db, input, rows);
  const violations: Violation[] = [];
  for (const w of rows) {
    const payments = paid?.get(w.toAddress) ?? [];
    const problems: string[] = [];
    if (w.refunds > 1) problems.push(`refunded ${w.refunds} times`);
    if (w.settles > 1) problems.push(`settled ${w.settles} times`);
    if (paid && payments.length > 1) problems.push(`paid ${payments.length} times on chain`);
    if (paid && payments.length > 0 && w.refunds > 0) problems.push('paid on chain and refunded');
    if (paid && w.status === 'confirmed' && payments.length === 0) problems.push('confirmed but never paid on chain');
    if (w.status === 'refunded' && w.refunds === 0) problems.push('refunded without its refund line');
    const units = toBaseUnits(w.receive, 18);
    if (payments.some((p) => p.value !== units)) problems.push('paid another amount than it receives');
    if (problems.length === 0) continue;
    violations.push({
      invariant: 'withdrawal-settled-once',
      message: `withdrawal ${w.id} (${w.status}): ${problems.join(', ')}`,
      detail: { withdrawal: w, payments: payments.map((p) => ({ ...p, value: p.value.toString() })) },
    });
  }
  return violations;
}

/** The chain's COW transfers to each destination, or null without a chain to read. */
async function paymentsTo(db: CheckDb, input: InvariantInput, rows: WithdrawalRow[]) {
  if (!input.bscRpc) return null;
  const [token] = await db.rows<{ contract: string }>(
    sql`SELECT contract_address AS contract FROM token_configs WHERE chain_currency = 'bnb' AND currency = 'cow'`,
  );
  if (!token?.contract) return null;
  const transfers = await chainReader(input.bscRpc).transfersTo(
    token.contract as `0x${string}`,
    rows.map((w) => w.toAddress),
  );
  const byAddress = new Map<string, typeof transfers>();
  for (const t of transfers) byAddress.set(t.to, [...(byAddress.get(t.to) ?? []), t]);
  return byAddress;
}
