/**
 * 'Sync now' asked of three server nodes at once queues one sync of the shop, and one node works
 * it. The world's own node and the three asked only queue jobs (no worker), so no job can be taken
 * between the three sends: what the queue keeps is exactly what the nodes queued. A worker node is
 * started afterwards to work it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_COUPANG_VENDORS } from '../../src/sandbox/apps.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import { demoWarehouse } from '../support/stock-world.js';
import type { TestWorld } from '../support/test-app.js';

const VENDOR = 'A00067890';
let world: TestWorld;
let sandbox: RunningSandbox;
let options: Awaited<ReturnType<typeof createSandboxWorld>>['options'];
let token = '';
let shopId = '';

const jobsOf = (workers: number) => ({
  connection: world.database.ownerConnection,
  workers,
  pollingIntervalSeconds: 0.5,
  schedules: false,
});

async function scalar(query: string, params: unknown[]): Promise<number> {
  return Number(Object.values((await world.database.ownerPool.query(query, params)).rows[0] ?? {})[0]);
}
/** The shop's sync jobs not yet done (queued or being worked). */
const openJobs = () =>
  scalar(
    `select count(*) from pgboss.job where name = 'marketplace-sync' and singleton_key = $1 and state in ('created', 'retry', 'active')`,
    [shopId],
  );
const runsOf = () => scalar('select count(*) from shop_sync_runs where shop_id = $1', [shopId]);

/** A node that works jobs until every sync of the shop queued so far is done; then it is closed. */
async function workQueuedSyncs(): Promise<void> {
  const worker: FastifyInstance = await world.buildAnotherApp({ jobs: jobsOf(1), marketplaces: options });
  const deadline = Date.now() + 30_000;
  while ((await openJobs()) > 0) {
    if (Date.now() > deadline) throw new Error('the worker node did not finish the queued syncs');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await worker.close();
}

beforeAll(async () => {
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 20, jobWorkers: 0 }));
  sandbox.world.addShop({
    platform: 'coupang',
    shopId: VENDOR,
    name: 'Sandbox coupang',
    region: 'KR',
    currency: 'KRW',
  });
  token = await world.login('seller');
  const warehouseId = (await demoWarehouse(world, 'DG01')).id;
  const added = await callApi(world, token, 'POST', '/api/shop/add', {
    platform: 'coupang',
    alias: 'Queue test',
    warehouseId,
  });
  shopId = added.body.result.id;
  const keys = SANDBOX_COUPANG_VENDORS[VENDOR];
  const connected = await callApi(world, token, 'POST', '/api/shop/keys', {
    id: shopId,
    vendorId: VENDOR,
    ...keys,
  });
  expect(connected.status).toBe(200);
  // The first sync queued by connecting the shop is worked before the test asks for more.
  await workQueuedSyncs();
}, 120_000);
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

it('queues one sync of a shop when three server nodes are asked at once, and one node works it', async () => {
  const nodes = [
    world.app,
    await world.buildAnotherApp({ jobs: jobsOf(0), marketplaces: options }),
    await world.buildAnotherApp({ jobs: jobsOf(0), marketplaces: options }),
  ];
  const before = await runsOf();
  const replies = await Promise.all(
    nodes.map((node) =>
      node.inject({
        method: 'POST',
        url: '/api/shop/sync',
        headers: { 'x-access-token': token },
        payload: { id: shopId },
      }),
    ),
  );
  expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
  expect(
    replies.filter((reply) => (reply.json() as { result: { isQueued: boolean } }).result.isQueued),
  ).toHaveLength(1);
  expect(await openJobs()).toBe(1);

  await workQueuedSyncs();
  expect(await runsOf()).toBe(before + 1);
});
