import { SWEEP_GAS } from '../../../chain/evm/evm-sweep-chain.ts';
import type { SweepRow } from '../../../db/repositories/sweeps.ts';
import { broadcastTx, cappedGasPrice, type SweepTxContext, signAndRecord } from '../bsc-sweeper-tx.ts';
import type { SweepStep } from '../sweep-step.ts';

/** The gas top-up: a planned token sweep whose deposit address lacks the transfer's gas waits for it in gas-funding. */
export const FUND_GAS = { from: ['planned'], to: ['gas-funding'] } as const satisfies SweepStep;

/**
 * A planned token sweep's address gets exactly the gas it lacks from the hot wallet (SWEEP_GAS.token × the capped
 * gas price − its BNB), signed, recorded with the move to 'gas-funding', then sent. 'has-gas' when nothing is
 * missing (the transfer is signed at once); 'topped-up' also when the sweep had moved meanwhile (nothing signed).
 */
export async function fundGas(ctx: SweepTxContext, s: SweepRow, head: bigint): Promise<'topped-up' | 'has-gas'> {
  const address = s.fromAddress as `0x${string}`;
  const gasPrice = await cappedGasPrice(ctx);
  const needed = SWEEP_GAS.token * gasPrice;
  const shortfall = needed - (await ctx.chain.balanceOf(address, null));
  if (shortfall <= 0n) return 'has-gas';
  const topup = await signAndRecord(ctx, s, {
    purpose: 'gas-topup',
    fromAddress: ctx.chain.hotWallet,
    to: address,
    token: null,
    amount: shortfall,
    gasPrice,
    head,
    move: { from: FUND_GAS.from[0], to: FUND_GAS.to[0], patch: { gasTopup: shortfall.toString() } },
  });
  if (topup) await broadcastTx(ctx, { ...s, status: FUND_GAS.to[0] }, topup, 'afterTopupSent');
  return 'topped-up';
}
