/**
 * Marketplace notices are taken once and only while fresh, against the bundled sandbox: a seller
 * has a Shopee, a Lazada, a TikTok Shop and a Shopify shop. A notice the platform signed is taken
 * (its order is fetched); the very same notice again answers 200 and queues nothing; one stamped
 * in 2019, or ahead of the clock, is refused. A deauthorisation stops a shop only when the
 * platform, asked with the shop's token, confirms it: a signed one about a live shop is recorded
 * and ignored, one the platform cannot answer leaves the shop to a sync, and the one the sandbox
 * sends when the seller really deauthorises stops the shop. A Shopify order cancelled a moment
 * after it was placed is announced as orders/cancelled, not orders/create.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import { SANDBOX_PLATFORMS } from '../../src/sandbox/platforms/index.js';
import type { RunningSandbox, SandboxPlatform } from '../../src/sandbox/server.js';
import type { SandboxOrder, SandboxOrderEvent } from '../../src/sandbox/world-model.js';
import { demoWarehouse } from '../support/stock-world.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

type Notified = 'shopee' | 'lazada' | 'tiktok' | 'shopify';
const PLATFORMS: Notified[] = ['shopee', 'lazada', 'tiktok', 'shopify'];
const SHOP_ID: Record<Notified, string> = {
  shopee: '600321',
  lazada: '1000321',
  tiktok: '7494000321',
  shopify: 'replay-seller.myshopify.com',
};
const DAY = 86_400_000;
/** Where the platforms post (runtime publicUrl + the route): what Shopee signs. */
const targetOf = (platform: Notified) => `http://erp.test/api/webhooks/${platform}`;

let world: TestWorld;
let sandbox: RunningSandbox;
let sellerToken = '';
const shopIds = {} as Record<Notified, string>;

type Made = { headers: Record<string, string>; body: string };

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await world.database.ownerPool.query(text, values)).rows as T[];

const sandboxOf = (platform: Notified): SandboxPlatform => {
  const found = SANDBOX_PLATFORMS.find((candidate) => candidate.platform === platform);
  if (!found) throw new Error(`no sandbox for ${platform}`);
  return found;
};

/** The notice the sandbox's platform signs for an order's change. */
function noticeOf(platform: Notified, order: SandboxOrder, event: SandboxOrderEvent = 'updated'): Made {
  const made = sandboxOf(platform).webhook(order, targetOf(platform), event);
  if (!made) throw new Error(`${platform} makes no webhook`);
  return made;
}

/** The deauthorisation notice the sandbox's platform signs for a shop, stamped `at`. */
function deauthorisationOf(platform: Notified, at = sandbox.world.now()): Made {
  const shop = sandbox.world.shop(platform, SHOP_ID[platform]);
  const made = shop ? sandboxOf(platform).deauthorisation?.(shop, at, targetOf(platform)) : undefined;
  if (!made) throw new Error(`${platform} makes no deauthorisation notice`);
  return made;
}

const post = (platform: Notified, made: Made) =>
  world.request({
    method: 'POST',
    url: `/api/webhooks/${platform}`,
    headers: made.headers,
    payload: made.body,
  });

/** The sync jobs a webhook queued for the shop (any state: a queued job is what a notice does). */
const webhookJobs = async (shopId: string) =>
  Number(
    (
      await query(
        `select count(*) from pgboss.job where name = 'marketplace-sync'
         and data->>'shopId' = $1 and data->>'trigger' = 'webhook'`,
        [shopId],
      )
    )[0]?.count,
  );

const orderRow = async (shopId: string, orderNo: string) =>
  (
    await query<{ platform_status: string; recipient_address: string }>(
      'select platform_status, recipient_address from orders where shop_id = $1 and order_no = $2',
      [shopId, orderNo],
    )
  )[0];

const shopState = async (shopId: string) =>
  (
    await query<{ status: string; status_reason: string }>(
      'select status, status_reason from shops where id = $1',
      [shopId],
    )
  )[0];

const outcomesOf = async (shopId: string, kind: string) =>
  (
    await query<{ outcome: string }>(
      'select distinct outcome from webhook_deliveries where shop_id = $1 and kind = $2 order by outcome',
      [shopId, kind],
    )
  ).map((row) => row.outcome);

/** Adds and authorises a shop as the seller would, once its sandbox shop has a few orders. */
async function connect(platform: Notified, warehouseId: string): Promise<string> {
  sandbox.world.addShop({
    platform,
    shopId: SHOP_ID[platform],
    name: `Replay ${platform}`,
    region: 'TH',
    currency: platform === 'shopify' ? 'USD' : 'THB',
  });
  const now = sandbox.world.now();
  sandbox.world.seedOrders(platform, SHOP_ID[platform], 5, now - 3 * DAY, now - DAY);
  const added = await callApi(world, sellerToken, 'POST', '/api/shop/add', {
    platform,
    alias: `Replay ${platform}`,
    warehouseId,
  });
  expect(added.status).toBe(200);
  const id = (added.body.result as { id: string }).id;
  const started = await callApi(world, sellerToken, 'POST', '/api/shop/authorise', {
    id,
    ...(platform === 'shopify' ? { shopDomain: SHOP_ID.shopify } : {}),
  });
  expect(started.status).toBe(200);
  const approved = await approveOnSandbox((started.body.result as { url: string }).url, SHOP_ID[platform]);
  const done = await callApi(world, sellerToken, 'POST', '/api/shop/authorise/callback', { query: approved });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return id;
}

/** Deliveries the sandbox posts for `platform` while `work` runs, caught by a listener of ours. */
async function caught(
  platform: Notified,
  work: () => void,
): Promise<{ headers: Record<string, string>; body: string }[]> {
  const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    sandbox.world.webhookTargets.set(platform, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    work();
    await sandbox.settled();
  } finally {
    sandbox.world.webhookTargets.delete(platform);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  // The platform's own headers, as they would reach our server (not this listener's connection's).
  const hop = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);
  return received.map((delivery) => ({
    headers: Object.fromEntries(
      Object.entries(delivery.headers)
        .filter(([name]) => !hop.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)]),
    ),
    body: delivery.body.toString('utf8'),
  }));
}

beforeAll(async () => {
  ({ world, sandbox } = await createSandboxWorld({ maxSleepMs: 20 }));
  sellerToken = await world.login('seller');
  const warehouseId = (await demoWarehouse(world, 'DG01')).id;
  for (const platform of PLATFORMS) shopIds[platform] = await connect(platform, warehouseId);
}, 120_000);
afterAll(async () => {
  await world?.close();
  await sandbox?.close();
});

describe.each(PLATFORMS.map((platform) => [platform]))('POST /api/webhooks/%s', (platform) => {
  it('takes a notice once: the same notice again answers 200 and changes nothing', async () => {
    const shopId = shopIds[platform];
    const order = sandbox.world.createOrder(platform, SHOP_ID[platform], {
      status: 'ready_to_ship',
      silent: true,
    });
    const made = noticeOf(platform, order, 'created');
    const jobsBefore = await webhookJobs(shopId);
    const first = await post(platform, made);
    expect(first.statusCode, first.body).toBe(200);
    expect(await webhookJobs(shopId)).toBe(jobsBefore + 1);
    await expect
      .poll(async () => (await orderRow(shopId, order.orderId))?.recipient_address, { timeout: 20_000 })
      .toContain(order.address.line1);

    // The order changes on the platform with no notice of its own; the first notice replayed
    // must not bring the change (only a new notice or a sync may).
    const before = await orderRow(shopId, order.orderId);
    const deliveries = await query(
      'select * from webhook_deliveries where shop_id = $1 order by delivery_key',
      [shopId],
    );
    sandbox.world.changeOrder(order, { address: { ...order.address, line1: '1 Replayed Road' } });
    const again = await post(platform, made);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('');
    expect(await webhookJobs(shopId)).toBe(jobsBefore + 1);
    expect(await orderRow(shopId, order.orderId)).toEqual(before);
    expect(
      await query('select * from webhook_deliveries where shop_id = $1 order by delivery_key', [shopId]),
    ).toEqual(deliveries);
    expect(await outcomesOf(shopId, 'order')).toEqual(['taken']);
  });

  it('refuses a correctly signed notice stamped in 2019, or ahead of the clock, and queues nothing', async () => {
    const shopId = shopIds[platform];
    const order = sandbox.world.createOrder(platform, SHOP_ID[platform], {
      status: 'ready_to_ship',
      silent: true,
    });
    const jobsBefore = await webhookJobs(shopId);
    for (const stamped of [Date.UTC(2019, 4, 14, 9, 30), sandbox.world.now() + 10 * 60_000]) {
      const answer = await post(platform, noticeOf(platform, { ...order, updatedAt: stamped }));
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'shop.webhook_stale' });
    }
    expect(await webhookJobs(shopId)).toBe(jobsBefore);
    expect(await orderRow(shopId, order.orderId)).toBeUndefined();
    // The same notice stamped now is taken: the refusal was its time, nothing else.
    expect((await post(platform, noticeOf(platform, order))).statusCode).toBe(200);
    expect(await webhookJobs(shopId)).toBe(jobsBefore + 1);
  });
});

describe('POST /api/webhooks/shopify, its time and id in headers', () => {
  it('takes a retry three hours late, once whatever its headers say; refuses one after the retries end, or undated', async () => {
    const shopId = shopIds.shopify;
    const order = sandbox.world.createOrder('shopify', SHOP_ID.shopify, {
      status: 'ready_to_ship',
      silent: true,
    });
    const made = noticeOf('shopify', order, 'created');
    const at = (msAgo: number) => new Date(sandbox.world.now() - msAgo).toISOString();
    const withHeaders = (headers: Record<string, string>) => ({
      ...made,
      headers: { ...made.headers, ...headers },
    });
    const jobsBefore = await webhookJobs(shopId);
    // Shopify retries for 4 hours with the original trigger time: a late retry is still taken.
    expect(
      (await post('shopify', withHeaders({ 'x-shopify-triggered-at': at(3 * 3_600_000) }))).statusCode,
    ).toBe(200);
    expect(await webhookJobs(shopId)).toBe(jobsBefore + 1);
    // The same delivery id with a time made fresh is the delivery taken already.
    expect((await post('shopify', withHeaders({ 'x-shopify-triggered-at': at(0) }))).statusCode).toBe(200);
    expect(await webhookJobs(shopId)).toBe(jobsBefore + 1);
    for (const refused of [
      withHeaders({
        'x-shopify-triggered-at': at(5 * 3_600_000),
        'x-shopify-webhook-id': 'after-the-retries',
      }),
      {
        ...made,
        headers: Object.fromEntries(
          Object.entries(made.headers).filter(([name]) => name !== 'x-shopify-triggered-at'),
        ),
      },
    ]) {
      const answer = await post('shopify', refused);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'shop.webhook_stale' });
    }
    expect(await webhookJobs(shopId)).toBe(jobsBefore + 1);
  });
});

describe('a deauthorisation notice', () => {
  it.each([['tiktok'], ['shopee'], ['shopify']] as const)(
    'of a live %s shop, signed and fresh, is recorded and ignored: the platform says the shop is authorised',
    async (platform) => {
      const shopId = shopIds[platform];
      const made = deauthorisationOf(platform);
      const answer = await post(platform, made);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await shopState(shopId)).toEqual({ status: 'active', status_reason: '' });
      expect(await outcomesOf(shopId, 'revoked')).toEqual(['revocation_refuted']);
      // Replayed, it is a delivery taken already; replayed from 2019, it is refused.
      const deliveries = await query(
        'select * from webhook_deliveries where shop_id = $1 order by delivery_key',
        [shopId],
      );
      expect((await post(platform, made)).statusCode).toBe(200);
      expect(
        await query('select * from webhook_deliveries where shop_id = $1 order by delivery_key', [shopId]),
      ).toEqual(deliveries);
      expect((await post(platform, deauthorisationOf(platform, Date.UTC(2019, 0, 2)))).statusCode).toBe(401);
      expect(await shopState(shopId)).toEqual({ status: 'active', status_reason: '' });
    },
  );

  it('the platform cannot answer about leaves the shop as it is and queues its sync', async () => {
    const shopId = shopIds.tiktok;
    sandbox.world.traffic.injectFault({
      platform: 'tiktok',
      kind: 'http_503',
      pathContains: '/authorization/',
      count: 1,
    });
    const jobsBefore = await webhookJobs(shopId);
    expect((await post('tiktok', deauthorisationOf('tiktok'))).statusCode).toBe(200);
    expect(await shopState(shopId)).toEqual({ status: 'active', status_reason: '' });
    expect(await outcomesOf(shopId, 'revoked')).toContain('revocation_unchecked');
    expect(await webhookJobs(shopId)).toBe(jobsBefore + 1);
    // That sync runs to its end (the shop authorised, it succeeds) before the seller deauthorises below.
    await expect
      .poll(
        async () =>
          Number(
            (
              await query(
                `select count(*) from pgboss.job where name = 'marketplace-sync' and data->>'shopId' = $1
         and state in ('created', 'retry', 'active')`,
                [shopId],
              )
            )[0]?.count,
          ),
        { timeout: 30_000 },
      )
      .toBe(0);
    expect(await shopState(shopId)).toEqual({ status: 'active', status_reason: '' });
  });

  it.each([['tiktok'], ['shopify']] as const)(
    'the %s sandbox sends when the seller deauthorises stops the shop, the platform confirming it',
    async (platform) => {
      const shopId = shopIds[platform];
      const deliveries = await caught(platform, () => sandbox.world.revokeShop(platform, SHOP_ID[platform]));
      expect(deliveries).toHaveLength(1);
      const [delivery] = deliveries;
      if (!delivery) throw new Error('no deauthorisation notice');
      const answer = await post(platform, delivery);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await shopState(shopId)).toEqual({ status: 'expired', status_reason: 'shop.revoked' });
      expect(await outcomesOf(shopId, 'revoked')).toContain('revoked');
    },
  );
});

describe('the Shopify sandbox', () => {
  it('announces an order cancelled a moment after it was placed as orders/cancelled, and the server takes it', async () => {
    // The Shopify shop was deauthorised above: authorise it again first. Its syncs in this file
    // have spent the Standard bucket and waits here are cut to 20 ms, so the limit is lifted
    // (marketplace-rate-limits.test.ts holds the documented one).
    sandbox.world.traffic.rateLimits.shopify = 10_000;
    const shopId = shopIds.shopify;
    const started = await callApi(world, sellerToken, 'POST', '/api/shop/authorise', {
      id: shopId,
      shopDomain: SHOP_ID.shopify,
    });
    const approved = await approveOnSandbox((started.body.result as { url: string }).url, SHOP_ID.shopify);
    expect(
      (await callApi(world, sellerToken, 'POST', '/api/shop/authorise/callback', { query: approved })).status,
    ).toBe(200);

    let order: SandboxOrder | undefined;
    const deliveries = await caught('shopify', () => {
      order = sandbox.world.createOrder('shopify', SHOP_ID.shopify, { status: 'ready_to_ship' });
      sandbox.world.changeOrder(order, { status: 'cancelled' });
    });
    if (!order) throw new Error('no order');
    // Posted side by side, they may arrive in either order.
    expect(deliveries.map((delivery) => delivery.headers['x-shopify-topic']).sort()).toEqual([
      'orders/cancelled',
      'orders/create',
    ]);
    for (const delivery of deliveries) expect((await post('shopify', delivery)).statusCode).toBe(200);
    const orderNo = order.orderId;
    await expect
      .poll(async () => (await orderRow(shopId, orderNo))?.platform_status, { timeout: 30_000 })
      .toBe('CANCELLED');
  });
});
