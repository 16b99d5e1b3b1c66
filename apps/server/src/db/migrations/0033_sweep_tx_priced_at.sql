-- The BNB Smart Chain sweeper re-prices a transaction that stays unmined (docs/architecture.md "Treasury"): the
-- block at which its gas price was chosen tells when `bumpAfterBlocks` have passed, as for payouts.
ALTER TABLE treasury_transactions ADD COLUMN priced_at_block bigint;
