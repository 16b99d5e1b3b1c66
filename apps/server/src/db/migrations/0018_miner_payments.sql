-- The collection watcher's cursor keeps the hash of the last block it scanned (a block that
-- changes under it is a reorganisation deeper than the confirmation depth: it stops for an operator, as the
-- deposit watcher does), the head it saw and its last RPC error, for the operator.
ALTER TABLE machine_payment_cursors
  ADD COLUMN last_block_hash text,
  ADD COLUMN head_block bigint,
  ADD COLUMN scanned_at timestamptz,
  ADD COLUMN rpc_errors bigint NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  ADD COLUMN last_error_at timestamptz;
