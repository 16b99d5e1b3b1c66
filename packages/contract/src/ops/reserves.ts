import { z } from 'zod';
import { ZTimeMs } from '../schemas.ts';
import { defineOpsEndpoint, ZOperatorReason } from './common.ts';

/** Base-unit amounts by currency, as decimal strings. */
const ZAmountsByCurrency = z.record(z.string(), z.string());

/**
 * What one chain holds at one block or slot: the hot wallet, the cold address, deposit addresses not yet swept, the
 * collection address (miner payments) and the invest contract. Reports stored before the last two were read
 * answer them empty.
 */
export const ZChainHolding = z.object({
  at: z.string(),
  /** Solana: the last slot a batch was read at, when the batches' slots differed. */
  atLast: z.string().optional(),
  addresses: z.object({
    hot: z.string().nullable(),
    cold: z.string().nullable(),
    deposit: z.number().int(),
    /** Null: no collection address of its own (miner payments go to the hot wallet). */
    collection: z.string().nullable().default(null),
    /** BNB Smart Chain's invest contract; null on Solana and when none is configured. */
    invest: z.string().nullable().default(null),
  }),
  hot: ZAmountsByCurrency,
  cold: ZAmountsByCurrency,
  unswept: ZAmountsByCurrency,
  collection: ZAmountsByCurrency.default({}),
  invest: ZAmountsByCurrency.default({}),
  total: ZAmountsByCurrency,
  /** What the chain's clearing account says the platform should hold there. */
  shouldHold: ZAmountsByCurrency,
  /** total − shouldHold. */
  difference: ZAmountsByCurrency,
  /** Addresses not read (an error, a refusal, or the report's time for chain reads ran out), with their place. */
  unread: z.array(
    z.object({
      address: z.string(),
      /** Absent in reports stored before it was recorded. */
      kind: z.enum(['hot', 'cold', 'deposit', 'collection', 'invest']).optional(),
      error: z.string(),
    }),
  ),
});

/** What the chain reads found wrong: each is an alert (docs/operator-guide.md "Alerts"). */
export const ZReserveAlerts = z.object({
  shortfall: z.array(z.object({ currency: z.string(), holdings: z.string(), liabilities: z.string() })),
  clearingMismatch: z.array(z.object({ chain: z.string(), currency: z.string(), difference: z.string() })),
  unread: z.number().int(),
  unreadChains: z.array(z.string()),
});

/**
 * A reserves report's summary (docs/architecture.md "Proof of reserves"): what the ledger owes, the Merkle sum
 * tree's root over every user, the chains' clearing accounts, and what operator credits and issuance added.
 */
export const ZReservesReport = z.object({
  id: z.string(),
  createdAt: ZTimeMs,
  /** 'complete' (every address read), 'incomplete' (some address or chain unread) or 'liabilities-only'. */
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
  /** Per chain (amounts in whole units), or `{ error }` for a chain that could not be read; null: not read. */
  chainHoldings: z.record(z.string(), z.union([ZChainHolding, z.object({ error: z.string() })])).nullable(),
  alerts: ZReserveAlerts.nullable(),
  /**
   * The root's publication on BNB Smart Chain: 'pending', 'signed', 'sent', 'published' (block set), 'failed';
   * 'no-chain' (no BNB Smart Chain configured when it was made) and 'no-root' are never published.
   */
  publication: z
    .object({
      status: z.string(),
      from: z.string().nullable(),
      txHash: z.string().nullable(),
      blockNumber: z.string().nullable(),
      error: z.string().nullable(),
    })
    .optional(),
});

/** Proof of reserves: reports run on demand (audited) and the latest one. */
export const opsReserves = {
  runReservesReport: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/reserves/reports',
    auth: true,
    summary:
      "Runs a reserves report now: liabilities, the Merkle sum tree's root, the clearing accounts and what the chains hold",
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
