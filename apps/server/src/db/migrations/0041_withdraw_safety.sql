-- Withdrawal safety: amount limits per user (an operator's raise, approved by a second operator).
-- A user's own limit replaces the platform's (settings withdraw.limit.day.<currency>, withdraw.limit.days30.<currency>)
-- for one currency and one period; written only when a 'withdraw-limit' proposal is approved.
CREATE TABLE withdraw_limit_overrides (
  user_id bigint NOT NULL REFERENCES users(id),
  currency text NOT NULL,
  period text NOT NULL CHECK (period IN ('day', 'days30')),
  amount numeric(48, 18) NOT NULL CHECK (amount >= 0),
  proposal_id bigint NOT NULL REFERENCES operator_proposals(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, currency, period)
);

ALTER TABLE operator_proposals DROP CONSTRAINT operator_proposals_kind_check;
ALTER TABLE operator_proposals ADD CONSTRAINT operator_proposals_kind_check
  CHECK (kind IN (
    'credit', 'payout-refund', 'payout-retry', 'operator-create', 'operator-role', 'operator-disable', 'setting',
    'withdraw-limit'
  ));

-- The withdrawal address book: a label and an address per chain. A new entry becomes usable only after the user
-- confirms it (an e-mail code, or a wallet signature for an account without e-mail) and a security hold
-- (withdraw.addressBookHoldHours) has passed: usable_at is set by the confirmation. Removal keeps the row.
CREATE TABLE address_book (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  chain text NOT NULL CHECK (chain IN ('bsc')),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 64),
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  usable_at timestamptz,
  removed_at timestamptz,
  CHECK ((confirmed_at IS NULL) = (usable_at IS NULL))
);
CREATE UNIQUE INDEX address_book_one_live_entry ON address_book (user_id, chain, address) WHERE removed_at IS NULL;

-- 'Address book only': once on, a withdrawal goes only to a usable entry. Turning it on is at once; turning it off
-- takes the same confirmation and hold as a new address: off_at is when it stops applying.
CREATE TABLE address_book_only (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  turned_on_at timestamptz NOT NULL,
  off_at timestamptz
);

ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
  CHECK (purpose IN ('login', 'bind-address', 'address-book'));

-- The user's authenticator (TOTP): the secret is shown once, at set-up, and never answered again; enabled_at is set
-- by the first code. last_step is the last accepted 30-second step: a code of that step or an earlier one is refused.
CREATE TABLE user_authenticators (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  secret text NOT NULL,
  enabled_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten one-time recovery codes per enabling, stored as SHA-256 hashes; a used one keeps its row with used_at.
CREATE TABLE authenticator_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX authenticator_recovery_codes_user ON authenticator_recovery_codes (user_id);
