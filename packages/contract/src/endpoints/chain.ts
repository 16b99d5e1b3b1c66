import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { ZChainCurrency, ZCurrency } from '../schemas.ts';

/** The chains' token contracts (the one thing here both recharge and withdraw read). */
export const ZTokenConfig = z.object({
  chainCurrency: ZChainCurrency,
  currency: ZCurrency,
  /** null until the operator (or the dev chain) has set the token's contract. */
  contractAddress: z.string().nullable(),
  decimals: z.number().int().min(0).max(36),
});
export type TTokenConfig = z.infer<typeof ZTokenConfig>;

export const coinConfig = defineEndpoint({
  ...ROUTES.coinConfig,
  summary: 'Token contract address and decimals per chain',
  data: z.array(ZTokenConfig),
});
