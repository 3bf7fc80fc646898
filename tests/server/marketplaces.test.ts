/**
 * Shops and their order sync against the bundled sandbox, for each of the six marketplaces:
 * a seller authorises a shop by the platform's own flow (redirect back to /shopifyAuth, or
 * Coupang's keys), the first sync brings every order once, a re-sync of unchanged orders writes
 * nothing, later changes arrive, a 429 is waited out, a page failing midway is resumed where it
 * stopped, an expired token is refreshed, a revoked one stops the shop with its reason, a webhook
 * brings its order, a forged one is refused, and an order with an unmatched item is a problem
 * order (reason unmatched_sku) until the seller matches the item, which releases it. Another seller and another tenant see none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { syncShop, type MarketplaceOptions, marketplaceRuntime } from '@server/modules/marketplaces/index.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import { SANDBOX_COUPANG_VENDORS } from '../../src/sandbox/apps.js';
import { SANDBOX_PLATFORMS } from '../../src/sandbox/platforms/index.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { actorFor, asActor, createProduct, demoWarehouse, locationOf } from '../support/stock-world.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

const DAY = 86_400_000;
let world: TestWorld;
let sandbox: RunningSandbox;
let options: MarketplaceOptions;
const tokens: Record<string, string> = {};
let warehouseId = '';

const SHOP_ID: Record<MarketplacePlatform, string> = {
  shopee: '600777',
  lazada: '1000777',
  tiktok: '7494000777',
  shopify: 'test-seller.myshopify.com',
  joom: 'joom-test-seller',
  coupang: 'A00012345',
};
const CURRENCY = {
  shopee: 'THB',
  lazada: 'THB',
  tiktok: 'THB',
  shopify: 'USD',
  joom: 'USD',
  coupang: 'KRW',
} as const;

beforeAll(async () => {
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 20 }));
  for (const username of ['seller', 'seller2', 'agent', 'warestaff'])
    tokens[username] = await world.login(username);
  tokens['acme-seller'] = await world.login('acme-seller', { agentCode: 'acme' });
  warehouseId = (await demoWarehouse(world, 'DG01')).id;
  await createProduct(world, tokens.seller ?? '', ['MKT-RED', 'MKT-BLUE']);
});
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

const call = (username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  callApi(world, tokens[username], method, url, payload);

const runtime = () => marketplaceRuntime(options);
const shopRow = async (shopId: string) =>
  (await world.database.ownerPool.query('select * from shops where id = $1', [shopId])).rows[0] as Record<
    string,
    unknown
  >;
const orderCount = async (shopId: string) =>
  Number(
    (await world.database.ownerPool.query('select count(*) from orders where shop_id = $1', [shopId])).rows[0]
      ?.count,
  );
const duplicates = async () =>
  Number(
    (
      await world.database.ownerPool.query(
        'select count(*) from (select 1 from orders group by tenant_id, shop_id, order_no having count(*) > 1) d',
      )
    ).rows[0]?.count,
  );

/** Adds and authorises a shop as the seller would, and answers its id. */
async function connect(platform: MarketplacePlatform): Promise<string> {
  const added = await call('seller', 'POST', '/api/shop/add', {
    platform,
    alias: `Test ${platform}`,
    warehouseId,
  });
  expect(added.status).toBe(200);
  const id = (added.body.result as { id: string }).id;
  if (platform === 'coupang') {
    const keys = SANDBOX_COUPANG_VENDORS[SHOP_ID.coupang];
    const answer = await call('seller', 'POST', '/api/shop/keys', { id, vendorId: SHOP_ID.coupang, ...keys });
    expect(answer.status).toBe(200);
  } else {
    const started = await call('seller', 'POST', '/api/shop/authorise', {
      id,
      ...(platform === 'shopify' ? { shopDomain: SHOP_ID.shopify } : {}),
    });
    expect(started.status).toBe(200);
    const query = await approveOnSandbox((started.body.result as { url: string }).url, SHOP_ID[platform]);
    const done = await call('seller', 'POST', '/api/shop/authorise/callback', { query });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The state is single-use: the same return again is refused.
    expect((await call('seller', 'POST', '/api/shop/authorise/callback', { query })).body.code).toBe(
      'shop.authorisation_expired',
    );
  }
  const row = await shopRow(id);
  expect(row.status).toBe('active');
  expect(row.platform_shop_id).toBe(SHOP_ID[platform]);
  // Sealed at rest: no token or key readable in the row.
  expect(String(row.secrets)).not.toMatch(/cp_secret|[0-9a-f]{32}/);
  return id;
}

/** The shop's first run (queued by its authorisation) once it has ended. */
async function settledFirstRun(shopId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [run] = (
      await world.database.ownerPool.query(
        "select * from shop_sync_runs where shop_id = $1 and trigger = 'first' order by started_at limit 1",
        [shopId],
      )
    ).rows as Record<string, unknown>[];
    if (run && run.state !== 'running') return run;
    if (Date.now() > deadline)
      throw new Error(`the first sync of ${shopId} did not end: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sync = (shopId: string) =>
  syncShop(world.database.db, runtime(), { tenantId: String(tenantOf.value), shopId, trigger: 'manual' });
const tenantOf = { value: '' };

describe.each(MARKETPLACE_PLATFORMS.map((platform) => [platform]))('%s shop', (platform) => {
  let shopId = '';
  const catalogue = [
    {
      itemId: '501',
      variationId: '50101',
      sellerSku: 'MKT-RED',
      barcode: '',
      title: 'Red mug',
      unitPrice: 19_900,
    },
    {
      itemId: '502',
      variationId: '50201',
      sellerSku: 'MKT-BLUE',
      barcode: '',
      title: 'Blue mug',
      unitPrice: 21_900,
    },
  ];

  beforeAll(async () => {
    sandbox.world.addShop({
      platform,
      shopId: SHOP_ID[platform],
      name: `Sandbox ${platform}`,
      region: 'TH',
      currency: CURRENCY[platform],
      catalogue,
    });
    sandbox.world.traffic.rateLimits[platform] = 10_000;
    const now = sandbox.world.now();
    sandbox.world.seedOrders(platform, SHOP_ID[platform], 130, now - 9 * DAY, now - DAY);
    shopId = await connect(platform);
    tenantOf.value = String((await shopRow(shopId)).tenant_id);
  });

  it('first sync brings every order of the window once; a re-sync of unchanged orders writes nothing', async () => {
    // The authorisation queued the shop's first sync; the job runner works it.
    const first = await settledFirstRun(shopId);
    expect(first.state, JSON.stringify(first)).toBe('succeeded');
    const listed = await orderCount(shopId);
    expect(listed).toBeGreaterThan(0);
    expect(await duplicates()).toBe(0);
    expect(Number(first.created)).toBe(listed);

    // The whole window again, as a shop re-authorised or a lost sync point would read it.
    await world.database.ownerPool.query('update shops set synced_to = null where id = $1', [shopId]);
    // The newest transaction that wrote one of the shop's orders (Coupang's re-reads only note
    // when they checked an order, in marketplace_orders).
    const lastWrite = async () =>
      (
        await world.database.ownerPool.query(
          'select max(xmin::text::bigint) as xid from orders where shop_id = $1',
          [shopId],
        )
      ).rows[0]?.xid;
    const before = await lastWrite();
    const again = await sync(shopId);
    const second = (
      await world.database.ownerPool.query('select * from shop_sync_runs where id = $1', [again?.runId])
    ).rows[0];
    expect([Number(second.created), Number(second.updated)]).toEqual([0, 0]);
    // Every order read again and counted unchanged, with the pages it took, though none was written.
    // (at least: Coupang's run also re-reads its open orders by number after the windows)
    expect(Number(second.unchanged)).toBeGreaterThanOrEqual(listed);
    expect(Number(second.fetched)).toBeGreaterThanOrEqual(listed);
    expect(Number(second.pages)).toBeGreaterThan(0);
    expect(await lastWrite()).toBe(before);
    expect(await orderCount(shopId)).toBe(listed);
    expect((await shopRow(shopId)).resume_point).toBeNull();
  });

  it('a re-sync of the same window writes the orders changed on the platform — address, status, lines — and only those', async () => {
    // Three paid orders of one line (a Joom order is one variant: one world order, one Joom order).
    const [moved, cancelled, more] = sandbox.world
      .ordersOf(platform, SHOP_ID[platform])
      .filter((order) => order.status === 'ready_to_ship' && order.lines.length === 1);
    if (!moved || !cancelled || !more) throw new Error('the seed has too few paid one-line orders');
    const [line] = more.lines;
    if (!line) throw new Error('no line');
    const orderOf = async (orderNo: string) =>
      (
        await world.database.ownerPool.query(
          `select o.platform_status, o.recipient_address, (select sum(l.quantity)::int from order_lines l where l.order_id = o.id) as quantity
           from orders o where o.shop_id = $1 and o.order_no = $2`,
          [shopId, orderNo],
        )
      ).rows[0] as { platform_status: string; recipient_address: string; quantity: number };
    const quantityBefore = (await orderOf(more.orderId)).quantity;
    sandbox.world.changeOrder(moved, { address: { ...moved.address, line1: '77 Changed Road' } });
    sandbox.world.changeOrder(cancelled, { status: 'cancelled' });
    line.quantity += 1;
    sandbox.world.changeOrder(more, {});
    sandbox.world.moveClock(60_000);

    // The same windows again, as the bench's re-sync asks for them.
    await world.database.ownerPool.query('update shops set synced_to = null where id = $1', [shopId]);
    const outcome = await sync(shopId);
    expect(outcome?.state, JSON.stringify(outcome)).toBe('succeeded');
    const run = (
      await world.database.ownerPool.query('select created, updated from shop_sync_runs where id = $1', [
        outcome?.runId,
      ])
    ).rows[0];
    expect([Number(run.created), Number(run.updated)]).toEqual([0, 3]);
    expect((await orderOf(moved.orderId)).recipient_address).toContain('77 Changed Road');
    expect((await orderOf(cancelled.orderId)).platform_status).toBe('CANCELLED');
    expect((await orderOf(more.orderId)).quantity).toBe(quantityBefore + 1);
  });

  it('brings later orders, waits out a 429, and resumes a run that failed midway without loss or duplicate', async () => {
    const before = await orderCount(shopId);
    const placeOrders = (count: number) => {
      // One line each: a Joom order is one product variant, so several lines would be several orders.
      for (let index = 0; index < count; index += 1)
        sandbox.world.createOrder(platform, SHOP_ID[platform], {
          status: 'ready_to_ship',
          silent: true,
          lines: [{ sellerSku: 'MKT-RED', quantity: 1 }],
        });
    };
    placeOrders(40);
    sandbox.world.moveClock(60_000);
    sandbox.world.traffic.injectFault({ platform, kind: 'http_429', retryAfterSeconds: 1, count: 2 });
    const waited = await sync(shopId);
    expect(waited?.state, JSON.stringify(waited)).toBe('succeeded');
    expect(await orderCount(shopId)).toBe(before + 40);

    // More than the largest page of any platform (Joom's 500), so the failure is midway.
    placeOrders(520);
    sandbox.world.moveClock(60_000);
    sandbox.world.traffic.injectFault({ platform, kind: 'http_500', count: 50, skip: 1 });
    const failed = await sync(shopId);
    expect(failed?.state).toBe('failed');
    expect(failed?.errorCode).toBe('shop.unavailable');
    sandbox.world.traffic.faults = [];
    const resumed = await sync(shopId);
    expect(resumed?.state, JSON.stringify(resumed)).toBe('succeeded');
    expect(await orderCount(shopId)).toBe(before + 560);
    expect(await duplicates()).toBe(0);
  });

  it('refreshes an expired token, and a revoked authorisation stops the shop with its reason', async () => {
    if (platform !== 'coupang') {
      sandbox.world.moveClock(5 * 3600_000);
      const refreshed = await sync(shopId);
      expect(refreshed?.state, JSON.stringify(refreshed)).toBe('succeeded');
    }
    sandbox.world.revokeShop(platform, SHOP_ID[platform]);
    const stopped = await sync(shopId);
    expect(stopped?.errorCode).toBe('shop.revoked');
    const listed = await call('seller', 'GET', `/api/shop/list?platform=${platform}`);
    const shop = (
      listed.body.result as { records: { id: string; status: string; statusReason: string }[] }
    ).records.find((row) => row.id === shopId);
    expect(shop).toMatchObject({ status: 'expired', statusReason: 'shop.revoked' });
    expect((await call('seller', 'POST', '/api/shop/sync', { id: shopId })).body.code).toBe('shop.revoked');
  });

  it('is the seller’s alone: another seller and another tenant get not found', async () => {
    for (const other of ['seller2', 'acme-seller']) {
      expect((await call(other, 'POST', '/api/shop/sync', { id: shopId })).body.code).toBe('shop.not_found');
      const listed = await call(other, 'GET', '/api/shop/list');
      expect(
        (listed.body.result as { records: { id: string }[] }).records.map((row) => row.id),
      ).not.toContain(shopId);
    }
    expect((await call('warestaff', 'GET', '/api/shop/list')).status).toBe(403);
  });
});

describe('SKU matching and webhooks', () => {
  let shopId = '';
  beforeAll(async () => {
    sandbox.world.addShop({
      platform: 'shopee',
      shopId: '600888',
      name: 'Matching shop',
      region: 'TH',
      currency: 'THB',
      catalogue: [
        {
          itemId: '601',
          variationId: '60101',
          sellerSku: 'MKT-RED',
          barcode: '',
          title: 'Red mug',
          unitPrice: 19_900,
        },
        {
          itemId: '602',
          variationId: '60201',
          sellerSku: 'NOT-A-SKU',
          barcode: '',
          title: 'Gift wrap',
          unitPrice: 2_000,
        },
      ],
    });
    const added = await call('seller', 'POST', '/api/shop/add', {
      platform: 'shopee',
      alias: 'Matching',
      warehouseId,
    });
    shopId = (added.body.result as { id: string }).id;
    const started = await call('seller', 'POST', '/api/shop/authorise', { id: shopId });
    const query = await approveOnSandbox((started.body.result as { url: string }).url, '600888');
    expect((await call('seller', 'POST', '/api/shop/authorise/callback', { query })).status).toBe(200);
    await settledFirstRun(shopId);
  });

  it('shows an order with an unmatched item as a problem order, and matching it releases the order to reserve its stock', async () => {
    const placed = sandbox.world.createOrder('shopee', '600888', {
      status: 'ready_to_ship',
      silent: true,
      lines: [
        { sellerSku: 'NOT-A-SKU', quantity: 1 },
        { sellerSku: 'MKT-RED', quantity: 2 },
      ],
    });
    sandbox.world.moveClock(60_000);
    const outcome = await sync(shopId);
    expect(outcome?.state).toBe('succeeded');
    const run = (
      await world.database.ownerPool.query('select created, waiting from shop_sync_runs where id = $1', [
        outcome?.runId,
      ])
    ).rows[0];
    expect(run).toEqual({ created: 0, waiting: 1 });

    // In the order list's problem tab, with its paired line and the reason naming the other item.
    const problems = await call('seller', 'GET', `/api/order/list?tab=problem&orderNos=${placed.orderId}`);
    const [row] = (
      problems.body.result as { records: { id: string; problems: string[]; localStatus: string }[] }
    ).records;
    expect(row?.problems).toEqual(['unmatched_sku']);
    expect(row?.localStatus).toBe('to_review');
    const orderId = row?.id ?? '';
    const detail = async () =>
      (await call('seller', 'GET', `/api/order/detail?id=${orderId}`)).body.result as {
        problems: string[];
        lines: { sellerSku: string; quantity: number; reserved: number }[];
        exceptions: { reason: string; note: string; resolvedAt: string | null }[];
      };
    const waiting = await detail();
    expect(waiting.lines.map((line) => [line.sellerSku, line.quantity])).toEqual([['MKT-RED', 2]]);
    expect(waiting.exceptions.map((exception) => exception.reason)).toEqual(['unmatched_sku']);
    expect(waiting.exceptions[0]?.note).toContain('NOT-A-SKU');
    // Its review cannot pass while it lacks a line: it would reserve only part of what was sold.
    const early = await call('seller', 'POST', '/api/order/review/pass', { ids: [orderId] });
    expect([early.status, early.body.code]).toEqual([422, 'order.sku_unmatched']);
    expect(early.body.message).toContain(placed.orderId);
    expect((await detail()).lines.every((line) => line.reserved === 0)).toBe(true);
    // A re-sync of the unchanged order writes nothing and leaves it a problem.
    sandbox.world.moveClock(60_000);
    const again = await sync(shopId);
    expect(
      (
        await world.database.ownerPool.query(
          'select created, updated, unchanged from shop_sync_runs where id = $1',
          [again?.runId],
        )
      ).rows[0],
    ).toMatchObject({ created: 0, updated: 0 });
    expect(await orderCount(shopId)).toBe(1);

    const items = await call('seller', 'GET', `/api/shop/items?shopId=${shopId}&match=unmatched`);
    const records = (
      items.body.result as { records: { id: string; sellerSku: string; waitingOrders: number }[] }
    ).records;
    expect(records.map((item) => [item.sellerSku, item.waitingOrders])).toEqual([['NOT-A-SKU', 1]]);
    const matched = await call('seller', 'GET', `/api/shop/items?shopId=${shopId}&match=matched`);
    expect(
      (matched.body.result as { records: { matchedBy: string }[] }).records.map((item) => item.matchedBy),
    ).toEqual(['sku_code']);

    const sku = await createProduct(world, tokens.seller ?? '', ['MKT-GIFT']);
    const foreign = await createProduct(world, tokens.seller2 ?? '', ['MKT-OTHER']);
    const item = records[0]?.id ?? '';
    expect(
      (
        await call('seller', 'POST', '/api/shop/items/match', {
          matches: [{ itemId: item, skuId: foreign.skus[0]?.id }],
        })
      ).body.code,
    ).toBe('shop.sku_not_found');
    expect(
      (
        await call('seller2', 'POST', '/api/shop/items/match', {
          matches: [{ itemId: item, skuId: foreign.skus[0]?.id }],
        })
      ).body.code,
    ).toBe('shop.item_not_found');
    expect((await detail()).problems).toEqual(['unmatched_sku']);
    const bound = await call('seller', 'POST', '/api/shop/items/match', {
      matches: [{ itemId: item, skuId: sku.skus[0]?.id }],
    });
    expect(bound.status).toBe(200);
    expect(bound.body.message).toBe('bind succeeded');
    expect(bound.body.result).toEqual({ matched: 1, released: 1 });
    expect(await orderCount(shopId)).toBe(1);

    // Released: every line there, the problem resolved, out of the problem tab.
    const released = await detail();
    expect(released.problems).toEqual([]);
    expect(released.lines.map((line) => [line.sellerSku, line.quantity]).sort()).toEqual([
      ['MKT-GIFT', 1],
      ['MKT-RED', 2],
    ]);
    expect(released.exceptions.map((exception) => [exception.reason, exception.resolvedAt !== null])).toEqual(
      [['unmatched_sku', true]],
    );
    const tab = await call('seller', 'GET', `/api/order/list?tab=problem&orderNos=${placed.orderId}`);
    expect((tab.body.result as { total: number }).total).toBe(0);

    // Its review passes now and reserves every line.
    const manager = await actorFor(world, 'waremanager');
    const warehouse = await demoWarehouse(world, 'DG01');
    const red = (await world.database.ownerPool.query("select id from skus where seller_sku = 'MKT-RED'"))
      .rows[0]?.id as string;
    await asActor(world, manager, async (tx) => {
      const locationId = locationOf(warehouse, 'A-02-04');
      for (const skuId of [red, sku.skus[0]?.id ?? ''])
        await receiveStock(tx, manager, { warehouseId: warehouse.id, skuId, locationId, quantity: 5 });
    });
    const passed = await call('seller', 'POST', '/api/order/review/pass', { ids: [orderId] });
    expect(passed.status).toBe(200);
    expect((passed.body.result as { code: string | null }[])[0]?.code).toBeNull();
    const reserving = await detail();
    expect(reserving.lines.map((line) => [line.sellerSku, line.reserved]).sort()).toEqual([
      ['MKT-GIFT', 1],
      ['MKT-RED', 2],
    ]);
  });

  it('writes the orders of a page the order centre takes and records the one it refuses, naming it', async () => {
    const refused = sandbox.world.createOrder('shopee', '600888', {
      status: 'ready_to_ship',
      silent: true,
      // Beyond the order centre's quantity limit (ORDER_LIMITS.quantity): refused, not written.
      lines: [{ sellerSku: 'MKT-RED', quantity: 100_001 }],
    });
    const taken = sandbox.world.createOrder('shopee', '600888', {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'MKT-RED', quantity: 3 }],
    });
    sandbox.world.moveClock(60_000);
    const outcome = await sync(shopId);
    expect(outcome?.state, JSON.stringify(outcome)).toBe('succeeded');
    const run = (
      await world.database.ownerPool.query(
        'select created, failed, order_errors from shop_sync_runs where id = $1',
        [outcome?.runId],
      )
    ).rows[0] as { created: number; failed: number; order_errors: { orderNo: string; message: string }[] };
    expect(run.created).toBe(1);
    expect(run.failed).toBe(1);
    expect(run.order_errors).toEqual([
      { orderNo: refused.orderId, message: expect.stringContaining('common.validation') },
    ]);
    const listed = async (orderNo: string) =>
      Number(
        (
          await world.database.ownerPool.query(
            'select count(*) from orders where shop_id = $1 and order_no = $2',
            [shopId, orderNo],
          )
        ).rows[0]?.count,
      );
    expect([await listed(taken.orderId), await listed(refused.orderId)]).toEqual([1, 0]);
    const kept = (
      await world.database.ownerPool.query(
        'select state, payload is not null as has_payload from marketplace_orders where shop_id = $1 and order_no = $2',
        [shopId, refused.orderId],
      )
    ).rows[0];
    expect(kept).toEqual({ state: 'failed', has_payload: true });
  });

  it('takes a signed webhook (its order is fetched and written) and refuses a forged one', async () => {
    const order = sandbox.world.createOrder('shopee', '600888', {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'MKT-RED', quantity: 1 }],
    });
    const shopee = SANDBOX_PLATFORMS.find((candidate) => candidate.platform === 'shopee');
    const made = shopee?.webhook(order, 'http://erp.test/api/webhooks/shopee');
    if (!made) throw new Error('the Shopee sandbox makes no webhook');
    const forged = await world.request({
      method: 'POST',
      url: '/api/webhooks/shopee',
      headers: made.headers,
      payload: made.body.replace('600888', '600889'),
    });
    expect(forged.statusCode).toBe(401);
    const answer = await world.request({
      method: 'POST',
      url: '/api/webhooks/shopee',
      headers: made.headers,
      payload: made.body,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
    await expect
      .poll(
        async () =>
          Number(
            (
              await world.database.ownerPool.query(
                'select count(*) from orders where shop_id = $1 and order_no = $2',
                [shopId, order.orderId],
              )
            ).rows[0]?.count,
          ),
        { timeout: 20_000 },
      )
      .toBe(1);
  });

  it('runs one sync of a shop at a time however many server nodes are asked at once', async () => {
    await Promise.all([sync(shopId), sync(shopId), sync(shopId)]);
    const runs = (
      await world.database.ownerPool.query(
        'select started_at, finished_at from shop_sync_runs where shop_id = $1 order by started_at',
        [shopId],
      )
    ).rows as { started_at: Date; finished_at: Date | null }[];
    // No run started before the one before it had ended.
    for (const [index, run] of runs.entries()) {
      const before = runs[index - 1];
      if (before)
        expect(run.started_at.getTime()).toBeGreaterThanOrEqual(before.finished_at?.getTime() ?? Infinity);
    }
  });
});
