import { z } from 'zod';
import { ZPriceAmounts } from '../endpoints/machine.ts';
import { MINER_PRICE_FIELDS, type TPriceField } from '../miner-currencies.ts';
import { safeString } from '../safe-string.ts';
import { ZCurrency, ZText, ZTimeInput, ZTimeMs } from '../schemas.ts';
import { defineOpsEndpoint, ZOperatorReason } from './common.ts';

/** A UTC day, from 1970-01-01 to 9999-12-31 (the range of every time a request names: MAX_TIME_MS). */
const ZDay = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    // One refinement: zod runs every check, and toISOString throws on the invalid Date of a day like 2024-13-45.
    return ZTimeInput.safeParse(ms).success && new Date(ms).toISOString().startsWith(d);
  }, 'must be a real calendar day from 1970 to 9999');

/** One setting; value null: known but never set (the built-in default applies). */
export const ZSetting = z.object({
  key: z.string(),
  value: z.string().nullable(),
  updatedAt: ZTimeMs.nullable(),
  updatedBy: z.string().nullable(),
  meaning: z.string().nullable(),
  /** A money setting: a change is a proposal a second, independent admin approves (status proposed). */
  fourEyes: z.boolean(),
});
/** One setting; value null: known but never set (the built-in default applies). */
export type TSetting = z.infer<typeof ZSetting>;

const ZAmountText = ZText(60, 0);
const ZPriceItemChange = z.object({
  worth: ZAmountText.optional(),
  // usdtAmount, bnbAmount, ...: one per currency the miner accepts (MINER_CURRENCIES).
  ...(Object.fromEntries(MINER_PRICE_FIELDS.map((f) => [f, ZAmountText.optional()])) as Record<
    TPriceField,
    ReturnType<typeof ZAmountText.optional>
  >),
  onSale: z.boolean().optional(),
  reason: ZOperatorReason,
});
export type TOpsPriceItemChange = z.input<typeof ZPriceItemChange>;

/** A price item of the AI miner; amounts are decimal strings, '0' unused. */
export const ZOpsPriceItem = z.object({
  id: z.string(),
  worth: z.string(),
  /** The currency of the worth. */
  worthCurrency: ZCurrency,
  ...ZPriceAmounts.shape,
  onSale: z.boolean(),
  updatedBy: z.string().nullable(),
});
/** A price item of the AI miner; amounts are decimal strings, '0' unused. */
export type TOpsPriceItem = z.infer<typeof ZOpsPriceItem>;

/** Settings, price items, and running the jobs by hand (every change audited). */
export const opsConfig = {
  settings: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/config',
    auth: true,
    summary: 'Every setting with its value, who changed it last and what it means',
    data: z.array(ZSetting),
  }),
  setSetting: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/config',
    auth: true,
    summary:
      'Changes a setting at once (applied), or, for a money setting (fourEyes), proposes it for a second admin (proposed)',
    // value '' is for the settings whose shape allows it (the invest contract: investing off); each key's shape decides.
    body: z.object({ key: ZText(100), value: ZText(100, 0), reason: ZOperatorReason }),
    data: z.object({
      status: z.enum(['applied', 'proposed']),
      proposalId: z.string().optional(),
      key: z.string(),
      before: z.string().nullable(),
      after: z.string(),
    }),
  }),
  priceItems: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/machine/items',
    auth: true,
    summary: "The AI miner's price items",
    data: z.array(ZOpsPriceItem),
  }),
  addPriceItem: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/machine/items',
    auth: true,
    summary: 'Adds a price item',
    body: ZPriceItemChange,
    data: ZOpsPriceItem,
  }),
  savePriceItem: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/machine/items/{id}',
    auth: true,
    summary: 'Changes a price item',
    params: z.object({ id: safeString().regex(/^[1-9]\d{0,17}$/) }),
    body: ZPriceItemChange,
    data: ZOpsPriceItem,
  }),
  thirdPartyPayments: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/machine/third-party-payments',
    auth: true,
    summary: 'Payments to the order addresses that no order counted',
    data: z.array(
      z.object({
        id: z.string(),
        chain: z.string(),
        txHash: z.string(),
        eventIndex: z.string(),
        blockNumber: z.string(),
        currency: z.string(),
        from: z.string().nullable(),
        to: z.string(),
        amount: z.string(),
        seenAt: ZTimeMs,
      }),
    ),
  }),
  jobs: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/jobs',
    auth: true,
    summary: 'The daily jobs and the last day each has done',
    data: z.object({ jobs: z.array(z.string()), lastDone: z.array(z.object({ job: z.string(), day: z.string() })) }),
  }),
  runJob: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/jobs/{job}/run',
    auth: true,
    summary: "Runs a daily job's day by hand (in production only days that have begun); busy while another runs it",
    params: z.object({ job: ZText(64, 0) }),
    body: z.object({ date: ZDay }),
    data: z.object({
      job: z.string(),
      day: z.string(),
      status: z.enum(['done', 'busy']),
      items: z.number().int().optional(),
    }),
  }),
  runTick: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/ticks/{name}/run',
    auth: true,
    summary: 'Runs a periodic job once by hand; beside the dev chains and in tests at a given moment (`now`)',
    params: z.object({ name: ZText(64, 0) }),
    body: z.object({ now: ZTimeInput.optional() }).optional(),
    data: z.object({ job: z.string(), items: z.number().int() }),
  }),
} as const;
