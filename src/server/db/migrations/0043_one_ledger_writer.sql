-- The stock ledger's one writer. Every change of stock (a receipt, a shelving, a move, a hold or
-- its release, an issue, a destruction, an adjustment or count correction, a transfer's two
-- sides, a receipt or shelving taken back) is an entry of this function, one movement or a
-- thousand in one call, in the caller's transaction (modules/inventory/ledger-batch.ts sends
-- them, as a prepared statement with begin and the tenant). Nothing else writes stock_balances,
-- stock_movements, location_stock or stock_lots. It replaces the batch function of migration
-- 0031 and the one-movement function of migration 0032 (dropped here) with one function whose
-- rules are these:
--
-- Each entry arrives with what the app's stock domain (src/shared/domain/stock.ts) says of its
-- kind: its balance deltas (available, frozen, in transit), the location it takes goods off and
-- the one it puts them on, and what it does to the lots. A transfer out is two entries of kind
-- transfer_out: available down off a location at the sending warehouse, and in transit up at the
-- receiving one (no location, no lot), so both balances are locked in the one order below.
--
-- 1. Scope: the first entry whose warehouse the actor cannot see, whose SKU is not the actor's
--    seller's, or whose location is unknown, hidden or in another warehouse is refused.
-- 2. The balances the call touches are locked in warehouse then SKU order, the one order every
--    call takes them in, so two calls never wait on each other in a cycle. Then the location
--    stock is read: this function holds a SKU's balance lock before it changes that SKU's
--    locations or lots, so what was read stays true. A caller may lock balances first itself
--    (the reservations read what is available under the lock, then send their holds): it takes
--    them in the same order.
-- 3. The entries are checked in their order, each against what the ones before it left, so a
--    batch is refused exactly where the same movements one by one would be: the refusal names the
--    entry (its index), the reason and its figures, and comes before the first write, so nothing
--    is left behind and the caller's transaction stays usable.
-- 4. The writes, set-based: each balance and each location changes once by the batch's net
--    (relative updates; the missing balances are made in warehouse then SKU order), the movements
--    go in with one statement in the entries' order, and the lots in the entries' order (a lot
--    taken must be one that existed at its entry): oldest first, or newest first for a receipt
--    taken back. Writing a row once per batch rather than once per entry matters: a hundred
--    updates of one row in one transaction leave a hundred versions that every later read of it
--    walks. The check constraints stay the backstop.
-- 5. A lone entry takes a path of its own with the same steps, refusals and answer: most of the
--    batch path's cost for one entry is its machinery (the entries unpacked four times, arrays of
--    keys and places, a loop), not the writes; for a lone movement it ran about 13 statements
--    where the one-entry path runs 6 (one movement a transaction went from about 1,900 to about
--    2,700 a second on two connections). tests/server/ledger-move.test.ts runs the same
--    movements, refusals included, through both paths and compares what they leave.
--
-- A balance that does not exist yet cannot be locked; it counts from zero and is made by an
-- upsert. If another transaction makes it meanwhile, the upsert adds to what that one wrote:
-- quantities stay exact (every change is relative, and none goes below zero from a start that was
-- not below zero); only which of two lots received in the same instant is the older may differ.
-- A balance nobody has written has no location stock (location_stock's balance foreign key), so
-- an entry that takes goods off a location of such a balance is refused with nothing on it.
--
-- A SKU's lots are taken from the oldest with units left, found through the partial FIFO index
-- (lots with units left). Every lot taken empty leaves a dead entry at the old end of that index
-- until VACUUM, and a scan from the start walks them all: so the balance keeps `fifo_from`, a
-- lower bound of the receipt times of its lots with units left (NULL: not known, scan from the
-- start; 'infinity': none left). Taking oldest first moves it to the oldest lot left, a lot
-- received earlier lowers it, and the scan starts there.
--
-- Runs as the caller, under the tenant's row-level security. Answers
--   {"refused": {"entry": i, "code": "...", "params": {...}}}  or
--   {"written": [[movement id, available, frozen, total, in transit], ...]} in the entries' order.
CREATE OR REPLACE FUNCTION app_ledger_write(p_entries jsonb, p_actor uuid, p_staff uuid, p_seller_bound boolean,
  p_seller uuid) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  e record;
  r record;
  v_bad record;
  v_seen uuid[];
  j int;
  k int;
  -- The balances, by key (warehouse, SKU) in that order: what they hold as the entries go, the
  -- batch's net change, the FIFO lower bound, and whether the row existed or an entry wrote it.
  v_kw uuid[];
  v_ks uuid[];
  v_av int[] := '{}';
  v_fr int[] := '{}';
  v_tr int[] := '{}';
  v_da int[] := '{}';
  v_df int[] := '{}';
  v_dt int[] := '{}';
  v_ff timestamptz[] := '{}';
  v_existed boolean[] := '{}';
  v_wrote boolean[] := '{}';
  -- The places (location, SKU) in that order: their warehouse, units there, the batch's net change.
  v_pl uuid[];
  v_ps uuid[];
  v_pw uuid[];
  v_pq int[] := '{}';
  v_pd int[] := '{}';
  -- The lots' work, in the entries' order: entry index, key, effect, size, receipt time.
  v_li int[] := '{}';
  v_lk int[] := '{}';
  v_lx text[] := '{}';
  v_ln int[] := '{}';
  v_la timestamptz[] := '{}';
  -- Lots to add, gathered until a lot is taken (it may take them) or the end.
  v_aw uuid[] := '{}';
  v_as uuid[] := '{}';
  v_aa timestamptz[] := '{}';
  v_an int[] := '{}';
  v_am bigint[] := '{}';
  v_ids bigint[];
  v_taken int;
  v_floor timestamptz;
  v_after jsonb := '[]'::jsonb;
  v_short boolean;
  v_held int := 0;
  v_put boolean := false;
  v_took boolean := false;
BEGIN
  -- The one-entry path (rule 5 of the header): the batch path's steps for a batch of one, with
  -- the entry in scalars.
  IF jsonb_array_length(p_entries) = 1 THEN
    DECLARE
      o_entry jsonb := p_entries->0;
      o_w uuid := o_entry->>'w';
      o_s uuid := o_entry->>'s';
      o_n int := (o_entry->>'n')::int;
      o_a int := (o_entry->>'a')::int;
      o_f int := (o_entry->>'f')::int;
      o_t int := (o_entry->>'t')::int;
      o_fl uuid := o_entry->>'fl';
      o_tl uuid := o_entry->>'tl';
      o_rf uuid := o_entry->>'rf';
      o_rt uuid := o_entry->>'rt';
      o_lot text := o_entry->>'lot';
      o_at timestamptz := coalesce((o_entry->>'at')::timestamptz, now());
      oc record;
      ob record;
      o_av int := 0;
      o_fr int := 0;
      o_tr int := 0;
      o_ff timestamptz;
      o_pq int;
      o_existed boolean;
      o_id bigint;
      o_taken int;
      o_floor timestamptz;
    BEGIN
      -- 1. Scope: the warehouse the actor can see, the SKU of the actor's seller, the locations
      -- named known, visible and of the warehouse.
      SELECT wh.id AS warehouse, sk.id AS sku, sk.seller_id,
          lf.id AS lf_id, lf.warehouse_id AS lf_warehouse, lf.code AS lf_code,
          (p_staff IS NULL OR EXISTS (SELECT 1 FROM warehouse_staff ws WHERE ws.user_id = p_staff AND ws.warehouse_id = lf.warehouse_id)) AS lf_visible,
          lt.id AS lt_id, lt.warehouse_id AS lt_warehouse, lt.code AS lt_code,
          (p_staff IS NULL OR EXISTS (SELECT 1 FROM warehouse_staff ws WHERE ws.user_id = p_staff AND ws.warehouse_id = lt.warehouse_id)) AS lt_visible
        INTO oc
        FROM (SELECT) AS one
        LEFT JOIN warehouses wh ON wh.id = o_w
          AND (p_staff IS NULL OR EXISTS (SELECT 1 FROM warehouse_staff ws WHERE ws.user_id = p_staff AND ws.warehouse_id = wh.id))
        LEFT JOIN skus sk ON sk.id = o_s AND (NOT p_seller_bound OR sk.seller_id = p_seller)
        LEFT JOIN warehouse_locations lf ON lf.id = o_rf
        LEFT JOIN warehouse_locations lt ON lt.id = o_rt;
      IF oc.warehouse IS NULL OR oc.sku IS NULL
          OR (o_rf IS NOT NULL AND (oc.lf_id IS NULL OR NOT oc.lf_visible OR oc.lf_warehouse <> o_w))
          OR (o_rt IS NOT NULL AND (oc.lt_id IS NULL OR NOT oc.lt_visible OR oc.lt_warehouse <> o_w)) THEN
        RETURN jsonb_build_object('refused', CASE
          WHEN oc.warehouse IS NULL THEN jsonb_build_object('code', 'warehouse.not_found')
          WHEN oc.sku IS NULL THEN jsonb_build_object('code', 'catalog.sku_not_found')
          WHEN o_rf IS NOT NULL AND (oc.lf_id IS NULL OR NOT oc.lf_visible)
            THEN jsonb_build_object('code', 'warehouse.location_not_found')
          WHEN o_rf IS NOT NULL AND oc.lf_warehouse <> o_w
            THEN jsonb_build_object('code', 'warehouse.location_other_warehouse', 'params', jsonb_build_object('code', oc.lf_code))
          WHEN oc.lt_id IS NULL OR NOT oc.lt_visible THEN jsonb_build_object('code', 'warehouse.location_not_found')
          ELSE jsonb_build_object('code', 'warehouse.location_other_warehouse', 'params', jsonb_build_object('code', oc.lt_code))
          END || jsonb_build_object('entry', 0));
      END IF;

      -- 2. The balance locked, with what the location goods come off holds.
      SELECT sb.available, sb.frozen, sb.in_transit, sb.fifo_from,
          (SELECT ls.quantity FROM location_stock ls WHERE ls.location_id = o_fl AND ls.sku_id = o_s) AS on_location
        INTO ob FROM stock_balances sb WHERE sb.warehouse_id = o_w AND sb.sku_id = o_s FOR UPDATE;
      o_existed := FOUND;
      IF o_existed THEN
        o_av := ob.available; o_fr := ob.frozen; o_tr := ob.in_transit; o_ff := ob.fifo_from;
        o_pq := coalesce(ob.on_location, 0);
      ELSE
        o_pq := 0;
      END IF;
      IF (o_av + o_a < 0 OR o_fr + o_f < 0 OR o_tr + o_t < 0) AND (o_fl IS NULL OR o_existed) THEN
        RETURN jsonb_build_object('refused', jsonb_build_object('entry', 0, 'code', CASE
            WHEN o_fr + o_f < 0 THEN 'inventory.insufficient_frozen'
            WHEN o_tr + o_t < 0 THEN 'inventory.insufficient_in_transit'
            ELSE 'inventory.insufficient_stock' END,
          'params', CASE
            WHEN o_fr + o_f < 0 THEN jsonb_build_object('frozen', o_fr, 'quantity', o_n)
            WHEN o_tr + o_t < 0 THEN jsonb_build_object('inTransit', o_tr, 'quantity', o_n)
            ELSE jsonb_build_object('available', o_av, 'quantity', o_n) END));
      END IF;
      -- Goods off a location: the balance first (above), then the location.
      IF o_fl IS NOT NULL AND o_pq < o_n THEN
        RETURN jsonb_build_object('refused', jsonb_build_object('entry', 0,
          'code', 'inventory.insufficient_location_stock',
          'params', jsonb_build_object('location', coalesce(oc.lf_code, ''), 'onLocation', o_pq, 'quantity', o_n)));
      END IF;

      -- 3. The writes, in the batch path's order.
      IF NOT o_existed THEN
        INSERT INTO stock_balances (warehouse_id, sku_id, seller_id, available, frozen, in_transit)
          VALUES (o_w, o_s, oc.seller_id, o_a, o_f, o_t)
          ON CONFLICT (tenant_id, warehouse_id, sku_id) DO UPDATE SET
            available = stock_balances.available + excluded.available, frozen = stock_balances.frozen + excluded.frozen,
            in_transit = stock_balances.in_transit + excluded.in_transit, fifo_from = NULL, updated_at = now();
      END IF;
      INSERT INTO stock_movements (warehouse_id, sku_id, seller_id, kind, quantity, available_delta, frozen_delta,
          in_transit_delta, from_location_id, to_location_id, source_type, source_id, reason, actor_id)
        VALUES (o_w, o_s, oc.seller_id, o_entry->>'k', (o_entry->>'q')::int, o_a, o_f, o_t, o_fl, o_tl,
          o_entry->>'st', o_entry->>'si', o_entry->>'r', p_actor)
        RETURNING id INTO o_id;
      IF o_tl IS NOT NULL THEN
        INSERT INTO location_stock (warehouse_id, location_id, sku_id, quantity) VALUES (o_w, o_tl, o_s, o_n)
          ON CONFLICT (tenant_id, location_id, sku_id) DO UPDATE
            SET quantity = location_stock.quantity + excluded.quantity, updated_at = now();
      END IF;
      IF o_fl IS NOT NULL THEN
        UPDATE location_stock ls SET quantity = ls.quantity - o_n, updated_at = now()
          WHERE ls.location_id = o_fl AND ls.sku_id = o_s;
      END IF;
      IF o_lot = 'add' THEN
        INSERT INTO stock_lots (warehouse_id, sku_id, received_at, quantity_received, quantity_remaining, movement_id)
          VALUES (o_w, o_s, o_at, o_n, o_n, o_id);
        IF o_ff IS NOT NULL THEN o_ff := least(o_ff, o_at); END IF;
      ELSIF o_lot = 'consume' THEN
        WITH ranked AS (
          SELECT sl.id, sl.received_at, sl.quantity_remaining, coalesce(sum(sl.quantity_remaining) OVER (
              ORDER BY sl.received_at, sl.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
            FROM stock_lots sl
            WHERE sl.warehouse_id = o_w AND sl.sku_id = o_s AND sl.quantity_remaining > 0
              AND sl.received_at >= coalesce(o_ff, '-infinity'::timestamptz)),
        taken AS (
          UPDATE stock_lots sl SET quantity_remaining = sl.quantity_remaining - least(ranked.quantity_remaining, o_n - ranked.before)
            FROM ranked WHERE ranked.before < o_n AND sl.id = ranked.id AND sl.tenant_id = app_current_tenant()
            RETURNING least(ranked.quantity_remaining, o_n - ranked.before) AS take)
        SELECT (SELECT coalesce(sum(taken.take), 0) FROM taken),
            (SELECT min(ranked.received_at) FROM ranked WHERE ranked.before + ranked.quantity_remaining > o_n)
          INTO o_taken, o_floor;
        o_ff := coalesce(o_floor, 'infinity'::timestamptz);
        IF o_taken <> o_n THEN RAISE EXCEPTION 'stock lots out of step: consumed % of %', o_taken, o_n; END IF;
      ELSIF o_lot = 'consume_newest' THEN
        WITH ranked AS (
          SELECT sl.id, sl.quantity_remaining, coalesce(sum(sl.quantity_remaining) OVER (
              ORDER BY sl.received_at DESC, sl.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
            FROM stock_lots sl
            WHERE sl.warehouse_id = o_w AND sl.sku_id = o_s AND sl.quantity_remaining > 0),
        taken AS (
          UPDATE stock_lots sl SET quantity_remaining = sl.quantity_remaining - least(ranked.quantity_remaining, o_n - ranked.before)
            FROM ranked WHERE ranked.before < o_n AND sl.id = ranked.id AND sl.tenant_id = app_current_tenant()
            RETURNING least(ranked.quantity_remaining, o_n - ranked.before) AS take)
        SELECT coalesce(sum(taken.take), 0) INTO o_taken FROM taken;
        IF o_taken <> o_n THEN RAISE EXCEPTION 'stock lots out of step: consumed % of %', o_taken, o_n; END IF;
      END IF;
      IF o_existed OR o_ff IS NOT NULL THEN
        UPDATE stock_balances sb SET
            available = sb.available + CASE WHEN o_existed THEN o_a ELSE 0 END,
            frozen = sb.frozen + CASE WHEN o_existed THEN o_f ELSE 0 END,
            in_transit = sb.in_transit + CASE WHEN o_existed THEN o_t ELSE 0 END,
            fifo_from = o_ff, updated_at = now()
          WHERE sb.warehouse_id = o_w AND sb.sku_id = o_s;
      END IF;
      RETURN jsonb_build_object('written', jsonb_build_array(jsonb_build_array(o_id, o_av + o_a, o_fr + o_f,
        o_av + o_a + o_fr + o_f, o_tr + o_t)));
    END;
  END IF;

  -- The batch path.
  -- (Arrays are filled from index 1 up: assigning into an empty array elsewhere would move its
  -- lower bound.)
  -- 1. Scope, for every entry before any is checked. A warehouse-bound actor sees the warehouses
  -- it is staff of (v_seen); NULL: every warehouse of the tenant.
  IF p_staff IS NOT NULL THEN
    SELECT coalesce(array_agg(ws.warehouse_id), '{}') INTO v_seen FROM warehouse_staff ws WHERE ws.user_id = p_staff;
  END IF;
  WITH x AS (
    SELECT * FROM ROWS FROM (jsonb_to_recordset(p_entries) AS (w uuid, s uuid, rf uuid, rt uuid))
      WITH ORDINALITY AS x(w, s, rf, rt, i)),
  loc AS (
    SELECT l.id, l.warehouse_id, l.code, (v_seen IS NULL OR l.warehouse_id = ANY (v_seen)) AS visible
      FROM warehouse_locations l WHERE l.id IN (SELECT x.rf FROM x UNION SELECT x.rt FROM x))
  SELECT x.i, x.w, x.rf, x.rt, wh.id AS warehouse, sk.id AS sku,
      lf.id AS lf_id, lf.warehouse_id AS lf_warehouse, lf.code AS lf_code, lf.visible AS lf_visible,
      lt.id AS lt_id, lt.warehouse_id AS lt_warehouse, lt.code AS lt_code, lt.visible AS lt_visible
    INTO v_bad
    FROM x
    LEFT JOIN warehouses wh ON wh.id = x.w AND (v_seen IS NULL OR wh.id = ANY (v_seen))
    LEFT JOIN skus sk ON sk.id = x.s AND (NOT p_seller_bound OR sk.seller_id = p_seller)
    LEFT JOIN loc lf ON lf.id = x.rf
    LEFT JOIN loc lt ON lt.id = x.rt
    WHERE wh.id IS NULL OR sk.id IS NULL
      OR (x.rf IS NOT NULL AND (lf.id IS NULL OR NOT lf.visible OR lf.warehouse_id <> x.w))
      OR (x.rt IS NOT NULL AND (lt.id IS NULL OR NOT lt.visible OR lt.warehouse_id <> x.w))
    ORDER BY x.i
    LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('refused', CASE
      WHEN v_bad.warehouse IS NULL THEN jsonb_build_object('code', 'warehouse.not_found')
      WHEN v_bad.sku IS NULL THEN jsonb_build_object('code', 'catalog.sku_not_found')
      WHEN v_bad.rf IS NOT NULL AND (v_bad.lf_id IS NULL OR NOT v_bad.lf_visible)
        THEN jsonb_build_object('code', 'warehouse.location_not_found')
      WHEN v_bad.rf IS NOT NULL AND v_bad.lf_warehouse <> v_bad.w
        THEN jsonb_build_object('code', 'warehouse.location_other_warehouse', 'params', jsonb_build_object('code', v_bad.lf_code))
      WHEN v_bad.lt_id IS NULL OR NOT v_bad.lt_visible THEN jsonb_build_object('code', 'warehouse.location_not_found')
      ELSE jsonb_build_object('code', 'warehouse.location_other_warehouse', 'params', jsonb_build_object('code', v_bad.lt_code))
      END || jsonb_build_object('entry', v_bad.i - 1));
  END IF;

  -- 2. The keys and places, the balances locked in order, then the location stock.
  WITH x AS (SELECT * FROM jsonb_to_recordset(p_entries) AS x(w uuid, s uuid, fl uuid, tl uuid)),
  keys AS (SELECT DISTINCT x.w, x.s FROM x),
  places AS (SELECT x.fl AS l, x.s, x.w FROM x WHERE x.fl IS NOT NULL UNION SELECT x.tl, x.s, x.w FROM x WHERE x.tl IS NOT NULL)
  SELECT (SELECT array_agg(d.w ORDER BY d.w, d.s) FROM keys d), (SELECT array_agg(d.s ORDER BY d.w, d.s) FROM keys d),
      (SELECT array_agg(d.l ORDER BY d.l, d.s) FROM places d), (SELECT array_agg(d.s ORDER BY d.l, d.s) FROM places d),
      (SELECT array_agg(d.w ORDER BY d.l, d.s) FROM places d)
    INTO v_kw, v_ks, v_pl, v_ps, v_pw;
  FOR k IN 1 .. cardinality(v_kw) LOOP
    v_av[k] := 0; v_fr[k] := 0; v_tr[k] := 0; v_da[k] := 0; v_df[k] := 0; v_dt[k] := 0;
    v_ff[k] := NULL; v_existed[k] := false; v_wrote[k] := false;
  END LOOP;
  k := 1;
  -- `= ANY` keeps each read an index condition whatever the planner's statistics say.
  FOR r IN
    SELECT sb.warehouse_id, sb.sku_id, sb.available, sb.frozen, sb.in_transit, sb.fifo_from FROM stock_balances sb
      WHERE sb.warehouse_id = ANY (v_kw) AND sb.sku_id = ANY (v_ks)
        AND (sb.warehouse_id, sb.sku_id) IN (SELECT * FROM unnest(v_kw, v_ks))
      ORDER BY sb.warehouse_id, sb.sku_id
      FOR UPDATE
  LOOP
    WHILE v_kw[k] <> r.warehouse_id OR v_ks[k] <> r.sku_id LOOP k := k + 1; END LOOP;
    v_av[k] := r.available; v_fr[k] := r.frozen; v_tr[k] := r.in_transit; v_ff[k] := r.fifo_from;
    v_existed[k] := true;
    v_held := v_held + 1;
  END LOOP;
  FOR j IN 1 .. coalesce(cardinality(v_pl), 0) LOOP
    v_pq[j] := 0; v_pd[j] := 0;
  END LOOP;
  IF v_pl IS NOT NULL THEN
    j := 1;
    FOR r IN
      SELECT ls.location_id, ls.sku_id, ls.quantity FROM location_stock ls
        WHERE ls.location_id = ANY (v_pl) AND ls.sku_id = ANY (v_ps)
          AND (ls.location_id, ls.sku_id) IN (SELECT * FROM unnest(v_pl, v_ps))
        ORDER BY ls.location_id, ls.sku_id
    LOOP
      WHILE v_pl[j] <> r.location_id OR v_ps[j] <> r.sku_id LOOP j := j + 1; END LOOP;
      v_pq[j] := r.quantity;
    END LOOP;
  END IF;

  -- 3. Each entry in order, against what the ones before it left.
  FOR e IN
    SELECT x.*, kk.ki, pf.pi AS pfi, pt.pi AS pti, lf.code AS fl_code
      FROM ROWS FROM (jsonb_to_recordset(p_entries) AS (w uuid, s uuid, n int, a int, f int, t int, fl uuid, tl uuid,
          lot text, at timestamptz)) WITH ORDINALITY AS x(w, s, n, a, f, t, fl, tl, lot, at, i)
      JOIN unnest(v_kw, v_ks) WITH ORDINALITY AS kk(w, s, ki) ON kk.w = x.w AND kk.s = x.s
      LEFT JOIN unnest(v_pl, v_ps) WITH ORDINALITY AS pf(l, s, pi) ON pf.l = x.fl AND pf.s = x.s
      LEFT JOIN unnest(v_pl, v_ps) WITH ORDINALITY AS pt(l, s, pi) ON pt.l = x.tl AND pt.s = x.s
      LEFT JOIN warehouse_locations lf ON lf.id = x.fl
      ORDER BY x.i
  LOOP
    k := e.ki;
    v_short := v_av[k] + e.a < 0 OR v_fr[k] + e.f < 0 OR v_tr[k] + e.t < 0;
    -- Two things can run short when goods come off a location: the balance first, then the
    -- location (a balance nobody has written yet has nothing on any location).
    IF v_short AND (e.fl IS NULL OR v_existed[k] OR v_wrote[k]) THEN
      RETURN jsonb_build_object('refused', jsonb_build_object('entry', e.i - 1, 'code', CASE
          WHEN v_fr[k] + e.f < 0 THEN 'inventory.insufficient_frozen'
          WHEN v_tr[k] + e.t < 0 THEN 'inventory.insufficient_in_transit'
          ELSE 'inventory.insufficient_stock' END,
        'params', CASE
          WHEN v_fr[k] + e.f < 0 THEN jsonb_build_object('frozen', v_fr[k], 'quantity', e.n)
          WHEN v_tr[k] + e.t < 0 THEN jsonb_build_object('inTransit', v_tr[k], 'quantity', e.n)
          ELSE jsonb_build_object('available', v_av[k], 'quantity', e.n) END));
    END IF;
    IF e.fl IS NOT NULL THEN
      IF v_pq[e.pfi] < e.n THEN
        RETURN jsonb_build_object('refused', jsonb_build_object('entry', e.i - 1,
          'code', 'inventory.insufficient_location_stock',
          'params', jsonb_build_object('location', coalesce(e.fl_code, ''), 'onLocation', v_pq[e.pfi], 'quantity', e.n)));
      END IF;
      v_pq[e.pfi] := v_pq[e.pfi] - e.n;
      v_pd[e.pfi] := v_pd[e.pfi] - e.n;
      v_took := true;
    END IF;
    IF e.tl IS NOT NULL THEN
      v_pq[e.pti] := v_pq[e.pti] + e.n;
      v_pd[e.pti] := v_pd[e.pti] + e.n;
      v_put := true;
    END IF;
    v_av[k] := v_av[k] + e.a; v_fr[k] := v_fr[k] + e.f; v_tr[k] := v_tr[k] + e.t;
    v_da[k] := v_da[k] + e.a; v_df[k] := v_df[k] + e.f; v_dt[k] := v_dt[k] + e.t;
    v_wrote[k] := true;
    IF e.lot <> 'none' THEN
      v_li := v_li || e.i::int; v_lk := v_lk || k; v_lx := v_lx || e.lot; v_ln := v_ln || e.n;
      v_la := v_la || coalesce(e.at, now());
    END IF;
    v_after := v_after || jsonb_build_array(jsonb_build_array(v_av[k], v_fr[k], v_av[k] + v_fr[k], v_tr[k]));
  END LOOP;

  -- 4. The writes. Balances first, in key order: the missing ones made, the rest changed by the
  -- batch's net (lots and movements refer to them). An existing balance's FIFO bound is written
  -- after the lots, with its net.
  IF v_held < cardinality(v_kw) THEN
    INSERT INTO stock_balances (warehouse_id, sku_id, seller_id, available, frozen, in_transit)
      SELECT u.w, u.s, sk.seller_id, u.a, u.f, u.t
        FROM unnest(v_kw, v_ks, v_da, v_df, v_dt, v_existed) AS u(w, s, a, f, t, existed)
        JOIN skus sk ON sk.id = u.s
        WHERE NOT u.existed
        ORDER BY u.w, u.s
      ON CONFLICT (tenant_id, warehouse_id, sku_id) DO UPDATE SET
        available = stock_balances.available + excluded.available, frozen = stock_balances.frozen + excluded.frozen,
        in_transit = stock_balances.in_transit + excluded.in_transit, fifo_from = NULL, updated_at = now();
  END IF;
  WITH m AS (
    INSERT INTO stock_movements (warehouse_id, sku_id, seller_id, kind, quantity, available_delta, frozen_delta,
        in_transit_delta, from_location_id, to_location_id, source_type, source_id, reason, actor_id)
      SELECT x.w, x.s, sk.seller_id, x.k, x.q, x.a, x.f, x.t, x.fl, x.tl, x.st, x.si, x.r, p_actor
        FROM ROWS FROM (jsonb_to_recordset(p_entries) AS (k text, w uuid, s uuid, q int, a int, f int, t int, fl uuid,
            tl uuid, st text, si text, r text)) WITH ORDINALITY AS x(k, w, s, q, a, f, t, fl, tl, st, si, r, i)
        JOIN skus sk ON sk.id = x.s
        ORDER BY x.i
      RETURNING id)
  -- Identities are drawn in the order the rows go in: sorted, they are the entries' in order.
  SELECT array_agg(m.id ORDER BY m.id) INTO v_ids FROM m;
  IF v_put THEN
    INSERT INTO location_stock (warehouse_id, location_id, sku_id, quantity)
      SELECT u.w, u.l, u.s, u.d FROM unnest(v_pw, v_pl, v_ps, v_pd) AS u(w, l, s, d) WHERE u.d > 0
      ORDER BY u.l, u.s
      ON CONFLICT (tenant_id, location_id, sku_id) DO UPDATE
        SET quantity = location_stock.quantity + excluded.quantity, updated_at = now();
  END IF;
  IF v_took THEN
    UPDATE location_stock ls SET quantity = ls.quantity + u.d, updated_at = now()
      FROM unnest(v_pl, v_ps, v_pd) AS u(l, s, d)
      WHERE u.d < 0 AND ls.location_id = ANY (v_pl) AND ls.sku_id = ANY (v_ps)
        AND ls.location_id = u.l AND ls.sku_id = u.s;
  END IF;

  -- The lots, in the entries' order: the lots added are gathered and go in together before the
  -- next lot is taken (it may take them) and at the end.
  FOR j IN 1 .. coalesce(cardinality(v_li), 0) + 1 LOOP
    k := v_lk[j];
    IF j <= cardinality(v_li) AND v_lx[j] = 'add' THEN
      v_aw := v_aw || v_kw[k]; v_as := v_as || v_ks[k]; v_aa := v_aa || v_la[j]; v_an := v_an || v_ln[j];
      v_am := v_am || v_ids[v_li[j]];
      IF v_ff[k] IS NOT NULL THEN v_ff[k] := least(v_ff[k], v_la[j]); END IF;
      CONTINUE;
    END IF;
    IF cardinality(v_aw) > 0 THEN
      INSERT INTO stock_lots (warehouse_id, sku_id, received_at, quantity_received, quantity_remaining, movement_id)
        SELECT u.w, u.s, u.at, u.n, u.n, u.m FROM unnest(v_aw, v_as, v_aa, v_an, v_am) AS u(w, s, at, n, m);
      v_aw := '{}'; v_as := '{}'; v_aa := '{}'; v_an := '{}'; v_am := '{}';
    END IF;
    EXIT WHEN j > cardinality(v_li);
    IF v_lx[j] = 'consume' THEN
      -- Oldest first (first in, first out), from the balance's FIFO bound.
      WITH ranked AS (
        SELECT sl.id, sl.received_at, sl.quantity_remaining, coalesce(sum(sl.quantity_remaining) OVER (
            ORDER BY sl.received_at, sl.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
          FROM stock_lots sl
          WHERE sl.warehouse_id = v_kw[k] AND sl.sku_id = v_ks[k] AND sl.quantity_remaining > 0
            AND sl.received_at >= coalesce(v_ff[k], '-infinity'::timestamptz)),
      taken AS (
        UPDATE stock_lots sl SET quantity_remaining = sl.quantity_remaining - least(ranked.quantity_remaining, v_ln[j] - ranked.before)
          FROM ranked WHERE ranked.before < v_ln[j] AND sl.id = ranked.id AND sl.tenant_id = app_current_tenant()
          RETURNING least(ranked.quantity_remaining, v_ln[j] - ranked.before) AS take)
      SELECT (SELECT coalesce(sum(taken.take), 0) FROM taken),
          (SELECT min(ranked.received_at) FROM ranked WHERE ranked.before + ranked.quantity_remaining > v_ln[j])
        INTO v_taken, v_floor;
      v_ff[k] := coalesce(v_floor, 'infinity'::timestamptz);
    ELSE
      -- Newest first: a receipt taken back leaves the stock's age what it was.
      WITH ranked AS (
        SELECT sl.id, sl.quantity_remaining, coalesce(sum(sl.quantity_remaining) OVER (
            ORDER BY sl.received_at DESC, sl.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
          FROM stock_lots sl
          WHERE sl.warehouse_id = v_kw[k] AND sl.sku_id = v_ks[k] AND sl.quantity_remaining > 0),
      taken AS (
        UPDATE stock_lots sl SET quantity_remaining = sl.quantity_remaining - least(ranked.quantity_remaining, v_ln[j] - ranked.before)
          FROM ranked WHERE ranked.before < v_ln[j] AND sl.id = ranked.id AND sl.tenant_id = app_current_tenant()
          RETURNING least(ranked.quantity_remaining, v_ln[j] - ranked.before) AS take)
      SELECT coalesce(sum(taken.take), 0) INTO v_taken FROM taken;
    END IF;
    -- Lots always sum to the balance's total; a shortfall means the ledger was written around.
    IF v_taken <> v_ln[j] THEN
      RAISE EXCEPTION 'stock lots out of step: consumed % of %', v_taken, v_ln[j];
    END IF;
  END LOOP;

  -- The existing balances' net, and every FIFO bound the lots moved.
  UPDATE stock_balances sb SET
      available = sb.available + CASE WHEN u.existed THEN u.a ELSE 0 END,
      frozen = sb.frozen + CASE WHEN u.existed THEN u.f ELSE 0 END,
      in_transit = sb.in_transit + CASE WHEN u.existed THEN u.t ELSE 0 END,
      fifo_from = CASE WHEN u.existed OR u.ff IS NOT NULL THEN u.ff ELSE sb.fifo_from END, updated_at = now()
    FROM unnest(v_kw, v_ks, v_da, v_df, v_dt, v_existed, v_ff) AS u(w, s, a, f, t, existed, ff)
    WHERE (u.existed OR u.ff IS NOT NULL) AND sb.warehouse_id = ANY (v_kw) AND sb.sku_id = ANY (v_ks)
      AND sb.warehouse_id = u.w AND sb.sku_id = u.s;

  RETURN jsonb_build_object('written', (
    SELECT jsonb_agg(jsonb_build_array(v_ids[o.i]) || o.b ORDER BY o.i)
      FROM jsonb_array_elements(v_after) WITH ORDINALITY AS o(b, i)));
END
$$;
--> statement-breakpoint
DROP FUNCTION app_ledger_move(jsonb, uuid, uuid, boolean, uuid);
