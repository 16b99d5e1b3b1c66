import { pgTextArray } from '../workload/pg-array.ts';
import type { WorkloadLog } from '../workload/types.ts';
import { openCheckDb, sql } from './db.ts';

/** Payout states that still move on their own (the worker signs, sends and confirms them). */
const MOVING = ['requested', 'signed', 'sent'];

/**
 * After the workload stops, lets the platform finish what it owes before the invariants judge it: mines the
 * deposits' confirmations on the dev node, then polls (the events themselves, not a guess at how long they
 * take) until every sent deposit is credited and no workload payout is still moving, or `timeoutMs` passes.
 * Answers what was still pending, for the report.
 */
export async function settleAfterWorkload(input: {
  databaseUrl: string;
  bscRpc: string;
  log: WorkloadLog;
  confirmations?: number;
  timeoutMs: number;
}) {
  const started = Date.now();
  await mine(input.bscRpc, (input.confirmations ?? 15) + 1);
  const db = await openCheckDb(input.databaseUrl);
  const hashes = input.log.deposits.map((d) => d.txHash.toLowerCase());
  try {
    for (;;) {
      const [state] = await db.rows<{ credited: number; moving: number }>(sql`
        SELECT (SELECT count(DISTINCT lower(tx_hash))::int FROM chain_deposits WHERE lower(tx_hash) = ANY(${pgTextArray(hashes)}::text[])) AS credited,
          (SELECT count(*)::int FROM withdrawals w JOIN users u ON u.id = w.user_id
            WHERE u.username = ANY(${pgTextArray(input.log.usernames)}::text[]) AND w.status = ANY(${pgTextArray(MOVING)}::text[])) AS moving`);
      const pending = { deposits: hashes.length - (state?.credited ?? 0), payouts: state?.moving ?? 0 };
      const waited = Date.now() - started;
      if ((pending.deposits === 0 && pending.payouts === 0) || waited > input.timeoutMs) return { ...pending, waited };
      // Payouts confirm after blocks too: keep the chain moving while waiting.
      await mine(input.bscRpc, 1);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await db.database.close();
  }
}

/**
 * Mines `blocks` blocks in one call. A request the node's side closed (a kept-alive socket it dropped while the
 * machine was starved) is sent again: an extra empty block changes nothing the invariants read.
 */
async function mine(rpcUrl: string, blocks: number) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_mine', params: [`0x${blocks.toString(16)}`] });
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await response.arrayBuffer();
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}
