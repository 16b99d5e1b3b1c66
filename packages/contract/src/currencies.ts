import { z } from 'zod';

/** Balance currencies of SPEC.md point 1 (lower-case on the wire). */
export const CURRENCIES = ['aidf', 'cow', 'bnb', 'sol', 'usdt', 'eoeo'] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type TCurrency = z.infer<typeof ZCurrency>;

/** '00' is the normal balance, '16' frozen AIDF. */
export const SUBMODES = { normal: '00', frozen: '16' } as const;
export const ZSubmode = z.enum([SUBMODES.normal, SUBMODES.frozen]);
export type TSubmode = z.infer<typeof ZSubmode>;

/** Wallet chains: the value kept in session storage and sent in the `chain` header. */
export const CHAINS = {
  bsc: { name: 'BNB Smart Chain', currency: 'bnb', nativeDecimals: 18 },
  solana: { name: 'Solana', currency: 'sol', nativeDecimals: 9 },
} as const;
export const CHAIN_NAMES = [CHAINS.bsc.name, CHAINS.solana.name] as const;
export const ZChainName = z.enum(CHAIN_NAMES);
export type TChainName = z.infer<typeof ZChainName>;
/** What session storage holds when no chain is chosen (SPEC.md point 3). */
export const NO_CHAIN = 'null';

/** The currency a wallet signs with: 'bnb' for BNB Smart Chain, 'sol' for Solana. */
export const ZChainCurrency = z.enum(['bnb', 'sol']);
export type TChainCurrency = z.infer<typeof ZChainCurrency>;
