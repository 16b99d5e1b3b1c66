-- Proof of reserves that cannot hide liabilities, published where the server cannot change it (docs/architecture.md
-- "Proof of reserves").
-- Tree version 2: each user's balances are two leaves of random shares (share 1 and 2, each with its own salt), and
-- each node commits to both children's hashes and sums. Reports stored before it (version 1) give no proofs.
ALTER TABLE reserves_reports ADD COLUMN tree_version integer NOT NULL DEFAULT 1;
ALTER TABLE reserves_reports ALTER COLUMN tree_version SET DEFAULT 2;
ALTER TABLE reserves_leaves ADD COLUMN share smallint NOT NULL DEFAULT 1 CHECK (share IN (1, 2));
ALTER TABLE reserves_leaves ALTER COLUMN share DROP DEFAULT;
ALTER TABLE reserves_leaves DROP CONSTRAINT reserves_leaves_pkey;
ALTER TABLE reserves_leaves ADD PRIMARY KEY (report_id, user_id, share);

-- Each report's root is published in a transaction of the treasury's hot wallet on BNB Smart Chain (to itself, the
-- root as its data), one per report:
--   'pending' (to publish) → 'signed' (bytes recorded with their nonce, before they are sent) → 'sent' →
--   'published' (mined and confirmed: its block recorded, its gas booked as a chain fee);
--   'failed' (mined and reverted: an operator looks);
--   'no-chain' (made where no BNB Smart Chain is configured), 'no-root' (no user yet), 'before-publication' (made
--   before reports were published): never published.
ALTER TABLE reserves_reports ADD COLUMN publication_status text NOT NULL DEFAULT 'before-publication'
  CHECK (publication_status IN
    ('before-publication', 'no-chain', 'no-root', 'pending', 'signed', 'sent', 'published', 'failed'));
ALTER TABLE reserves_reports ALTER COLUMN publication_status SET DEFAULT 'pending';
ALTER TABLE reserves_reports
  ADD COLUMN publication_from text,
  -- The hot wallet's nonce, from hot_wallet_nonces (shared with payouts and sweeps).
  ADD COLUMN publication_nonce bigint,
  ADD COLUMN publication_gas_price numeric(78, 0),
  ADD COLUMN publication_priced_at_block bigint,
  ADD COLUMN publication_signed_tx text,
  ADD COLUMN publication_tx_hash text,
  -- Hashes of earlier variants of the same nonce (re-priced): any of them may be the one mined.
  ADD COLUMN publication_replaced text[] NOT NULL DEFAULT '{}',
  ADD COLUMN publication_sent_at timestamptz,
  ADD COLUMN publication_block bigint,
  ADD COLUMN publication_fee numeric(78, 0),
  ADD COLUMN publication_fee_movement_id bigint REFERENCES movements (id),
  -- The last failure to send or follow it (cleared when it is published).
  ADD COLUMN publication_error text;
CREATE UNIQUE INDEX reserves_reports_publication_tx_idx ON reserves_reports (publication_tx_hash)
  WHERE publication_tx_hash IS NOT NULL;
CREATE UNIQUE INDEX reserves_reports_publication_nonce_idx ON reserves_reports (publication_from, publication_nonce)
  WHERE publication_nonce IS NOT NULL;
CREATE INDEX reserves_reports_publication_open_idx ON reserves_reports (id)
  WHERE publication_status IN ('pending', 'signed', 'sent');
