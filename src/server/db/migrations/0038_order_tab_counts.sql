-- Issue 28: the order list's tab counts are kept, not counted on every request.
--
-- The list counted every tab with count(*) filter (...) over the orders its filters left: the
-- opening page of a 95,000-order tenant counted all of them on every request (p95 365 ms on a
-- busy machine: the index-only scan fetches every heap page an update touched since the last
-- vacuum). Now the orders are counted by triggers on orders, in three tables under forced RLS:
--
-- order_tab_counts       per (seller, warehouse, platform, shop, local status, problem): the
--                        opening page of every role (agent, seller's scope, warehouse manager's
--                        warehouses) and the shop, platform, seller, warehouse and status
--                        filters sum a few hundred rows at most;
-- order_tab_day_counts   the same per UTC day of the order time: a date range on the order time
--                        sums its whole days, and counts the orders of its two part days
--                        (at most two days of orders) from orders_list_idx;
-- order_tab_count_changes the changes not yet folded into the two: what a statement changed,
--                        one row per key it moved, appended by the trigger.
--
-- Why a journal of changes and not the counters updated in place: every order of a shop and day
-- moves the same counter row, so a counter updated by each writer would hold every writer of
-- that shop on its row lock until commit, and two writers moving two counters in opposite
-- orders (a review pass: to review -, pending +; a sync page: a cancel, then a new order) would
-- deadlock, where without counters they touch different orders and never wait. Appending a row
-- locks nothing. The statement's trigger then folds the tenant's changes into the counters when
-- no other transaction is folding them (pg_try_advisory_xact_lock per tenant: a writer never
-- waits for it; the counters are written by the folder alone, so no writer waits on their rows
-- either). A read sums the counters and the changes not yet folded in one statement, one
-- snapshot: a fold deletes the changes and adds them to the counters in one transaction, so a
-- reader sees either both before or both after, and what it sums is exactly count(*) of the
-- orders it sees. A merged order (merged_into_id set) counts nowhere, as in the list.
-- A writer that disables triggers (session_replication_role = replica, the bench's generator)
-- calls app_order_tab_counts_rebuild() afterwards.
-- Both primary keys include the count, so a read is an index-only scan of the keys it sums.
-- The counters carry no check (orders >= 0): a fold adds a negative change by INSERT … ON
-- CONFLICT DO UPDATE, whose proposed row PostgreSQL checks before it finds the conflict.
CREATE TABLE "order_tab_counts" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"seller_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"shop_name" varchar(255) NOT NULL,
	"local_status" varchar(24) NOT NULL,
	"is_problem" boolean NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_tab_counts_pk" PRIMARY KEY("tenant_id","seller_id","warehouse_id","platform","shop_name","local_status","is_problem") INCLUDE ("orders")
);
--> statement-breakpoint
CREATE TABLE "order_tab_day_counts" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"day" date NOT NULL,
	"seller_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"shop_name" varchar(255) NOT NULL,
	"local_status" varchar(24) NOT NULL,
	"is_problem" boolean NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_tab_day_counts_pk" PRIMARY KEY("tenant_id","day","seller_id","warehouse_id","platform","shop_name","local_status","is_problem") INCLUDE ("orders")
);
--> statement-breakpoint
CREATE TABLE "order_tab_count_changes" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"day" date NOT NULL,
	"seller_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"shop_name" varchar(255) NOT NULL,
	"local_status" varchar(24) NOT NULL,
	"is_problem" boolean NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_tab_count_changes_day_idx" ON "order_tab_count_changes" USING btree ("tenant_id","day");
--> statement-breakpoint
-- A shop's page newest first, and its part days of a date range, without walking the tenant's
-- other shops' orders.
CREATE INDEX "orders_shop_list_idx" ON "orders" USING btree ("tenant_id","shop_name","ordered_at","id","local_status","open_exceptions") WHERE "orders"."merged_into_id" is null;
--> statement-breakpoint
-- Folds the tenant's changes into the counters, unless another transaction is folding them
-- (it holds the lock to its end, and the changes stay for the next statement's fold). Only in
-- READ COMMITTED, where each statement sees what the last folder committed.
CREATE FUNCTION app_order_tab_counts_fold(p_tenant uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_days date[];
  v_emptied boolean;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RETURN;
  END IF;
  IF NOT pg_try_advisory_xact_lock(74190038, hashtext(p_tenant::text)) THEN
    RETURN;
  END IF;
  WITH taken AS (
    DELETE FROM order_tab_count_changes WHERE tenant_id = p_tenant
    RETURNING tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders
  ), totals AS (
    INSERT INTO order_tab_counts AS c (tenant_id, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders)
    SELECT tenant_id, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, sum(orders)::int
    FROM taken GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(orders) <> 0
    ON CONFLICT (tenant_id, seller_id, warehouse_id, platform, shop_name, local_status, is_problem)
    DO UPDATE SET orders = c.orders + excluded.orders
    RETURNING c.orders
  ), days AS (
    INSERT INTO order_tab_day_counts AS c (tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders)
    SELECT tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, sum(orders)::int
    FROM taken GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(orders) <> 0
    ON CONFLICT (tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem)
    DO UPDATE SET orders = c.orders + excluded.orders
    RETURNING c.day, c.orders
  )
  SELECT (SELECT array_agg(DISTINCT day) FROM days WHERE orders = 0),
    (SELECT coalesce(bool_or(orders = 0), false) FROM totals)
  INTO v_days, v_emptied;
  -- Keys no order holds any more (yesterday's to-review orders, all shipped) are dropped.
  IF v_days IS NOT NULL THEN
    DELETE FROM order_tab_day_counts WHERE tenant_id = p_tenant AND day = ANY (v_days) AND orders = 0;
  END IF;
  IF v_emptied THEN
    DELETE FROM order_tab_counts WHERE tenant_id = p_tenant AND orders = 0;
  END IF;
END $$;
--> statement-breakpoint
-- What one statement on orders changed, per key: its inserted orders +1, its deleted ones -1,
-- an update -1 at the old key and +1 at the new one (an update that moves no key leaves
-- nothing); then the fold.
CREATE FUNCTION app_order_tab_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_tenants uuid[];
  v_tenant uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH added AS (
      INSERT INTO order_tab_count_changes (tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders)
      SELECT tenant_id, (ordered_at AT TIME ZONE 'UTC')::date, seller_id, warehouse_id, platform, shop_name,
        local_status, open_exceptions > 0, count(*)::int
      FROM new_rows WHERE merged_into_id IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      RETURNING tenant_id
    ) SELECT array_agg(DISTINCT tenant_id) INTO v_tenants FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    WITH added AS (
      INSERT INTO order_tab_count_changes (tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders)
      SELECT tenant_id, (ordered_at AT TIME ZONE 'UTC')::date, seller_id, warehouse_id, platform, shop_name,
        local_status, open_exceptions > 0, -count(*)::int
      FROM old_rows WHERE merged_into_id IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      RETURNING tenant_id
    ) SELECT array_agg(DISTINCT tenant_id) INTO v_tenants FROM added;
  ELSE
    WITH moved AS (
      SELECT tenant_id, ordered_at, seller_id, warehouse_id, platform, shop_name, local_status, open_exceptions, -1 AS n
      FROM old_rows WHERE merged_into_id IS NULL
      UNION ALL
      SELECT tenant_id, ordered_at, seller_id, warehouse_id, platform, shop_name, local_status, open_exceptions, 1
      FROM new_rows WHERE merged_into_id IS NULL
    ), added AS (
      INSERT INTO order_tab_count_changes (tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders)
      SELECT tenant_id, (ordered_at AT TIME ZONE 'UTC')::date, seller_id, warehouse_id, platform, shop_name,
        local_status, open_exceptions > 0, sum(n)::int
      FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0
      RETURNING tenant_id
    ) SELECT array_agg(DISTINCT tenant_id) INTO v_tenants FROM added;
  END IF;
  IF v_tenants IS NOT NULL THEN
    FOREACH v_tenant IN ARRAY v_tenants LOOP
      PERFORM app_order_tab_counts_fold(v_tenant);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_tab_counts_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_order_tab_changes();
--> statement-breakpoint
CREATE TRIGGER "orders_tab_counts_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_order_tab_changes();
--> statement-breakpoint
CREATE TRIGGER "orders_tab_counts_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_order_tab_changes();
--> statement-breakpoint
-- The counters counted again from the orders (of every tenant as the owner; of the current one
-- under RLS): after writes with triggers off, and once here for the orders already stored.
CREATE FUNCTION app_order_tab_counts_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_tab_count_changes;
  DELETE FROM order_tab_counts;
  DELETE FROM order_tab_day_counts;
  INSERT INTO order_tab_day_counts (tenant_id, day, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders)
  SELECT tenant_id, (ordered_at AT TIME ZONE 'UTC')::date, seller_id, warehouse_id, platform, shop_name,
    local_status, open_exceptions > 0, count(*)::int
  FROM orders WHERE merged_into_id IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8;
  INSERT INTO order_tab_counts (tenant_id, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, orders)
  SELECT tenant_id, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, sum(orders)::int
  FROM order_tab_day_counts GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7;
END $$;
--> statement-breakpoint
SELECT app_order_tab_counts_rebuild();
--> statement-breakpoint
SELECT app_secure_tenant_tables();
