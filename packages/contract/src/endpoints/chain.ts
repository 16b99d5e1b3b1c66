import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import {
  pageOf,
  ZChainCurrency,
  ZCurrency,
  ZDecimalString,
  ZIdString,
  ZPageParams,
  ZText,
  ZTimeMs,
} from '../schemas.ts';
import { ZWalletSignature } from './common.ts';

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

export const ZWithdrawal = z.object({
  id: z.string(),
  amount: ZDecimalString,
  fee: ZDecimalString,
  receive: ZDecimalString,
  address: z.string(),
  /** requested (debited, waiting for the payout), sent (on chain), confirmed, or refunded (the payout failed). */
  status: z.enum(['requested', 'sent', 'confirmed', 'refunded']),
  txId: z.string().nullable(),
  createTime: ZTimeMs,
  /** When the tokens should arrive: the request time plus the arrival estimate (SPEC.md: about 15 minutes). */
  expectedArrivalTime: ZTimeMs,
});

export const withdraw = defineEndpoint({
  ...ROUTES.withdraw,
  summary: "Withdraw COW to a wallet address, signed as buildWithdrawSignText says (ends 'withdraw-{timestamp}')",
  body: ZWalletSignature.extend({
    amount: ZDecimalString,
    currency: z.literal('cow'),
    chainCurrency: z.literal('bnb'),
    address: ZText(100),
  }),
  data: ZWithdrawal,
});

export const withdrawConfig = defineEndpoint({
  ...ROUTES.withdrawConfig,
  summary: 'Fee rate and limits of a COW withdrawal, and how many are left today (UTC)',
  data: z.object({
    currency: z.literal('cow'),
    chainCurrency: z.literal('bnb'),
    /** fee = amount × feeRate; the user receives amount − fee. */
    feeRate: ZDecimalString,
    min: ZDecimalString,
    max: ZDecimalString,
    perDay: z.number().int(),
    leftToday: z.number().int(),
    arrivalMinutes: z.number().int(),
  }),
});

export const withdrawList = defineEndpoint({
  ...ROUTES.withdrawList,
  summary: "The user's withdrawals, newest first",
  params: ZPageParams,
  data: pageOf(ZWithdrawal),
});

export const ZRecharge = z.object({
  id: z.string(),
  chainCurrency: ZChainCurrency,
  currency: ZCurrency,
  amount: ZDecimalString,
  txId: z.string(),
  fromAddress: z.string().nullable(),
  createTime: ZTimeMs,
});

export const rechargeList = defineEndpoint({
  ...ROUTES.rechargeList,
  summary: "The user's credited on-chain recharges, newest first",
  params: ZPageParams,
  data: pageOf(ZRecharge),
});
