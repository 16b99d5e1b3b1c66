-- A purchase no longer adds its worth to the team_stats row of each of its (up to 1,000s of)
-- uplines. It appends one row here; an upline's team volume is team_stats.team_volume (rolled up) plus the rows
-- here bought in its downline. The team-volume-rollup job (and every bind, first) moves these rows into
-- team_stats in one set-based statement per batch and deletes them in the same transaction: each once.
CREATE TABLE team_volume_tail (
  order_id bigint PRIMARY KEY REFERENCES team_purchases(order_id),
  buyer_id bigint NOT NULL REFERENCES users(id),
  -- The top of the buyer's tree when it bought: a purchase reads only its own tree's tail.
  root_id bigint NOT NULL REFERENCES users(id),
  worth numeric(48, 18) NOT NULL CHECK (worth > 0)
);
CREATE INDEX team_volume_tail_root_idx ON team_volume_tail (root_id);

-- A user's uplines nearest first: the root of a tree in one probe, and the nearest common upline of two users
-- found by walking one line upwards until it meets the other.
CREATE INDEX team_tree_up_idx ON team_tree (descendant_id, depth) INCLUDE (ancestor_id);
