-- The Solana watcher finds deposits through the deposit addresses' signatures and reads each
-- transaction alone (getTransaction), which does not carry its block's hash; finalized slots never change, so
-- the hash has no use there. BNB Smart Chain deposits keep recording it.
ALTER TABLE chain_deposits ALTER COLUMN block_hash DROP NOT NULL;
