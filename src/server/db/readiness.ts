/**
 * What /api/health checks: not only that the database answers, but what a signed-in request
 * uses, on the app's own pool: the app role's session lookup (app_session_actor, which every
 * signed-in request calls first) and a tenant transaction reading through row-level security
 * (the tenant setting, the policies, the role's grants). A database that answers `select 1` but
 * refuses the app role a signed-in call is not ready (the health check once said the database
 * was fine while every signed-in call failed).
 */
import { sql } from 'drizzle-orm';
import { withTenant, type Db } from './client.js';

/** No tenant has this id: the reads find nothing, and need every grant a real one needs. */
const PROBE_TENANT = '00000000-0000-0000-0000-000000000000';

export async function checkReadiness(db: Db): Promise<void> {
  await db.execute(sql`select * from app_session_actor('readiness-probe')`);
  await withTenant(db, PROBE_TENANT, async (tx) => {
    await tx.execute(sql`select 1 from users limit 1`);
    await tx.execute(sql`select 1 from orders limit 1`);
  });
}
