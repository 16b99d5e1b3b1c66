import pg from 'pg';
import { hardhatReorgs } from '../stack/chain-fault-proxy.ts';
import type { Stack } from '../stack/types.ts';
import type { Violation } from '../workload/types.ts';
import { pause, type Scenario, type ScenarioContext } from './scenario.ts';

/** The instances' BSC_CONFIRMATIONS (the stack's default): a reorganisation is shallow below it, deep at or above. */
const CONFIRMATIONS = 15;
/** How deep the shallow reorganisation goes: deeper than the blocks the watchers have seen, under the confirmations. */
const SHALLOW_DEPTH = 8;
/** How long the harness waits for the deep reorganisation's alert to show in the metrics. */
const ALERT_MS = 60_000;
/** How long the deep scenario waits for a deposit of the branch it drops to be credited. */
const CREDIT_MS = 180_000;

const reorgsOf = (ctx: ScenarioContext) => hardhatReorgs(ctx.stack.chains.bscRpc);

async function untilHead(ctx: ScenarioContext, block: bigint) {
  const reorgs = reorgsOf(ctx);
  while ((await reorgs.head()) < block) await pause(100);
}

/**
 * A reorganisation deeper than the blocks the watchers have seen but shallower than the confirmations: the
 * deposits, payouts and sweeps mined in the dropped blocks are gone from the chain. Nothing may be credited for
 * them, nothing paid twice; a payout that vanished is sent again or refunded, never both.
 */
export const chainReorgShallow: Scenario = {
  name: 'chain-reorg-shallow',
  about: `the BSC chain rolled back ${SHALLOW_DEPTH} blocks (under the ${CONFIRMATIONS} confirmations) under load`,
  run: async (ctx) => {
    const reorgs = reorgsOf(ctx);
    await ctx.acknowledged(5);
    const mark = await reorgs.mark();
    await untilHead(ctx, mark.block + BigInt(SHALLOW_DEPTH));
    await ctx.fault(
      'chain-reorg-shallow',
      `evm_revert to block ${mark.block}, 3 blocks of another branch`,
      async () => {
        const depth = await reorgs.reorg(mark, { blocks: 3 });
        if (depth >= BigInt(CONFIRMATIONS))
          throw new Error(`the reorganisation went ${depth} blocks deep, not shallow`);
        ctx.say(`  rolled back ${depth} blocks`);
      },
      async () => undefined,
    );
  },
};

/**
 * A reorganisation deeper than the confirmations (what operators are told: docs/operator-guide.md "Chain faults"):
 * deposits credited from the dropped blocks stay credited (an operator books the correction), the deposit watcher
 * stops and raises aidf_watcher_reorg_beyond_depth. The stack's chain is on another branch afterwards: run it last.
 */
/** The block the deep reorganisation went back to: deposits mined after it are on the new branch. */
let deepMark: bigint | null = null;
/** The payouts confirmed in the dropped blocks, once aidf_payouts_reorged_out counted them all. */
let alertedPayouts = new Set<string>();

export const chainReorgDeep: Scenario = {
  name: 'chain-reorg-deep',
  about: `the BSC chain rolled back further than the ${CONFIRMATIONS} confirmations, after deposits were credited`,
  run: async (ctx) => {
    const reorgs = reorgsOf(ctx);
    await ctx.acknowledged(5);
    const mark = await reorgs.mark();
    deepMark = mark.block;
    await untilCredited(ctx.stack, mark.block);
    await ctx.fault(
      'chain-reorg-deep',
      `evm_revert to block ${mark.block} after credits, 4 blocks of another branch, then 20 more`,
      async () => {
        const depth = await reorgs.reorg(mark, { blocks: 4 });
        await reorgs.mine(CONFIRMATIONS + 5);
        ctx.say(`  rolled back ${depth} blocks`);
      },
      async () => {
        await untilAlert(ctx.stack);
        ctx.say('  aidf_watcher_reorg_beyond_depth{chain="bsc",watcher="deposit"} 1');
        const dropped = await payoutsConfirmedAfter(ctx.stack, mark.block);
        const counted = dropped.length === 0 ? 0 : await untilPayoutAlert(ctx.stack, dropped.length);
        if (counted >= dropped.length) alertedPayouts = new Set(dropped);
        ctx.say(`  payouts confirmed in the dropped blocks: ${dropped.length}; aidf_payouts_reorged_out: ${counted}`);
      },
    );
  },
  // What operators are told: the credits of the dropped blocks stay until an operator books the correction (the
  // deposit check reports them gone from the chain, credited once), and the stopped watcher credits nothing on the
  // new branch until an operator restarts it (confirmed after the mark, credited 0 times). Anything else is a finding.
  // A payout confirmed in the dropped blocks is gone from the chain and stays confirmed, held for an operator (never
  // sent again by the worker): expected once aidf_payouts_reorged_out counted every such payout.
  expected: (v: Violation) => {
    if (v.invariant === 'withdrawal-settled-once') {
      const id = (v.detail.withdrawal as { id?: string } | undefined)?.id;
      return /\(confirmed\): confirmed but never paid on chain$/.test(v.message) && alertedPayouts.has(id ?? '');
    }
    // The deposit watcher stopped for an operator: its block never covers the payouts confirmed after it again, so
    // no report is made with the chain work settled until the runbook's steps are done.
    if (v.invariant === 'reserves-balanced') return /[1-9]\d* past the watcher\)/.test(v.message);
    // The collection watcher stops the same way: a miner payment mined on the new branch is not settled, and its
    // order stays open, until an operator restarts it.
    if (v.invariant === 'miner-order-paid-once') return minerPaymentAfterMark(v);
    if (v.invariant !== 'deposit-credited-once') return false;
    if (/gone from the chain\) credited 1 times$/.test(v.message)) return true;
    const block = typeof v.detail.block === 'string' ? BigInt(v.detail.block) : null;
    return /\(confirmed\) credited 0 times$/.test(v.message) && deepMark !== null && block !== null && block > deepMark;
  },
};

/** A miner payment confirmed after the deep mark left unsettled, or an order open only because of one. */
function minerPaymentAfterMark(v: Violation): boolean {
  const afterMark = (p: { blockNumber?: number } | undefined) =>
    deepMark !== null && p?.blockNumber !== undefined && p.blockNumber >= 0 && BigInt(p.blockNumber) > deepMark;
  if (/\): confirmed but never settled$/.test(v.message))
    return afterMark(v.detail.payment as { blockNumber?: number });
  if (!/\): its lack was paid on chain and confirmed, still open$/.test(v.message)) return false;
  const made = v.detail.made as { payments?: { blockNumber?: number }[] } | undefined;
  return (made?.payments ?? []).some(afterMark);
}

/** The confirmed payouts of blocks after `block` (those a reorganisation back to it removed). */
async function payoutsConfirmedAfter(stack: Stack, block: bigint): Promise<string[]> {
  const client = new pg.Client({ connectionString: stack.databaseUrlForChecks() });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id::text AS id FROM withdrawals WHERE chain = 'bsc' AND status = 'confirmed' AND block_number > $1`,
      [block.toString()],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** Payouts aidf_payouts_reorged_out counted once it reached `n` (the runbook's alert), or its last value. */
async function untilPayoutAlert(stack: Stack, n: number): Promise<number> {
  const deadline = Date.now() + ALERT_MS;
  let seen = 0;
  while (Date.now() < deadline) {
    for (const instance of stack.instances) {
      const text = await fetch(`${instance.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${stack.settings.OPERATOR_TOKEN ?? ''}` },
      })
        .then((r) => r.text())
        .catch(() => '');
      seen = Math.max(seen, Number(/aidf_payouts_reorged_out\{chain="bsc"\} (\d+)/.exec(text)?.[1] ?? 0));
      if (seen >= n) return seen;
    }
    await pause(1000);
  }
  return seen;
}

/** Until a deposit mined after `block` has been credited (confirmed): then the reorganisation is deeper than it. */
async function untilCredited(stack: Stack, block: bigint) {
  const client = new pg.Client({ connectionString: stack.databaseUrlForChecks() });
  await client.connect();
  try {
    const deadline = Date.now() + CREDIT_MS;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`no deposit after block ${block} credited in ${CREDIT_MS / 1000} s`);
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM chain_deposits WHERE chain = 'bsc' AND block_number > $1`,
        [block.toString()],
      );
      if ((rows[0]?.n ?? 0) > 0) return;
      await pause(500);
    }
  } finally {
    await client.end();
  }
}

/** Until an instance's metrics show the deposit watcher stopped on the reorganisation. */
async function untilAlert(stack: Stack) {
  const deadline = Date.now() + ALERT_MS;
  const alert = /aidf_watcher_reorg_beyond_depth\{chain="bsc",watcher="deposit"\} 1/;
  while (Date.now() < deadline) {
    for (const instance of stack.instances) {
      const text = await fetch(`${instance.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${stack.settings.OPERATOR_TOKEN ?? ''}` },
      })
        .then((r) => r.text())
        .catch(() => '');
      if (alert.test(text)) return;
    }
    await pause(1000);
  }
  throw new Error(`no aidf_watcher_reorg_beyond_depth alert in ${ALERT_MS / 1000} s`);
}
