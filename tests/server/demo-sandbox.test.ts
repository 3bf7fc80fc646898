/**
 * `npm start`'s demo wiring: with the sandbox beside the server, connectDemoSandbox (what
 * src/server/main.ts runs) sets up a sandbox shop per marketplace, authorises the demo seller's
 * six shops by the platforms' own flows (Coupang by keys), authorises the demo carrier channels,
 * and syncs each shop once: orders from all six arrive in the seller's order list. Run again (a
 * restart), it reconnects the same shops and duplicates nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MARKETPLACE_PLATFORMS } from '@shared/domain/marketplaces.js';
import { connectDemoSandbox } from '@server/seed/demo-marketplaces.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

let world: TestWorld;
let sandbox: RunningSandbox;
let options: Awaited<ReturnType<typeof createSandboxWorld>>['options'];

beforeAll(async () => {
  // The world's node only queues jobs: the orders that arrive are the demo wiring's own syncs.
  // Waits are kept up to 3 s: the sandbox throttles as the platforms document, and a demo Shopify
  // shop's first sync waits about 2 s for the Standard bucket before its second page.
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 3_000, jobWorkers: 0 }));
});
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

/** The demo seller's shops with their platform, status and how many orders each has in the list. */
async function demoShops() {
  const { rows } = await world.database.ownerPool.query(
    `select s.platform, s.status, s.alias,
            (select count(*)::int from orders o where o.shop_id = s.id::text) as orders,
            (select count(*)::int from (select 1 from orders o where o.shop_id = s.id::text
               group by o.order_no having count(*) > 1) d) as duplicates
       from shops s join users u on u.id = s.seller_id
      where u.username = 'seller' order by s.platform`,
  );
  return rows as { platform: string; status: string; alias: string; orders: number; duplicates: number }[];
}

it('connects the demo seller to all six sandbox marketplaces and their orders arrive, once', async () => {
  const lines: string[] = [];
  const log = {
    info: (line: string) => lines.push(line),
    error: (line: string) => lines.push(`ERROR ${line}`),
  };
  const carrierUrls = { sandbox: `${sandbox.url}/carrier` };
  await connectDemoSandbox(world.database.db, options, sandbox.url, log, carrierUrls);
  expect(lines.filter((line) => line.startsWith('ERROR'))).toEqual([]);
  expect(lines[0]).toContain('6 demo shops authorised');

  const shops = await demoShops();
  expect(shops.map((shop) => shop.platform)).toEqual([...MARKETPLACE_PLATFORMS].sort());
  for (const shop of shops) {
    expect(shop.status, shop.platform).toBe('active');
    expect(shop.orders, shop.platform).toBeGreaterThan(0);
  }
  // The sandbox seeded 40 orders a shop; each arrived once, paired or as an unmatched problem order.
  const runs = (
    await world.database.ownerPool.query(
      `select s.platform, r.state, r.fetched, r.error_message from shop_sync_runs r join shops s on s.id = r.shop_id
        where r.trigger = 'first' order by s.platform`,
    )
  ).rows as { platform: string; state: string; fetched: number }[];
  expect(
    runs.map((run) => [run.platform, run.state]),
    JSON.stringify(runs),
  ).toEqual([...MARKETPLACE_PLATFORMS].sort().map((platform) => [platform, 'succeeded']));

  // The seller sees them in the order list, on every marketplace.
  const token = await world.login('seller');
  for (const shop of shops) {
    const list = await callApi(world, token, 'GET', `/api/order/list?pageSize=10&platform=${shop.platform}`);
    expect(list.body.result.total, shop.platform).toBeGreaterThanOrEqual(shop.orders);
  }

  // A restart runs it again: the same six shops, no order twice.
  const before = shops.map((shop) => [shop.platform, shop.orders]);
  await connectDemoSandbox(world.database.db, options, sandbox.url, log, carrierUrls);
  expect(lines.filter((line) => line.startsWith('ERROR'))).toEqual([]);
  const again = await demoShops();
  expect(again.map((shop) => shop.platform)).toEqual([...MARKETPLACE_PLATFORMS].sort());
  expect(again.every((shop) => shop.duplicates === 0)).toBe(true);
  // The restarted sandbox shop is seeded afresh: the orders already listed stay, new ones join.
  for (const [index, shop] of again.entries())
    expect(shop.orders).toBeGreaterThanOrEqual(Number(before[index]?.[1]));
}, 120_000);
