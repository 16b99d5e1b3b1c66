import { z } from 'zod';
import { PLEDGE_DAYS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZDecimalString, ZPageParams, ZSubmode, ZTimeMs } from '../schemas.ts';
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
});

export type TPledgeOrder = z.infer<typeof ZPledgeOrder>;

export const pledge = defineEndpoint({
  ...ROUTES.pledge,
  summary: "Pledge AIDF for a period, signed 'pledge-{timestamp}'",
  params: z.object({ amount: ZDecimalString, days: ZPledgeDays, submode: ZSubmode }),
  body: ZWalletSignature,
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
