-- The claims of the daily paying jobs declared with dailyPayingJob (jobs/registry.ts): one row per (job, item,
-- day), written in the statement that books the batch, so a repeated day or a resumed run pays each item once.
-- `item_id` is whatever the job pays for (a machine, a pledge…), named by the job.
CREATE TABLE daily_payouts (
  job text NOT NULL,
  item_id bigint NOT NULL,
  day date NOT NULL,
  user_id bigint NOT NULL REFERENCES users(id),
  amount numeric(48, 18) NOT NULL CHECK (amount > 0),
  movement_id bigint NOT NULL REFERENCES movements(id),
  PRIMARY KEY (job, item_id, day)
);
