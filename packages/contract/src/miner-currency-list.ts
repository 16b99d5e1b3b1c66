import type { CHAINS, TCurrency } from './currencies.ts';

/**
 * The currencies the AI miner accepts in a price, in the order screens show them, and how each is paid
 * (RULES.md "AI miner"): `balance` only from the user's balance (a shortfall refuses the purchase, 1230);
 * `chain` from the balance as far as it goes, the rest lacking and paid by a transfer on `chain` to the
 * collection address, as the chain's `native` coin (its decimals are CHAINS') or as a `token` whose contract and
 * decimals are the token configuration's pinned row (SPEC.md point 3; set by an operator or the dev chain).
 * This entry is all a new currency needs: the price field (`<currency>Amount`), the order fields
 * (`lack<Currency>`, ...), the pay target's tokens, the collection watcher, the app's transfers and the
 * operator's `machine-item --<currency>` all come from it.
 */
export const MINER_CURRENCIES = [
  { currency: 'usdt', paid: 'balance' },
  { currency: 'bnb', paid: 'chain', chain: 'bsc', token: 'native' },
  { currency: 'eoeo', paid: 'chain', chain: 'bsc', token: 'token' },
  { currency: 'sol', paid: 'chain', chain: 'solana', token: 'native' },
] as const satisfies readonly TMinerCurrencyEntry[];

/** An entry of MINER_CURRENCIES. */
export type TMinerCurrencyEntry =
  | { currency: TCurrency; paid: 'balance' }
  | { currency: TCurrency; paid: 'chain'; chain: keyof typeof CHAINS; token: 'native' | 'token' };
