-- A bulk load's statistics refresh (app_analyze_order_tables), but never two at once: ANALYZE of
-- a table waits for another's, so six shops' first syncs asking together queued for seconds
-- behind each other's. One runs; a run that finds one under way goes on without, the statistics
-- being refreshed meanwhile.
CREATE FUNCTION app_try_analyze_order_tables() RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF pg_try_advisory_xact_lock(hashtext('app_analyze_order_tables')) THEN
    ANALYZE orders, order_lines, order_status_history, marketplace_orders, marketplace_items;
  END IF;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_try_analyze_order_tables() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_try_analyze_order_tables() TO wms_app;
