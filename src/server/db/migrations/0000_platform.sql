-- The platform every table builds on: the tenant of the current transaction and the
-- role the application works as. The app connects (or SET ROLEs) as wms_app, which owns
-- nothing, so FORCE ROW LEVEL SECURITY binds it on every tenant table.
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wms_app') THEN
    CREATE ROLE wms_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT wms_app TO %I', current_user);
EXCEPTION WHEN others THEN
  NULL;
END $$;
--> statement-breakpoint
-- Enables and forces RLS with a tenant policy on every table that has tenant_id, and grants
-- the app role its data rights. Every later migration ends by calling it.
CREATE OR REPLACE FUNCTION app_secure_tenant_tables() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO wms_app', current_schema());
  FOR t IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO wms_app', t.relname);
    IF EXISTS (
      SELECT 1 FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = t.relname AND column_name = 'tenant_id'
    ) THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
      EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t.relname);
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())',
        t.relname);
    END IF;
  END LOOP;
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO wms_app', current_schema());
END $$;
