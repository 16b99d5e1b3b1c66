-- Settings an operator changes at run time (pledge rates and limits now; prices and levels later). Each change
-- is audited in operator_actions with the value before and after.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'seed'
);
INSERT INTO settings (key, value) VALUES
  ('pledge.rate.30', '1.5'),
  ('pledge.rate.90', '6'),
  ('pledge.rate.180', '15'),
  ('pledge.rate.365', '36'),
  ('pledge.dailyLimit', '3')
ON CONFLICT (key) DO NOTHING;

-- One row per (job, UTC day): the claim that makes a daily job run once across every instance. A run that
-- stops holding its lease (a crash) is taken over by the next runner and resumes from what it committed.
CREATE TABLE job_runs (
  job text NOT NULL,
  day date NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done')),
  owner text NOT NULL,
  lease_until timestamptz NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  items bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (job, day)
);

-- Pledges (RULES.md "Pledge"): the rate is fixed at pledge time; paid is what settlement paid so far.
CREATE TABLE pledges (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  days integer NOT NULL CHECK (days IN (30, 90, 180, 365)),
  rate numeric(20, 8) NOT NULL CHECK (rate >= 0),
  submode text NOT NULL CHECK (submode IN ('00', '16')),
  start_day date NOT NULL,
  end_day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid numeric(48, 18) NOT NULL DEFAULT 0,
  paid_days integer NOT NULL DEFAULT 0,
  last_paid_day date,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed')),
  completed_at timestamptz,
  idem_key text NOT NULL UNIQUE,
  movement_id bigint NOT NULL REFERENCES movements(id),
  CHECK (end_day = start_day + days)
) WITH (fillfactor = 70); -- room on each page, so the daily update of paid stays a HOT update (no index writes)
CREATE INDEX pledges_user_idx ON pledges (user_id, id DESC);
CREATE INDEX pledges_user_day_idx ON pledges (user_id, start_day);
CREATE INDEX pledges_running_idx ON pledges (id) WHERE status = 'running';

-- What settlement paid each pledge each day: the primary key is what makes a day pay once.
CREATE TABLE pledge_payouts (
  pledge_id bigint NOT NULL REFERENCES pledges(id),
  day date NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount >= 0),
  principal numeric(48, 18) NOT NULL DEFAULT 0,
  movement_id bigint NOT NULL REFERENCES movements(id),
  PRIMARY KEY (pledge_id, day)
);
