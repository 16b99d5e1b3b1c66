-- Binding needs a factor the account already has, and money leaving the account is held
-- for a while after any security change.

-- What an e-mail code is for: a sign-in code must not bind a wallet, nor a bind code sign in.
ALTER TABLE email_codes ADD COLUMN purpose text NOT NULL DEFAULT 'login'
  CHECK (purpose IN ('login', 'bind-address'));

-- Every security change of an account (bind, unbind, password), kept for the operator; transfers and
-- withdrawals of the account are refused until the latest hold_until.
CREATE TABLE security_changes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('bind-address', 'unbind-address', 'password')),
  currency text CHECK (currency IN ('bnb', 'sol')),
  wallet_address text,
  created_at timestamptz NOT NULL,
  hold_until timestamptz NOT NULL
);
CREATE INDEX security_changes_user_idx ON security_changes (user_id, hold_until);
