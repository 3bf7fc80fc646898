-- One movement of the ledger in one call (modules/inventory/ledger-batch.ts sends a lone movement
-- here, a batch to app_ledger_write of migration 0031). It keeps app_ledger_write's guarantees for
-- a batch of one, step for step, with the entry in scalars: the scope first (the same refusals, in
-- the same order), the balance locked, the entry checked against it, then the writes in
-- app_ledger_write's order (a missing balance, the movement, the location put on, the location
-- taken off, the lots, the balance's net and FIFO bound), so a lone movement takes its locks in
-- the order a batch does. It answers as app_ledger_write does.
--
-- Why a second function: most of app_ledger_write's cost for one entry is its batch machinery
-- (the entries unpacked four times, arrays of keys and places, a loop over the entries), not the
-- writes. For a lone movement it ran about 13 statements where this runs 6, and a movement a
-- transaction went from about 1,900 to about 2,700 a second on two connections (pgbench driving
-- each function with the app's message, same database). tests/server/ledger-move.test.ts runs the
-- same movements, refusals included, through both and compares what they leave.
--
-- A balance nobody has written has no location stock (location_stock's balance foreign key), so
-- an entry that takes goods off a location of such a balance is refused with nothing on it, as
-- app_ledger_write refuses it.
CREATE FUNCTION app_ledger_move(p_entry jsonb, p_actor uuid, p_staff uuid, p_seller_bound boolean,
  p_seller uuid) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_w uuid := p_entry->>'w';
  v_s uuid := p_entry->>'s';
  v_n int := (p_entry->>'n')::int;
  v_a int := (p_entry->>'a')::int;
  v_f int := (p_entry->>'f')::int;
  v_t int := (p_entry->>'t')::int;
  v_fl uuid := p_entry->>'fl';
  v_tl uuid := p_entry->>'tl';
  v_rf uuid := p_entry->>'rf';
  v_rt uuid := p_entry->>'rt';
  v_lot text := p_entry->>'lot';
  v_at timestamptz := coalesce((p_entry->>'at')::timestamptz, now());
  c record;
  b record;
  v_av int := 0;
  v_fr int := 0;
  v_tr int := 0;
  v_ff timestamptz;
  v_pq int;
  v_existed boolean;
  v_id bigint;
  v_taken int;
  v_floor timestamptz;
BEGIN
  -- 1. Scope: the warehouse the actor can see, the SKU of the actor's seller, the locations
  -- named known, visible and of the warehouse.
  SELECT wh.id AS warehouse, sk.id AS sku, sk.seller_id,
      lf.id AS lf_id, lf.warehouse_id AS lf_warehouse, lf.code AS lf_code,
      (p_staff IS NULL OR EXISTS (SELECT 1 FROM warehouse_staff ws WHERE ws.user_id = p_staff AND ws.warehouse_id = lf.warehouse_id)) AS lf_visible,
      lt.id AS lt_id, lt.warehouse_id AS lt_warehouse, lt.code AS lt_code,
      (p_staff IS NULL OR EXISTS (SELECT 1 FROM warehouse_staff ws WHERE ws.user_id = p_staff AND ws.warehouse_id = lt.warehouse_id)) AS lt_visible
    INTO c
    FROM (SELECT) AS one
    LEFT JOIN warehouses wh ON wh.id = v_w
      AND (p_staff IS NULL OR EXISTS (SELECT 1 FROM warehouse_staff ws WHERE ws.user_id = p_staff AND ws.warehouse_id = wh.id))
    LEFT JOIN skus sk ON sk.id = v_s AND (NOT p_seller_bound OR sk.seller_id = p_seller)
    LEFT JOIN warehouse_locations lf ON lf.id = v_rf
    LEFT JOIN warehouse_locations lt ON lt.id = v_rt;
  IF c.warehouse IS NULL OR c.sku IS NULL
      OR (v_rf IS NOT NULL AND (c.lf_id IS NULL OR NOT c.lf_visible OR c.lf_warehouse <> v_w))
      OR (v_rt IS NOT NULL AND (c.lt_id IS NULL OR NOT c.lt_visible OR c.lt_warehouse <> v_w)) THEN
    RETURN jsonb_build_object('refused', CASE
      WHEN c.warehouse IS NULL THEN jsonb_build_object('code', 'warehouse.not_found')
      WHEN c.sku IS NULL THEN jsonb_build_object('code', 'catalog.sku_not_found')
      WHEN v_rf IS NOT NULL AND (c.lf_id IS NULL OR NOT c.lf_visible)
        THEN jsonb_build_object('code', 'warehouse.location_not_found')
      WHEN v_rf IS NOT NULL AND c.lf_warehouse <> v_w
        THEN jsonb_build_object('code', 'warehouse.location_other_warehouse', 'params', jsonb_build_object('code', c.lf_code))
      WHEN c.lt_id IS NULL OR NOT c.lt_visible THEN jsonb_build_object('code', 'warehouse.location_not_found')
      ELSE jsonb_build_object('code', 'warehouse.location_other_warehouse', 'params', jsonb_build_object('code', c.lt_code))
      END || jsonb_build_object('entry', 0));
  END IF;

  -- 2. The balance locked, with what the location goods come off holds.
  SELECT sb.available, sb.frozen, sb.in_transit, sb.fifo_from,
      (SELECT ls.quantity FROM location_stock ls WHERE ls.location_id = v_fl AND ls.sku_id = v_s) AS on_location
    INTO b FROM stock_balances sb WHERE sb.warehouse_id = v_w AND sb.sku_id = v_s FOR UPDATE;
  v_existed := FOUND;
  IF v_existed THEN
    v_av := b.available; v_fr := b.frozen; v_tr := b.in_transit; v_ff := b.fifo_from;
    v_pq := coalesce(b.on_location, 0);
  ELSE
    v_pq := 0;
  END IF;
  IF (v_av + v_a < 0 OR v_fr + v_f < 0 OR v_tr + v_t < 0) AND (v_fl IS NULL OR v_existed) THEN
    RETURN jsonb_build_object('refused', jsonb_build_object('entry', 0, 'code', CASE
        WHEN v_fr + v_f < 0 THEN 'inventory.insufficient_frozen'
        WHEN v_tr + v_t < 0 THEN 'inventory.insufficient_in_transit'
        ELSE 'inventory.insufficient_stock' END,
      'params', CASE
        WHEN v_fr + v_f < 0 THEN jsonb_build_object('frozen', v_fr, 'quantity', v_n)
        WHEN v_tr + v_t < 0 THEN jsonb_build_object('inTransit', v_tr, 'quantity', v_n)
        ELSE jsonb_build_object('available', v_av, 'quantity', v_n) END));
  END IF;
  -- Goods off a location: the balance first (above), then the location.
  IF v_fl IS NOT NULL AND v_pq < v_n THEN
    RETURN jsonb_build_object('refused', jsonb_build_object('entry', 0,
      'code', 'inventory.insufficient_location_stock',
      'params', jsonb_build_object('location', coalesce(c.lf_code, ''), 'onLocation', v_pq, 'quantity', v_n)));
  END IF;

  -- 3. The writes, in app_ledger_write's order.
  IF NOT v_existed THEN
    INSERT INTO stock_balances (warehouse_id, sku_id, seller_id, available, frozen, in_transit)
      VALUES (v_w, v_s, c.seller_id, v_a, v_f, v_t)
      ON CONFLICT (tenant_id, warehouse_id, sku_id) DO UPDATE SET
        available = stock_balances.available + excluded.available, frozen = stock_balances.frozen + excluded.frozen,
        in_transit = stock_balances.in_transit + excluded.in_transit, fifo_from = NULL, updated_at = now();
  END IF;
  INSERT INTO stock_movements (warehouse_id, sku_id, seller_id, kind, quantity, available_delta, frozen_delta,
      in_transit_delta, from_location_id, to_location_id, source_type, source_id, reason, actor_id)
    VALUES (v_w, v_s, c.seller_id, p_entry->>'k', (p_entry->>'q')::int, v_a, v_f, v_t, v_fl, v_tl,
      p_entry->>'st', p_entry->>'si', p_entry->>'r', p_actor)
    RETURNING id INTO v_id;
  IF v_tl IS NOT NULL THEN
    INSERT INTO location_stock (warehouse_id, location_id, sku_id, quantity) VALUES (v_w, v_tl, v_s, v_n)
      ON CONFLICT (tenant_id, location_id, sku_id) DO UPDATE
        SET quantity = location_stock.quantity + excluded.quantity, updated_at = now();
  END IF;
  IF v_fl IS NOT NULL THEN
    UPDATE location_stock ls SET quantity = ls.quantity - v_n, updated_at = now()
      WHERE ls.location_id = v_fl AND ls.sku_id = v_s;
  END IF;
  IF v_lot = 'add' THEN
    INSERT INTO stock_lots (warehouse_id, sku_id, received_at, quantity_received, quantity_remaining, movement_id)
      VALUES (v_w, v_s, v_at, v_n, v_n, v_id);
    IF v_ff IS NOT NULL THEN v_ff := least(v_ff, v_at); END IF;
  ELSIF v_lot = 'consume' THEN
    WITH ranked AS (
      SELECT sl.id, sl.received_at, sl.quantity_remaining, coalesce(sum(sl.quantity_remaining) OVER (
          ORDER BY sl.received_at, sl.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
        FROM stock_lots sl
        WHERE sl.warehouse_id = v_w AND sl.sku_id = v_s AND sl.quantity_remaining > 0
          AND sl.received_at >= coalesce(v_ff, '-infinity'::timestamptz)),
    taken AS (
      UPDATE stock_lots sl SET quantity_remaining = sl.quantity_remaining - least(ranked.quantity_remaining, v_n - ranked.before)
        FROM ranked WHERE ranked.before < v_n AND sl.id = ranked.id AND sl.tenant_id = app_current_tenant()
        RETURNING least(ranked.quantity_remaining, v_n - ranked.before) AS take)
    SELECT (SELECT coalesce(sum(taken.take), 0) FROM taken),
        (SELECT min(ranked.received_at) FROM ranked WHERE ranked.before + ranked.quantity_remaining > v_n)
      INTO v_taken, v_floor;
    v_ff := coalesce(v_floor, 'infinity'::timestamptz);
    IF v_taken <> v_n THEN RAISE EXCEPTION 'stock lots out of step: consumed % of %', v_taken, v_n; END IF;
  ELSIF v_lot = 'consume_newest' THEN
    WITH ranked AS (
      SELECT sl.id, sl.quantity_remaining, coalesce(sum(sl.quantity_remaining) OVER (
          ORDER BY sl.received_at DESC, sl.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
        FROM stock_lots sl
        WHERE sl.warehouse_id = v_w AND sl.sku_id = v_s AND sl.quantity_remaining > 0),
    taken AS (
      UPDATE stock_lots sl SET quantity_remaining = sl.quantity_remaining - least(ranked.quantity_remaining, v_n - ranked.before)
        FROM ranked WHERE ranked.before < v_n AND sl.id = ranked.id AND sl.tenant_id = app_current_tenant()
        RETURNING least(ranked.quantity_remaining, v_n - ranked.before) AS take)
    SELECT coalesce(sum(taken.take), 0) INTO v_taken FROM taken;
    IF v_taken <> v_n THEN RAISE EXCEPTION 'stock lots out of step: consumed % of %', v_taken, v_n; END IF;
  END IF;
  IF v_existed OR v_ff IS NOT NULL THEN
    UPDATE stock_balances sb SET
        available = sb.available + CASE WHEN v_existed THEN v_a ELSE 0 END,
        frozen = sb.frozen + CASE WHEN v_existed THEN v_f ELSE 0 END,
        in_transit = sb.in_transit + CASE WHEN v_existed THEN v_t ELSE 0 END,
        fifo_from = v_ff, updated_at = now()
      WHERE sb.warehouse_id = v_w AND sb.sku_id = v_s;
  END IF;
  RETURN jsonb_build_object('written', jsonb_build_array(jsonb_build_array(v_id, v_av + v_a, v_fr + v_f,
    v_av + v_a + v_fr + v_f, v_tr + v_t)));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_ledger_move(jsonb, uuid, uuid, boolean, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_ledger_move(jsonb, uuid, uuid, boolean, uuid) TO wms_app;
