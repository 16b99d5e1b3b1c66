import { pgTextArray } from '../workload/pg-array.ts';
import type { WorkloadLog } from '../workload/types.ts';
import { openCheckDb, sql } from './db.ts';
import { settledReservesReport } from './settled-report.ts';

/** Payout states that still move on their own (the worker signs, sends and confirms them). */
const MOVING = ['requested', 'signed', 'sent'];

/** How long the settled reserves report may wait for the treasury's transactions in flight to land. */
const SETTLED_REPORT_WAIT_MS = 150_000;

/**
 * After the workload stops, lets the platform finish what it owes before the invariants judge it: mines the
 * deposits' confirmations on the dev node, then polls (the events themselves, not a guess at how long they
 * take) until every deposit sent and mined is credited, every miner payment mined is settled and no workload
 * payout is still moving, or `timeoutMs` passes. Given the operator API (`api`), then asks for a reserves report once no chain work is in
 * flight (settledReport, the report whose clearing the reserves invariant judges). Answers what was still pending,
 * for the report.
 */
export async function settleAfterWorkload(input: {
  databaseUrl: string;
  bscRpc: string;
  log: WorkloadLog;
  confirmations?: number;
  timeoutMs: number;
  api?: { baseUrl: string; operatorToken: string; requestSignSecret?: string };
}): Promise<{
  deposits: number;
  payouts: number;
  waited: number;
  settledReport?: { id: string } | { problem: string };
}> {
  const started = Date.now();
  await mine(input.bscRpc, (input.confirmations ?? 15) + 1);
  const db = await openCheckDb(input.databaseUrl);
  // Only what is on the chain can be credited or settled: a transaction a rollback dropped (chain-reorg-*) is not
  // waited for in vain.
  const hashes = await onChain(
    input.bscRpc,
    input.log.deposits.map((d) => d.txHash.toLowerCase()),
  );
  const paid = await onChain(
    input.bscRpc,
    (input.log.minerOrders ?? []).flatMap((o) => o.payments.map((p) => p.txHash.toLowerCase())),
  );
  try {
    for (;;) {
      const [state] = await db.rows<{ credited: number; moving: number; settled: number }>(sql`
        SELECT (SELECT count(DISTINCT lower(tx_hash))::int FROM chain_deposits WHERE lower(tx_hash) = ANY(${pgTextArray(hashes)}::text[])) AS credited,
          (SELECT count(DISTINCT lower(tx_hash))::int FROM machine_payments
            WHERE lower(tx_hash) = ANY(${pgTextArray(paid)}::text[]) AND state <> 'seen') AS settled,
          (SELECT count(*)::int FROM withdrawals w JOIN users u ON u.id = w.user_id
            WHERE u.username = ANY(${pgTextArray(input.log.usernames)}::text[]) AND w.status = ANY(${pgTextArray(MOVING)}::text[])) AS moving`);
      const pending = {
        deposits: hashes.length - (state?.credited ?? 0),
        payouts: state?.moving ?? 0,
        minerPayments: new Set(paid).size - (state?.settled ?? 0),
      };
      const waited = Date.now() - started;
      const done = pending.deposits === 0 && pending.payouts === 0 && pending.minerPayments === 0;
      if (done || waited > input.timeoutMs) {
        if (!input.api) return { ...pending, waited };
        const settledReport = await settledReservesReport({
          databaseUrl: input.databaseUrl,
          ...input.api,
          mineBlock: () => mine(input.bscRpc, 1),
          // The sweeps of the last deposits (gas top-up, its confirmations, the sweep, its confirmations) can take
          // minutes on a loaded machine; the wait ends as soon as they have.
          timeoutMs: SETTLED_REPORT_WAIT_MS,
        });
        return { ...pending, waited, settledReport };
      }
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

/**
 * The hashes among `hashes` the node holds a successful receipt for, asked in one batch. After the mining above
 * every transaction sent is in a block unless a rollback dropped it (or it reverted): those can never be credited.
 * When the node's answer is not what was asked, every hash is kept (waiting longer is the safe mistake).
 */
async function onChain(rpcUrl: string, hashes: string[]): Promise<string[]> {
  if (hashes.length === 0) return hashes;
  const body = JSON.stringify(
    hashes.map((hash, id) => ({ jsonrpc: '2.0', id, method: 'eth_getTransactionReceipt', params: [hash] })),
  );
  try {
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const answers = (await response.json()) as { id: number; result?: { status?: string } | null }[];
    if (!Array.isArray(answers) || answers.length !== hashes.length) return hashes;
    return answers.filter((a) => a.result?.status === '0x1').map((a) => hashes[a.id] as string);
  } catch {
    return hashes;
  }
}
