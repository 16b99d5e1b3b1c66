-- One movement in one round trip (the ledger module's postPrepared calls it; docs/capacity.md has the figures):
-- the movement row (its idempotency key unique: a retry answers the first movement and moves nothing), the
-- signature's claim when the movement is a signed request's, every account locked in id order (so concurrent
-- movements over the same accounts cannot deadlock), the entries and the balances, and the notice its movement
-- gives a user with that notice's e-mail. Called alone it is its own transaction; inside a caller's transaction it
-- is one statement of it. A refusal raises one of these codes, undoing everything the call wrote:
--   AM229  the claimed signature is stale (the caller says whether it still was fresh)
--   AM232  the claimed signature was used before
--   AM230  a user account would end below zero
-- Amounts, types and accounts come as parallel arrays, one element per line, in line order.
CREATE FUNCTION post_movement(
  p_type text,
  p_idem_key text,
  p_ref text,
  p_account_ids bigint[],
  p_amounts numeric[],
  p_line_types text[],
  p_claim_address text,
  p_claim_content text,
  p_claim_fresh boolean,
  p_notice jsonb,
  OUT o_movement_id bigint,
  OUT o_replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_moved int;
  v_accounts int;
  v_notification bigint;
BEGIN
  INSERT INTO movements (type, idem_key, ref) VALUES (p_type, p_idem_key, p_ref)
    ON CONFLICT (idem_key) DO NOTHING
    RETURNING id INTO o_movement_id;
  IF o_movement_id IS NULL THEN
    SELECT m.id INTO o_movement_id FROM movements m WHERE m.idem_key = p_idem_key;
    IF o_movement_id IS NULL THEN
      RAISE EXCEPTION 'idempotency key taken by no movement';
    END IF;
    o_replayed := true;
    RETURN;
  END IF;
  o_replayed := false;

  IF p_claim_address IS NOT NULL THEN
    IF NOT p_claim_fresh THEN
      RAISE EXCEPTION USING ERRCODE = 'AM229', MESSAGE = 'the signature is more than 5 minutes old';
    END IF;
    INSERT INTO used_signatures (address, sign_content) VALUES (p_claim_address, p_claim_content)
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'AM232', MESSAGE = 'the signature was already used';
    END IF;
  END IF;

  PERFORM 1 FROM accounts a WHERE a.id = ANY (p_account_ids) ORDER BY a.id FOR UPDATE;
  WITH line AS (
    SELECT * FROM unnest(p_account_ids, p_amounts, p_line_types) WITH ORDINALITY AS l(account_id, amount, type, ord)
  ), moved AS (
    UPDATE accounts a SET balance = a.balance + s.total
    FROM (SELECT l.account_id, sum(l.amount) AS total FROM line l GROUP BY l.account_id) s
    WHERE a.id = s.account_id AND (a.kind <> 'user' OR a.balance + s.total >= 0)
    RETURNING a.id, a.balance - s.total AS before
  ), written AS (
    -- A data-modifying WITH runs to the end whether or not the query reads it.
    INSERT INTO entries (movement_id, account_id, type, amount, balance_after)
    SELECT o_movement_id, l.account_id, l.type, l.amount,
           m.before + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.ord)
    FROM line l JOIN moved m ON m.id = l.account_id
    ORDER BY l.ord
  )
  SELECT (SELECT count(*) FROM moved)::int, (SELECT count(DISTINCT l.account_id) FROM line l)::int
    INTO v_moved, v_accounts;
  IF v_moved <> v_accounts THEN
    RAISE EXCEPTION USING ERRCODE = 'AM230', MESSAGE = 'a user balance would go below zero';
  END IF;

  -- The notice is keyed by its movement, so a retry (answered above) never tells twice.
  IF p_notice IS NOT NULL THEN
    INSERT INTO notifications (user_id, kind, params, source_key)
      VALUES ((p_notice->>'userId')::bigint, p_notice->>'kind', p_notice->'params', 'movement:' || o_movement_id)
      ON CONFLICT (user_id, kind, source_key) DO NOTHING
      RETURNING id INTO v_notification;
    IF v_notification IS NOT NULL AND jsonb_typeof(p_notice->'mail') = 'object' THEN
      INSERT INTO mail_outbox (notification_id, to_address, subject, body)
        VALUES (v_notification, p_notice->'mail'->>'to', p_notice->'mail'->>'subject', p_notice->'mail'->>'body')
        ON CONFLICT (notification_id) DO NOTHING;
    END IF;
  END IF;
END;
$$;
