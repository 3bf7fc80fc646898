/**
 * The connectors under the platforms' documented limits, as production will throttle them: a
 * Shopify shop's first sync costs more than the Standard plan's GraphQL bucket holds (2,000
 * points restoring 100 a second; a page of whole orders costs 990), so the sandbox answers
 * THROTTLED midway; the sync waits what the reply's cost numbers ask, sends the page again and
 * ends with every order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersQueryCost, ORDERS_PAGE_SIZE } from '@server/modules/marketplaces/platforms/shopify/queries.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { DEFAULT_RATE_LIMITS } from '../../src/sandbox/world-traffic.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import { createProduct, demoWarehouse } from '../support/stock-world.js';
import type { TestWorld } from '../support/test-app.js';

const DAY = 86_400_000;
const SHOP = 'throttled.myshopify.com';
/** Four pages of whole orders: 3,960 points, twice the bucket. */
const ORDERS = ORDERS_PAGE_SIZE * 4;

let world: TestWorld;
let sandbox: RunningSandbox;
const waits: number[] = [];

beforeAll(async () => {
  // Waits are kept whole (up to 12 s, more than one page's 9.9 s): the bucket must refill for
  // the sync to go on, as it must on Shopify.
  ({ world, sandbox } = await createSandboxWorld({ maxSleepMs: 12_000, onSleep: (ms) => waits.push(ms) }));
}, 60_000);

afterAll(async () => {
  await world?.close();
  await sandbox?.close();
});

describe('a first sync under Shopify’s documented GraphQL limit', () => {
  it('is THROTTLED midway, waits for the bucket and ends with every order once', async () => {
    expect(sandbox.world.traffic.rateLimits.shopify).toBe(DEFAULT_RATE_LIMITS.shopify);
    const token = await world.login('seller');
    await createProduct(world, token, ['RATE-1']);
    sandbox.world.addShop({
      platform: 'shopify',
      shopId: SHOP,
      name: 'Throttled shop',
      region: 'US',
      currency: 'USD',
      catalogue: [
        {
          itemId: '901',
          variationId: '90101',
          sellerSku: 'RATE-1',
          barcode: '',
          title: 'Cup',
          unitPrice: 1_000,
        },
      ],
    });
    const now = sandbox.world.now();
    sandbox.world.seedOrders('shopify', SHOP, ORDERS, now - 3 * DAY, now - DAY);

    const warehouseId = (await demoWarehouse(world, 'DG01')).id;
    const added = await callApi(world, token, 'POST', '/api/shop/add', {
      platform: 'shopify',
      alias: SHOP,
      warehouseId,
    });
    const shopId = (added.body.result as { id: string }).id;
    const started = await callApi(world, token, 'POST', '/api/shop/authorise', {
      id: shopId,
      shopDomain: SHOP,
    });
    const approved = await approveOnSandbox((started.body.result as { url: string }).url, SHOP);
    const callback = await callApi(world, token, 'POST', '/api/shop/authorise/callback', { query: approved });
    expect(callback.status).toBe(200);

    const owner = world.database.ownerPool;
    const deadline = Date.now() + 90_000;
    let state = 'running';
    while (state === 'running') {
      if (Date.now() > deadline) throw new Error('the first sync did not end');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const runs = await owner.query(
        "select state from shop_sync_runs where shop_id = $1 and trigger = 'first'",
        [shopId],
      );
      state = String(runs.rows[0]?.state ?? 'running');
    }
    expect(state).toBe('succeeded');

    // Throttled at least once, each wait what the bucket needed for a page (at most 990 / 100 s).
    const pageWaitMs = (ordersQueryCost(ORDERS_PAGE_SIZE) / DEFAULT_RATE_LIMITS.shopify) * 1000;
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(Math.ceil(pageWaitMs));
    const stored = await owner.query('select count(*)::int as n from orders where shop_id = $1', [shopId]);
    expect(stored.rows[0]?.n).toBe(ORDERS);
  }, 120_000);
});
