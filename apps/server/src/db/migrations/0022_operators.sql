-- Operators are people with accounts, not one shared token and a name they type. Each has a
-- slow password hash (scrypt, as users' passwords), a TOTP secret (RFC 6238) and one role; repeated failures
-- lock the account for a while. OPERATOR_TOKEN stays as the command line's credential and is no row here: it
-- acts as the operator 'cli', a name this table refuses.
CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9][a-z0-9._-]{1,31}$' AND username <> 'cli'),
  role text NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
  password_hash text NOT NULL,
  totp_secret text NOT NULL,
  -- The last accepted TOTP time step: a code signs in once (RFC 6238 section 5.2).
  totp_last_step bigint,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only the token's SHA-256 is stored, as for users' sessions; an operator session does not slide.
CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);
