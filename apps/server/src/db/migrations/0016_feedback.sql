-- Tickets (SPEC.md's feedback, points 3 and 7, RULES.md "Support and content"), their messages and
-- their image attachments.

-- A ticket is 'open' (not replied) until an operator answers, 'replied' after; a user's follow-up opens it
-- again. `about_*` names one of the user's records (domain/tickets/ticket-records.ts lists the kinds).
CREATE TABLE tickets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'replied')),
  about_kind text,
  about_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the ticket last changed state: for an open ticket, since when it waits for an operator.
  waiting_since timestamptz NOT NULL DEFAULT now(),
  CHECK ((about_kind IS NULL) = (about_id IS NULL))
);
CREATE INDEX tickets_user_idx ON tickets (user_id, id DESC);
CREATE INDEX tickets_open_idx ON tickets (waiting_since, id) WHERE status = 'open';

-- The ticket's text is its first message; then operators' replies and the user's follow-ups.
CREATE TABLE ticket_messages (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets(id),
  author text NOT NULL CHECK (author IN ('user', 'operator')),
  operator text,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((author = 'operator') = (operator IS NOT NULL))
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, id);

-- Re-encoded images, addressed by the sha256 of their bytes: stored once, served by any instance.
CREATE TABLE attachment_blobs (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
  size integer NOT NULL CHECK (size > 0),
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One user's upload of a blob; attached to one message once the ticket or follow-up is sent.
CREATE TABLE attachments (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  sha256 text NOT NULL REFERENCES attachment_blobs(sha256),
  message_id bigint REFERENCES ticket_messages(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_user_idx ON attachments (user_id, created_at);
CREATE INDEX attachments_message_idx ON attachments (message_id) WHERE message_id IS NOT NULL;
