-- Issue 11: when the chain says a payment was made (its block's timestamp). A payment nobody reported counts for
-- the sender's open order only if it was made while that order existed; one made earlier (for an order since
-- cancelled or expired) is credited to the balance instead. Null for rows recorded before this column.
ALTER TABLE machine_payments ADD COLUMN block_time timestamptz;
