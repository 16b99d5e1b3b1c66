-- The console's announcements: an announcement is a draft until an operator publishes it. A
-- draft has no publish_time, so the app's list and detail (publish_time <= now) never show it; updated_at says
-- when its text last changed. Every announcement so far was published when it was stored.
ALTER TABLE announcements
  ALTER COLUMN publish_time DROP NOT NULL,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE announcements SET updated_at = created_at;
CREATE INDEX announcements_drafts_idx ON announcements (id) WHERE publish_time IS NULL;

-- The console shows the TOTP QR at an operator's first sign-in only (POST /ops/v1/auth/enroll): after the first
-- successful sign-in the secret is never shown again. Operators who signed in before this column have a
-- last-used TOTP step; their first sign-in is taken as that step's time.
ALTER TABLE operators ADD COLUMN first_login_at timestamptz;
UPDATE operators SET first_login_at = to_timestamp(totp_last_step * 30) WHERE totp_last_step IS NOT NULL;

-- The console's user lookup (GET /ops/v1/users?q=): a username by its prefix, whatever its case, and an address
-- by exact match, each through an index (deposit_addresses.address and users.email are unique already).
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);
CREATE INDEX users_wallet_address_idx ON users (wallet_address) WHERE wallet_address IS NOT NULL;
CREATE INDEX bound_addresses_address_idx ON bound_addresses (wallet_address);
-- The console's payout list (GET /ops/v1/payouts): newest first, by state.
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id DESC);
