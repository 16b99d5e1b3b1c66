import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZDecimalString, ZPageParams, ZText, ZTimeMs } from '../schemas.ts';
import { ZAuthenticatorCode } from './authenticator.ts';
import { ZLegConfirmations, ZWalletSignature } from './common.ts';

/** Withdraw: one name from the contract (here) to the routes (routes/withdraw.ts), domain and screen. */
export const ZWithdrawal = z
  .object({
    id: z.string(),
    amount: ZDecimalString,
    fee: ZDecimalString,
    receive: ZDecimalString,
    address: z.string(),
    /**
     * requested (debited, waiting for the payout), awaiting-funds (waiting for the platform to refill its hot wallet;
     * it goes out by itself), sent (on chain), confirmed, or refunded (the payout failed).
     */
    status: z.enum(['requested', 'awaiting-funds', 'sent', 'confirmed', 'refunded']),
    txId: z.string().nullable(),
    /** Ours: the payout's transaction on the chain's explorer; null until it is sent. */
    txUrl: z.string().nullable(),
    createTime: ZTimeMs,
    /** When the tokens should arrive: the request time plus the arrival estimate (SPEC.md: about 15 minutes). */
    expectedArrivalTime: ZTimeMs,
  })
  .extend(ZLegConfirmations.shape);

export const withdraw = defineEndpoint({
  ...ROUTES.withdraw,
  summary: "Withdraw COW to a wallet address, signed as buildWithdrawSignText says (ends 'withdraw-{timestamp}')",
  body: ZWalletSignature.extend({
    amount: ZDecimalString,
    currency: z.literal('cow'),
    chainCurrency: z.literal('bnb'),
    address: ZText(100),
    /** The authenticator's code (or a recovery code), required once the user turned the authenticator on. */
    totpCode: ZAuthenticatorCode.optional(),
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
    /**
     * Amount limits (COW): the day's and the 30 days' limit of this user (null: none), and how much may still be
     * withdrawn today under both (null: no amount limit).
     */
    dayLimit: ZDecimalString.nullable(),
    days30Limit: ZDecimalString.nullable(),
    amountLeftToday: ZDecimalString.nullable(),
  }),
});

export const withdrawList = defineEndpoint({
  ...ROUTES.withdrawList,
  summary: "The user's withdrawals, newest first",
  params: ZPageParams,
  data: pageOf(ZWithdrawal),
});
