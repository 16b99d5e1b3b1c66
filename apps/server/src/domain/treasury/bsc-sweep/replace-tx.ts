import { SWEEP_GAS } from '../../../chain/evm/evm-sweep-chain.ts';
import type { SweepRow, SweepStatus, TreasuryTxRow } from '../../../db/repositories/sweeps.ts';
import { bumpedGasPrice } from '../../withdraw/payout-worker.ts';
import { broadcastTx, type SweepTxContext, signerOf } from '../bsc-sweeper-tx.ts';
import { tokenContractOf } from './tokens.ts';

/**
 * The price of a replacement and the amount it sends, or why there is none. A token sweep from a deposit address is
 * not re-priced: its gas top-up paid for the price it was signed at, and more would need a second top-up while the
 * first transfer may still land. A BNB sweep from a deposit address pays the higher gas out of what it sends.
 */
async function replacementOf(ctx: SweepTxContext, sweep: SweepRow, live: TreasuryTxRow) {
  const signer = signerOf(ctx, sweep, live.fromAddress);
  const native = sweep.currency === 'bnb' || live.purpose === 'gas-topup';
  if (signer !== 'hot' && !native)
    return {
      ok: false as const,
      problem: `sweep ${sweep.id}: not mined at ${live.gasPrice} wei; a token sweep is not re-priced`,
    };
  const old = BigInt(live.gasPrice ?? '0');
  const price = bumpedGasPrice(old, await ctx.chain.gasPrice(), ctx.maxGasPrice);
  if (price === null)
    return {
      ok: false as const,
      problem: `sweep ${sweep.id}: not mined at ${old} wei and the price cap allows no higher price`,
    };
  // The deposit address holds no more than it sends: the higher gas comes out of the amount.
  let amount = BigInt(live.amount);
  if (signer !== 'hot') amount -= SWEEP_GAS.native * (price - old);
  if (amount <= 0n)
    return { ok: false as const, problem: `sweep ${sweep.id}: nothing would be left to send at ${price} wei` };
  return { ok: true as const, signer, price, amount };
}

/**
 * Signs the same transfer again with its nonce at a higher price (the old row 'replaced' first, in the transaction
 * that records the new one), then sends it. False, with the reason among `problems`, when it may not be replaced.
 */
export async function replaceTx(
  ctx: SweepTxContext,
  sweep: SweepRow,
  live: TreasuryTxRow,
  head: bigint,
  problems: string[],
): Promise<boolean> {
  const { chain, repos } = ctx;
  const replacement = await replacementOf(ctx, sweep, live);
  if (!replacement.ok) {
    problems.push(replacement.problem);
    return false;
  }
  const { signer, price, amount } = replacement;
  const token =
    live.purpose === 'sweep' && sweep.currency !== 'bnb' ? await tokenContractOf(repos, sweep.currency) : null;
  const signed = await chain.sign({
    from: signer,
    to: live.toAddress as `0x${string}`,
    token,
    amount,
    nonce: live.nonce ?? 0n,
    gasPrice: price,
  });
  const row = await repos.transaction(async (tx) => {
    if (!(await tx.sweeps.moveTransaction(live.id, 'sent', 'replaced'))) return null;
    const inserted = await tx.sweeps.insertTransaction({
      chain: 'bsc',
      sweepId: sweep.id,
      purpose: live.purpose,
      fromAddress: live.fromAddress,
      toAddress: live.toAddress,
      amount: amount.toString(),
      nonce: live.nonce,
      gasPrice: price.toString(),
      pricedAtBlock: head,
      signedTx: signed.raw,
      txHash: signed.hash,
      status: 'signed',
    });
    if (live.purpose === 'gas-topup') {
      const status = sweep.status as SweepStatus;
      await tx.sweeps.move(sweep.id, status, status, { gasTopup: amount.toString() });
    }
    return inserted;
  });
  if (!row) return false;
  await broadcastTx(ctx, sweep, row);
  return true;
}
