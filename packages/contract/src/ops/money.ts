import { z } from 'zod';
import { WITHDRAW_CURRENCIES } from '../constants.ts';
import { SUBMODES } from '../currencies.ts';
import { safeString } from '../safe-string.ts';
import { ZCurrency, ZDecimalString, ZIdString, ZSubmode, ZText, ZTimeMs } from '../schemas.ts';
import { defineOpsEndpoint, opsPageOf, opsPageQuery, ZOperatorReason, ZOperatorRole } from './common.ts';

const ZProposalId = z.object({ proposalId: ZIdString });
const ZWithdrawalId = z.object({ id: ZIdString });
const ZReasonBody = z.object({ reason: ZOperatorReason });

/** An amount per limit period; null: no limit of that kind. */
const ZPeriodAmounts = z.object({ day: z.string().nullable(), days30: z.string().nullable() });

/** One user's withdrawal limits in one currency: the platform's settings, the user's own, and what is left. */
export const ZUserWithdrawLimits = z.object({
  currency: z.enum(WITHDRAW_CURRENCIES),
  platform: ZPeriodAmounts,
  own: ZPeriodAmounts,
  left: ZPeriodAmounts,
});

/** An Invested event the invest watcher recorded without a credit (chain-status). */
const ZRecordedInvest = z.object({
  id: z.string(),
  fromAddress: z.string(),
  amount: z.string(),
  txHash: z.string(),
  logIndex: z.number(),
  blockNumber: z.string(),
  seenAt: z.string(),
});

/** What a second operator approves: money (credit, a held payout's retry or refund), who may act, a setting. */
export const PROPOSAL_KINDS = [
  'credit',
  'payout-retry',
  'payout-refund',
  'operator-create',
  'operator-role',
  'operator-disable',
  'setting',
  'withdraw-limit',
] as const;
export type TProposalKind = (typeof PROPOSAL_KINDS)[number];

export const PROPOSAL_FILTERS = ['proposed', 'applied', 'withdrawn', 'expired', 'all'] as const;
export type TProposalFilter = (typeof PROPOSAL_FILTERS)[number];

/**
 * A proposal of any kind (credit, held payout's retry or refund, operator, role, disabling, setting). Its payload's fields
 * are spread in and kept as they are: the ones the console shows are named here.
 */
export const ZProposal = z.looseObject({
  proposalId: z.string(),
  kind: z.enum(PROPOSAL_KINDS),
  status: z.string(),
  userId: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  username: z.string().optional(),
  currency: z.string().optional(),
  amount: z.string().optional(),
  toAddress: z.string().optional(),
  /** operator-create, operator-role: the role (operator-disable: the admin's); setting: the key and the new value. */
  role: z.string().optional(),
  key: z.string().optional(),
  value: z.string().optional(),
  /** withdraw-limit: the period of the user's own limit (amount and currency above). */
  period: z.string().optional(),
  reason: z.string(),
  proposedBy: z.string(),
  approvedBy: z.string().nullable(),
  movementId: z.string().nullable(),
  createdAt: ZTimeMs,
  appliedAt: ZTimeMs.nullable(),
  expiresAt: ZTimeMs,
  withdrawnBy: z.string().nullable(),
  withdrawnAt: ZTimeMs.nullable(),
  /** Whether the operator reading the list could approve it now. */
  canApprove: z.boolean(),
  /** Why not: the code and message an approval would be refused with (1409, 1410, 403, 1403, 14031-14035). */
  cannotApprove: z.object({ code: z.number(), message: z.string() }).nullable(),
});
export type TProposal = z.infer<typeof ZProposal>;

/** What an approval applied; an approved new operator's carries its credentials, shown once. */
export const ZApproval = z.object({
  status: z.string(),
  proposalId: z.string(),
  movementId: z.string().optional(),
  username: z.string().optional(),
  role: ZOperatorRole.optional(),
  password: z.string().optional(),
  otpauthUri: z.string().optional(),
  /** A setting's change: its key and values. */
  key: z.string().optional(),
  before: z.string().nullable().optional(),
  after: z.string().optional(),
});

export const ZCreditAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('credited'), movementId: z.string(), replayed: z.boolean(), username: z.string() }),
  z.object({ status: z.literal('proposed'), proposalId: z.string(), replayed: z.boolean(), username: z.string() }),
]);

/** A held payout's retry or refund: done (its new status), or a proposal at or above the threshold. */
export const ZPayoutActionAnswer = z.object({ status: z.string(), proposalId: z.string().optional() });

export const ZPayoutRow = z.object({
  id: z.string(),
  mid: z.string(),
  username: z.string(),
  chain: z.string(),
  currency: z.string(),
  amount: z.string(),
  toAddress: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: ZTimeMs,
});
export type TPayoutRow = z.infer<typeof ZPayoutRow>;

const ZWatcherStatus = z.object({
  chain: z.string(),
  rpcUrl: z.string(),
  lastScannedBlock: z.string().nullable(),
  head: z.string().nullable(),
  confirmedHead: z.string().nullable(),
  lagBlocks: z.string().nullable(),
  scannedAt: z.string().nullable(),
  rpcErrors: z.string(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Why the watcher does not scan at all, with what to do (e.g. "set machine.collectionAddress.solana"); null when it does. */
  notConfigured: z.string().nullable(),
});

export const ZChainStatus = z.object({
  watchers: z.array(ZWatcherStatus),
  collectionWatchers: z.array(ZWatcherStatus),
  hotWallet: z
    .union([
      z.object({ chain: z.string(), address: z.string(), error: z.string() }),
      z.object({ chain: z.string(), address: z.string(), bnb: z.string(), cow: z.string().nullable() }),
    ])
    .nullable(),
  payoutWorker: z
    .object({
      lastOkAt: z.string().nullable(),
      errors: z.string(),
      lastError: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
    })
    .nullable(),
  /** How many withdrawals are in each status. */
  withdrawals: z.record(z.string(), z.number()),
  heldPayouts: z.array(
    z.object({
      id: z.string(),
      toAddress: z.string(),
      amount: z.string(),
      signed: z.boolean(),
      nonce: z.string().nullable(),
      txHash: z.string().nullable(),
      reason: z.string().nullable(),
      heldAt: z.string().nullable(),
    }),
  ),
  /** Payouts waiting for the hot wallet to be refilled, the longest waiting first (never signed). */
  awaitingFunds: z.array(
    z.object({
      id: z.string(),
      toAddress: z.string(),
      amount: z.string(),
      reason: z.string().nullable(),
      since: z.string().nullable(),
    }),
  ),
  invest: z
    .object({
      chain: z.literal('bsc'),
      contract: z.string().nullable(),
      balance: z.string().nullable(),
      recorded: z.string().nullable(),
      shortfall: z.string().nullable(),
      reserveError: z.string().nullable(),
      lastScannedBlock: z.string().nullable(),
      scannedAt: z.string().nullable(),
      rpcErrors: z.string(),
      lastError: z.string().nullable(),
      unbound: z.array(ZRecordedInvest),
      /** Invested events credited to no one: no AIDF moved with them, or their transfer was credited before. */
      notCredited: z.array(ZRecordedInvest.extend({ reason: z.enum(['no-transfer', 'already-credited']) })),
    })
    .nullable(),
});

export const ZLedgerCheck = z.object({
  ok: z.boolean(),
  balanceDrift: z.array(z.object({ account: z.string(), balance: z.string(), entries: z.string() })),
  currencyNotZero: z.array(z.object({ currency: z.string(), total: z.string() })),
  movementNotBalanced: z.array(z.object({ movement: z.string(), currency: z.string(), total: z.string() })),
  negativeUserBalances: z.array(z.object({ account: z.string(), balance: z.string() })),
});

export const ZDashboard = z.object({
  balances: z.array(z.object({ currency: z.string(), available: z.string(), frozen: z.string(), holders: z.number() })),
  ledger: z.object({ ok: z.boolean(), checkedAt: ZTimeMs.nullable(), problems: z.number() }),
  watchers: z.array(z.object({ chain: z.string(), lagBlocks: z.number().nullable() })),
  payouts: z.object({ queued: z.number(), held: z.number() }),
  pendingOrders: z.number(),
  jobs: z.array(z.object({ job: z.string(), lastDay: z.string().nullable(), ranAt: ZTimeMs.nullable() })),
  /**
   * The latest reserves report's alerts (null before any report): a shortfall (the chains hold less than the users
   * are owed) or a clearing mismatch is the dashboard's red line; unread addresses make the report incomplete.
   */
  reserves: z
    .object({
      reportId: z.string(),
      createdAt: ZTimeMs,
      status: z.string(),
      shortfall: z.array(z.object({ currency: z.string(), holdings: z.string(), liabilities: z.string() })),
      clearingMismatch: z.array(z.object({ chain: z.string(), currency: z.string(), difference: z.string() })),
      unread: z.number(),
      unreadChains: z.array(z.string()),
      /** Where the report's root stands on BNB Smart Chain: 'published' (block set), 'no-chain' (never), on its way. */
      publication: z.object({ status: z.string(), blockNumber: z.string().nullable() }),
    })
    .nullable(),
});
export type TDashboard = z.infer<typeof ZDashboard>;

const heldPayoutAction = (action: 'retry' | 'refund', summary: string) =>
  defineOpsEndpoint({
    method: 'POST',
    path: `/ops/v1/payouts/{id}/${action}`,
    auth: true,
    summary,
    params: ZWithdrawalId,
    body: ZReasonBody,
    data: ZPayoutActionAnswer,
  });

/** Money: credits and their four-eyes proposals, held payouts, the chains' and the ledger's state. */
export const opsMoney = {
  credit: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/credit',
    auth: true,
    summary: 'Credits a user: below CREDIT_APPROVAL_THRESHOLD at once (credited), otherwise a proposal (proposed)',
    body: z.object({
      username: ZText(64),
      currency: ZCurrency,
      submode: ZSubmode.default(SUBMODES.normal),
      amount: ZDecimalString,
      reason: ZOperatorReason,
      requestId: safeString().min(8).max(100).optional(),
    }),
    data: ZCreditAnswer,
  }),
  /** One user's own withdrawal limit: always a proposal a second finance operator or admin approves. */
  withdrawLimit: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/users/{mid}/withdraw-limit',
    auth: true,
    summary: "Proposes one user's own withdrawal limit (per day or per 30 days) for a second operator to approve",
    params: z.object({ mid: ZIdString }),
    body: z.object({
      currency: z.enum(WITHDRAW_CURRENCIES),
      period: z.enum(['day', 'days30']),
      amount: ZText(40),
      reason: ZOperatorReason,
    }),
    data: z.object({ status: z.literal('proposed'), proposalId: z.string() }),
  }),
  userWithdrawLimits: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/users/{mid}/withdraw-limits',
    auth: true,
    summary:
      "One user's withdrawal limits per currency: the platform's, the user's own, what is left today and in 30 days",
    params: z.object({ mid: ZIdString }),
    data: z.array(ZUserWithdrawLimits),
  }),
  approveCredit: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/credit/{proposalId}/approve',
    auth: true,
    summary: 'A second finance or admin operator applies a proposed credit, exactly once',
    params: ZProposalId,
    data: ZApproval,
  }),
  proposals: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/proposals',
    auth: true,
    summary: 'Proposals of every kind (credit, held payout, operator, role, four-eyes setting): the approvals page',
    query: z.object({ status: z.enum(PROPOSAL_FILTERS).default('proposed') }),
    data: z.array(ZProposal),
  }),
  approveProposal: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/proposals/{proposalId}/approve',
    auth: true,
    summary: 'A second operator applies a proposal of any kind, exactly once',
    params: ZProposalId,
    data: ZApproval,
  }),
  withdrawProposal: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/proposals/{proposalId}/withdraw',
    auth: true,
    summary: 'Its proposer or an admin closes an open proposal; it can never be approved afterwards',
    params: ZProposalId,
    body: ZReasonBody,
    data: z.object({ status: z.literal('withdrawn'), proposalId: z.string() }),
  }),
  retryPayout: heldPayoutAction(
    'retry',
    'A held payout back to the payout worker; at or above the threshold a proposal',
  ),
  refundPayout: heldPayoutAction('refund', 'A held payout refunded to the user; at or above the threshold a proposal'),
  payouts: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/payouts',
    auth: true,
    summary: 'Payouts set aside (held, waiting for an operator) or queued for the worker, oldest first',
    query: z.object({ status: z.enum(['held', 'queued', 'all']).default('held'), ...opsPageQuery(200, 20) }),
    data: opsPageOf(ZPayoutRow),
  }),
  chainStatus: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/chain/status',
    auth: true,
    summary: 'The chain watchers, the hot wallet, the payout worker, held payouts and the invest contract',
    data: ZChainStatus,
  }),
  ledgerCheck: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/ledger/check',
    auth: true,
    summary: 'The ledger check: every balance equals its entries, every movement and currency sums to zero',
    data: ZLedgerCheck,
  }),
  dashboard: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/dashboard',
    auth: true,
    summary: "The console's dashboard: money's state at a glance",
    data: ZDashboard,
  }),
} as const;
