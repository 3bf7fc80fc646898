/**
 * Edges of shops and their sync against the bundled sandbox: an item paired by its barcode; an
 * authorisation return with a forged HMAC (or a made-up code) refused without spending its state,
 * so the genuine return still connects the shop; an agent adding a shop without choosing its seller told 'Shop information incomplete'; a page
 * served twice within one run written once; a 429's Retry-After waited as the platform asks; a
 * Shopee re-sync that reads whole only the order that changed; and a shop's calls kept to a few
 * at once however far a page fans out.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MARKETPLACE_SYNC, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { CALLS_AT_ONCE } from '@server/modules/marketplaces/calls-at-once.js';
import { marketplaceRuntime, syncShop, type MarketplaceOptions } from '@server/modules/marketplaces/index.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import { createProduct, demoWarehouse } from '../support/stock-world.js';
import type { TestWorld } from '../support/test-app.js';

const BARCODE = '6901234567892';
let world: TestWorld;
let sandbox: RunningSandbox;
let options: MarketplaceOptions;
let token = '';
let warehouseId = '';
let tenantId = '';
/** While set, the next get_order_list reply is remembered and served again for the call after it. */
let replay: { body: string | null } | null = null;
/** While set, each Shopee get_order_detail call's order_sn and optional fields are noted here. */
let detailCalls: { orderNos: string[]; fields: string }[] | null = null;
/** Calls in flight to the sandbox now, and the most there were at once. */
let inFlight = 0;
let mostInFlight = 0;

/**
 * Between the server and the sandbox: notes Shopee's detail calls, and serves one page of its
 * order list twice, when asked.
 */
const watchingFetch: typeof fetch = async (input, init) => {
  inFlight += 1;
  mostInFlight = Math.max(mostInFlight, inFlight);
  try {
    return await passOn(input, init);
  } finally {
    inFlight -= 1;
  }
};

const passOn: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (detailCalls && url.includes('get_order_detail')) {
    const query = new URL(url).searchParams;
    detailCalls.push({
      orderNos: (query.get('order_sn_list') ?? '').split(','),
      fields: query.get('response_optional_fields') ?? '',
    });
  }
  if (!replay || !url.includes('get_order_list')) return fetch(input, init);
  if (replay.body !== null) {
    const body = replay.body;
    replay = null;
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }
  const response = await fetch(input, init);
  // A refusal (the 429 below) is not a page: the page after it is the one served twice.
  if (response.status === 200) replay.body = await response.clone().text();
  return response;
};

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  callApi(world, as, method, url, payload);

/** Adds a shop on a new sandbox shop and authorises it; answers its id once its first sync ended. */
async function connectShop(platform: MarketplacePlatform, platformShopId: string, catalogue = CATALOGUE) {
  sandbox.world.addShop({
    platform,
    shopId: platformShopId,
    name: platformShopId,
    region: 'TH',
    currency: 'THB',
    catalogue,
  });
  const added = await call('POST', '/api/shop/add', {
    platform,
    alias: `Edges ${platformShopId}`,
    warehouseId,
  });
  const id = added.body.result.id as string;
  const started = await call('POST', '/api/shop/authorise', {
    id,
    ...(platform === 'shopify' ? { shopDomain: platformShopId } : {}),
  });
  const query = await approveOnSandbox(started.body.result.url as string, platformShopId);
  expect((await call('POST', '/api/shop/authorise/callback', { query })).status).toBe(200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await world.database.ownerPool.query(
      "select count(*)::int as n from shop_sync_runs where shop_id = $1 and state <> 'running'",
      [id],
    );
    if (rows[0]?.n === 1) return id;
    if (Date.now() > deadline) throw new Error('the first sync did not end');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CATALOGUE = [
  {
    itemId: '951',
    variationId: '95101',
    sellerSku: 'EDGE-RED',
    barcode: '',
    title: 'Red mug',
    unitPrice: 19_900,
  },
];

beforeAll(async () => {
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 20, fetch: watchingFetch }));
  token = await world.login('seller');
  warehouseId = (await demoWarehouse(world, 'DG01')).id;
  await createProduct(world, token, ['EDGE-RED']);
  await createProduct(world, token, [], { skus: [{ sellerSku: 'EDGE-BC', barcodes: [BARCODE] }] });
  tenantId = String(
    (await world.database.ownerPool.query("select tenant_id from users where username = 'seller'")).rows[0]
      ?.tenant_id,
  );
});
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

it('pairs an item by its barcode when its seller SKU code is not one of the seller’s', async () => {
  // Shopify's order lines carry the variant's barcode (Shopee's and Lazada's carry none).
  const shopId = await connectShop('shopify', 'barcodes.myshopify.com', [
    {
      itemId: '952',
      variationId: '95201',
      sellerSku: 'PLATFORM-CODE-9',
      barcode: BARCODE,
      title: 'Blue cup',
      unitPrice: 9_900,
    },
  ]);
  sandbox.world.createOrder('shopify', 'barcodes.myshopify.com', {
    status: 'ready_to_ship',
    silent: true,
    lines: [{ sellerSku: 'PLATFORM-CODE-9', quantity: 1 }],
  });
  sandbox.world.moveClock(60_000);
  expect(
    (await syncShop(world.database.db, marketplaceRuntime(options), { tenantId, shopId, trigger: 'manual' }))
      ?.state,
  ).toBe('succeeded');
  const items = await call('GET', `/api/shop/items?shopId=${shopId}`);
  expect(
    (
      items.body.result as { records: { sellerSku: string; matchedBy: string; skuCode: string }[] }
    ).records.map((item) => [item.sellerSku, item.matchedBy, item.skuCode]),
  ).toEqual([['PLATFORM-CODE-9', 'barcode', 'EDGE-BC']]);
  // Paired, so its order is in the list whole, not a problem.
  const { rows } = await world.database.ownerPool.query(
    'select open_exceptions from orders where shop_id = $1',
    [shopId],
  );
  expect(rows).toEqual([{ open_exceptions: 0 }]);
});

it('refuses an authorisation return whose HMAC is forged, spending nothing: the genuine return then completes', async () => {
  sandbox.world.addShop({
    platform: 'shopify',
    shopId: 'edges.myshopify.com',
    name: 'Edges',
    region: 'US',
    currency: 'USD',
    catalogue: CATALOGUE,
  });
  const added = await call('POST', '/api/shop/add', {
    platform: 'shopify',
    alias: 'Edges Shopify',
    warehouseId,
  });
  const id = added.body.result.id as string;
  const started = await call('POST', '/api/shop/authorise', { id, shopDomain: 'edges.myshopify.com' });
  const query = await approveOnSandbox(started.body.result.url as string, 'edges.myshopify.com');
  const forged = { ...query, hmac: (query.hmac ?? '').replace(/^./, (first) => (first === '0' ? '1' : '0')) };
  const refused = await call('POST', '/api/shop/authorise/callback', { query: forged });
  // Refused as the platform's signature failing, saying so, before any token is asked for.
  expect([refused.status, refused.body.code]).toEqual([502, 'shop.authorisation_failed']);
  expect(refused.body.message).toContain('hmac');
  const { rows } = await world.database.ownerPool.query('select status, secrets from shops where id = $1', [
    id,
  ]);
  expect(rows[0]?.status).not.toBe('active');
  expect(rows[0]?.secrets).toBeNull();
  expect(
    Number(
      (await world.database.ownerPool.query('select count(*) from shop_sync_runs where shop_id = $1', [id]))
        .rows[0]?.count,
    ),
  ).toBe(0);

  // The forged return did not spend the state: the seller's own return, arriving after it, connects the shop.
  const genuine = await call('POST', '/api/shop/authorise/callback', { query });
  expect(genuine.status, JSON.stringify(genuine.body)).toBe(200);
  const after = await world.database.ownerPool.query('select status from shops where id = $1', [id]);
  expect(after.rows[0]?.status).toBe('active');
  // And then it is spent: the same return again is refused.
  const replayed = await call('POST', '/api/shop/authorise/callback', { query });
  expect(replayed.body.code).toBe('shop.authorisation_expired');
});

it('spends no state on a return whose code the platform refuses (Lazada signs no return)', async () => {
  sandbox.world.addShop({
    platform: 'lazada',
    shopId: 'edges-lazada-forged',
    name: 'Edges Lazada',
    region: 'TH',
    currency: 'THB',
    catalogue: CATALOGUE,
  });
  const added = await call('POST', '/api/shop/add', {
    platform: 'lazada',
    alias: 'Edges forged code',
    warehouseId,
  });
  const id = added.body.result.id as string;
  const started = await call('POST', '/api/shop/authorise', { id });
  const query = await approveOnSandbox(started.body.result.url as string, 'edges-lazada-forged');
  const forged = await call('POST', '/api/shop/authorise/callback', {
    query: { ...query, code: 'made-up-code' },
  });
  expect([forged.status, forged.body.code]).toEqual([502, 'shop.authorisation_failed']);
  const genuine = await call('POST', '/api/shop/authorise/callback', { query });
  expect(genuine.status, JSON.stringify(genuine.body)).toBe(200);
});

it("tells an agent adding a shop without its seller 'Shop information incomplete', and adds nothing", async () => {
  const agent = await world.login('agent');
  const before = Number((await world.database.ownerPool.query('select count(*) from shops')).rows[0]?.count);
  const answer = await call(
    'POST',
    '/api/shop/add',
    { platform: 'lazada', alias: `Agent ${randomUUID().slice(0, 6)}`, warehouseId },
    agent,
  );
  expect([answer.status, answer.body.code]).toEqual([422, 'shop.incomplete']);
  expect(answer.body.message).toBe('Shop information incomplete, so adding is not yet supported');
  expect(Number((await world.database.ownerPool.query('select count(*) from shops')).rows[0]?.count)).toBe(
    before,
  );
});

it('writes a page served twice within one run once, and waits the Retry-After a 429 asks for', async () => {
  const shopId = await connectShop('shopee', '600952');
  const now = sandbox.world.now();
  for (let index = 0; index < 130; index += 1)
    sandbox.world.createOrder('shopee', '600952', {
      status: 'ready_to_ship',
      silent: true,
      createdAt: now,
      lines: [{ sellerSku: 'EDGE-RED', quantity: 1 }],
    });
  sandbox.world.moveClock(60_000);
  sandbox.world.traffic.injectFault({
    platform: 'shopee',
    kind: 'http_429',
    pathContains: 'get_order_list',
    retryAfterSeconds: 7,
    count: 1,
  });
  const slept: number[] = [];
  const runtime = { ...marketplaceRuntime(options), sleep: async (ms: number) => void slept.push(ms) };
  replay = { body: null };
  const outcome = await syncShop(world.database.db, runtime, { tenantId, shopId, trigger: 'manual' });
  const failure = (
    await world.database.ownerPool.query(
      'select error_code, error_message from shop_sync_runs where id = $1',
      [outcome?.runId],
    )
  ).rows[0];
  expect(failure).toEqual({ error_code: '', error_message: '' });
  expect(outcome?.state).toBe('succeeded');
  expect(replay).toBeNull();
  // The platform asked for 7 s: that is what the sync waited (not its own back-off).
  expect(slept).toEqual([7_000]);
  const run = (
    await world.database.ownerPool.query(
      'select pages, fetched, created, updated, unchanged from shop_sync_runs where id = $1',
      [outcome?.runId],
    )
  ).rows[0];
  // Three pages read (the first twice), 130 orders created once, the repeated page's 100 unchanged.
  expect(run).toEqual({ pages: 3, fetched: 230, created: 130, updated: 0, unchanged: 100 });
  const { rows } = await world.database.ownerPool.query(
    'select count(*)::int as orders, count(distinct order_no)::int as numbers from orders where shop_id = $1',
    [shopId],
  );
  expect(rows[0]).toEqual({ orders: 130, numbers: 130 });
});

it('waits out throttling longer than the retries of a failing call, and fails a run only past its throttle budget', async () => {
  const shopId = await connectShop('shopee', '600958');
  for (let index = 0; index < 3; index += 1)
    sandbox.world.createOrder('shopee', '600958', {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'EDGE-RED', quantity: 1 }],
    });
  sandbox.world.moveClock(60_000);
  const refusals = MARKETPLACE_SYNC.retries * 2;
  sandbox.world.traffic.injectFault({
    platform: 'shopee',
    kind: 'http_429',
    retryAfterSeconds: 2,
    count: refusals,
  });
  const slept: number[] = [];
  const runtime = { ...marketplaceRuntime(options), sleep: async (ms: number) => void slept.push(ms) };
  const sync = () => syncShop(world.database.db, runtime, { tenantId, shopId, trigger: 'manual' });
  // Twice the retries a 5xx is given: the platform said "later" each time, and the run waited.
  expect((await sync())?.state).toBe('succeeded');
  expect(slept.length).toBeGreaterThan(0);
  expect(slept.length).toBeLessThanOrEqual(refusals);
  expect(slept.every((ms) => ms === 2_000)).toBe(true);

  // A token refresh that meets throttling (a token expired early, then a burst) waits it out too.
  sandbox.world.moveClock(60_000);
  expect(sandbox.world.auth.expireAccessTokens('shopee', '600958')).toBeGreaterThan(0);
  sandbox.world.traffic.injectFault({
    platform: 'shopee',
    kind: 'http_429',
    pathContains: 'access_token/get',
    retryAfterSeconds: 2,
    count: refusals,
  });
  slept.length = 0;
  expect((await sync())?.state).toBe('succeeded');
  expect(slept.filter((ms) => ms === 2_000)).toHaveLength(refusals);

  // A platform that keeps refusing for longer than the budget: the run fails as throttled, told
  // as the platform's, after waiting as asked for the whole budget.
  sandbox.world.moveClock(60_000);
  sandbox.world.traffic.injectFault({
    platform: 'shopee',
    kind: 'http_429',
    retryAfterSeconds: 60,
    count: 10_000,
  });
  slept.length = 0;
  const outcome = await sync();
  sandbox.world.traffic.endFaults('shopee', 'http_429');
  expect(outcome).toMatchObject({ state: 'failed', errorCode: 'shop.rate_limited' });
  expect(slept.reduce((sum, ms) => sum + ms, 0)).toBe(MARKETPLACE_SYNC.throttleWaitMinutes * 60_000);
});

it('re-syncs a Shopee shop by the update times of the orders it holds, reading whole only the one that changed', async () => {
  const shopId = await connectShop('shopee', '600953');
  const made = Array.from({ length: 60 }, () =>
    sandbox.world.createOrder('shopee', '600953', {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'EDGE-RED', quantity: 1 }],
    }),
  );
  sandbox.world.moveClock(60_000);
  const sync = () =>
    syncShop(world.database.db, marketplaceRuntime(options), { tenantId, shopId, trigger: 'manual' });
  expect((await sync())?.state).toBe('succeeded');
  const [moved] = made;
  if (!moved) throw new Error('no order');
  sandbox.world.changeOrder(moved, { address: { ...moved.address, line1: '12 Moved Lane' } });
  sandbox.world.moveClock(60_000);

  // The whole first-sync window again: every order is held from it.
  await world.database.ownerPool.query('update shops set synced_to = null where id = $1', [shopId]);
  detailCalls = [];
  const outcome = await sync();
  const calls = detailCalls;
  detailCalls = null;
  expect(outcome?.state).toBe('succeeded');
  // Each order's update time looked at with the default fields only; the moved one then read whole.
  expect(
    calls
      .filter((call) => call.fields === '')
      .flatMap((call) => call.orderNos)
      .sort(),
  ).toEqual(made.map((order) => order.orderId).sort());
  expect(calls.filter((call) => call.fields !== '').map((call) => call.orderNos)).toEqual([[moved.orderId]]);
  const run = (
    await world.database.ownerPool.query(
      'select fetched, created, updated, unchanged from shop_sync_runs where id = $1',
      [outcome?.runId],
    )
  ).rows[0];
  expect(run).toEqual({ fetched: 60, created: 0, updated: 1, unchanged: 59 });
  const { rows } = await world.database.ownerPool.query(
    'select recipient_address from orders where shop_id = $1 and order_no = $2',
    [shopId, moved.orderId],
  );
  expect(rows[0]?.recipient_address).toContain('12 Moved Lane');
});

it("keeps a shop's calls to a few at once, however far a page fans out", async () => {
  const shopId = await connectShop('shopee', '600954');
  // 480 orders over the first sync's 15 days: each page reads the window's four parts side by
  // side, and each part's hundred orders in two detail calls beside each other.
  const now = sandbox.world.now();
  for (let index = 0; index < 480; index += 1)
    sandbox.world.createOrder('shopee', '600954', {
      createdAt: now - 3_600_000 - Math.floor((index / 480) * 14 * 86_400_000),
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'EDGE-RED', quantity: 1 }],
    });
  sandbox.world.moveClock(60_000);
  await world.database.ownerPool.query('update shops set synced_to = null where id = $1', [shopId]);
  mostInFlight = 0;
  const outcome = await syncShop(world.database.db, marketplaceRuntime(options), {
    tenantId,
    shopId,
    trigger: 'manual',
  });
  expect(outcome?.state).toBe('succeeded');
  expect(mostInFlight).toBeGreaterThan(1);
  expect(mostInFlight).toBeLessThanOrEqual(CALLS_AT_ONCE);
  const { rows } = await world.database.ownerPool.query(
    'select count(*)::int as orders from orders where shop_id = $1',
    [shopId],
  );
  expect(rows[0]?.orders).toBe(480);
});
