-- Sign-in and accounts: wallet, e-mail and password sign-in, bound addresses, inviters.
ALTER TABLE users
  ADD COLUMN wallet_address text,
  ADD COLUMN chain_currency text CHECK (chain_currency IN ('bnb', 'sol')),
  ADD COLUMN email text UNIQUE,
  ADD COLUMN password_hash text,
  ADD COLUMN inviter_id bigint REFERENCES users(id);

-- One address per currency per user, and an address belongs to one user only.
CREATE TABLE bound_addresses (
  user_id bigint NOT NULL REFERENCES users(id),
  currency text NOT NULL CHECK (currency IN ('bnb', 'sol')),
  wallet_address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, currency),
  UNIQUE (currency, wallet_address)
);

-- Each (address, signed text) is accepted once; written in the transaction of the action it allows.
CREATE TABLE used_signatures (
  address text NOT NULL,
  sign_content text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (address, sign_content)
);

CREATE TABLE email_codes (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX email_codes_email_idx ON email_codes (email, created_at);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  login_name text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_name_idx ON login_failures (login_name, at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, at);
