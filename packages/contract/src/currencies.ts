/** Balance currencies of SPEC.md point 1 (lower-case on the wire). */
export const CURRENCIES = ['aidf', 'cow', 'bnb', 'sol', 'usdt', 'eoeo'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

/**
 * The unit of a machine's worth, and so of team volume (the worth bought by a downline): AIDF, because a
 * machine mines worth x dailyRate AIDF up to capMultiple x worth AIDF and team bonuses are AIDF percentages of
 * the worth (RULES.md). The server sends it beside every worth and volume; screens show that, never their own.
 */
export const WORTH_CURRENCY: TCurrency = 'aidf';

/** '00' is the normal balance, '16' frozen AIDF. */
export const SUBMODES = { normal: '00', frozen: '16' } as const;
export type TSubmode = (typeof SUBMODES)[keyof typeof SUBMODES];

/** Wallet chains: the value kept in session storage and sent in the `chain` header. */
export const CHAINS = {
  bsc: { name: 'BNB Smart Chain', currency: 'bnb', nativeDecimals: 18 },
  solana: { name: 'Solana', currency: 'sol', nativeDecimals: 9 },
} as const;
export const CHAIN_NAMES = [CHAINS.bsc.name, CHAINS.solana.name] as const;
export type TChainName = (typeof CHAIN_NAMES)[number];
/** What session storage holds when no chain is chosen (SPEC.md point 3). */
export const NO_CHAIN = 'null';

export function isChainName(value: unknown): value is TChainName {
  return typeof value === 'string' && (CHAIN_NAMES as readonly string[]).includes(value);
}

/** The currency a wallet signs with: 'bnb' for BNB Smart Chain, 'sol' for Solana. */
export const CHAIN_CURRENCIES = ['bnb', 'sol'] as const;
export type TChainCurrency = (typeof CHAIN_CURRENCIES)[number];

/**
 * What each chain takes as a recharge, exactly what the deposit watchers credit: the ERC-20 tokens and native BNB
 * on BNB Smart Chain (BNB sent straight from a wallet; BNB a contract sends on is not seen), SOL and SPL-USDT on
 * Solana. One deposit address per chain takes them all.
 */
export const DEPOSIT_CURRENCIES: Record<TChainCurrency, readonly TCurrency[]> = {
  bnb: ['cow', 'usdt', 'aidf', 'eoeo', 'bnb'],
  sol: ['sol', 'usdt'],
};
