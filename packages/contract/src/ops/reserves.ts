import { z } from 'zod';
import { ZTimeMs } from '../schemas.ts';
import { defineOpsEndpoint, ZOperatorReason } from './common.ts';

/** Base-unit amounts by currency, as decimal strings. */
const ZAmountsByCurrency = z.record(z.string(), z.string());

/**
 * A reserves report's summary (docs/architecture.md "Proof of reserves"): what the ledger owes, the Merkle sum
 * tree's root over every user, the chains' clearing accounts, and what operator credits and issuance added.
 */
export const ZReservesReport = z.object({
  id: z.string(),
  createdAt: ZTimeMs,
  /** 'liabilities-only' until the chains' balances are read beside it. */
  status: z.string(),
  currencies: z.array(z.string()),
  baseUnitDecimals: z.number().int(),
  userCount: z.number().int(),
  treeDepth: z.number().int(),
  root: z.object({ hash: z.string(), sums: z.array(z.string()) }).nullable(),
  rootHash: z.string().nullable(),
  rootSums: z.array(z.string()),
  userBalances: ZAmountsByCurrency,
  held: z.record(z.string(), ZAmountsByCurrency),
  liabilities: ZAmountsByCurrency,
  clearing: z.record(z.string(), ZAmountsByCurrency),
  operatorCredits: ZAmountsByCurrency,
  issuance: ZAmountsByCurrency,
  chainHoldings: z.unknown(),
});
export type TReservesReport = z.infer<typeof ZReservesReport>;

/** Proof of reserves: reports run on demand (audited) and the latest one. */
export const opsReserves = {
  runReservesReport: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/reserves/reports',
    auth: true,
    summary: "Runs a reserves report now: liabilities, the Merkle sum tree's root, the clearing accounts",
    body: z.object({ reason: ZOperatorReason.optional() }).optional(),
    data: ZReservesReport,
  }),
  latestReservesReport: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/reserves/reports/latest',
    auth: true,
    summary: 'The latest reserves report (81047 before the first)',
    data: ZReservesReport,
  }),
} as const;
