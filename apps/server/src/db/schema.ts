import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors the SQL migrations in ./migrations; test/platform.api.test.ts fails when the two drift apart.

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  walletAddress: text('wallet_address'),
  chainCurrency: text('chain_currency'),
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  inviterId: bigint('inviter_id', { mode: 'bigint' }).references((): AnyPgColumn => users.id),
});

export const boundAddresses = pgTable(
  'bound_addresses',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    walletAddress: text('wallet_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] })],
);

export const usedSignatures = pgTable(
  'used_signatures',
  {
    address: text('address').notNull(),
    signContent: text('sign_content').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.signContent] })],
);

export const emailCodes = pgTable('email_codes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  /** 'login' or 'bind-address' (issue 9 point 1): a code works only for what it was sent for. */
  purpose: text('purpose').notNull().default('login'),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const announcements = pgTable('announcements', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  // 0025_announcement_drafts.sql: null while a draft.
  publishTime: timestamp('publish_time', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const announcementTranslations = pgTable(
  'announcement_translations',
  {
    announcementId: bigint('announcement_id', { mode: 'bigint' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.language] })],
);

export const tokenConfigs = pgTable(
  'token_configs',
  {
    chainCurrency: text('chain_currency').notNull(),
    currency: text('currency').notNull(),
    contractAddress: text('contract_address'),
    decimals: integer('decimals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainCurrency, t.currency] })],
);

export const accounts = pgTable('accounts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  ownerUserId: bigint('owner_user_id', { mode: 'bigint' }).references(() => users.id),
  platformCode: text('platform_code'),
  currency: text('currency').notNull(),
  submode: text('submode').notNull().default('00'),
  balance: numeric('balance', { precision: 48, scale: 18 }).notNull().default('0'),
});

export const movements = pgTable('movements', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  type: text('type').notNull(),
  idemKey: text('idem_key').notNull().unique(),
  ref: text('ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const entries = pgTable('entries', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  movementId: bigint('movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
  accountId: bigint('account_id', { mode: 'bigint' })
    .notNull()
    .references(() => accounts.id),
  type: text('type').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 48, scale: 18 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operatorActions = pgTable('operator_actions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  operator: text('operator').notNull(),
  action: text('action').notNull(),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  reason: text('reason').notNull(),
  detail: jsonb('detail').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0023_operator_audit.sql: issue 16's audit trail.
  role: text('role').notNull(),
  target: text('target'),
  before: jsonb('before_value'),
  after: jsonb('after_value'),
  clientAddress: text('client_address'),
});

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    chainCurrency: text('chain_currency').notNull(),
    address: text('address').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainCurrency] })],
);

export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const workerHealth = pgTable('worker_health', {
  name: text('name').primaryKey(),
  lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  errors: bigint('errors', { mode: 'bigint' }).notNull().default(0n),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain').primaryKey(),
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  lastBlockHash: text('last_block_hash'),
  genesisHash: text('genesis_hash').notNull(),
  headBlock: bigint('head_block', { mode: 'bigint' }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  rpcErrors: bigint('rpc_errors', { mode: 'bigint' }).notNull().default(0n),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

export const chainDeposits = pgTable('chain_deposits', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  genesisHash: text('genesis_hash').notNull(),
  txHash: text('tx_hash').notNull(),
  eventIndex: text('event_index').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash'),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  currency: text('currency').notNull(),
  tokenContract: text('token_contract'),
  fromAddress: text('from_address'),
  toAddress: text('to_address').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  movementId: bigint('movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const withdrawals = pgTable('withdrawals', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  chain: text('chain').notNull(),
  currency: text('currency').notNull(),
  toAddress: text('to_address').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  fee: numeric('fee', { precision: 48, scale: 18 }).notNull(),
  receiveAmount: numeric('receive_amount', { precision: 48, scale: 18 }).notNull(),
  utcDay: date('utc_day').notNull(),
  idemKey: text('idem_key').notNull().unique(),
  requestMovementId: bigint('request_movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
  status: text('status').notNull(),
  hotWallet: text('hot_wallet'),
  nonce: bigint('nonce', { mode: 'bigint' }),
  signedTx: text('signed_tx'),
  txHash: text('tx_hash').unique(),
  blockNumber: bigint('block_number', { mode: 'bigint' }),
  failure: text('failure'),
  settleMovementId: bigint('settle_movement_id', { mode: 'bigint' }).references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  signedAt: timestamp('signed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  // Issue 9 point 2 (0008_payout_isolation.sql): set aside for an operator, and when the bytes were priced.
  heldReason: text('held_reason'),
  heldAt: timestamp('held_at', { withTimezone: true }),
  pricedAtBlock: bigint('priced_at_block', { mode: 'bigint' }),
});

export const hotWalletNonces = pgTable(
  'hot_wallet_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

// Issue 10: settings, the jobs layer and pledges (migration 0013).
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default('seed'),
});

export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    day: date('day').notNull(),
    status: text('status').notNull(),
    owner: text('owner').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    items: bigint('items', { mode: 'bigint' }).notNull().default(0n),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

export const pledges = pgTable('pledges', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  days: integer('days').notNull(),
  rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
  submode: text('submode').notNull(),
  startDay: date('start_day').notNull(),
  endDay: date('end_day').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paid: numeric('paid', { precision: 48, scale: 18 }).notNull().default('0'),
  paidDays: integer('paid_days').notNull().default(0),
  lastPaidDay: date('last_paid_day'),
  status: text('status').notNull().default('running'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  idemKey: text('idem_key').notNull().unique(),
  movementId: bigint('movement_id', { mode: 'bigint' })
    .notNull()
    .references(() => movements.id),
});

export const pledgePayouts = pgTable(
  'pledge_payouts',
  {
    pledgeId: bigint('pledge_id', { mode: 'bigint' })
      .notNull()
      .references(() => pledges.id),
    day: date('day').notNull(),
    amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
    principal: numeric('principal', { precision: 48, scale: 18 }).notNull().default('0'),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
  },
  (t) => [primaryKey({ columns: [t.pledgeId, t.day] })],
);

// Issue 9 point 1: security changes of an account and the hold on money leaving it (0007_security_hold.sql).
export const securityChanges = pgTable('security_changes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  kind: text('kind').notNull(),
  currency: text('currency'),
  walletAddress: text('wallet_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
});

// Issue 9 points 3 and 7: fixed-window attempt counters (0009_attempt_limits.sql; login_failures is gone).
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.windowStart] })],
);

// Issue 9 point 2: every signed variant of a payout, one nonce, several gas prices (0008_payout_isolation.sql).
export const payoutVariants = pgTable('payout_variants', {
  txHash: text('tx_hash').primaryKey(),
  withdrawalId: bigint('withdrawal_id', { mode: 'bigint' })
    .notNull()
    .references(() => withdrawals.id),
  signedTx: text('signed_tx').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Issue 13: feedback tickets, their messages and image attachments (0016_feedback.sql).
/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const tickets = pgTable('tickets', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  status: text('status').notNull().default('open'),
  aboutKind: text('about_kind'),
  aboutId: text('about_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull().defaultNow(),
});

export const ticketMessages = pgTable('ticket_messages', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  ticketId: bigint('ticket_id', { mode: 'bigint' })
    .notNull()
    .references(() => tickets.id),
  author: text('author').notNull(),
  operator: text('operator'),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const attachmentBlobs = pgTable('attachment_blobs', {
  sha256: text('sha256').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const attachments = pgTable('attachments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  sha256: text('sha256')
    .notNull()
    .references(() => attachmentBlobs.sha256),
  messageId: bigint('message_id', { mode: 'bigint' }).references(() => ticketMessages.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Issue 12: the invitation tree's closure, team volumes and star levels, purchases counted, bonuses paid
// (0017_team.sql).
export const teamTree = pgTable(
  'team_tree',
  {
    ancestorId: bigint('ancestor_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    descendantId: bigint('descendant_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.descendantId, t.ancestorId] })],
);

export const teamStats = pgTable('team_stats', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  directCount: integer('direct_count').notNull().default(0),
  teamVolume: numeric('team_volume', { precision: 48, scale: 18 }).notNull().default('0'),
  ownVolume: numeric('own_volume', { precision: 48, scale: 18 }).notNull().default('0'),
  level: integer('level').notNull().default(0),
});

export const teamPurchases = pgTable('team_purchases', {
  orderId: bigint('order_id', { mode: 'bigint' }).primaryKey(),
  buyerId: bigint('buyer_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  worth: numeric('worth', { precision: 48, scale: 18 }).notNull(),
  boughtAt: timestamp('bought_at', { withTimezone: true }).notNull(),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
});

export const teamBonuses = pgTable(
  'team_bonuses',
  {
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => teamPurchases.orderId),
    beneficiaryId: bigint('beneficiary_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    depth: integer('depth').notNull(),
    level: integer('level').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    rateBelow: numeric('rate_below', { precision: 20, scale: 8 }).notNull(),
    due: numeric('due', { precision: 48, scale: 18 }).notNull(),
    amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
    note: text('note').notNull(),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.beneficiaryId, t.type] })],
);

// Issue 11: the AI miner (0015_ai_miner.sql).
const money = (name: string) => numeric(name, { precision: 48, scale: 18 });

export const machinePriceItems = pgTable('machine_price_items', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  worth: money('worth').notNull(),
  bnbAmount: money('bnb_amount').notNull().default('0'),
  solAmount: money('sol_amount').notNull().default('0'),
  usdtAmount: money('usdt_amount').notNull().default('0'),
  eoeoAmount: money('eoeo_amount').notNull().default('0'),
  onSale: boolean('on_sale').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default('seed'),
});

export const machineOrders = pgTable('machine_orders', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  itemId: bigint('item_id', { mode: 'bigint' })
    .notNull()
    .references(() => machinePriceItems.id),
  worth: money('worth').notNull(),
  bnbAmount: money('bnb_amount').notNull(),
  solAmount: money('sol_amount').notNull(),
  usdtAmount: money('usdt_amount').notNull(),
  eoeoAmount: money('eoeo_amount').notNull(),
  lackBnb: money('lack_bnb').notNull().default('0'),
  lackSol: money('lack_sol').notNull().default('0'),
  lackEoeo: money('lack_eoeo').notNull().default('0'),
  paidBnb: money('paid_bnb').notNull().default('0'),
  paidSol: money('paid_sol').notNull().default('0'),
  paidEoeo: money('paid_eoeo').notNull().default('0'),
  status: smallint('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  holdMovementId: bigint('hold_movement_id', { mode: 'bigint' }).references(() => movements.id),
  // 0026_order_terms.sql: the mining terms when the order was placed (null before that migration).
  dailyRate: numeric('daily_rate', { precision: 20, scale: 8 }),
  capMultiple: numeric('cap_multiple', { precision: 20, scale: 8 }),
  // 0024_machine_order_chain_heads.sql: each chain's head as the collection watcher last saw it at opening.
  chainHeadsAtOpen: jsonb('chain_heads_at_open').$type<ChainHeads>(),
});

/** Per chain: the chain instance (genesis hash) and its newest block the collection watcher had seen. */
export type ChainHeads = Partial<Record<'bsc' | 'solana', { genesis: string; head: string }>>;

export const machines = pgTable('machines', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id),
  orderId: bigint('order_id', { mode: 'bigint' })
    .notNull()
    .unique()
    .references(() => machineOrders.id),
  worth: money('worth').notNull(),
  dailyIncome: money('daily_income').notNull(),
  cap: money('cap').notNull(),
  mined: money('mined').notNull().default('0'),
  startDay: date('start_day').notNull(),
  lastMinedDay: date('last_mined_day'),
  status: text('status').notNull().default('running'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  outAt: timestamp('out_at', { withTimezone: true }),
});

export const machineMining = pgTable(
  'machine_mining',
  {
    machineId: bigint('machine_id', { mode: 'bigint' })
      .notNull()
      .references(() => machines.id),
    day: date('day').notNull(),
    amount: money('amount').notNull(),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => movements.id),
  },
  (t) => [primaryKey({ columns: [t.machineId, t.day] })],
);

export const machinePayments = pgTable('machine_payments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  // 0020_machine_payment_genesis.sql: the chain instance, part of the payment's unique key.
  genesisHash: text('genesis_hash').notNull(),
  txHash: text('tx_hash').notNull(),
  eventIndex: text('event_index').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash'),
  currency: text('currency').notNull(),
  tokenContract: text('token_contract'),
  fromAddress: text('from_address'),
  toAddress: text('to_address').notNull(),
  amount: money('amount').notNull(),
  state: text('state').notNull().default('seen'),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  orderId: bigint('order_id', { mode: 'bigint' }).references(() => machineOrders.id),
  appliedAmount: money('applied_amount').notNull().default('0'),
  creditedAmount: money('credited_amount').notNull().default('0'),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

export const machineOrderHints = pgTable(
  'machine_order_hints',
  {
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => machineOrders.id),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chain, t.txHash] })],
);

export const machinePaymentCursors = pgTable('machine_payment_cursors', {
  chain: text('chain').primaryKey(),
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  genesisHash: text('genesis_hash').notNull(),
  // 0018_miner_payments.sql: reorganisation check and the operator's view of the collection watcher.
  lastBlockHash: text('last_block_hash'),
  headBlock: bigint('head_block', { mode: 'bigint' }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  rpcErrors: bigint('rpc_errors', { mode: 'bigint' }).notNull().default(0n),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

// Issue 10 point 7: the invest contract's watcher cursor and the Invested events it recorded (0014_invest.sql).
export const investCursors = pgTable('invest_cursors', {
  chain: text('chain').primaryKey(),
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  lastBlockHash: text('last_block_hash'),
  genesisHash: text('genesis_hash').notNull(),
  headBlock: bigint('head_block', { mode: 'bigint' }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  rpcErrors: bigint('rpc_errors', { mode: 'bigint' }).notNull().default(0n),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

export const chainInvests = pgTable('chain_invests', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  genesisHash: text('genesis_hash').notNull(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  contractAddress: text('contract_address').notNull(),
  fromAddress: text('from_address').notNull(),
  amount: numeric('amount', { precision: 48, scale: 18 }).notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// 0022_operators.sql: issue 16's named operators and their sessions.
export const operators = pgTable('operators', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull().unique(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret').notNull(),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0025_announcement_drafts.sql: the first successful sign-in; until then POST /ops/v1/auth/enroll shows the QR.
  firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
});

export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'bigint' })
    .notNull()
    .references(() => operators.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// 0023_operator_audit.sql: four eyes on money.
export const operatorProposals = pgTable('operator_proposals', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
  withdrawalId: bigint('withdrawal_id', { mode: 'bigint' }).references(() => withdrawals.id),
  payload: jsonb('payload').notNull(),
  reason: text('reason').notNull(),
  requestId: text('request_id').unique(),
  status: text('status').notNull().default('proposed'),
  proposedBy: text('proposed_by').notNull(),
  approvedBy: text('approved_by'),
  movementId: bigint('movement_id', { mode: 'bigint' }).references(() => movements.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
});
