import { isLive, type SweepRow, type TreasuryTxRow } from '../../../db/repositories/sweeps.ts';
import type { SweepTxContext } from '../bsc-sweeper-tx.ts';
import { followTx } from './follow-tx.ts';
import { fundGas } from './fund-gas.ts';
import { type BscRound, tokenIn } from './round.ts';
import { signSweep } from './sign-sweep.ts';
import { signToCold } from './sign-to-cold.ts';

/** The live transactions of a sweep are followed first; a sweep with one takes no other step this tick. */
async function followLive(ctx: SweepTxContext, round: BscRound, s: SweepRow, txs: TreasuryTxRow[]) {
  const live = txs.filter(isLive);
  for (const t of live) {
    const result = await followTx(ctx, s, t, txs, round.head, round.problems);
    if (result === 'confirmed' && t.purpose === 'sweep') round.counts.swept++;
    if (result === 'reverted') round.counts.failed++;
  }
  return live.length > 0;
}

/** gas-funding with its top-up confirmed: the transfer is signed at the top-up's price. */
async function afterTopup(
  ctx: SweepTxContext,
  round: BscRound,
  s: SweepRow,
  token: `0x${string}` | null,
  txs: TreasuryTxRow[],
) {
  const topup = txs.findLast((t) => t.purpose === 'gas-topup' && t.status === 'confirmed');
  const price = topup?.gasPrice ? BigInt(topup.gasPrice) : null;
  if ((await signSweep(ctx, s, token, round.head, price)) === 'signed') round.counts.signed++;
}

/** planned: a to-cold sweep is signed; a deposit's token sweep is funded with gas first when it lacks it. */
async function fromPlanned(ctx: SweepTxContext, round: BscRound, s: SweepRow, token: `0x${string}` | null) {
  if (s.kind === 'to-cold') {
    if ((await signToCold(ctx, s, token, round.head)) === 'signed') round.counts.signed++;
    return;
  }
  if (token && (await fundGas(ctx, s, round.head)) === 'topped-up') {
    round.counts.toppedUp++;
    return;
  }
  if ((await signSweep(ctx, s, token, round.head)) === 'signed') round.counts.signed++;
}

/**
 * One open sweep's next step, by its state: its live transactions followed (and settled once mined); held waits for
 * an operator; gas-funding signs the transfer once its top-up is confirmed; planned funds the gas or signs. `busy`
 * holds the deposit addresses with a sweep in flight: one sweep per address at a time, so a BNB sweep never spends
 * the gas a token sweep of the same address was topped up with.
 */
export async function advanceSweep(ctx: SweepTxContext, round: BscRound, s: SweepRow, busy: Set<string>) {
  const txs = await ctx.repos.sweeps.transactionsOf(s.id);
  if (await followLive(ctx, round, s, txs)) return;
  if (s.status === 'held') return;
  const token = tokenIn(round, s.currency);
  if (s.currency !== 'bnb' && !token) throw new Error(`no ${s.currency} contract configured`);
  if (s.status === 'sweeping') throw new Error('sweeping without a live transaction');
  if (s.status === 'gas-funding') return afterTopup(ctx, round, s, token, txs);
  if (s.kind === 'deposit' && busy.has(s.fromAddress)) return; // its address's other sweep goes first
  busy.add(s.fromAddress);
  await fromPlanned(ctx, round, s, token);
}
