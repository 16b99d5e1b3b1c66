-- The ledger (ARCHITECTURE.md "The ledger"): accounts, one movement per business event, append-only entries.
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('user', 'platform')),
  owner_user_id bigint REFERENCES users(id),
  platform_code text,
  currency text NOT NULL,
  submode text NOT NULL DEFAULT '00',
  balance numeric(48, 18) NOT NULL DEFAULT 0,
  CHECK ((kind = 'user') = (owner_user_id IS NOT NULL)),
  CHECK ((kind = 'platform') = (platform_code IS NOT NULL)),
  -- Users never go below zero; platform accounts are where tokens enter, and may.
  CONSTRAINT user_balance_not_negative CHECK (kind <> 'user' OR balance >= 0),
  UNIQUE (owner_user_id, currency, submode),
  UNIQUE (platform_code, currency, submode)
);

CREATE TABLE movements (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  idem_key text NOT NULL UNIQUE,
  ref text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE entries (
  id bigserial PRIMARY KEY,
  movement_id bigint NOT NULL REFERENCES movements(id),
  account_id bigint NOT NULL REFERENCES accounts(id),
  -- The transaction type as the account's owner sees it (user-transfer-out on one side, -in on the other).
  type text NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount <> 0),
  balance_after numeric(48, 18) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entries_account_idx ON entries (account_id, id DESC);
CREATE INDEX entries_movement_idx ON entries (movement_id);

CREATE FUNCTION entries_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only';
END;
$$;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_are_append_only();

-- Who did what, when and why, for every operator action (RULES.md "Support and content").
CREATE TABLE operator_actions (
  id bigserial PRIMARY KEY,
  operator text NOT NULL,
  action text NOT NULL,
  movement_id bigint REFERENCES movements(id),
  reason text NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
