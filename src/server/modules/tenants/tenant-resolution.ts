import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';

/** The tenant an agent code or a site domain names; an explicit agent code wins. */
export async function resolveTenantId(db: Db, domain: string, agentCode?: string): Promise<string | null> {
  const result = await db.execute(
    sql`select app_resolve_tenant(${domain || null}, ${agentCode || null}) as id`,
  );
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}

/**
 * The tenant whose user has this username or phone. On a tenant's own domain (or with its
 * agent code) only that tenant is searched; elsewhere the name must be unique across tenants.
 */
export async function resolveLoginTenant(
  db: Db,
  origin: { domain: string; agentCode?: string },
  identity: { username?: string; phone?: string },
): Promise<string | null> {
  const scoped = await resolveTenantId(db, origin.domain, origin.agentCode);
  if (scoped) return scoped;
  if (origin.agentCode) return null;
  const result = await db.execute(
    sql`select app_find_login_tenants(${identity.username ?? null}, ${identity.phone ?? null}) as id`,
  );
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  return ids.length === 1 ? (ids[0] ?? null) : null;
}
