import type { WithdrawalRow } from '../../../db/repositories/withdrawals.ts';
import { type PlatformAddresses, platformAddresses } from '../destination.ts';
import type { HotWalletSnapshot } from '../payout-funds.ts';
import { payoutToken } from '../payout-token.ts';
import type { PayoutContext, PayoutStep } from './context.ts';

/** Plan: the payouts not signed yet, new requests and the ones waiting for funds, claimed in id order. */
export const PLAN_STEP: PayoutStep = { from: ['requested', 'awaiting-funds'], to: ['requested', 'awaiting-funds'] };

/** What the signing of one tick rests on, read once for all its payouts. */
export interface SigningRound {
  /** The payouts to sign, oldest first: the oldest gets the first claim on the funds. */
  unsigned: WithdrawalRow[];
  token: { contract: `0x${string}`; decimals: number };
  /** The network's gas price, never above the cap. */
  gasPrice: bigint;
  /** The block the round is priced at and its snapshot taken. */
  head: bigint;
  snapshot: HotWalletSnapshot;
  platform: PlatformAddresses;
  now: Date;
}

/** The unsigned payouts and what signing them rests on; null when there are none (the chain is not asked). */
export async function planSigning(ctx: PayoutContext): Promise<SigningRound | null> {
  const { repos, chain } = ctx;
  const unsigned = await repos.withdrawals.withStatus([...PLAN_STEP.from], 500);
  if (unsigned.length === 0) return null;
  const token = await payoutToken(repos);
  if (!token) throw new Error('the COW contract on BNB Smart Chain is not configured');
  // Never above the cap: a payout priced there waits for the network's price to fall, the bump cannot raise it.
  let gasPrice = await chain.gasPrice();
  if (gasPrice > ctx.maxGasPrice) gasPrice = ctx.maxGasPrice;
  const head = await chain.head();
  // The hot wallet's balances and transaction count at one block: what the payouts signed with a nonce from
  // that count on will take is still in these balances (payout-funds.ts).
  const [balances, minedNonce] = await Promise.all([chain.balances(token.contract, head), chain.nonceAt(head)]);
  const snapshot: HotWalletSnapshot = { block: head, minedNonce, token: balances.token ?? 0n, native: balances.native };
  // The database hands out nonces; the node's count only raises it (the first payout, or a transaction
  // someone else sent with the hot wallet's key, whose nonce must not be signed again).
  await repos.withdrawals.catchUpNonce('bsc', chain.hotWallet, await chain.pendingNonce());
  const platform = platformAddresses(repos, { hotWallet: chain.hotWallet });
  return { unsigned, token, gasPrice, head, snapshot, platform, now: new Date() };
}
