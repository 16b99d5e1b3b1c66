import type { TCurrency } from './currencies.ts';

/**
 * The currencies the AI miner accepts in a price, in the order screens show them, and how each is paid
 * (RULES.md "AI miner"): `balance` only from the user's balance (a shortfall refuses the purchase, 1230);
 * `chain` from the balance as far as it goes, the rest lacking and paid by a transfer on `chain` to the
 * collection address. The server, the app and the console read this list; adding a currency here adds its
 * price field (`<currency>Amount`) and, when paid on chain, its order fields (`lack<Currency>`, ...).
 */
export const MINER_CURRENCIES = [
  { currency: 'usdt', paid: 'balance' },
  { currency: 'bnb', paid: 'chain', chain: 'bsc' },
  { currency: 'eoeo', paid: 'chain', chain: 'bsc' },
  { currency: 'sol', paid: 'chain', chain: 'solana' },
] as const satisfies readonly (
  | { currency: TCurrency; paid: 'balance' }
  | { currency: TCurrency; paid: 'chain'; chain: 'bsc' | 'solana' }
)[];

type MinerEntry = (typeof MINER_CURRENCIES)[number];
export type TMinerCurrency = MinerEntry['currency'];
/** The miner's currencies that may be lacking and paid on chain. */
export type TChainPaidCurrency = Extract<MinerEntry, { paid: 'chain' }>['currency'];

export const MINER_CURRENCY_CODES: readonly TMinerCurrency[] = MINER_CURRENCIES.map((m) => m.currency);
export const CHAIN_PAID_CURRENCIES: readonly TChainPaidCurrency[] = MINER_CURRENCIES.flatMap((m) =>
  m.paid === 'chain' ? [m.currency] : [],
);

export function isChainPaid(value: string): value is TChainPaidCurrency {
  return (CHAIN_PAID_CURRENCIES as readonly string[]).includes(value);
}

/** A price item's field of a currency (SPEC.md point 3): 'usdt' → 'usdtAmount'. */
export type TPriceField = `${TMinerCurrency}Amount`;
export const priceField = <C extends TMinerCurrency>(currency: C) => `${currency}Amount` as `${C}Amount`;
export const MINER_PRICE_FIELDS: readonly TPriceField[] = MINER_CURRENCY_CODES.map(priceField);

/** An order's field of a chain-paid currency (SPEC.md point 4): ('lack', 'bnb') → 'lackBnb'. */
export type TOrderAmountPrefix = 'lack' | 'orderLack' | 'unconfirmed';
export type TOrderField<P extends TOrderAmountPrefix = TOrderAmountPrefix> = `${P}${Capitalize<TChainPaidCurrency>}`;
export function orderField<P extends TOrderAmountPrefix, C extends TChainPaidCurrency>(prefix: P, currency: C) {
  return `${prefix}${currency.charAt(0).toUpperCase()}${currency.slice(1)}` as `${P}${Capitalize<C>}`;
}
