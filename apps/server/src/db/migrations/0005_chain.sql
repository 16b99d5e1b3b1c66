-- On chain (RULES.md "Recharge and withdrawal", ARCHITECTURE.md "Chains"): the watcher's cursor per chain,
-- the deposits it credited, the withdrawals and their payouts, and the hot wallet's nonces.

-- Background workers that must run once across instances hold a lease: a row they renew while alive.
CREATE TABLE worker_leases (
  name text PRIMARY KEY,
  owner text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Where the deposit watcher of a chain goes on from, and what the operator's chain-status reports.
CREATE TABLE chain_cursors (
  chain text PRIMARY KEY CHECK (chain IN ('bsc', 'solana')),
  -- The first block (slot on Solana) not yet scanned.
  next_block bigint NOT NULL,
  -- Hash of block next_block - 1 as scanned: if the chain later shows another one, a reorganisation went
  -- deeper than the confirmation depth and scanning stops for an operator.
  last_block_hash text,
  -- Identity of the chain the cursor belongs to (its genesis hash): a development chain started afresh
  -- starts its cursor afresh.
  genesis_hash text NOT NULL,
  head_block bigint,
  scanned_at timestamptz,
  rpc_errors bigint NOT NULL DEFAULT 0,
  last_error text,
  last_error_at timestamptz
);

CREATE TABLE chain_deposits (
  id bigserial PRIMARY KEY,
  chain text NOT NULL,
  -- The chain instance (its genesis hash): a restarted dev chain repeats transaction hashes of the last one.
  genesis_hash text NOT NULL,
  tx_hash text NOT NULL,
  -- The log index on BNB Smart Chain; on Solana the balance that rose ('sol:3', 'spl:2').
  event_index text NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  user_id bigint NOT NULL REFERENCES users(id),
  currency text NOT NULL,
  token_contract text,
  from_address text,
  to_address text NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  movement_id bigint NOT NULL REFERENCES movements(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Each transfer is credited once, whoever scans it and however often.
  UNIQUE (chain, genesis_hash, tx_hash, event_index)
);
CREATE INDEX chain_deposits_user_idx ON chain_deposits (user_id, id DESC);

CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  chain text NOT NULL CHECK (chain IN ('bsc')),
  currency text NOT NULL,
  to_address text NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  fee numeric(48, 18) NOT NULL CHECK (fee >= 0),
  receive_amount numeric(48, 18) NOT NULL CHECK (receive_amount > 0),
  -- The UTC day of the request, for the limit of RULES.md (2 per user per day).
  utc_day date NOT NULL,
  idem_key text NOT NULL UNIQUE,
  request_movement_id bigint NOT NULL REFERENCES movements(id),
  -- requested → signed (nonce and signed bytes kept) → sent → confirmed, or → refunded when it failed.
  status text NOT NULL CHECK (status IN ('requested', 'signed', 'sent', 'confirmed', 'refunded')),
  hot_wallet text,
  nonce bigint,
  signed_tx text,
  tx_hash text UNIQUE,
  block_number bigint,
  failure text,
  settle_movement_id bigint REFERENCES movements(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  signed_at timestamptz,
  sent_at timestamptz,
  finished_at timestamptz,
  CHECK ((status IN ('requested')) = (signed_tx IS NULL)),
  UNIQUE (chain, hot_wallet, nonce)
);
CREATE INDEX withdrawals_user_day_idx ON withdrawals (user_id, utc_day);
CREATE INDEX withdrawals_open_idx ON withdrawals (status, id) WHERE status IN ('requested', 'signed', 'sent');

-- The next nonce of each hot wallet, kept here rather than asked of the node: two payouts never share one,
-- and a payout signed before a crash keeps its own.
CREATE TABLE hot_wallet_nonces (
  chain text NOT NULL,
  address text NOT NULL,
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
  PRIMARY KEY (chain, address)
);
