/**
 * One server node in a child process, for tests that need several real processes on one
 * database: the app built as src/server/main.ts builds it (job runner working jobs, schedules
 * on), its marketplaces pointed at a sandbox, listening on a free port of 127.0.0.1. It prints
 * `ready <port>` once it listens and stops gracefully on SIGTERM.
 *
 * Environment: DATABASE_URL (the test database, as its owner), the sandbox's configuration
 * (sandboxEnv: each platform's keys and hosts), SECRETS_KEY (base64,
 * the test world's key), SYNC_INTERVAL_MINUTES (the schedule's slot), and optionally WORKERS.
 */
import { buildApp } from '@server/app.js';
import { connectDatabase } from '@server/db/client.js';
import { readMarketplaceApps } from '@server/modules/marketplaces/index.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const database = connectDatabase({ url: required('DATABASE_URL'), poolSize: 4 });
const app = await buildApp({
  db: database.db,
  logLevel: 'warn',
  listenConnection: database.appConnection,
  jobs: {
    connection: database.ownerConnection,
    workers: Number(process.env.WORKERS ?? 1),
    pollingIntervalSeconds: 0.5,
    schedules: true,
    // A slot is looked for every second, so the test sees one soon after it comes.
    cronCheckSeconds: 1,
  },
  marketplaces: {
    apps: readMarketplaceApps(process.env),
    secretsKey: Buffer.from(required('SECRETS_KEY'), 'base64'),
    publicUrl: 'http://erp.test',
    syncIntervalMinutes: Number(required('SYNC_INTERVAL_MINUTES')),
  },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : ''}\n`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
