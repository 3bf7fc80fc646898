/**
 * The scheduled sync across server nodes: three server processes (real child processes, each
 * with its job runner working jobs and the schedule on) share one database and a sandbox, with
 * the schedule's slot cut to a minute. Each slot the schedule fires once across the three, queues
 * one sync per active shop, and each shop is synced exactly once per slot, whichever node takes
 * it. The test waits on the queue's and the runs' state, never on the clock: the first slot fires
 * as the nodes start, the second at the next minute.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import { SANDBOX_COUPANG_VENDORS } from '../../src/sandbox/apps.js';
import { sandboxEnv } from '../../src/sandbox/env.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import { demoWarehouse } from '../support/stock-world.js';
import type { TestWorld } from '../support/test-app.js';

const NODES = 3;
const SLOTS = 2;
const SHOP_ID: Partial<Record<MarketplacePlatform, string>> = {
  shopee: '600901',
  lazada: '1000901',
  coupang: 'A00067890',
};
const CURRENCY = { shopee: 'THB', lazada: 'THB', coupang: 'KRW' } as const;

let world: TestWorld;
let sandbox: RunningSandbox;
let options: Awaited<ReturnType<typeof createSandboxWorld>>['options'];
let token = '';
const shopIds: string[] = [];
const nodes: ChildProcess[] = [];

const query = async <Row>(text: string, params: unknown[] = []) =>
  (await world.database.ownerPool.query(text, params)).rows as Row[];

/** Sync jobs not yet done (queued, retrying or being worked). */
const openSyncJobs = async () =>
  Number(
    (
      await query<{ count: string }>(
        `select count(*) from pgboss.job
          where name = 'marketplace-sync' and state in ('created', 'retry', 'active')`,
      )
    )[0]?.count,
  );

/** Waits until `read` answers other than null, reading every 200 ms for up to `seconds`. */
async function waitFor<T>(what: string, seconds: number, read: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A server node in its own process on the world's database; resolves once it listens. */
function startNode(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/sync-node.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: String(world.database.ownerConnection.connectionString),
      ...sandboxEnv(sandbox),
      SECRETS_KEY: (options.secretsKey ?? Buffer.alloc(0)).toString('base64'),
      SYNC_INTERVAL_MINUTES: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  nodes.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a server node exited before it was ready (${code})`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('ready')) resolve(child);
    });
  });
}

async function stopNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await ended;
}

beforeAll(async () => {
  // The world's own node only queues jobs: the three child nodes are the only ones working them.
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 20, jobWorkers: 0 }));
  token = await world.login('seller');
  const warehouseId = (await demoWarehouse(world, 'DG01')).id;
  for (const [platform, platformShopId] of Object.entries(SHOP_ID) as [MarketplacePlatform, string][]) {
    sandbox.world.addShop({
      platform,
      shopId: platformShopId,
      name: `Scheduled ${platform}`,
      region: platform === 'coupang' ? 'KR' : 'TH',
      currency: CURRENCY[platform as keyof typeof CURRENCY],
    });
    const now = sandbox.world.now();
    sandbox.world.seedOrders(platform, platformShopId, 5, now - 86_400_000, now);
    const added = await callApi(world, token, 'POST', '/api/shop/add', {
      platform,
      alias: `Scheduled ${platform}`,
      warehouseId,
    });
    const id = added.body.result.id as string;
    if (platform === 'coupang') {
      const keys = SANDBOX_COUPANG_VENDORS[platformShopId];
      expect(
        (await callApi(world, token, 'POST', '/api/shop/keys', { id, vendorId: platformShopId, ...keys }))
          .status,
      ).toBe(200);
    } else {
      const started = await callApi(world, token, 'POST', '/api/shop/authorise', { id });
      const returned = await approveOnSandbox(started.body.result.url as string, platformShopId);
      expect(
        (await callApi(world, token, 'POST', '/api/shop/authorise/callback', { query: returned })).status,
      ).toBe(200);
    }
    shopIds.push(id);
  }
  // The first syncs the connections queued are worked by a node of this process before the
  // three start, so no shop's job is still waiting when the first slot fires.
  const drainer = await world.buildAnotherApp({
    marketplaces: options,
    jobs: {
      connection: world.database.ownerConnection,
      workers: 1,
      pollingIntervalSeconds: 0.5,
      schedules: false,
    },
  });
  await waitFor('the first syncs', 60, async () => ((await openSyncJobs()) === 0 ? true : null));
  await drainer.close();
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map(stopNode));
  await world?.close();
  await sandbox?.close();
});

it('syncs each active shop exactly once per slot when three server processes run the schedule', async () => {
  await Promise.all(Array.from({ length: NODES }, startNode));

  // One snapshot of a settled state: nothing queued or being worked, no run under way, SLOTS
  // slots fired. A slot is pg-boss's: the minute its schedule check asked for the job.
  const settled = await waitFor('two schedule slots worked by the nodes', 150, async () => {
    const rows = await query<Snapshot>(SNAPSHOT, [shopIds]);
    const [first] = rows;
    if (!first || Number(first.open) > 0 || Number(first.running) > 0) return null;
    return Number(first.slots) >= SLOTS ? rows : null;
  });
  const slots = Number(settled[0]?.slots);
  // The schedule fired once per slot across the three nodes ...
  expect(Number(settled[0]?.firings)).toBe(slots);
  // ... and each shop was queued and synced once per firing, and every run succeeded.
  expect(
    settled.map((shop) => ({ shop: shop.shop_id, jobs: Number(shop.jobs), runs: Number(shop.runs) })),
  ).toEqual(
    shopIds.map((shop) => ({ shop, jobs: slots, runs: slots })).sort((a, b) => a.shop.localeCompare(b.shop)),
  );
  expect(settled.every((shop) => Number(shop.failed) === 0)).toBe(true);
}, 240_000);

interface Snapshot {
  shop_id: string;
  jobs: string;
  runs: string;
  failed: string;
  open: string;
  running: string;
  slots: string;
  firings: string;
}
const SNAPSHOT = `
  select s.id::text as shop_id,
         (select count(*) from pgboss.job j
           where j.name = 'marketplace-sync' and j.singleton_key = s.id::text
             and j.data->>'trigger' = 'schedule') as jobs,
         (select count(*) from shop_sync_runs r where r.shop_id = s.id and r.trigger = 'schedule') as runs,
         (select count(*) from shop_sync_runs r where r.shop_id = s.id and r.state = 'failed') as failed,
         (select count(*) from pgboss.job
           where name in ('marketplace-sync', 'marketplace-sync-schedule', '__pgboss__send-it')
             and state in ('created', 'retry', 'active')) as open,
         (select count(*) from shop_sync_runs where state = 'running') as running,
         (select count(distinct singleton_on) from pgboss.job
           where name = '__pgboss__send-it' and singleton_key = 'marketplace-sync-schedule') as slots,
         (select count(*) from pgboss.job where name = 'marketplace-sync-schedule') as firings
    from shops s where s.id::text = any($1::text[]) order by s.id::text`;
