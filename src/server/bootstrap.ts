/**
 * Brings the database up for the server and the CLI: the embedded PostgreSQL unless
 * DATABASE_URL is set, the migrations, and every tenant's catalogues.
 */
import type { Env } from './env.js';
import { connectDatabase, type Database } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { syncAllTenants } from './provision.js';

export interface Started {
  database: Database;
  embedded: EmbeddedDatabase | null;
}

export async function startDatabase(env: Env, log: (message: string) => void): Promise<Started> {
  let embedded: EmbeddedDatabase | null = null;
  let url = env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(env.DATA_DIR, env.EMBEDDED_PG_PORT, log);
    url = embedded.url;
    log(`embedded PostgreSQL on 127.0.0.1:${env.EMBEDDED_PG_PORT} (data in ${env.DATA_DIR}/pg)`);
  }
  const database = connectDatabase({ url, appUrl: env.DATABASE_APP_URL, poolSize: env.DATABASE_POOL_SIZE });
  try {
    await runMigrations(database.ownerPool);
    await syncAllTenants(database.db);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return { database, embedded };
}
