-- One chain transfer is credited at most once, whatever kind of credit (RULES.md "Treasury"): a deposit, a machine
-- payment and an invest each claim the transfer they credit here, in the same transaction as their movement. The
-- key is the transfer: the chain instance, the transaction and the event within it (the log index of an ERC-20
-- Transfer; 'native' for BNB, one per transaction; 'sol:3' or 'spl:2' on Solana, the balance that rose), the same
-- convention every watcher already uses. A second credit of the same transfer, of another kind or not, finds the
-- key taken and credits nothing.
CREATE TABLE chain_credits (
  chain text NOT NULL CHECK (chain IN ('bsc', 'solana')),
  -- The chain instance (its genesis hash): a restarted dev chain repeats transaction hashes of the last one.
  genesis_hash text NOT NULL,
  -- Lower-case 0x hex on BNB Smart Chain; the base58 signature on Solana.
  tx_hash text NOT NULL,
  event_index text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'machine-payment', 'invest', 'treasury-funding')),
  movement_id bigint NOT NULL REFERENCES movements(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain, genesis_hash, tx_hash, event_index)
);
CREATE INDEX chain_credits_movement_idx ON chain_credits (movement_id);

-- The credits booked before this table: deposits first, then the machine payments not already taken by one. An
-- invest credited before is keyed on its event, not on its transfer, so it cannot be placed here; its movement's
-- idempotency key still keeps a rescan from crediting it again.
INSERT INTO chain_credits (chain, genesis_hash, tx_hash, event_index, kind, movement_id, created_at)
SELECT chain, genesis_hash, CASE WHEN chain = 'bsc' THEN lower(tx_hash) ELSE tx_hash END, event_index, 'deposit',
       movement_id, created_at
FROM chain_deposits
ON CONFLICT DO NOTHING;
INSERT INTO chain_credits (chain, genesis_hash, tx_hash, event_index, kind, movement_id, created_at)
SELECT chain, genesis_hash, CASE WHEN chain = 'bsc' THEN lower(tx_hash) ELSE tx_hash END, event_index,
       'machine-payment', movement_id, coalesce(settled_at, seen_at)
FROM machine_payments
WHERE movement_id IS NOT NULL
ON CONFLICT DO NOTHING;

-- A payment to the collection address whose transfer was already credited as another kind (the collection address
-- was a user's deposit address): recorded, counted for no order, credited to no one.
ALTER TABLE machine_payments DROP CONSTRAINT machine_payments_state_check;
ALTER TABLE machine_payments ADD CONSTRAINT machine_payments_state_check
  CHECK (state IN ('seen', 'orphaned', 'applied', 'credited', 'third-party', 'already-credited'));

-- An Invested event is credited only with the AIDF that moved: the token's Transfer log, in the same transaction,
-- from the event's sender to the contract, of exactly the event's amount (transfer_log_index). Why an event was
-- recorded without a credit (not_credited): 'unbound' (the value arrived, the sender is bound to no account),
-- 'no-transfer' (no such Transfer: nothing arrived, whatever the event says), 'already-credited' (its transfer
-- was credited as another kind). The sender's account is kept when it is known, credited or not.
ALTER TABLE chain_invests ADD COLUMN transfer_log_index integer;
ALTER TABLE chain_invests ADD COLUMN not_credited text
  CHECK (not_credited IN ('unbound', 'no-transfer', 'already-credited'));
UPDATE chain_invests SET not_credited = 'unbound' WHERE movement_id IS NULL;
ALTER TABLE chain_invests DROP CONSTRAINT chain_invests_check;
ALTER TABLE chain_invests ADD CONSTRAINT chain_invests_credit_check CHECK (
  (movement_id IS NULL) = (not_credited IS NOT NULL)
  AND (movement_id IS NULL OR user_id IS NOT NULL)
  AND (not_credited IS DISTINCT FROM 'unbound' OR user_id IS NULL)
);
DROP INDEX chain_invests_unbound_idx;
CREATE INDEX chain_invests_not_credited_idx ON chain_invests (id) WHERE not_credited IS NOT NULL;
