import { z } from 'zod';
import { PLEDGE_DAYS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZDecimalString, ZIdString, ZPageParams, ZSubmode, ZTimeMs } from '../schemas.ts';
import { ZWalletSignature } from './common.ts';

export const fundInfo = defineEndpoint({
  ...ROUTES.fundInfo,
  summary: 'Pledge rates per period (percent for the whole period) and the daily pledge limit',
  data: z.object({
    configDays30: ZDecimalString,
    configDays90: ZDecimalString,
    configDays180: ZDecimalString,
    configDays365: ZDecimalString,
    dailyLimit: z.number().int().nonnegative(),
    /** Ours: what the dialogs need besides SPEC.md's fields. */
    minAmount: ZDecimalString,
    maxAmount: ZDecimalString,
    pledgesLeftToday: z.number().int().nonnegative(),
  }),
});

export const ZPledgeDays = z
  .enum(PLEDGE_DAYS.map(String) as [string, ...string[]])
  .transform(Number)
  .pipe(z.union(PLEDGE_DAYS.map((d) => z.literal(d))));

export const ZPledgeOrder = z.object({
  id: z.string(),
  amount: ZDecimalString,
  days: z.number().int(),
  rate: ZDecimalString,
  submode: ZSubmode,
  settled: ZDecimalString,
  status: z.enum(['running', 'completed']),
  createTime: ZTimeMs,
  /** The unlock moment: the start of the UTC day on which the principal returns. */
  endTime: ZTimeMs,
  /** Days paid so far, and the moment of the next daily payment (null once completed). */
  paidDays: z.number().int().nonnegative(),
  nextPayTime: ZTimeMs.nullable(),
  /** Ours: at maturity the principal goes into a new pledge of the same period (RULES.md "Pledge"). */
  autoRenew: z.boolean(),
  /** Ours: what maturity did with auto-renew on: renewed, or why the principal came back; null otherwise. */
  renewal: z.enum(['renewed', 'not-offered', 'out-of-bounds']).nullable(),
  /** Ours: the pledge this one renews, or null when the user started it. */
  renewedFrom: z.string().nullable(),
});

export type TPledgeOrder = z.infer<typeof ZPledgeOrder>;

export const pledge = defineEndpoint({
  ...ROUTES.pledge,
  summary: "Pledge AIDF for a period, signed 'pledge-{timestamp}'",
  params: z.object({ amount: ZDecimalString, days: ZPledgeDays, submode: ZSubmode }),
  body: ZWalletSignature.extend({ autoRenew: z.boolean().optional() }),
  data: ZPledgeOrder,
});

/** Pledge list filter: '0' all, '1' in progress, '2' completed. */
export const ZPledgeFilter = z.enum(['0', '1', '2']);

export const pledgeList = defineEndpoint({
  ...ROUTES.pledgeList,
  summary: "The user's pledges",
  params: ZPageParams.extend({ type: ZPledgeFilter }),
  data: pageOf(ZPledgeOrder),
});

/** 81112 when no running pledge of the user has this id; 81113 once its maturity day has come. */
export const pledgeAutoRenew = defineEndpoint({
  ...ROUTES.pledgeAutoRenew,
  summary: "A running pledge's auto-renew, switched on or off before its maturity day",
  params: z.object({ id: ZIdString, on: z.enum(['0', '1']) }),
  data: ZPledgeOrder,
});

/**
 * SPEC.md's network info for the invest contract (RULES.md "Pledge"): where to invest (investAddress, after an
 * approve of tokenAddress for the maximum), the contract's AIDF balance and what the user invested so far.
 * 81034 when the chain has no invest contract configured; 81035 when the contract holds less than the platform
 * recorded from it (its reserve no longer covers the credits: investing is refused until an operator looks).
 */
export const investInfo = defineEndpoint({
  ...ROUTES.investInfo,
  summary: 'The invest contract: address, its AIDF balance, the AIDF token to approve, and what the user invested',
  data: z.object({
    investAddress: z.string(),
    /** The contract's AIDF balance on chain. */
    balance: ZDecimalString,
    /** What the user's bound wallet invested and was credited, in AIDF. */
    invest_amount: ZDecimalString,
    /** Ours: the AIDF token the wallet approves, its decimals, and the confirmations before a credit. */
    tokenAddress: z.string(),
    decimals: z.number().int().nonnegative(),
    confirmations: z.number().int().nonnegative(),
  }),
});
