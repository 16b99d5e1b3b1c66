-- Fixed-window attempt counters shared by every instance on this database
-- (password failures, sign-ins, e-mail code requests). A counter is taken with one conditional
-- INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so parallel requests can never pass its maximum.
CREATE TABLE attempt_counters (
  scope text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (scope, key, window_start)
);
CREATE INDEX attempt_counters_expiry_idx ON attempt_counters (expires_at);

-- Password failures are counted in attempt_counters now: the row-per-failure log let parallel guesses
-- all read "fewer than 5" before any of them was written.
DROP TABLE login_failures;
