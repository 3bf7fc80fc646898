import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed migrations as the owner, then re-secures every tenant table so a
 * table can never be left without its forced RLS policy. Concurrent starts wait on one lock.
 */
export async function runMigrations(ownerPool: pg.Pool): Promise<void> {
  const client = await ownerPool.connect();
  try {
    await client.query('select pg_advisory_lock(7419001)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    await client.query('select app_secure_tenant_tables()');
  } finally {
    await client.query('select pg_advisory_unlock(7419001)').catch(() => undefined);
    client.release();
  }
}
