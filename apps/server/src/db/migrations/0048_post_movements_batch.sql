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
