-- Each user's deposit address per chain, derived from the platform's HD seed at index = user id; kept so the
-- deposit watcher can find the user behind an address.
CREATE TABLE deposit_addresses (
  user_id bigint NOT NULL REFERENCES users(id),
  chain_currency text NOT NULL CHECK (chain_currency IN ('bnb', 'sol')),
  address text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, chain_currency)
);
