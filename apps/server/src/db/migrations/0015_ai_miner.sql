-- The AI miner (RULES.md "AI miner"): price items, orders, on-chain payments, machines and their
-- daily mining. Money moves only through the ledger; these tables say why.

-- Mining settings: AIDF a day per unit of worth, and the cap as a multiple of worth. A machine keeps the
-- numbers it was bought with. The collection addresses receive the on-chain part of a price; empty means
-- "not set": beside the dev chains and in the tests the BNB Smart Chain one falls back to the hot wallet.
INSERT INTO settings (key, value) VALUES
  ('machine.dailyRate', '0.01'),
  ('machine.capMultiple', '2'),
  ('machine.collectionAddress.bsc', ''),
  ('machine.collectionAddress.solana', '')
ON CONFLICT (key) DO NOTHING;

-- What the operator sells; '0' means the currency is not part of the price (SPEC.md point 3).
CREATE TABLE machine_price_items (
  id bigserial PRIMARY KEY,
  worth numeric(48, 18) NOT NULL CHECK (worth > 0),
  bnb_amount numeric(48, 18) NOT NULL DEFAULT 0 CHECK (bnb_amount >= 0),
  sol_amount numeric(48, 18) NOT NULL DEFAULT 0 CHECK (sol_amount >= 0),
  usdt_amount numeric(48, 18) NOT NULL DEFAULT 0 CHECK (usdt_amount >= 0),
  eoeo_amount numeric(48, 18) NOT NULL DEFAULT 0 CHECK (eoeo_amount >= 0),
  on_sale boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'seed',
  CHECK (bnb_amount + sol_amount + usdt_amount + eoeo_amount > 0)
);
INSERT INTO machine_price_items (worth, bnb_amount, sol_amount, usdt_amount, eoeo_amount) VALUES
  (100, 0, 0, 100, 0),
  (100, 0.15, 0, 0, 0),
  (100, 0, 0.6, 0, 0),
  (500, 0, 0, 300, 200),
  (500, 0.4, 0, 0, 200),
  (1000, 0.6, 0, 300, 300),
  (1000, 0, 6, 0, 0);

-- Orders (status: 0 awaiting payment, 1 paid, 2 pending confirmation, 3 cancelled, 4 expired). The price is
-- copied from the item; lack_* is what the balance did not cover, paid_* what confirmed payments covered.
CREATE TABLE machine_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  item_id bigint NOT NULL REFERENCES machine_price_items(id),
  worth numeric(48, 18) NOT NULL CHECK (worth > 0),
  bnb_amount numeric(48, 18) NOT NULL,
  sol_amount numeric(48, 18) NOT NULL,
  usdt_amount numeric(48, 18) NOT NULL,
  eoeo_amount numeric(48, 18) NOT NULL,
  lack_bnb numeric(48, 18) NOT NULL DEFAULT 0 CHECK (lack_bnb >= 0),
  lack_sol numeric(48, 18) NOT NULL DEFAULT 0 CHECK (lack_sol >= 0),
  lack_eoeo numeric(48, 18) NOT NULL DEFAULT 0 CHECK (lack_eoeo >= 0),
  paid_bnb numeric(48, 18) NOT NULL DEFAULT 0 CHECK (paid_bnb >= 0 AND paid_bnb <= lack_bnb),
  paid_sol numeric(48, 18) NOT NULL DEFAULT 0 CHECK (paid_sol >= 0 AND paid_sol <= lack_sol),
  paid_eoeo numeric(48, 18) NOT NULL DEFAULT 0 CHECK (paid_eoeo >= 0 AND paid_eoeo <= lack_eoeo),
  status smallint NOT NULL CHECK (status IN (0, 1, 2, 3, 4)),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  closed_at timestamptz,
  hold_movement_id bigint REFERENCES movements(id)
);
-- One open order per user: a repeated buy cannot make a second one, whatever the race.
CREATE UNIQUE INDEX machine_orders_one_open_idx ON machine_orders (user_id) WHERE status IN (0, 2);
CREATE INDEX machine_orders_expiry_idx ON machine_orders (expires_at) WHERE status IN (0, 2);
CREATE INDEX machine_orders_user_idx ON machine_orders (user_id, id DESC);

-- Machines: daily_income and cap fixed at purchase; mined grows by the daily job up to cap, then out.
CREATE TABLE machines (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  order_id bigint NOT NULL UNIQUE REFERENCES machine_orders(id),
  worth numeric(48, 18) NOT NULL CHECK (worth > 0),
  daily_income numeric(48, 18) NOT NULL CHECK (daily_income > 0),
  cap numeric(48, 18) NOT NULL CHECK (cap > 0),
  mined numeric(48, 18) NOT NULL DEFAULT 0 CHECK (mined >= 0 AND mined <= cap),
  start_day date NOT NULL,
  last_mined_day date,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'out')),
  created_at timestamptz NOT NULL DEFAULT now(),
  out_at timestamptz
) WITH (fillfactor = 70); -- room for the daily HOT update of mined
-- "Not yet out": at most one running machine per user.
CREATE UNIQUE INDEX machines_one_running_idx ON machines (user_id) WHERE status = 'running';
CREATE INDEX machines_running_idx ON machines (id) WHERE status = 'running';
CREATE INDEX machines_user_idx ON machines (user_id, id DESC);

-- What the job machine-mining paid each machine each day: the primary key makes a day pay once.
CREATE TABLE machine_mining (
  machine_id bigint NOT NULL REFERENCES machines(id),
  day date NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  movement_id bigint NOT NULL REFERENCES movements(id),
  PRIMARY KEY (machine_id, day)
);

-- One row per on-chain payment to a collection address, unique per (chain, transaction, log or instruction).
-- state: seen (waiting for its confirmations), orphaned (its block was reorganised away), applied (counted
-- for an order, any excess credited), credited (no open order of its sender: credited to the balance),
-- third-party (its sender is no user's bound address: not counted, listed for the operator).
CREATE TABLE machine_payments (
  id bigserial PRIMARY KEY,
  chain text NOT NULL CHECK (chain IN ('bsc', 'solana')),
  tx_hash text NOT NULL,
  event_index text NOT NULL,
  block_number bigint NOT NULL,
  block_hash text,
  currency text NOT NULL,
  token_contract text,
  from_address text,
  to_address text NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  state text NOT NULL DEFAULT 'seen' CHECK (state IN ('seen', 'orphaned', 'applied', 'credited', 'third-party')),
  user_id bigint REFERENCES users(id),
  order_id bigint REFERENCES machine_orders(id),
  applied_amount numeric(48, 18) NOT NULL DEFAULT 0,
  credited_amount numeric(48, 18) NOT NULL DEFAULT 0,
  movement_id bigint REFERENCES movements(id),
  seen_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (chain, tx_hash, event_index)
);
CREATE INDEX machine_payments_open_idx ON machine_payments (chain, block_number) WHERE state = 'seen';
CREATE INDEX machine_payments_order_idx ON machine_payments (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX machine_payments_third_idx ON machine_payments (id DESC) WHERE state = 'third-party';

-- Transaction ids the client submitted: a hint for the watcher, and the claim that one transaction pays
-- one order of one user.
CREATE TABLE machine_order_hints (
  chain text NOT NULL CHECK (chain IN ('bsc', 'solana')),
  tx_hash text NOT NULL,
  order_id bigint NOT NULL REFERENCES machine_orders(id),
  user_id bigint NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz,
  PRIMARY KEY (chain, tx_hash)
);
CREATE INDEX machine_order_hints_order_idx ON machine_order_hints (order_id);

-- Where the collection watcher of a chain goes on from (its own cursor: the deposit watcher's is separate).
CREATE TABLE machine_payment_cursors (
  chain text PRIMARY KEY CHECK (chain IN ('bsc', 'solana')),
  next_block bigint NOT NULL,
  genesis_hash text NOT NULL
);
