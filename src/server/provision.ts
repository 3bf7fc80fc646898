/**
 * Creating a tenant and keeping every tenant's catalogues (menus, base roles, dictionaries)
 * in step with the product. Runs at start for every tenant, so a release that adds a menu
 * item or a dictionary reaches existing agents.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebSite } from '@shared/contract/tenants.js';
import { rowsOf, withTenant, type Db, type TenantTx } from './db/client.js';
import { syncMenuCatalog } from './modules/identity/index.js';
import { syncDictionaries } from './modules/system/index.js';
import { tenantDomains, tenants } from './modules/tenants/index.js';

export interface NewTenant {
  agentCode: string;
  name: string;
  title: string;
  domains: string[];
  logo?: string;
  iconUrl?: string;
  homeUrl?: string;
  homeImg?: string;
  friendName?: string;
  friendLink?: string;
  helpLink?: string;
  beianhao?: string;
  chatJs?: string;
  showAgentLink?: boolean;
  webSite?: WebSite;
}

export async function syncTenantCatalogs(tx: TenantTx): Promise<void> {
  await syncMenuCatalog(tx);
  await syncDictionaries(tx);
}

/** Creates a tenant with its domains and catalogues; returns its id. */
export async function createTenant(db: Db, input: NewTenant): Promise<string> {
  const id = randomUUID();
  await withTenant(db, id, async (tx) => {
    const { domains, ...branding } = input;
    await tx.insert(tenants).values({ id, ...branding });
    for (const domain of domains) await tx.insert(tenantDomains).values({ domain });
    await syncTenantCatalogs(tx);
  });
  return id;
}

export async function allTenantIds(db: Db): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select app_tenant_ids() as id`)).map((row) => row.id);
}

export async function syncAllTenants(db: Db): Promise<void> {
  for (const tenantId of await allTenantIds(db)) {
    await withTenant(db, tenantId, syncTenantCatalogs);
  }
}
