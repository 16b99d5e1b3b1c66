import { pgTextArray } from '../workload/pg-array.ts';
import type { InvariantInput, Violation } from '../workload/types.ts';
import { chainReader } from './chain-reads.ts';
import { amountKey, type CheckDb, sql } from './db.ts';

/**
 * Every deposit the workload sent on chain is credited exactly once to its user with its amount once it has
 * its confirmations; before that at most once; and never when the chain no longer has it (a reorganisation).
 */
export async function depositCreditedOnce(db: CheckDb, input: InvariantInput): Promise<Violation[]> {
  const sent = input.log.deposits;
  if (sent.length === 0) return [];
  const credits = await db.rows<{ txHash: string; username: string; amount: string; movement: string }>(sql`
    SELECT lower(d.tx_hash) AS "txHash", u.username, d.amount::text AS amount, d.movement_id::text AS movement
    FROM chain_deposits d JOIN users u ON u.id = d.user_id
    WHERE d.chain = 'bsc' AND lower(d.tx_hash) = ANY(${pgTextArray(sent.map((d) => d.txHash.toLowerCase()))}::text[])`);
  const byHash = new Map<string, typeof credits>();
  for (const c of credits) byHash.set(c.txHash, [...(byHash.get(c.txHash) ?? []), c]);
  const chain = input.bscRpc ? chainReader(input.bscRpc) : null;
  const head = chain ? await chain.head() : null;
  const confirmations = BigInt(input.confirmations ?? 15);
  const violations: Violation[] = [];
  for (const deposit of sent) {
    const found = byHash.get(deposit.txHash.toLowerCase()) ?? [];
    const block = chain ? await chain.blockOf(deposit.txHash as `0x${string}`) : BigInt(deposit.blockNumber);
    const confirmed = block !== null && (head === null || block + confirmations <= head);
    const expected = block === null ? [0] : confirmed ? [1] : [0, 1];
    const wrong = found.filter(
      (c) => c.username !== deposit.username || amountKey(c.amount) !== amountKey(deposit.amount),
    );
    if (expected.includes(found.length) && wrong.length === 0) continue;
    violations.push({
      invariant: 'deposit-credited-once',
      message: `deposit ${deposit.txHash} (${block === null ? 'gone from the chain' : confirmed ? 'confirmed' : 'unconfirmed'}) credited ${found.length} times${wrong.length ? ', to the wrong user or amount' : ''}`,
      detail: { deposit, credits: found, block: block?.toString() ?? null, head: head?.toString() ?? null },
    });
  }
  return violations;
}
