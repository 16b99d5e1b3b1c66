-- Reserves reports (docs/architecture.md "Proof of reserves"): what the ledger owes its users, read at one
-- snapshot, with the Merkle sum tree that commits to every user's balances. Amounts in the summary columns are
-- decimal text keyed by currency (and chain); the tree's sums are base units (10^-18 of a currency, the ledger's
-- own precision), in the order of `currencies`.
CREATE TABLE reserves_reports (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- 'liabilities-only': the ledger's side; the chains' holdings (hot, cold, not yet swept) were not read.
  status text NOT NULL CHECK (status IN ('liabilities-only', 'complete')),
  currencies text[] NOT NULL,
  base_unit_decimals integer NOT NULL,
  user_count integer NOT NULL CHECK (user_count >= 0),
  tree_depth integer NOT NULL CHECK (tree_depth >= 0),
  -- Null only for a report taken before there was any user.
  root_hash text,
  root_sums numeric(78, 0)[] NOT NULL,
  -- Users' balances (every submode), and what is held for them: withdrawals in flight, pledges, miner orders.
  user_balances jsonb NOT NULL,
  held jsonb NOT NULL,
  liabilities jsonb NOT NULL,
  -- What each chain's clearing account says the platform should hold there: { "bsc": { "usdt": "..." } }.
  clearing jsonb NOT NULL,
  -- Added without anything coming in: operator credits and issuance (rewards, interest), named apart.
  operator_credits jsonb NOT NULL,
  issuance jsonb NOT NULL,
  -- Read from the chains; null until the reserves read of the chains fills it.
  chain_holdings jsonb
);

-- Every node of a report's tree: a user's path is read with one query, never rebuilt.
CREATE TABLE reserves_tree_nodes (
  report_id bigint NOT NULL REFERENCES reserves_reports (id) ON DELETE CASCADE,
  level integer NOT NULL,
  idx integer NOT NULL,
  hash text NOT NULL,
  sums numeric(78, 0)[] NOT NULL,
  PRIMARY KEY (report_id, level, idx)
);

-- Each user's leaf: where it sits after the shuffle, its secret salt and the balances it commits to.
CREATE TABLE reserves_leaves (
  report_id bigint NOT NULL REFERENCES reserves_reports (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id),
  leaf_index integer NOT NULL,
  salt text NOT NULL,
  balances numeric(78, 0)[] NOT NULL,
  PRIMARY KEY (report_id, user_id)
);
