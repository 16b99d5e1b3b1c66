-- Payouts isolated from each other, and a payout stuck at a low gas price replaced.

-- 'held': set aside for an operator (held_reason says why) while the other payouts go on. A payout may now
-- end refunded without ever being signed (a destination the strict rule of domain/withdraw/destination.ts
-- refuses, left by the code before it), and a held one may or may not have been signed.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('requested', 'signed', 'sent', 'held', 'confirmed', 'refunded'));
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_signed_check CHECK (
  (status <> 'requested' OR signed_tx IS NULL) AND (status NOT IN ('signed', 'sent', 'confirmed') OR signed_tx IS NOT NULL)
);
ALTER TABLE withdrawals ADD COLUMN held_reason text;
ALTER TABLE withdrawals ADD COLUMN held_at timestamptz;
-- The head block when the current signed bytes (signed_tx) were made: after PAYOUT_BUMP_AFTER_BLOCKS more
-- without a receipt, the payout is signed again with the same nonce at a higher gas price.
ALTER TABLE withdrawals ADD COLUMN priced_at_block bigint;

-- Every signed variant of a payout (the first one and each gas-price replacement, all with the payout's one
-- nonce), recorded before it is sent: whichever of them is mined, the confirmation step finds it.
CREATE TABLE payout_variants (
  tx_hash text PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
  signed_tx text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payout_variants_withdrawal_idx ON payout_variants (withdrawal_id);
INSERT INTO payout_variants (tx_hash, withdrawal_id, signed_tx, created_at)
  SELECT tx_hash, id, signed_tx, COALESCE(signed_at, created_at) FROM withdrawals WHERE signed_tx IS NOT NULL;
