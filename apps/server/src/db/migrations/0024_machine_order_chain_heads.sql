-- Where each chain stood, as far as the collection watcher knew, when an order opened:
-- {"bsc": {"genesis": "0x…", "head": "123"}, "solana": {…}}. A payment nobody reported counts for the sender's
-- open order only if it is in a later block: one made before (for an order since cancelled or expired) is
-- credited to the balance. Null for orders opened before this column, or before any watcher ran.
ALTER TABLE machine_orders ADD COLUMN chain_heads_at_open jsonb;
