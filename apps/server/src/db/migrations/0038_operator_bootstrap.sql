-- To start a platform, OPERATOR_TOKEN creates operators at once until two admins have existed. That end is a row
-- here, not a count of enabled admins: disabling admins never reopens it. One row: the first admin ever, and the
-- second with the time it was created (the end; accounts the token created at once until then are the founders).
CREATE TABLE operator_bootstrap (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  first_admin text NOT NULL,
  second_admin text,
  ended_at timestamptz,
  CHECK ((second_admin IS NULL) = (ended_at IS NULL))
);

-- A database that already had admins: the first two ever (enabled or disabled) recorded, and the end with them.
INSERT INTO operator_bootstrap (first_admin, second_admin, ended_at)
SELECT first.username, second.username, second.created_at
FROM (SELECT username FROM operators WHERE role = 'admin' ORDER BY id LIMIT 1) AS first
LEFT JOIN LATERAL (
  SELECT username, created_at FROM operators WHERE role = 'admin' ORDER BY id OFFSET 1 LIMIT 1
) AS second ON true;

-- A disabling that would leave fewer than two enabled admins is a proposal like the other changes of who may act.
ALTER TABLE operator_proposals DROP CONSTRAINT operator_proposals_kind_check;
ALTER TABLE operator_proposals ADD CONSTRAINT operator_proposals_kind_check
  CHECK (kind IN (
    'credit', 'payout-refund', 'payout-retry', 'operator-create', 'operator-role', 'operator-disable', 'setting'
  ));
