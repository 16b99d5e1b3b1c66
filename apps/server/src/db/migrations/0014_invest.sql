-- The invest contract (RULES.md "Pledge"). A wallet approves the contract for AIDF and calls
-- invest(amount); the invest watcher credits each Invested event, after its confirmations, to the account
-- bound to the sender. Its contract address is the setting 'invest.contract.bsc'.

-- Where the invest watcher of a chain goes on from (its own cursor: it follows one contract, not the deposit
-- addresses, and may start later than the deposit watcher).
CREATE TABLE invest_cursors (
  chain text PRIMARY KEY CHECK (chain IN ('bsc')),
  next_block bigint NOT NULL,
  last_block_hash text,
  genesis_hash text NOT NULL,
  head_block bigint,
  scanned_at timestamptz,
  rpc_errors bigint NOT NULL DEFAULT 0,
  last_error text,
  last_error_at timestamptz
);

-- Every confirmed Invested event, credited or not: one from an address bound to no account is kept here with
-- no user and no movement, listed in the operator's chain-status.
CREATE TABLE chain_invests (
  id bigserial PRIMARY KEY,
  chain text NOT NULL CHECK (chain IN ('bsc')),
  -- The chain instance (its genesis hash): a restarted dev chain repeats transaction hashes of the last one.
  genesis_hash text NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  contract_address text NOT NULL,
  from_address text NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  user_id bigint REFERENCES users(id),
  movement_id bigint REFERENCES movements(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) = (movement_id IS NULL)),
  -- Each event is recorded (and credited) once, whoever scans it and however often.
  UNIQUE (chain, genesis_hash, tx_hash, log_index)
);
CREATE INDEX chain_invests_user_idx ON chain_invests (user_id, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX chain_invests_unbound_idx ON chain_invests (id) WHERE user_id IS NULL;
CREATE INDEX chain_invests_contract_idx ON chain_invests (chain, genesis_hash, contract_address);
