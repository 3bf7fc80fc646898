CREATE TABLE "pda_prune_marks" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"changes_through" "xid8" NOT NULL,
	"pruned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pda_prune_marks_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
-- Prunes the PDA sync logs of every tenant (modules/pda/prune.service.ts calls it periodically
-- with PDA_RETENTION): pda_changes rows older than p_changes_days, pda_processed_ops rows older
-- than p_ops_days. For each tenant it keeps in pda_prune_marks the largest xid it pruned, so a
-- pull whose cursor is at or below it answers a full pull (reset) instead of a delta that would
-- miss a pruned change. SECURITY DEFINER: the app role sees one tenant at a time under RLS, the
-- owner sees them all. One caller at a time (several nodes may run the job): another caller
-- gets zeros back at once.
CREATE FUNCTION app_pda_prune(p_changes_days integer, p_ops_days integer)
  RETURNS TABLE (changes_pruned bigint, ops_pruned bigint)
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF p_changes_days IS NULL OR p_changes_days < 1 OR p_ops_days IS NULL OR p_ops_days < 1 THEN
    RAISE EXCEPTION 'app_pda_prune: retention must be at least one day';
  END IF;
  changes_pruned := 0;
  ops_pruned := 0;
  IF NOT pg_try_advisory_xact_lock(hashtext('app_pda_prune')) THEN
    RETURN NEXT;
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM pda_changes WHERE created_at < now() - make_interval(days => p_changes_days)
    RETURNING tenant_id, xid
  ), marked AS (
    INSERT INTO pda_prune_marks AS m (tenant_id, changes_through, pruned_at)
      SELECT g.tenant_id, max(g.xid), now() FROM gone g GROUP BY g.tenant_id
    ON CONFLICT (tenant_id) DO UPDATE
      SET changes_through = greatest(m.changes_through, excluded.changes_through), pruned_at = excluded.pruned_at
  )
  SELECT count(*) INTO changes_pruned FROM gone;
  DELETE FROM pda_processed_ops WHERE created_at < now() - make_interval(days => p_ops_days);
  GET DIAGNOSTICS ops_pruned = ROW_COUNT;
  RETURN NEXT;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_pda_prune(integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_pda_prune(integer, integer) TO wms_app;
--> statement-breakpoint
SELECT app_secure_tenant_tables();
