import { z } from 'zod';
import { ZIdString, ZText, ZTimeMs } from '../schemas.ts';
import { defineOpsEndpoint, opsPageOf, opsPageQuery, ZOperatorReason } from './common.ts';

/** The chains the treasury holds money on. */
export const TREASURY_CHAINS = ['bsc', 'solana'] as const;
export const ZTreasuryChain = z.enum(TREASURY_CHAINS);
export type TTreasuryChain = z.infer<typeof ZTreasuryChain>;

/** A sweep's states (docs/architecture.md "Treasury"). */
export const SWEEP_STATUSES = ['planned', 'gas-funding', 'sweeping', 'swept', 'skipped', 'failed', 'held'] as const;
export const ZSweepStatus = z.enum(SWEEP_STATUSES);
export type TSweepStatus = z.infer<typeof ZSweepStatus>;

/** Decimal text in whole units of a currency ('12.5'); null where the chain was not read. */
const ZWhole = z.string();

/**
 * One chain and currency: what the chain holds (from the latest reserves report's chain reads) beside what its
 * clearing account says it should hold. `source` 'ledger' means the chain was not read yet: only `shouldHold` (the
 * clearing account now) is known. `alert`: the chain holds less than it should, or differs by more than dust.
 */
export const ZTreasuryHolding = z.object({
  chain: z.string(),
  currency: z.string(),
  source: z.enum(['report', 'ledger']),
  hot: ZWhole.nullable(),
  cold: ZWhole.nullable(),
  unswept: ZWhole.nullable(),
  /** The collection address (miner payments) and the invest contract, where they are not the hot wallet. */
  collection: ZWhole.nullable(),
  invest: ZWhole.nullable(),
  total: ZWhole.nullable(),
  shouldHold: ZWhole,
  difference: ZWhole.nullable(),
  /** total ÷ shouldHold, 4 decimals; null when either is unknown or nothing should be held. */
  ratio: z.string().nullable(),
  alert: z.boolean(),
});
export type TTreasuryHolding = z.infer<typeof ZTreasuryHolding>;

/** One currency over every chain: what the chains hold against what the ledger owes users (the report's). */
export const ZTreasuryCoverage = z.object({
  currency: z.string(),
  /** The chains' totals added; null unless every chain holding the currency was read. */
  holdings: ZWhole.nullable(),
  liabilities: ZWhole.nullable(),
  ratio: z.string().nullable(),
  alert: z.boolean(),
});
export type TTreasuryCoverage = z.infer<typeof ZTreasuryCoverage>;

export const ZTreasuryChainState = z.object({
  chain: z.string(),
  hotWallet: z.string().nullable(),
  coldAddress: z.string().nullable(),
  /** The block or slot the report read at; null when not read. */
  readAt: z.string().nullable(),
  /** Why the whole chain could not be read, if so. */
  error: z.string().nullable(),
  /** Addresses the report could not read (never counted as a shortfall). */
  unread: z.array(z.object({ address: z.string(), error: z.string() })),
});

export const ZTreasurySettings = z.object({
  limits: z.array(
    z.object({ chain: z.string(), currency: z.string(), hotMax: z.string().nullable(), hotMin: z.string().nullable() }),
  ),
  minSweep: z.array(z.object({ currency: z.string(), value: z.string().nullable() })),
  coldAddresses: z.array(z.object({ chain: z.string(), value: z.string().nullable() })),
  /** Four-eyes proposals of treasury settings still open (a cold address waits for a second admin). */
  proposals: z.array(
    z.object({
      proposalId: z.string(),
      key: z.string(),
      value: z.string(),
      proposedBy: z.string(),
      createdAt: ZTimeMs,
      expiresAt: ZTimeMs,
    }),
  ),
});

export const ZTreasuryStatus = z.object({
  report: z.object({ id: z.string(), createdAt: ZTimeMs, status: z.string() }).nullable(),
  /** False until a report read the chains: the table then shows the ledger's side only. */
  chainsRead: z.boolean(),
  chains: z.array(ZTreasuryChainState),
  holdings: z.array(ZTreasuryHolding),
  coverage: z.array(ZTreasuryCoverage),
  settings: ZTreasurySettings,
  sweeps: z.array(z.object({ chain: z.string(), status: z.string(), count: z.number().int() })),
  awaitingWithdrawals: z.number().int(),
});
export type TTreasuryStatus = z.infer<typeof ZTreasuryStatus>;

export const ZTreasuryTransaction = z.object({
  id: z.string(),
  purpose: z.string(),
  txHash: z.string(),
  status: z.string(),
  nonce: z.string().nullable(),
  /** The fee burnt, whole units of the chain's native coin (`feeCurrency`); null until confirmed. */
  fee: z.string().nullable(),
  feeCurrency: z.string(),
  createdAt: ZTimeMs,
  confirmedAt: ZTimeMs.nullable(),
});

export const ZSweepRow = z.object({
  id: z.string(),
  chain: z.string(),
  currency: z.string(),
  kind: z.string(),
  status: z.string(),
  /** Base units of the chain (wei, lamports, a token's smallest unit) and the same in whole units. */
  amountBaseUnits: z.string(),
  amount: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  username: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: ZTimeMs,
  updatedAt: ZTimeMs,
  sweptAt: ZTimeMs.nullable(),
  transactions: z.array(ZTreasuryTransaction),
});
export type TSweepRow = z.infer<typeof ZSweepRow>;

export const ZAwaitingWithdrawal = z.object({
  id: z.string(),
  mid: z.string(),
  username: z.string(),
  chain: z.string(),
  currency: z.string(),
  amount: z.string(),
  toAddress: z.string(),
  reason: z.string().nullable(),
  createdAt: ZTimeMs,
  awaitingSince: ZTimeMs.nullable(),
});
export type TAwaitingWithdrawal = z.infer<typeof ZAwaitingWithdrawal>;

const ZSweepAnswer = z.object({ id: z.string(), status: ZSweepStatus });

const sweepAction = (action: 'retry' | 'skip', summary: string) =>
  defineOpsEndpoint({
    method: 'POST',
    path: `/ops/v1/treasury/sweeps/{id}/${action}`,
    auth: true,
    summary,
    params: z.object({ id: ZIdString }),
    body: z.object({ reason: ZOperatorReason }),
    data: ZSweepAnswer,
  });

/** The treasury (docs/operator-guide.md "Treasury"): holdings against the ledger, sweeps, withdrawals waiting. */
export const opsTreasury = {
  treasuryStatus: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/treasury',
    auth: true,
    summary:
      'Per chain and currency: hot, cold, not yet swept against the clearing account and liabilities; settings; sweeps',
    data: ZTreasuryStatus,
  }),
  sweeps: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/treasury/sweeps',
    auth: true,
    summary: 'Sweeps, newest first, with their transactions',
    query: z.object({
      status: z.enum([...SWEEP_STATUSES, 'all']).default('all'),
      chain: ZTreasuryChain.optional(),
      ...opsPageQuery(200, 20),
    }),
    data: opsPageOf(ZSweepRow),
  }),
  retrySweep: sweepAction('retry', 'A held or failed sweep back to planned: the sweeper takes it on its next tick'),
  skipSweep: sweepAction('skip', 'A held or failed sweep given up (skipped) with a reason: its amount stays unswept'),
  sweepNow: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/treasury/sweep-now',
    auth: true,
    summary: "Asks the treasury's sweeper of one chain (or both) to plan at its next tick",
    body: z.object({ chain: ZTreasuryChain.optional(), reason: ZOperatorReason.optional() }),
    data: z.object({ requested: z.array(z.string()) }),
  }),
  recordFunding: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/treasury/fundings',
    auth: true,
    summary:
      "The platform's own money put on a chain (the hot wallet's gas money): checked on chain, booked once per transaction",
    body: z.object({
      chain: ZTreasuryChain,
      currency: ZText(10).regex(/^[a-z]{2,10}$/),
      amount: ZText(60),
      txHash: ZText(120),
      reason: ZOperatorReason,
    }),
    data: z.object({
      movementId: ZIdString,
      replayed: z.boolean(),
      chain: ZTreasuryChain,
      currency: z.string(),
      amount: z.string(),
      txHash: z.string(),
    }),
  }),
  awaitingWithdrawals: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/treasury/awaiting-withdrawals',
    auth: true,
    summary: 'Withdrawals waiting for the hot wallet to be able to cover them (awaiting-funds), oldest first',
    data: z.array(ZAwaitingWithdrawal),
  }),
} as const;
