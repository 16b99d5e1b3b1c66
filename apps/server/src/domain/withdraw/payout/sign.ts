import { CHAINS, Money } from '@aidf/contract';
import { type Hex, parseUnits } from 'viem';
import type { SignedPayout } from '../../../chain/evm/evm-payout-chain.ts';
import type { Repositories } from '../../../db/repositories/index.ts';
import type { UnsignedStatus, WithdrawalRow, WithdrawalStatus } from '../../../db/repositories/withdrawals.ts';
import { errorSummary } from '../../chain/error-summary.ts';
import { freeFunds, NO_FUNDS, type PayoutFunds, plus, shortfall } from '../payout-funds.ts';
import type { PayoutContext, PayoutStep, TickReport } from './context.ts';
import type { SigningRound } from './plan.ts';

/**
 * Sign: a payout not signed yet is signed with the next nonce and recorded with its bytes (nothing is sent
 * here). One that does not fit the hot wallet is left as it was (awaiting-funds.ts); one whose signing fails is
 * held for an operator.
 */
export const SIGN_STEP: PayoutStep = { from: ['requested', 'awaiting-funds'], to: ['signed', 'held'] };

/** What a payout takes from the hot wallet: its tokens, and at most its gas limit × its gas price in BNB. */
export const needOf = (receiveAmount: string, decimals: number, fee: bigint): PayoutFunds => ({
  token: parseUnits(new Money(receiveAmount).toFixed(), decimals),
  native: fee,
});

/** What signing answers: signed (the row as it is now), short of funds (why), failed (the error), or null. */
export type SignResult =
  | { kind: 'signed'; row: WithdrawalRow }
  | { kind: 'short'; reason: string }
  | { kind: 'failed'; error: unknown }
  | null;

/**
 * Signs with the next nonce when the hot wallet covers the payout; a signing failure rolls the nonce back and
 * answers the error instead, a payout that does not fit answers why. The fit is checked under the nonce lock,
 * so of two workers the second counts what the first signed: the hot wallet is never promised twice. Null: another
 * worker signed it first (this transaction, and the nonce, roll back).
 */
export async function signPayout(
  ctx: PayoutContext,
  w: WithdrawalRow,
  round: SigningRound,
  funds: { reserved: PayoutFunds; need: PayoutFunds },
): Promise<SignResult> {
  const signed = await ctx.repos.transaction(async (tx) => {
    const nonce = await tx.withdrawals.lockNonce('bsc', ctx.chain.hotWallet);
    if (nonce === null) throw new Error('hot wallet nonce row missing');
    const committed = await committedFunds(ctx, tx, round);
    const lack = shortfall(freeFunds(round.snapshot, committed, funds.reserved), funds.need, {
      token: w.currency.toUpperCase(),
      tokenDecimals: round.token.decimals,
      native: CHAINS.bsc.currency.toUpperCase(),
      nativeDecimals: CHAINS.bsc.nativeDecimals,
    });
    if (lack) return { kind: 'short' as const, reason: lack }; // nothing written
    let payout: SignedPayout;
    try {
      payout = await ctx.chain.signTokenTransfer({
        token: round.token.contract,
        to: w.toAddress as `0x${string}`,
        amount: new Money(w.receiveAmount).toFixed(),
        decimals: round.token.decimals,
        nonce,
        gasPrice: round.gasPrice,
      });
    } catch (error) {
      return { kind: 'failed' as const, error }; // nothing written: the nonce stays for the next payout
    }
    const recorded = await recordSigned(ctx, tx, w, { payout, nonce, head: round.head });
    return recorded ? { kind: 'recorded' as const, payout, nonce } : null;
  });
  if (signed?.kind !== 'recorded') return signed;
  const row = { ...w, status: 'signed', nonce: signed.nonce, signedTx: signed.payout.raw, txHash: signed.payout.hash };
  return { kind: 'signed', row };
}

/** What the payouts signed and not mined at the round's snapshot will still take from its balances. */
async function committedFunds(ctx: PayoutContext, tx: Repositories, round: SigningRound): Promise<PayoutFunds> {
  let committed = NO_FUNDS;
  for (const p of await tx.withdrawals.signedFromNonce(ctx.chain.hotWallet, round.snapshot.minedNonce)) {
    committed = plus(committed, needOf(p.receiveAmount, round.token.decimals, ctx.chain.feeCapOf(p.signedTx as Hex)));
  }
  return committed;
}

/**
 * Records the signed bytes (the payout's first variant) and takes the nonce; false when the payout left its
 * unsigned state meanwhile (another worker signed it): nothing is written, and the nonce stays for the next.
 */
async function recordSigned(
  ctx: PayoutContext,
  tx: Repositories,
  w: WithdrawalRow,
  s: { payout: SignedPayout; nonce: bigint; head: bigint },
): Promise<boolean> {
  const hotWallet = ctx.chain.hotWallet;
  const signed = { hotWallet, nonce: s.nonce, signedTx: s.payout.raw, txHash: s.payout.hash, pricedAtBlock: s.head };
  if (!(await tx.withdrawals.markSigned(w.id, signed, w.status as UnsignedStatus))) return false;
  await tx.withdrawals.addVariant(w.id, { txHash: s.payout.hash, signedTx: s.payout.raw });
  await tx.withdrawals.setNonce('bsc', hotWallet, s.nonce + 1n);
  return true;
}

/** A payout whose signing failed is held for an operator (docs/operator-guide.md "Held payouts"). */
export async function holdUnsignable(ctx: PayoutContext, report: TickReport, w: WithdrawalRow, error: unknown) {
  const from = w.status as WithdrawalStatus;
  if (await ctx.repos.withdrawals.hold(w.id, from, `signing failed: ${errorSummary(error)}`)) report.counts.held++;
}
