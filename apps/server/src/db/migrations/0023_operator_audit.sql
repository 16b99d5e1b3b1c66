-- `operator_actions` (0003) becomes the one audit trail of every operator action, of the console,
-- the API and the command line alike: who (operator and role), what (action, target, the value before and
-- after), why (reason) and from where (client address). Rows before this migration were all written through
-- the shared OPERATOR_TOKEN, which is the admin operator 'cli' from now on.
ALTER TABLE operator_actions
  ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('support', 'finance', 'admin')),
  ADD COLUMN target text,
  ADD COLUMN before_value jsonb,
  ADD COLUMN after_value jsonb,
  ADD COLUMN client_address text;
ALTER TABLE operator_actions ALTER COLUMN role DROP DEFAULT;
CREATE INDEX operator_actions_operator_idx ON operator_actions (operator, id);
CREATE INDEX operator_actions_action_idx ON operator_actions (action, id);
CREATE INDEX operator_actions_target_idx ON operator_actions (target, id);

-- Nothing an operator did can be hidden afterwards: rows are only ever added.
CREATE FUNCTION operator_actions_are_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operator audit is append-only';
END;
$$;
CREATE TRIGGER operator_actions_append_only BEFORE UPDATE OR DELETE ON operator_actions
  FOR EACH ROW EXECUTE FUNCTION operator_actions_are_append_only();
CREATE TRIGGER operator_actions_no_truncate BEFORE TRUNCATE ON operator_actions
  FOR EACH STATEMENT EXECUTE FUNCTION operator_actions_are_append_only();

-- Four eyes on money: a credit, or a refund or release of a held payout, at or above
-- CREDIT_APPROVAL_THRESHOLD waits here until a different finance or admin operator approves it. It names the
-- user by id, so what is approved is what was proposed whatever happens to the account meanwhile.
CREATE TABLE operator_proposals (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('credit', 'payout-refund', 'payout-retry')),
  user_id bigint REFERENCES users(id),
  withdrawal_id bigint REFERENCES withdrawals(id),
  -- The credit's currency, submode and amount, the payout's amount: as shown to the approver.
  payload jsonb NOT NULL,
  reason text NOT NULL,
  -- A retried proposal request (the credit's requestId) proposes once.
  request_id text UNIQUE,
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'applied')),
  proposed_by text NOT NULL,
  approved_by text,
  movement_id bigint REFERENCES movements(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz,
  CHECK (approved_by IS NULL OR approved_by <> proposed_by)
);
CREATE INDEX operator_proposals_open_idx ON operator_proposals (id) WHERE status = 'proposed';
