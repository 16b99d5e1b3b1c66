-- Health of the background workers without a cursor of their own (the payout worker), for the operator's
-- chain-status: a payout the node refuses (no gas, a bad RPC) must show there, not only in the log.
CREATE TABLE worker_health (
  name text PRIMARY KEY,
  last_ok_at timestamptz,
  errors bigint NOT NULL DEFAULT 0,
  last_error text,
  last_error_at timestamptz
);
