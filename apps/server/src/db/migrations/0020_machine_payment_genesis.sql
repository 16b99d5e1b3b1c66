-- A machine payment is unique per (chain, genesis, transaction, log or instruction), as chain_deposits
-- is: a dev chain started afresh repeats the transaction hashes of the last one, and without its genesis a payment
-- of the new chain would be taken for one already recorded (and settled) on the old.
ALTER TABLE machine_payments ADD COLUMN genesis_hash text;
-- Rows from before: the genesis of the chain their watcher's cursor is on (the chain they were scanned on).
UPDATE machine_payments p
SET genesis_hash = coalesce((SELECT c.genesis_hash FROM machine_payment_cursors c WHERE c.chain = p.chain), 'unknown');
ALTER TABLE machine_payments ALTER COLUMN genesis_hash SET NOT NULL;
ALTER TABLE machine_payments DROP CONSTRAINT machine_payments_chain_tx_hash_event_index_key;
ALTER TABLE machine_payments ADD CONSTRAINT machine_payments_chain_genesis_tx_event_key
  UNIQUE (chain, genesis_hash, tx_hash, event_index);
