import { fromBaseUnits } from '@aidf/contract';
import { SWEEP_GAS } from '../../../chain/evm/evm-sweep-chain.ts';
import type { SweepRow, SweepStatus } from '../../../db/repositories/sweeps.ts';
import { broadcastTx, cappedGasPrice, type SweepTxContext, signAndRecord } from '../bsc-sweeper-tx.ts';
import type { SweepStep } from '../sweep-step.ts';
import { decimalsOf } from './tokens.ts';

/** The transfer: a deposit sweep with its gas (planned, or gas-funding once its top-up confirmed) is signed. */
export const SIGN_SWEEP = {
  from: ['planned', 'gas-funding'],
  to: ['sweeping', 'skipped'],
} as const satisfies SweepStep;

/** Refuses a token transfer the address cannot make: less held than planned. */
async function checkTokenHeld(ctx: SweepTxContext, s: SweepRow, token: `0x${string}`, amount: bigint) {
  const address = s.fromAddress as `0x${string}`;
  const held = await ctx.chain.balanceOf(address, token);
  if (held >= amount) return;
  // Read by operators in the console and the command line: in the currency's units, never base units.
  const decimals = await decimalsOf(ctx.repos, s.currency);
  const unit = s.currency.toUpperCase();
  throw new Error(
    `${address} holds ${fromBaseUnits(held, decimals)} ${unit}, less than the ${fromBaseUnits(amount, decimals)} ${unit} planned`,
  );
}

/**
 * Signs the transfer from the deposit address to the hot wallet (after its top-up confirmed, if it needed one),
 * records it with the move to 'sweeping', then sends it. A token pays its gas at the top-up's price (else the
 * current one), at most what the address's BNB affords; BNB sends its balance less the gas, at most what was
 * planned, and is 'skipped' when nothing is left after the gas.
 */
export async function signSweep(
  ctx: SweepTxContext,
  s: SweepRow,
  token: `0x${string}` | null,
  head: bigint,
  toppedUpAt: bigint | null = null,
): Promise<'signed' | 'moved' | 'skipped'> {
  const address = s.fromAddress as `0x${string}`;
  const native = await ctx.chain.balanceOf(address, null);
  // After a top-up the transfer is priced as the top-up's shortfall was, so the address spends what it was given.
  let gasPrice = toppedUpAt ?? (await cappedGasPrice(ctx));
  let amount = BigInt(s.amount);
  if (token) {
    const affordable = native / SWEEP_GAS.token;
    if (affordable < gasPrice) gasPrice = affordable;
    if (gasPrice === 0n) throw new Error(`${address} has no BNB for the transfer's gas`);
    await checkTokenHeld(ctx, s, token, amount);
  } else {
    const left = native - SWEEP_GAS.native * gasPrice;
    if (left < amount) amount = left;
    if (amount <= 0n) {
      await ctx.repos.sweeps.move(s.id, s.status as SweepStatus, 'skipped', { reason: 'nothing left after the gas' });
      return 'skipped';
    }
  }
  const row = await signAndRecord(ctx, s, {
    purpose: 'sweep',
    fromAddress: address,
    to: s.toAddress as `0x${string}`,
    token,
    amount,
    gasPrice,
    head,
    move: { from: s.status as SweepStatus, to: 'sweeping', patch: { amount: amount.toString() } },
  });
  if (!row) return 'moved';
  const sweeping = { ...s, status: 'sweeping', amount: amount.toString() };
  ctx.crashPoints?.afterSweepSigned?.(sweeping);
  await broadcastTx(ctx, sweeping, row, 'afterSweepSent');
  return 'signed';
}
