CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only the SHA-256 of a session token is stored; the token itself lives in the client.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE announcements (
  id bigserial PRIMARY KEY,
  publish_time timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_publish_time_idx ON announcements (publish_time DESC, id DESC);

CREATE TABLE announcement_translations (
  announcement_id bigint NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (announcement_id, language)
);

CREATE TABLE token_configs (
  chain_currency text NOT NULL,
  currency text NOT NULL,
  contract_address text,
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 36),
  PRIMARY KEY (chain_currency, currency)
);
