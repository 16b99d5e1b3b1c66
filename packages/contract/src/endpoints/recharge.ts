import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZChainCurrency, ZCurrency, ZDecimalString, ZIdString, ZPageParams, ZTimeMs } from '../schemas.ts';
import { ZLegConfirmations } from './common.ts';

/** Recharge: one name from the contract (here) to the routes (routes/recharge.ts) and the screen. */
export const depositAddress = defineEndpoint({
  ...ROUTES.depositAddress,
  summary: "The user's own deposit address on a chain",
  params: z.object({
    currency: ZCurrency,
    chainCurrency: ZChainCurrency,
    mid: ZIdString,
    businessMode: z.literal('A'),
  }),
  data: z.object({
    address: z.string(),
    /** Ours: blocks the deposit watcher waits before crediting; null on Solana, where it waits for 'finalized'. */
    confirmations: z.number().int().min(1).nullable(),
  }),
});

export const ZRecharge = z
  .object({
    id: z.string(),
    chainCurrency: ZChainCurrency,
    currency: ZCurrency,
    amount: ZDecimalString,
    txId: z.string(),
    /** Ours: the transaction on the chain's explorer (the operators' explorer setting). */
    txUrl: z.string().nullable(),
    fromAddress: z.string().nullable(),
    createTime: ZTimeMs,
  })
  .extend(ZLegConfirmations.shape);

export const rechargeList = defineEndpoint({
  ...ROUTES.rechargeList,
  summary: "The user's credited on-chain recharges, newest first",
  params: ZPageParams,
  data: pageOf(ZRecharge),
});
