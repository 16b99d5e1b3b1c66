-- Notifications (docs/architecture.md "Notifications"): a user's inbox, the e-mails that go with it, the user's
-- notification settings, and what the devices list shows of a session.

-- One row per event a user is told of, created in the transaction of the event itself. `source_key` names the
-- event (a movement, a withdrawal's state, a day): the unique (user, kind, source_key) makes a retried or replayed
-- event tell the user once.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  source_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  UNIQUE (user_id, kind, source_key)
);
CREATE INDEX notifications_of_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- The e-mail of a notification, written (subject and text in the user's language, with the anti-phishing word)
-- in the event's transaction and sent by the mail-outbox work: claimed with a lease (`lease_until`) and SKIP
-- LOCKED, marked 'sent' after the SMTP server accepted it. A process that dies between the two sends it again
-- once its lease ends: at most that one second copy, never none.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  notification_id bigint NOT NULL UNIQUE REFERENCES notifications(id),
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_pending ON mail_outbox (id) WHERE status = 'pending';

-- A user's notification settings: the anti-phishing word every e-mail carries, the money kinds whose e-mail the
-- user turned off (security e-mails cannot be), and the language of the e-mails (the app's, at the last sign-in
-- or settings change).
CREATE TABLE notification_settings (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  anti_phishing_word text,
  language text NOT NULL DEFAULT 'en',
  email_opt_out text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What the devices list shows of a session: the browser (from the user agent), the address it signed in from
-- (its prefix only: 203.0.113.x, 2001:db8::/48), when it was last used (written with the sliding expiry, at
-- most once an hour), the device's key (browser and system) that tells a new device from a known one, and the
-- wallet a wallet sign-in signed with (a new one is told of).
ALTER TABLE sessions
  ADD COLUMN user_agent text,
  ADD COLUMN ip_prefix text,
  ADD COLUMN device_key text,
  ADD COLUMN sign_in_wallet text,
  ADD COLUMN last_seen_at timestamptz;
