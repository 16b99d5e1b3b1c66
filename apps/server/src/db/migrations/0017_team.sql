-- The invitation tree as a closure table, team volumes and star levels, and the bonuses of purchases.

-- One row per (ancestor, descendant) pair, depth >= 1 (a user is not stored as its own ancestor). Written in the
-- transaction that binds an inviter; a line 1,000 deep holds 1,000 rows for its deepest member.
CREATE TABLE team_tree (
  ancestor_id bigint NOT NULL REFERENCES users(id),
  descendant_id bigint NOT NULL REFERENCES users(id),
  depth integer NOT NULL CHECK (depth >= 1),
  PRIMARY KEY (descendant_id, ancestor_id)
);
CREATE INDEX team_tree_ancestor_idx ON team_tree (ancestor_id, depth, descendant_id);

-- Per user: how many direct invitees, the machine worth bought by the whole downline (team volume), what the user
-- bought himself (carried to new uplines when the user binds an inviter later) and the star level (0-7), which
-- the purchase or bind that changes it recomputes in its own transaction.
CREATE TABLE team_stats (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  direct_count integer NOT NULL DEFAULT 0 CHECK (direct_count >= 0),
  team_volume numeric(48, 18) NOT NULL DEFAULT 0 CHECK (team_volume >= 0),
  own_volume numeric(48, 18) NOT NULL DEFAULT 0 CHECK (own_volume >= 0),
  level smallint NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 7)
) WITH (fillfactor = 80); -- the line above a buyer is updated on every purchase: keep those HOT updates

-- Every machine purchase the team has counted, once (the order id is the miner's): replaying one adds nothing.
CREATE TABLE team_purchases (
  order_id bigint PRIMARY KEY,
  buyer_id bigint NOT NULL REFERENCES users(id),
  worth numeric(48, 18) NOT NULL CHECK (worth > 0),
  bought_at timestamptz NOT NULL,
  movement_id bigint REFERENCES movements(id)
);
CREATE INDEX team_purchases_buyer_idx ON team_purchases (buyer_id);

-- Every bonus paid, unique per (purchase, beneficiary, type), with the rate arithmetic that made it
-- (rate - rate_below; note says "3 % = 8 % - 5 % paid below") and what the per-purchase maximum cut (due > amount).
CREATE TABLE team_bonuses (
  order_id bigint NOT NULL REFERENCES team_purchases(order_id),
  beneficiary_id bigint NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('cow-push-income', 'cow-sns-level-income', 'cow-sns-same-level-income')),
  buyer_id bigint NOT NULL REFERENCES users(id),
  depth integer NOT NULL CHECK (depth >= 1),
  level smallint NOT NULL,
  rate numeric(20, 8) NOT NULL,
  rate_below numeric(20, 8) NOT NULL,
  due numeric(48, 18) NOT NULL,
  amount numeric(48, 18) NOT NULL CHECK (amount > 0 AND amount <= due),
  note text NOT NULL,
  movement_id bigint NOT NULL REFERENCES movements(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, beneficiary_id, type)
);
CREATE INDEX team_bonuses_beneficiary_idx ON team_bonuses (beneficiary_id, type);

-- Thresholds and rates (percent of the machine's worth), changed by the operator with audit (set-config).
INSERT INTO settings (key, value) VALUES
  ('team.level.1.volume', '1000'), ('team.level.1.direct', '1'), ('team.level.1.rate', '3'),
  ('team.level.2.volume', '5000'), ('team.level.2.direct', '2'), ('team.level.2.rate', '5'),
  ('team.level.3.volume', '20000'), ('team.level.3.direct', '3'), ('team.level.3.rate', '8'),
  ('team.level.4.volume', '50000'), ('team.level.4.direct', '4'), ('team.level.4.rate', '11'),
  ('team.level.5.volume', '100000'), ('team.level.5.direct', '5'), ('team.level.5.rate', '14'),
  ('team.level.6.volume', '300000'), ('team.level.6.direct', '6'), ('team.level.6.rate', '17'),
  ('team.level.7.volume', '1000000'), ('team.level.7.direct', '8'), ('team.level.7.rate', '20'),
  ('team.directRate', '5'),
  ('team.peerRate', '1'),
  ('team.maxBonusPercent', '30')
ON CONFLICT (key) DO NOTHING;

-- Backfill: the closure of the existing inviter links (bounded by the number of users, so a cycle left by an
-- older bug cannot loop), then each user's direct invitees. No machine was bought before this migration, so volumes
-- and levels start at 0.
INSERT INTO team_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
  SELECT id, inviter_id, 1 FROM users WHERE inviter_id IS NOT NULL
  UNION ALL
  SELECT up.descendant_id, u.inviter_id, up.depth + 1
  FROM up JOIN users u ON u.id = up.ancestor_id
  WHERE u.inviter_id IS NOT NULL AND up.depth < (SELECT count(*) FROM users)
)
SELECT ancestor_id, descendant_id, min(depth) FROM up GROUP BY ancestor_id, descendant_id;

INSERT INTO team_stats (user_id, direct_count)
SELECT u.id, (SELECT count(*) FROM users c WHERE c.inviter_id = u.id) FROM users u;
