/* What the code derives from MINER_CURRENCIES (miner-currency-list.ts): codes, fields, the entries of a chain. */
import { MINER_CURRENCIES, type TMinerCurrencyEntry } from './miner-currency-list.ts';

export { MINER_CURRENCIES, type TMinerCurrencyEntry };

type MinerEntry = (typeof MINER_CURRENCIES)[number];
export type TMinerCurrency = MinerEntry['currency'];
/** The miner's currencies that may be lacking and paid on chain. */
export type TChainPaidCurrency = Extract<MinerEntry, { paid: 'chain' }>['currency'];

export const MINER_CURRENCY_CODES: readonly TMinerCurrency[] = MINER_CURRENCIES.map((m) => m.currency);
export const CHAIN_PAID_CURRENCIES: readonly TChainPaidCurrency[] = MINER_CURRENCIES.flatMap((m) =>
  m.paid === 'chain' ? [m.currency] : [],
);

/** A chain-paid entry of MINER_CURRENCIES: its chain, and whether it is the native coin or a pinned token. */
export type TChainPaidEntry = Extract<TMinerCurrencyEntry, { paid: 'chain' }>;
/** The entries paid on `chain` ('bsc', 'solana'), in the list's order. */
export function chainPaidOn(chain: TChainPaidEntry['chain']): readonly TChainPaidEntry[] {
  return (MINER_CURRENCIES as readonly TMinerCurrencyEntry[]).flatMap((m) =>
    m.paid === 'chain' && m.chain === chain ? [m] : [],
  );
}

export function isMinerCurrency(value: string): value is TMinerCurrency {
  return (MINER_CURRENCY_CODES as readonly string[]).includes(value);
}
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
