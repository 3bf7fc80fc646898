-- Row-level security on every tenant table, and the few lookups that must cross tenants
-- before the tenant is known (which tenant a domain, a username or a token belongs to).
-- They are SECURITY DEFINER, return only ids, and are the only way the app role sees
-- across tenants.
SELECT app_secure_tenant_tables();
--> statement-breakpoint
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants USING (id = app_current_tenant()) WITH CHECK (id = app_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tenants TO wms_app;
--> statement-breakpoint
CREATE FUNCTION app_resolve_tenant(p_domain text, p_agent_code text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(
    (SELECT id FROM tenants WHERE p_agent_code IS NOT NULL AND p_agent_code <> ''
       AND lower(agent_code) = lower(p_agent_code) AND is_active),
    (SELECT d.tenant_id FROM tenant_domains d JOIN tenants t ON t.id = d.tenant_id
       WHERE p_domain IS NOT NULL AND lower(d.domain) = lower(p_domain) AND t.is_active)
  )
$$;
--> statement-breakpoint
CREATE FUNCTION app_find_login_tenants(p_username text, p_phone text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT u.tenant_id FROM users u JOIN tenants t ON t.id = u.tenant_id
  WHERE t.is_active
    AND ((p_username IS NOT NULL AND lower(u.username) = lower(p_username))
      OR (p_phone IS NOT NULL AND u.phone = p_phone))
$$;
--> statement-breakpoint
CREATE FUNCTION app_find_session(p_token_hash text)
  RETURNS TABLE (tenant_id uuid, session_id uuid, user_id uuid, expires_at timestamptz, revoked_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.tenant_id, s.id, s.user_id, s.expires_at, s.revoked_at FROM sessions s WHERE s.token_hash = p_token_hash
$$;
--> statement-breakpoint
CREATE FUNCTION app_tenant_ids() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id FROM tenants ORDER BY created_at
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_resolve_tenant(text, text), app_find_login_tenants(text, text), app_find_session(text), app_tenant_ids() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_resolve_tenant(text, text), app_find_login_tenants(text, text), app_find_session(text), app_tenant_ids() TO wms_app;
