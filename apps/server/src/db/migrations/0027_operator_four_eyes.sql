-- Four eyes means two people. An operator account records who proposed it (created_by) and who approved it
-- (approved_by; null for the accounts OPERATOR_TOKEN creates at once to start a platform), so an approval can
-- refuse the proposer's own creatures. Accounts are disabled, never deleted: the audit names them.
ALTER TABLE operators
  ADD COLUMN approved_by text,
  ADD COLUMN disabled_at timestamptz,
  ADD COLUMN disabled_by text;
-- Sign-in failures are limited per (name, client address) in attempt_counters, like users' sign-in: a lock of
-- the account itself let anyone lock an operator out from anywhere.
ALTER TABLE operators DROP COLUMN failed_attempts, DROP COLUMN locked_until;

-- Proposals of changes to who may do what: a new operator, a role change, a four-eyes setting. Each waits
-- until proposal.expiryHours after it was made, or until its proposer (or an admin) withdraws it.
ALTER TABLE operator_proposals DROP CONSTRAINT operator_proposals_kind_check;
ALTER TABLE operator_proposals ADD CONSTRAINT operator_proposals_kind_check
  CHECK (kind IN ('credit', 'payout-refund', 'payout-retry', 'operator-create', 'operator-role', 'setting'));
ALTER TABLE operator_proposals DROP CONSTRAINT operator_proposals_status_check;
ALTER TABLE operator_proposals ADD CONSTRAINT operator_proposals_status_check
  CHECK (status IN ('proposed', 'applied', 'withdrawn'));
ALTER TABLE operator_proposals
  ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '72 hours',
  ADD COLUMN withdrawn_by text,
  ADD COLUMN withdrawn_at timestamptz;
ALTER TABLE operator_proposals ALTER COLUMN expires_at DROP DEFAULT;

-- Rows the server writes by itself (an alert of repeated sign-in failures) name the role 'system'.
ALTER TABLE operator_actions DROP CONSTRAINT operator_actions_role_check;
ALTER TABLE operator_actions ADD CONSTRAINT operator_actions_role_check
  CHECK (role IN ('support', 'finance', 'admin', 'system'));
-- One operator's credits in one currency over 24 hours count together against the threshold.
CREATE INDEX operator_actions_credit_window_idx ON operator_actions (operator, created_at) WHERE action = 'credit';
