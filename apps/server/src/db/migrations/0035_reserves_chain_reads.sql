-- The reserves report reads the chains (docs/architecture.md "Proof of reserves"): chain_holdings holds per chain
-- what the hot wallet, the cold address and the deposit addresses not yet swept hold at one block or slot, beside
-- what the chain's clearing account says; 'complete' when every address was read, 'incomplete' when some address
-- or a whole chain could not be (listed, never counted as a shortfall).
ALTER TABLE reserves_reports DROP CONSTRAINT reserves_reports_status_check;
ALTER TABLE reserves_reports ADD CONSTRAINT reserves_reports_status_check
  CHECK (status IN ('liabilities-only', 'complete', 'incomplete'));
-- What the report found wrong: { "shortfall": ["usdt"], "clearingMismatch": [{ "chain", "currency",
-- "difference" }], "unread": 3 }; null for a liabilities-only report.
ALTER TABLE reserves_reports ADD COLUMN alerts jsonb;
