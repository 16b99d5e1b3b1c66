-- Solana deposit addresses are derived on hardened ed25519 paths: only a process holding the seed can make one.
-- The treasury keeps a pool of them made ahead; the API, which holds no seed, hands one out atomically.
-- Each deposit address keeps the index it was derived at, the one the treasury signs its sweeps with
-- (addresses made before this were derived at the user's id).
ALTER TABLE deposit_addresses ADD COLUMN derivation_index integer;
UPDATE deposit_addresses SET derivation_index = user_id::integer;
ALTER TABLE deposit_addresses ALTER COLUMN derivation_index SET NOT NULL;

CREATE TABLE solana_deposit_pool (
  derivation_index integer PRIMARY KEY CHECK (derivation_index >= 0),
  address text NOT NULL UNIQUE,
  user_id bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  assigned_at timestamptz
);
-- The free addresses, taken in index order.
CREATE INDEX solana_deposit_pool_free_idx ON solana_deposit_pool (derivation_index) WHERE user_id IS NULL;
