-- A withdrawal the hot wallet cannot cover waits as 'awaiting-funds' (docs/architecture.md "Payouts that wait for
-- funds"): neither failed nor refunded, and never signed. The payout worker checks it again on every tick and signs
-- it once a sweep or a top-up covers it; an operator may refund it (nothing was signed, so nothing can be mined).
-- awaiting_since: when it started waiting; awaiting_reason: what the hot wallet lacked (for operators).
-- Both are kept after it leaves the state, as a record of the wait.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('requested', 'awaiting-funds', 'signed', 'sent', 'held', 'confirmed', 'refunded'));
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_signed_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_signed_check CHECK (
  (status NOT IN ('requested', 'awaiting-funds') OR signed_tx IS NULL)
  AND (status NOT IN ('signed', 'sent', 'confirmed') OR signed_tx IS NOT NULL)
);
ALTER TABLE withdrawals ADD COLUMN awaiting_since timestamptz;
ALTER TABLE withdrawals ADD COLUMN awaiting_reason text;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_awaiting_check
  CHECK (status <> 'awaiting-funds' OR (awaiting_since IS NOT NULL AND awaiting_reason IS NOT NULL));
-- The operators' list of waiting payouts, oldest first.
CREATE INDEX withdrawals_awaiting_idx ON withdrawals (awaiting_since) WHERE status = 'awaiting-funds';
