-- The treasury's sweeps (docs/architecture.md "Treasury"): what a deposit address received is collected into the
-- platform's hot wallet, and what the hot wallet holds above treasury.hotMax goes on to the cold address.
-- A sweep is one (chain, deposit address, currency) amount with its own state:
--   planned → gas-funding (BNB Smart Chain: the deposit address gets exactly the gas it lacks) → sweeping → swept;
--   skipped (below treasury.minSweep, or worth less than twice its gas; an operator's skip also lands here);
--   failed (a step went wrong; retried on a later tick) → held (after repeated failures: an operator retries or
--   skips it, with a reason).
-- A sweep moves no user balance: the chain's clearing account says what the platform holds on the chain, wherever
-- on the chain it sits. Only the gas it burns is booked (a chain-fee movement).
CREATE TABLE sweeps (
  id bigserial PRIMARY KEY,
  chain text NOT NULL CHECK (chain IN ('bsc', 'solana')),
  currency text NOT NULL,
  -- 'deposit': a deposit address to the hot wallet; 'to-cold': the hot wallet's excess above hotMax to cold.
  kind text NOT NULL CHECK (kind IN ('deposit', 'to-cold')),
  from_address text NOT NULL,
  -- The deposit address's owner and the index its key is derived at (null for 'to-cold').
  user_id bigint REFERENCES users (id),
  derivation_index integer,
  to_address text NOT NULL,
  -- The chain's base units (wei, lamports, a token's smallest unit).
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('planned', 'gas-funding', 'sweeping', 'swept', 'skipped', 'failed', 'held')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  -- Why it was skipped or held, and by whom when an operator did it.
  reason text,
  operator_id bigint REFERENCES operators (id),
  -- Native base units: the gas top-up sent to the deposit address, and the fee the sweep's transactions burnt.
  gas_topup numeric(78, 0),
  fee_paid numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  swept_at timestamptz,
  CHECK ((kind = 'deposit') = (user_id IS NOT NULL AND derivation_index IS NOT NULL))
);
-- At most one open sweep per address and currency: planning twice, or two instances planning, adds nothing.
CREATE UNIQUE INDEX sweeps_one_open_idx ON sweeps (chain, from_address, currency)
  WHERE status IN ('planned', 'gas-funding', 'sweeping', 'failed', 'held');
CREATE INDEX sweeps_status_idx ON sweeps (status, id);

-- Every transaction the treasury signs (gas top-ups, sweeps, hot-to-cold), recorded with its bytes before it is
-- sent: after a crash the same bytes go again. An EVM transaction's nonce comes from hot_wallet_nonces (the hot
-- wallet's shared with payouts, each deposit address its own); a replacement at a higher price keeps the nonce,
-- and the replaced row stays for the receipt check.
CREATE TABLE treasury_transactions (
  id bigserial PRIMARY KEY,
  chain text NOT NULL CHECK (chain IN ('bsc', 'solana')),
  sweep_id bigint NOT NULL REFERENCES sweeps (id),
  purpose text NOT NULL CHECK (purpose IN ('gas-topup', 'sweep')),
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount >= 0),
  nonce bigint,
  -- Solana: the blockhash the bytes were signed with; they cannot land once it expired.
  recent_blockhash text,
  gas_price numeric(78, 0),
  signed_tx text NOT NULL,
  tx_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('signed', 'sent', 'confirmed', 'failed', 'replaced', 'expired')),
  block_number bigint,
  fee_paid numeric(78, 0),
  -- The chain-fee movement that booked fee_paid.
  fee_movement_id bigint REFERENCES movements (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  confirmed_at timestamptz,
  UNIQUE (chain, tx_hash)
);
CREATE INDEX treasury_transactions_sweep_idx ON treasury_transactions (sweep_id);
CREATE INDEX treasury_transactions_open_idx ON treasury_transactions (status, id) WHERE status IN ('signed', 'sent');
-- One live transaction per (sender, nonce): a replacement marks the one it replaces 'replaced' first.
CREATE UNIQUE INDEX treasury_transactions_nonce_idx ON treasury_transactions (chain, from_address, nonce)
  WHERE nonce IS NOT NULL AND status NOT IN ('replaced');

-- Work an operator asked for now (sweep-now, a reserves read): the roles talk only through the database, so the
-- API writes the request and the treasury's next tick takes it.
CREATE TABLE work_requests (
  work text PRIMARY KEY,
  requested_at timestamptz NOT NULL DEFAULT now(),
  operator_id bigint REFERENCES operators (id),
  taken_at timestamptz
);
