import {
  CHAIN_PAID_CURRENCIES,
  CHAINS,
  MINER_CURRENCIES,
  orderField,
  type TChainName,
  type TChainPaidCurrency,
  type TOrder,
  type TOrderField,
  toBaseUnits,
} from '@aidf/contract';
import type { OnChainTransfer } from '../../wallet/types.ts';

/** A check of SPEC.md point 5 refused the payment; `key` is the message to show. */
export class PayProblem extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'PayProblem';
  }
}

/** The currencies an order may still lack (paid on chain, MINER_CURRENCIES), in the order they are paid. */
export type LackCurrency = TChainPaidCurrency;

/** The wallet chain a lacking currency is paid on. */
function chainOf(currency: LackCurrency): TChainName {
  const entry = MINER_CURRENCIES.find((m) => m.currency === currency);
  return entry?.paid === 'chain' ? CHAINS[entry.chain].name : CHAINS.bsc.name;
}

const isZero = (amount: string) => toBaseUnits(amount, 18) === 0n;

/** What is still lacking, currency by currency (only the non-zero ones). */
export function lackOf(order: Pick<TOrder, TOrderField<'lack'>>): { currency: LackCurrency; amount: string }[] {
  return CHAIN_PAID_CURRENCIES.map((currency) => ({ currency, amount: order[orderField('lack', currency)] })).filter(
    (l) => !isZero(l.amount),
  );
}

/**
 * The chain whose wallet pays an order when the session has none (a password or e-mail sign-in): Solana when
 * SOL is lacking, else BNB Smart Chain; what the other chain could not pay, chainProblem refuses (ms69).
 */
export function payChainOf(lack: { currency: LackCurrency }[]): TChainName {
  return lack.some((l) => chainOf(l.currency) === CHAINS.solana.name) ? CHAINS.solana.name : CHAINS.bsc.name;
}

/** SPEC.md point 5: on Solana only sol may be lacking, on BNB Smart Chain never sol; else ms69. */
export function chainProblem(lack: { currency: LackCurrency }[], chain: TChainName): 'messages.ms69' | null {
  return lack.some((l) => chainOf(l.currency) !== chain) ? 'messages.ms69' : null;
}

/** Where the order's lack is paid on `chain`: the collection address and the currencies paid there. */
export function payTargetOf(order: Pick<TOrder, 'payBsc' | 'paySol'>, chain: TChainName) {
  return chain === CHAINS.solana.name ? order.paySol : order.payBsc;
}

/**
 * The transfers that pay the order's lack on `chain`, one per lacking currency in the order of
 * MINER_CURRENCIES, each sent as the pay target says (native coin, or the token's contract and decimals).
 * A chain not set up, or a lacking currency it cannot take yet (its token not pinned): machine.payUnavailable.
 */
export function payTransfers(order: TOrder, chain: TChainName): OnChainTransfer[] {
  const target = payTargetOf(order, chain);
  if (!target) throw new PayProblem('machine.payUnavailable');
  return lackOf(order).map(({ currency, amount }) => {
    const token = target.tokens.find((t) => t.currency === currency);
    if (!token) throw new PayProblem('machine.payUnavailable');
    return { to: target.collectionAddress, token: { contract: token.contract, decimals: token.decimals }, amount };
  });
}

/**
 * SPEC.md point 5 on BNB Smart Chain, in base units: the native balance covers the gas of the transfers ('gas
 * not enough'; a native transfer's gas is gas price × 21000, a token transfer's what the wallet estimates), then
 * the native and each token's balance cover their amounts (ms23). The native coin pays both its amount and the
 * gas, so its amount is checked against what the gas leaves.
 */
export function bscProblem(input: {
  nativeLack: bigint;
  nativeBalance: bigint;
  gas: bigint;
  tokens: { lack: bigint; balance: bigint }[];
}): 'messages.gasNotEnough' | 'messages.ms23' | null {
  if (input.nativeBalance < input.gas) return 'messages.gasNotEnough';
  if (input.nativeBalance - input.gas < input.nativeLack) return 'messages.ms23';
  if (input.tokens.some((t) => t.balance < t.lack)) return 'messages.ms23';
  return null;
}

/** The smallest SOL payment SPEC.md point 5 allows, in lamports (0.001 SOL). */
export const MIN_SOL_LAMPORTS = 1_000_000n;

/**
 * SPEC.md point 5 on Solana, in lamports: at least 0.001 SOL, and the balance covers the amount and the
 * network fee ('Insufficient funds for rent': the runtime refuses a transfer that leaves the payer short).
 */
export function solProblem(input: {
  lackSol: bigint;
  balance: bigint;
  fee: bigint;
}): 'messages.solMin' | 'messages.solRent' | null {
  if (input.lackSol < MIN_SOL_LAMPORTS) return 'messages.solMin';
  if (input.balance < input.lackSol + input.fee) return 'messages.solRent';
  return null;
}
