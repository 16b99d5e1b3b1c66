-- Pledge auto-renew (RULES.md "Pledge", docs/user-guide.md "Auto-renew"): a pledge with auto_renew on is, at
-- maturity, booked by the daily settlement into a new pledge of the same period at the day's rate (its principal
-- released and bought again in the settlement's movement). renewed_from is the pledge it renews: unique, so a
-- settlement rerun of the maturity day renews nothing twice (a pledge matures on exactly one day, so the pledge
-- is the (pledge, day) key). renewal records what maturity did with the switch on:
-- 'renewed', or why the principal came back instead ('not-offered': the period's rate is no longer above zero;
-- 'out-of-bounds': the amount is outside the pledge's amount range).
ALTER TABLE pledges
  ADD COLUMN auto_renew boolean NOT NULL DEFAULT false,
  ADD COLUMN renewed_from bigint UNIQUE REFERENCES pledges(id),
  ADD COLUMN renewal text CHECK (renewal IN ('renewed', 'not-offered', 'out-of-bounds'));
