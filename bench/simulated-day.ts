/**
 * Part of `npm run bench`: the simulated marketplace day in full, on one fresh
 * migrated and seeded database that is dropped afterwards. The bundled sandbox runs in this
 * process; the server app works its jobs with three workers (WORKERS=3). The demo seller's six
 * shops are connected through the seller's routes, then 24 simulated hours of the sandbox's day
 * (src/sandbox/day.ts: order events, cancellations in every state, edits, unmatched items,
 * tokens expired early, throttling, one platform's outage) are played a simulated minute every
 * BENCH_DAY_STEP_MS (50 ms: about 72 s of wall time for the day) through every sync path
 * (tests/support/day-run.ts). Printed: orders written per second of the day's wall time, runs by
 * path and state, failed runs, marketplace orders and jobs (target 0), and the end check's
 * differences between the product and the platforms (target 0), the first of them named.
 * A day that falls short prints what it measured and what went wrong; it does not stop the bench.
 * Options: BENCH_DAY_HOURS (24), BENCH_DAY_EVENTS (events per shop per simulated hour, 30),
 * BENCH_DAY_STEP_MS.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '@server/app.js';
import { connectDatabase } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import { installJobSchema } from '@server/jobs/job-runner.js';
import {
  marketplaceRuntime,
  readMarketplaceApps,
  realSleep,
  type MarketplaceOptions,
} from '@server/modules/marketplaces/index.js';
import { seedDemo } from '@server/seed/demo.js';
import { DEFAULT_DAY } from '../src/sandbox/day.js';
import { sandboxEnv } from '../src/sandbox/env.js';
import { SANDBOX_PLATFORMS } from '../src/sandbox/platforms/index.js';
import { startSandbox } from '../src/sandbox/server.js';
import { runSimulatedDay } from '../tests/support/day-run.js';
import { benchServer, fixed, freshDatabases, withDatabase } from './support.js';

const HOURS = Number(process.env.BENCH_DAY_HOURS ?? 24);
const EVENTS = Number(process.env.BENCH_DAY_EVENTS ?? 30);
const STEP_MS = Number(process.env.BENCH_DAY_STEP_MS ?? 50);

async function main() {
  const { url, embedded } = await benchServer();
  const name = `wms_bench_day_${randomBytes(4).toString('hex')}`;
  const databases = await freshDatabases(url, [name]);
  const database = connectDatabase({ url: withDatabase(url, name), poolSize: 12 });
  const sandbox = await startSandbox({ platforms: SANDBOX_PLATFORMS });
  const options: MarketplaceOptions = {
    apps: readMarketplaceApps(sandboxEnv(sandbox)),
    secretsKey: randomBytes(32),
    publicUrl: 'http://erp.bench',
    // A platform's wait lasts at most 5 s: the day's clock runs about 1,200 times faster.
    sleep: (ms) => realSleep(Math.min(ms, 5_000)),
    now: () => new Date(sandbox.world.now()),
  };
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await runMigrations(database.ownerPool);
    await seedDemo(database.db);
    await installJobSchema(database.ownerConnection);
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      listenConnection: database.appConnection,
      marketplaces: options,
      carrierUrls: { sandbox: `${sandbox.url}/carrier` },
      jobs: {
        connection: database.ownerConnection,
        workers: 3,
        pollingIntervalSeconds: 0.5,
        schedules: false,
      },
    });
    await app.ready();
    const run = await runSimulatedDay({
      app,
      db: database.db,
      ownerPool: database.ownerPool,
      ownerConnection: database.ownerConnection,
      sandbox,
      runtime: marketplaceRuntime({ ...options, sleep: realSleep }),
      day: { ...DEFAULT_DAY, hours: HOURS, eventsPerShopHour: EVENTS },
      stepMinutes: 1,
      stepRealMs: STEP_MS,
      manualEveryHours: 3,
      drainSeconds: 300,
    });
    const { check } = run;
    const written = run.created + run.updated;
    const failed = check.failedRuns.length + check.failedOrders.length + check.failedJobs;
    console.log(
      `simulated day: ${HOURS} h over six shops, ${run.tally.orderEvents} order events in ${run.seconds.toFixed(1)} s`,
    );
    console.log(
      `  trouble: ${run.tally.tokenExpiries} tokens expired early, ${run.tally.throttleBursts} throttling bursts, ${run.tally.outages} outage`,
    );
    console.log(
      `  orders written/s ${fixed(written / run.seconds, 1)}   (${run.created} created, ${run.updated} updated)`,
    );
    console.log(
      `  runs by path: ${Object.entries(check.runs)
        .map(([trigger, states]) => `${trigger} ${JSON.stringify(states)}`)
        .join(', ')}; webhooks ${run.webhooks.delivered} taken, ${run.webhooks.refused} refused`,
    );
    console.log(
      `  failed runs ${fixed(check.failedRuns.length)}   failed orders ${fixed(check.failedOrders.length)}   failed jobs ${fixed(check.failedJobs)}   target 0  ${failed === 0 ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `  product = platforms: ${check.orders} orders compared, ${check.differences.length} differences   target 0  ${check.differences.length === 0 && run.isDrained ? 'ok' : 'MISSED'}`,
    );
    for (const line of [...check.failedRuns.slice(0, 5), ...check.differences.slice(0, 10)])
      console.log(`    ${line}`);
    if (!run.isDrained) console.log('    the queue was not worked dry within 300 s of the day’s end');
  } catch (error) {
    console.log(`simulated day: did not finish (${(error as Error).message}) MISSED`);
  } finally {
    await app?.close();
    await sandbox.close();
    await database.close();
    await databases.drop();
    await embedded?.stop();
  }
}

await main();
