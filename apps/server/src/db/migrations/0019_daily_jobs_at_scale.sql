-- Daily jobs at 20,000 items a second (ARCHITECTURE.md "Performance budgets").
--
-- 1. Each payout row carries the item's running total after it (`total`): what a pledge was paid so far, what a
--    machine mined so far. A day's payment reads the item's latest row instead of a figure on the item, so the
--    job no longer updates every pledge and machine row every day (only the ones that end that day).
--    pledges.paid / paid_days / last_paid_day and machines.mined / last_mined_day are not kept up to date any
--    more: the repositories derive them from the latest payout row (see pledges.ts and machines.ts).
ALTER TABLE pledge_payouts ADD COLUMN total numeric(48, 18);
ALTER TABLE machine_mining ADD COLUMN total numeric(48, 18);
-- Rows written before: the running sum by day, and each item's latest row its figure as the item row knew it
-- (the old job paid an older day rerun out of order, which a sum by day would misplace).
UPDATE pledge_payouts x SET total = s.total
FROM (SELECT pledge_id, day, sum(amount) OVER (PARTITION BY pledge_id ORDER BY day) AS total FROM pledge_payouts) s
WHERE x.pledge_id = s.pledge_id AND x.day = s.day;
UPDATE pledge_payouts x SET total = p.paid
FROM pledges p
WHERE x.pledge_id = p.id AND x.day = (SELECT max(day) FROM pledge_payouts y WHERE y.pledge_id = p.id);
UPDATE machine_mining x SET total = s.total
FROM (SELECT machine_id, day, sum(amount) OVER (PARTITION BY machine_id ORDER BY day) AS total FROM machine_mining) s
WHERE x.machine_id = s.machine_id AND x.day = s.day;
UPDATE machine_mining x SET total = m.mined
FROM machines m
WHERE x.machine_id = m.id AND x.day = (SELECT max(day) FROM machine_mining y WHERE y.machine_id = m.id);
ALTER TABLE pledge_payouts ALTER COLUMN total SET NOT NULL, ADD CHECK (total >= 0);
ALTER TABLE machine_mining ALTER COLUMN total SET NOT NULL, ADD CHECK (total > 0);

-- 2. No per-row foreign-key triggers on the two hot insert tables (they were a third of a batch's time): their
--    rows are written only by the batch statement that reads the pledge or machine and inserts the movement in
--    the same transaction, and pledges, machines and movements are never deleted.
ALTER TABLE pledge_payouts DROP CONSTRAINT IF EXISTS pledge_payouts_pledge_id_fkey,
  DROP CONSTRAINT IF EXISTS pledge_payouts_movement_id_fkey;
ALTER TABLE machine_mining DROP CONSTRAINT IF EXISTS machine_mining_machine_id_fkey,
  DROP CONSTRAINT IF EXISTS machine_mining_movement_id_fkey;

-- 3. Batches go by user (one ledger line per user and day): running pledges by user. Machines already have
--    machines_one_running_idx (user_id) WHERE running.
DROP INDEX IF EXISTS pledges_running_idx;
CREATE INDEX pledges_running_user_idx ON pledges (user_id, id) WHERE status = 'running';
DROP INDEX IF EXISTS machines_running_idx;

-- 4. Room on each accounts page, so a balance update stays a HOT update (no index writes). Takes effect on pages
--    written from now on.
ALTER TABLE accounts SET (fillfactor = 80);
