-- A request's actor in one call: the session of a token hash, its user and the permission codes of
-- the user's roles (an administrator's are not read: it holds every code). PL/pgSQL keeps its
-- statements' plans per connection, and the app sends the call as a prepared statement, so a
-- request's session read is one round trip with nothing parsed or planned after a connection's
-- first. The tenant is set only inside the function (the SET clause restores it on return), so
-- the rows are read under the tenant's row-level security and a caller's transaction keeps its
-- own tenant. No row for an unknown token.
CREATE FUNCTION app_session_actor(p_token_hash text)
  RETURNS TABLE (tenant_id uuid, session_id uuid, expires_at timestamptz, revoked_at timestamptz,
    user_id uuid, username text, user_role text, seller_id uuid, org_code text, status smallint,
    language text, session_org_code text, codes text[])
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public SET app.tenant_id = '' AS $$
DECLARE
  v_session record;
BEGIN
  SELECT s.tenant_id, s.id, s.user_id, s.expires_at, s.revoked_at, s.org_code INTO v_session
    FROM sessions s WHERE s.token_hash = p_token_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('app.tenant_id', v_session.tenant_id::text, true);
  RETURN QUERY
    SELECT v_session.tenant_id, v_session.id, v_session.expires_at, v_session.revoked_at, u.id,
      u.username::text, u.user_role::text, u.seller_id, u.org_code::text, u.status, u.language::text,
      v_session.org_code::text,
      CASE WHEN u.user_role = 'admin' THEN '{}'::text[] ELSE coalesce((
        SELECT array_agg(DISTINCT p.perms)::text[] FROM user_roles ur
          JOIN role_permissions rp ON rp.role_id = ur.role_id
          JOIN permissions p ON p.id = rp.permission_id
        WHERE ur.user_id = u.id AND p.perms IS NOT NULL AND p.status = '1'
      ), '{}'::text[]) END
    FROM (SELECT 1) AS one LEFT JOIN users u ON u.id = v_session.user_id;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_actor(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_session_actor(text) TO wms_app;
