/**
 * A simulated marketplace day, shortened: the demo seller's six shops, one per
 * marketplace, connected through the seller's routes, then four simulated hours of the sandbox's
 * day on an accelerated clock — new orders, payments, cancellations in every state, address and
 * item edits, orders with items the seller has no SKU for, every access token expired early,
 * bursts of throttling and one platform's outage — through every sync path (the first sync,
 * schedule slots, webhooks, 'Sync now'). At the end no run, order or job has failed, and the
 * product's orders equal the platforms', order by order (tests/support/day-check.ts).
 * `npm run bench` plays the whole 24 hours (bench/simulated-day.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { marketplaceRuntime, realSleep } from '@server/modules/marketplaces/index.js';
import { DEFAULT_DAY } from '../../src/sandbox/day.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { runSimulatedDay } from '../support/day-run.js';
import { createSandboxWorld, type SandboxWorld } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

let world: TestWorld;
let sandbox: RunningSandbox;
let options: SandboxWorld['options'];

beforeAll(async () => {
  // Three jobs at once, as a node with WORKERS=3; a platform's wait lasts at most 5 s.
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 5_000, jobWorkers: 3 }));
});

afterAll(async () => {
  await world?.close();
  await sandbox?.close();
});

it('ends four simulated hours of six marketplaces with no failed run and every order equal to its platform’s', async () => {
  const run = await runSimulatedDay({
    app: world.app,
    db: world.database.db,
    ownerPool: world.database.ownerPool,
    ownerConnection: world.database.ownerConnection,
    sandbox,
    // The check reads the platforms with the real waits they ask for.
    runtime: marketplaceRuntime({ ...options, sleep: realSleep }),
    day: { ...DEFAULT_DAY, hours: 4, eventsPerShopHour: 6, outageMinutes: 20, throttleBursts: 2 },
    stepMinutes: 1,
    stepRealMs: 25,
    manualEveryHours: 1,
    drainSeconds: 60,
    log: (line) => console.warn(line),
  });
  const { check } = run;
  // The day happened: every kind of trouble, every path.
  expect(run.tally).toMatchObject({ tokenExpiries: 5, outages: 1 });
  expect(run.tally.throttleBursts).toBeGreaterThan(0);
  expect(run.tally.orderEvents).toBe(6 * 4 * 6);
  expect(Object.keys(check.runs).sort()).toEqual(['first', 'manual', 'schedule', 'webhook']);
  expect(run.webhooks.refused).toBe(0);
  expect(run.reviewed).toBeGreaterThan(0);
  expect(run.isDrained).toBe(true);
  // Nothing failed, and the product equals the platforms.
  expect(check.failedRuns).toEqual([]);
  expect(check.failedOrders).toEqual([]);
  expect(check.failedJobs).toBe(0);
  expect(check.differences).toEqual([]);
  expect(check.orders).toBeGreaterThan(6 * 40);
}, 300_000);
