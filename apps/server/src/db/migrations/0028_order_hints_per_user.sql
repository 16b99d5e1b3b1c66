-- A submitted transaction id is a hint per user: a user offering someone else's transaction first no longer
-- blocks its owner's own submission (the watcher counts a payment for its sender only). A user still offers one
-- transaction for one order. The watcher picks hints in turns per user (collection-watcher.ts).
ALTER TABLE machine_order_hints DROP CONSTRAINT machine_order_hints_pkey;
ALTER TABLE machine_order_hints ADD PRIMARY KEY (chain, tx_hash, user_id);
CREATE INDEX machine_order_hints_user_idx ON machine_order_hints (user_id);
