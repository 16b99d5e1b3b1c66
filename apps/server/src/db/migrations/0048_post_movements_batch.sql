-- post_movement now locks its accounts before it writes its movement's key. A batch (below) must lock all its
-- accounts first, before any key (two batches over the same accounts would deadlock otherwise); a single movement
-- that took its key first and then waited for an account a batch holds, while the batch waited for that same key
-- (the same signed request sent twice at once), would deadlock with it. Every caller now takes the accounts first,
-- in id order, and a key only once it holds them: a duplicate waits for its first at the accounts.
CREATE OR REPLACE FUNCTION post_movement(
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
  -- The accounts first, then the movement's key (see above).
  PERFORM 1 FROM accounts a WHERE a.id = ANY (p_account_ids) ORDER BY a.id FOR UPDATE;
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

-- Several movements in one statement and one transaction (group commit: the ledger module gathers the movements
-- posted while earlier ones are in flight; docs/capacity.md has the figures). Each element of p_batch is one
-- movement as post_movement takes it: {type, idemKey, ref, accounts, amounts, types, claimAddress, claimContent,
-- claimFresh, notice}. Every account of the batch is locked first, in id order, so two batches (or a batch and a
-- single movement) cannot deadlock over them; then each movement is post_movement itself, in a block of its own:
-- a refusal (AM229, AM230, AM232) undoes that movement alone and is answered in its row, exactly as the movement
-- posted alone would have been answered. Any other error fails the whole batch (the caller then posts each alone).
-- One row per movement, in the batch's order.
CREATE FUNCTION post_movements(p_batch jsonb)
RETURNS TABLE (o_ord int, o_movement_id bigint, o_replayed boolean, o_refusal text)
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
BEGIN
  PERFORM 1 FROM accounts a
    WHERE a.id IN (SELECT (jsonb_array_elements_text(m.value->'accounts'))::bigint FROM jsonb_array_elements(p_batch) m)
    ORDER BY a.id FOR UPDATE;
  FOR v_item, o_ord IN SELECT b.value, b.ordinality::int FROM jsonb_array_elements(p_batch) WITH ORDINALITY b LOOP
    BEGIN
      SELECT p.o_movement_id, p.o_replayed INTO o_movement_id, o_replayed
      FROM post_movement(
        v_item->>'type',
        v_item->>'idemKey',
        v_item->>'ref',
        ARRAY(SELECT e.v::bigint FROM jsonb_array_elements_text(v_item->'accounts') WITH ORDINALITY e(v, n) ORDER BY e.n),
        ARRAY(SELECT e.v::numeric FROM jsonb_array_elements_text(v_item->'amounts') WITH ORDINALITY e(v, n) ORDER BY e.n),
        ARRAY(SELECT e.v FROM jsonb_array_elements_text(v_item->'types') WITH ORDINALITY e(v, n) ORDER BY e.n),
        v_item->>'claimAddress',
        v_item->>'claimContent',
        coalesce((v_item->>'claimFresh')::boolean, true),
        CASE WHEN jsonb_typeof(v_item->'notice') = 'object' THEN v_item->'notice' END
      ) p;
      o_refusal := NULL;
    EXCEPTION WHEN SQLSTATE 'AM229' OR SQLSTATE 'AM230' OR SQLSTATE 'AM232' THEN
      o_movement_id := NULL;
      o_replayed := false;
      o_refusal := SQLSTATE;
    END;
    RETURN NEXT;
  END LOOP;
END;
$$;
