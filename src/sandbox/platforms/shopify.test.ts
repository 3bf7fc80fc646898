import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type ListedOrder,
  type MarketplaceOrder,
  type ShopGrant,
} from '@server/modules/marketplaces/connector.js';
import {
  shopifyAuthoriseUrl,
  shopifyConnector,
  SHOPIFY_MAX_WINDOW_MS,
} from '@server/modules/marketplaces/platforms/shopify/connector.js';
import {
  SHOPIFY_API_VERSION,
  SHOPIFY_FULFILLMENT_CREATE,
  SHOPIFY_ORDERS_QUERY,
} from '@server/modules/marketplaces/platforms/shopify/queries.js';
import { SANDBOX_APPS } from '../apps.js';
import { startSandbox, type RunningSandbox } from '../server.js';
import { DEFAULT_RATE_LIMITS } from '../world-traffic.js';
import { SANDBOX_DAY_MS, type SandboxOrder, type SandboxStatus } from '../world-model.js';
import { shopifySandbox, shopifyUninstalledWebhook } from './shopify.js';
import { fulfillmentOrderId } from './shopify-fulfil.js';
import { shopifySecond } from './shopify-render.js';

const SHOP = 'sandbox-one.myshopify.com';
const REDIRECT_URI = 'https://erp.example.com/shopifyAuth';
const HOUR_MS = 3_600_000;

/** Our status table (normalise.ts) read through the sandbox's rendering (shopify-render.ts). */
const EXPECTED_STATUS: Record<SandboxStatus, MarketplaceOrder['platformStatus']> = {
  unpaid: 'UNPAID',
  ready_to_ship: 'READY_TO_SHIP',
  processed: 'READY_TO_SHIP',
  shipped: 'SHIPPED',
  completed: 'COMPLETED',
  in_cancel: 'READY_TO_SHIP',
  cancelled: 'CANCELLED',
};

let sandbox: RunningSandbox;
let app: AppConfig;

beforeAll(async () => {
  sandbox = await startSandbox({ platforms: [shopifySandbox] });
  app = { ...SANDBOX_APPS.shopify, apiUrl: sandbox.platformUrl('shopify'), authUrl: '' };
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.world.reset();
  // These tests page through many orders within milliseconds, beyond the Standard plan's bucket
  // (2,000 points, a page of orders costs 990, restoring 100 a second); (e) holds the documented one.
  sandbox.world.traffic.rateLimits.shopify = 100_000;
  sandbox.world.addShop({
    platform: 'shopify',
    shopId: SHOP,
    name: 'Sandbox One',
    region: 'TH',
    currency: 'THB',
  });
});

const worldNow = () => new Date(sandbox.world.now());
const ctxOf = (grant: ShopGrant, config: AppConfig = app): CallContext => ({
  app: config,
  grant,
  fetch,
  now: worldNow,
});

async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MarketplaceError) return error;
    throw error;
  }
  throw new Error('expected a MarketplaceError');
}

/** The seller's trip: the authorise page, its form posted, Shopify's redirect read. */
async function redirectQuery(state = 'nonce-1'): Promise<Record<string, string>> {
  const url = shopifyAuthoriseUrl(app, { shop: SHOP, redirectUri: REDIRECT_URI, state, now: worldNow() });
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const unescape = (value: string) =>
    value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const action = unescape(/action="([^"]+)"/.exec(html)?.[1] ?? '');
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      unescape(match[1] ?? ''),
      unescape(match[2] ?? ''),
    ]),
  );
  const posted = await fetch(`${sandbox.platformUrl('shopify')}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, shop_id: SHOP }).toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(302);
  const location = new URL(posted.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return Object.fromEntries(location.searchParams);
}

async function authorise(): Promise<ShopGrant> {
  const query = await redirectQuery();
  return shopifyConnector.exchangeCode(app, { query, redirectUri: REDIRECT_URI, fetch, now: worldNow() });
}

async function syncWindow(grant: ShopGrant, from: Date, to: Date): Promise<MarketplaceOrder[][]> {
  const pages: MarketplaceOrder[][] = [];
  let cursor: string | null = null;
  do {
    const page = await shopifyConnector.listOrders(ctxOf(grant), {
      updatedFrom: from,
      updatedTo: to,
      cursor,
    });
    pages.push(page.orders);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return pages;
}

function expectSameOrder(found: MarketplaceOrder, order: SandboxOrder): void {
  expect(found.platformStatus).toBe(EXPECTED_STATUS[order.status]);
  expect(found.currency).toBe('THB');
  expect(found.recipientName).toBe(order.address.name);
  expect(found.trackingNo).toBe(order.trackingNo);
  expect(
    found.lines.map((line) => [line.sellerSku, line.quantity, line.unitPrice, line.variationId]),
  ).toEqual(
    order.lines.map((line) => [
      line.item.sellerSku,
      line.quantity,
      line.item.unitPrice,
      line.item.variationId,
    ]),
  );
  // totalPriceSet, totalShippingPriceSet and totalDiscountsSet as the world holds them.
  expect(found.amounts).toEqual(order.amounts);
}

async function sendGraphql(token: string, variables: Record<string, unknown>) {
  const response = await fetch(
    `${sandbox.platformUrl('shopify')}/${SHOP}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query: SHOPIFY_ORDERS_QUERY, variables }),
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('Shopify connector against the sandbox', () => {
  it('(a) authorises through the shop’s page and redirect, and the grant works', async () => {
    expect(() =>
      shopifyConnector.authoriseUrl(app, { redirectUri: REDIRECT_URI, state: 's', now: worldNow() }),
    ).toThrow(/shop domain required/);
    const withDomain = { redirectUri: REDIRECT_URI, state: 's', now: worldNow(), shopDomain: SHOP };
    expect(shopifyConnector.authoriseUrl(app, withDomain)).toBe(
      shopifyAuthoriseUrl(app, { ...withDomain, shop: SHOP }),
    );
    const query = await redirectQuery('nonce-7');
    expect(Object.keys(query).sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(query.state).toBe('nonce-7');
    const before = sandbox.world.now();
    const grant = await shopifyConnector.exchangeCode(app, {
      query,
      redirectUri: REDIRECT_URI,
      fetch,
      now: worldNow(),
    });
    expect(grant).toMatchObject({ platformShopId: SHOP, shopName: 'Sandbox One', extra: {} });
    // expires_in is whole seconds from the sandbox's clock: four hours, to the second.
    const expiresAt = grant.accessExpiresAt?.getTime() ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 4 * HOUR_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(sandbox.world.now() + 4 * HOUR_MS + 1000);
    expect(grant.refreshToken).not.toBe('');
    sandbox.world.createOrder('shopify', SHOP, { status: 'ready_to_ship' });
    const page = await shopifyConnector.listOrders(ctxOf(grant), {
      updatedFrom: new Date(sandbox.world.now() - HOUR_MS),
      updatedTo: new Date(sandbox.world.now() + HOUR_MS),
      cursor: null,
    });
    expect(page.orders).toHaveLength(1);
    // The code is spent: Shopify's invalid_request.
    const again = await failure(
      shopifyConnector.exchangeCode(app, { query, redirectUri: REDIRECT_URI, fetch, now: worldNow() }),
    );
    expect(again.code).toBe('rejected');
    expect(again.detail.platformCode).toBe('invalid_request');
  });

  it('(b) pages through a first sync: every order once, lines, prices and statuses right', async () => {
    const grant = await authorise();
    const now = sandbox.world.now();
    // More than two pages of the id-and-time listing (250 a page).
    const seeded = sandbox.world.seedOrders('shopify', SHOP, 520, now - 10 * SANDBOX_DAY_MS, now - HOUR_MS);
    const pages = await syncWindow(grant, new Date(now - 15 * SANDBOX_DAY_MS), new Date(now));
    expect(pages.length).toBe(3);
    const found = pages.flat();
    expect(found.map((order) => order.orderNo).sort()).toEqual(seeded.map((order) => order.orderId).sort());
    for (const order of seeded) {
      const match = found.find((candidate) => candidate.orderNo === order.orderId);
      if (!match) throw new Error(`order ${order.orderId} missing`);
      expectSameOrder(match, order);
    }
    expect(new Set(seeded.map((order) => order.status)).size).toBeGreaterThan(3);
  });

  it('(b) never asks for a window longer than maxWindowMs; the sandbox refuses a page over the cost cap', async () => {
    const grant = await authorise();
    const before = sandbox.world.traffic.requests.length;
    const tooLong = await failure(
      shopifyConnector.listOrders(ctxOf(grant), {
        updatedFrom: new Date(sandbox.world.now() - SHOPIFY_MAX_WINDOW_MS - 1),
        updatedTo: worldNow(),
        cursor: null,
      }),
    );
    expect(tooLong.code).toBe('rejected');
    expect(sandbox.world.traffic.requests.length).toBe(before);
    // Shopify documents no window limit; what it refuses is a query over 1,000 points.
    const refused = await sendGraphql(grant.accessToken, { first: 100, query: '' });
    expect(refused.status).toBe(200);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'MAX_COST_EXCEEDED', maxCost: 1000 }),
      }),
    ]);
  });

  it('(b) reads an order with more lines than one page holds', async () => {
    const catalogue = Array.from({ length: 25 }, (_, index) => ({
      itemId: `77${index}`,
      variationId: `7700${index}`,
      sellerSku: `BIG-${index}`,
      barcode: '',
      title: `Big item ${index}`,
      unitPrice: 1000 + index,
    }));
    sandbox.world.addShop({
      platform: 'shopify',
      shopId: SHOP,
      name: 'Sandbox One',
      region: 'TH',
      currency: 'THB',
      catalogue,
    });
    const grant = await authorise();
    const order = sandbox.world.createOrder('shopify', SHOP, {
      status: 'ready_to_ship',
      lines: catalogue.map((item, index) => ({ sellerSku: item.sellerSku, quantity: 1 + (index % 3) })),
    });
    const [found] = await shopifyConnector.getOrders(ctxOf(grant), [order.orderId]);
    if (!found) throw new Error('the order was not found');
    expect(found.lines).toHaveLength(25);
    expectSameOrder(found, order);
  });

  it('(c) an incremental window brings back the orders changed since, and only those', async () => {
    const grant = await authorise();
    const start = sandbox.world.now();
    const seeded = sandbox.world.seedOrders('shopify', SHOP, 48, start - 5 * SANDBOX_DAY_MS, start - HOUR_MS);
    await syncWindow(grant, new Date(start - 15 * SANDBOX_DAY_MS), new Date(start));
    sandbox.world.moveClock(60_000);
    const [first, second] = seeded;
    if (!first || !second) throw new Error('seed gave too few orders');
    sandbox.world.changeOrder(first, { status: 'cancelled' });
    sandbox.world.changeOrder(second, { address: { ...second.address, line1: '9 Changed Street' } });
    const created = sandbox.world.createOrder('shopify', SHOP, { status: 'unpaid' });
    const found = (await syncWindow(grant, new Date(start), new Date(sandbox.world.now() + 60_000))).flat();
    expect(found.map((order) => order.orderNo).sort()).toEqual(
      [first.orderId, second.orderId, created.orderId].sort(),
    );
    expect(found.find((order) => order.orderNo === first.orderId)?.platformStatus).toBe('CANCELLED');
    expect(found.find((order) => order.orderNo === second.orderId)?.recipientAddress).toContain(
      '9 Changed Street',
    );
    expect(found.find((order) => order.orderNo === created.orderId)?.platformStatus).toBe('UNPAID');
  });

  it('(b) reads in full only the orders not already held at their listed update time', async () => {
    const grant = await authorise();
    const now = sandbox.world.now();
    const seeded = sandbox.world.seedOrders('shopify', SHOP, 100, now - 3 * SANDBOX_DAY_MS, now - HOUR_MS);
    const window = { updatedFrom: new Date(now - 15 * SANDBOX_DAY_MS), updatedTo: new Date(now) };
    const asked: ListedOrder[] = [];
    // We hold the first 70 as they are; one of them at an older time (it changed since).
    const held = new Map(seeded.slice(0, 70).map((order) => [order.orderId, order.updatedAt]));
    const stale = seeded[0]?.orderId ?? '';
    held.set(stale, (held.get(stale) ?? 0) - 60_000);
    const before = sandbox.world.traffic.requests.length;
    const page = await shopifyConnector.listOrders(ctxOf(grant), {
      ...window,
      cursor: null,
      known: async (listed) => {
        asked.push(...listed);
        return new Set(
          listed
            .filter((order) => shopifySecond(held.get(order.orderNo) ?? 0) === order.updatedAt)
            .map((order) => order.orderNo),
        );
      },
    });
    expect(asked.map((order) => order.orderNo).sort()).toEqual(seeded.map((order) => order.orderId).sort());
    expect(page.knownCount).toBe(69);
    expect(page.orders.map((order) => order.orderNo).sort()).toEqual(
      [stale, ...seeded.slice(70).map((order) => order.orderId)].sort(),
    );
    // One listing call, then 26 orders a call (ORDERS_PAGE_SIZE) for the 31 read in full.
    expect(sandbox.world.traffic.requests.length - before).toBe(3);
  });

  it('(d) a page failing midway is retried with the same cursor, without loss or duplicate', async () => {
    const grant = await authorise();
    const now = sandbox.world.now();
    const seeded = sandbox.world.seedOrders('shopify', SHOP, 300, now - 3 * SANDBOX_DAY_MS, now - HOUR_MS);
    const window = { updatedFrom: new Date(now - 15 * SANDBOX_DAY_MS), updatedTo: new Date(now) };
    const first = await shopifyConnector.listOrders(ctxOf(grant), { ...window, cursor: null });
    // The second page's listing answers, then reading its orders in full fails.
    sandbox.world.traffic.injectFault({
      platform: 'shopify',
      kind: 'http_500',
      pathContains: 'graphql.json',
      skip: 1,
    });
    const failed = await failure(
      shopifyConnector.listOrders(ctxOf(grant), { ...window, cursor: first.nextCursor }),
    );
    expect(failed.code).toBe('unavailable');
    const found = [...first.orders];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await shopifyConnector.listOrders(ctxOf(grant), { ...window, cursor });
      found.push(...page.orders);
      cursor = page.nextCursor;
    }
    expect(found.map((order) => order.orderNo).sort()).toEqual(seeded.map((order) => order.orderId).sort());
    // A cursor is for its own window only.
    const otherWindow = await failure(
      shopifyConnector.listOrders(ctxOf(grant), {
        ...window,
        updatedTo: worldNow(),
        cursor: first.nextCursor,
      }),
    );
    expect(otherWindow.detail.platformCode).toBe('BAD_CURSOR');
  });

  it('(d) a truncated or non-JSON reply is malformed', async () => {
    const grant = await authorise();
    sandbox.world.createOrder('shopify', SHOP, { status: 'ready_to_ship' });
    const window = {
      updatedFrom: new Date(sandbox.world.now() - HOUR_MS),
      updatedTo: new Date(sandbox.world.now() + HOUR_MS),
    };
    sandbox.world.traffic.injectFault({
      platform: 'shopify',
      kind: 'truncated',
      pathContains: 'graphql.json',
    });
    expect((await failure(shopifyConnector.listOrders(ctxOf(grant), { ...window, cursor: null }))).code).toBe(
      'malformed',
    );
    sandbox.world.traffic.injectFault({
      platform: 'shopify',
      kind: 'malformed',
      pathContains: 'graphql.json',
    });
    expect((await failure(shopifyConnector.listOrders(ctxOf(grant), { ...window, cursor: null }))).code).toBe(
      'malformed',
    );
  });

  it('(e) Shopify’s THROTTLED reply and a 429 are rate_limited, with the wait they give', async () => {
    const grant = await authorise();
    const window = {
      updatedFrom: new Date(sandbox.world.now() - HOUR_MS),
      updatedTo: worldNow(),
      cursor: null,
    };
    sandbox.world.traffic.rateLimits.shopify = DEFAULT_RATE_LIMITS.shopify;
    sandbox.world.traffic.injectFault({
      platform: 'shopify',
      kind: 'throttle',
      pathContains: 'graphql.json',
    });
    const throttled = await failure(shopifyConnector.listOrders(ctxOf(grant), window));
    expect(throttled.code).toBe('rate_limited');
    // (252 requested for the first page of update times − 0 available) / 100 restored per second
    expect(throttled.detail).toMatchObject({ platformCode: 'THROTTLED', retryAfterMs: 2520 });
    sandbox.world.traffic.injectFault({
      platform: 'shopify',
      kind: 'http_429',
      pathContains: 'graphql.json',
      retryAfterSeconds: 2,
    });
    const limited = await failure(shopifyConnector.listOrders(ctxOf(grant), window));
    expect(limited.code).toBe('rate_limited');
    expect(limited.detail.retryAfterMs).toBe(2000);
    // A bucket of 260 points (13 a second for 20 seconds) pays for one page of update times (252), not two.
    sandbox.world.traffic.rateLimits.shopify = 13;
    await shopifyConnector.listOrders(ctxOf(grant), window);
    expect((await failure(shopifyConnector.listOrders(ctxOf(grant), window))).code).toBe('rate_limited');
    // The token endpoint costs no query points: a refresh still goes through on what is left.
    expect((await shopifyConnector.refreshGrant(ctxOf(grant))).accessToken).not.toBe(grant.accessToken);
  });

  it('(f) an expired token is token_expired; the refreshed grant works and the old refresh token is spent', async () => {
    const grant = await authorise();
    sandbox.world.moveClock(4 * HOUR_MS + 1000);
    const window = {
      updatedFrom: new Date(sandbox.world.now() - HOUR_MS),
      updatedTo: worldNow(),
      cursor: null,
    };
    const expired = await failure(shopifyConnector.listOrders(ctxOf(grant), window));
    expect(expired.code).toBe('token_expired');
    expect(expired.detail.httpStatus).toBe(401);
    const refreshed = await shopifyConnector.refreshGrant(ctxOf(grant));
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(refreshed.refreshToken).not.toBe(grant.refreshToken);
    await expect(shopifyConnector.listOrders(ctxOf(refreshed), window)).resolves.toMatchObject({
      orders: [],
    });
    expect((await failure(shopifyConnector.refreshGrant(ctxOf(grant)))).code).toBe('revoked');
  });

  it('(g) a revoked shop is revoked, for calls and refreshes, and app/uninstalled says so', async () => {
    const grant = await authorise();
    sandbox.world.revokeShop('shopify', SHOP);
    const window = {
      updatedFrom: new Date(sandbox.world.now() - HOUR_MS),
      updatedTo: worldNow(),
      cursor: null,
    };
    expect((await failure(shopifyConnector.listOrders(ctxOf(grant), window))).code).toBe('revoked');
    expect((await failure(shopifyConnector.refreshGrant(ctxOf(grant)))).code).toBe('revoked');
    const shop = sandbox.world.shop('shopify', SHOP);
    if (!shop) throw new Error('no shop');
    const uninstalled = shopifyUninstalledWebhook(shop);
    expect(
      shopifyConnector.verifyWebhook(app, {
        rawBody: Buffer.from(uninstalled.body),
        headers: uninstalled.headers,
        url: 'https://erp.example.com/webhooks/shopify',
      }),
    ).toMatchObject({ platformShopId: SHOP, orderNos: [], kind: 'revoked' });
  });

  it('(h) the sandbox refuses a bad token and a wrong client; the connector refuses a forged or stale redirect', async () => {
    const grant = await authorise();
    const badToken = await sendGraphql(`${grant.accessToken}x`, { first: 8, query: '' });
    expect(badToken).toEqual({
      status: 401,
      body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
    });
    const wrongClient = await fetch(`${sandbox.platformUrl('shopify')}/${SHOP}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: app.appKey, client_secret: 'not-the-secret', code: 'x' }),
    });
    expect(wrongClient.status).toBe(400);
    expect(await wrongClient.json()).toMatchObject({ error: 'invalid_client' });

    const query = await redirectQuery();
    const exchange = (changed: Record<string, string>, now = worldNow()) =>
      failure(shopifyConnector.exchangeCode(app, { query: changed, redirectUri: REDIRECT_URI, fetch, now }));
    expect((await exchange({ ...query, state: `${query.state}x` })).code).toBe('signature');
    // A different last digit: writing '0' over an hmac that ends in 0 (1 in 16) changed nothing.
    const hmac = query.hmac ?? '';
    const forged = `${hmac.slice(0, -1)}${hmac.endsWith('0') ? '1' : '0'}`;
    expect((await exchange({ ...query, hmac: forged })).code).toBe('signature');
    expect((await exchange({ ...query, shop: 'evil.example.com' })).code).toBe('signature');
    expect((await exchange(query, new Date(sandbox.world.now() + 91_000))).code).toBe('signature');
    await expect(
      shopifyConnector.exchangeCode(app, {
        query,
        redirectUri: REDIRECT_URI,
        fetch,
        now: new Date(sandbox.world.now() + 80_000),
      }),
    ).resolves.toMatchObject({ platformShopId: SHOP });
  });

  it('(i) a change fires a signed webhook naming the order; a forged one is refused', async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const server: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/shopify`;
      sandbox.world.webhookTargets.set('shopify', url);
      const order = sandbox.world.createOrder('shopify', SHOP, { status: 'ready_to_ship', silent: true });
      sandbox.world.moveClock(HOUR_MS);
      sandbox.world.changeOrder(order, { status: 'shipped', trackingNo: 'TH123' });
      await sandbox.settled();
      expect(received).toHaveLength(1);
      const [delivery] = received;
      if (!delivery) throw new Error('no delivery');
      const headers = Object.fromEntries(
        Object.entries(delivery.headers).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.join(',') : value,
        ]),
      );
      // The topic of what happened: a shipment is a fulfilment.
      expect(headers['x-shopify-topic']).toBe('orders/fulfilled');
      const notice = shopifyConnector.verifyWebhook(app, { rawBody: delivery.body, headers, url });
      expect(notice).toEqual({
        platformShopId: SHOP,
        orderNos: [order.orderId],
        kind: 'order',
        // Triggered at the change, on the marketplace's clock; keyed by X-Shopify-Webhook-Id.
        sentAt: new Date(order.updatedAt),
        deliveryKey: `id:${headers['x-shopify-webhook-id']}`,
      });
      const changed = Buffer.from(delivery.body.toString('utf8').replace(order.orderId, `${order.orderId}1`));
      expect(changed.equals(delivery.body)).toBe(false);
      expect(shopifyConnector.verifyWebhook(app, { rawBody: changed, headers, url })).toBeNull();
      expect(
        shopifyConnector.verifyWebhook(
          { ...app, appSecret: 'another-secret' },
          { rawBody: delivery.body, headers, url },
        ),
      ).toBeNull();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('(j) getOrders returns the named orders and leaves unknown numbers out', async () => {
    const grant = await authorise();
    const now = sandbox.world.now();
    const seeded = sandbox.world.seedOrders('shopify', SHOP, 56, now - 2 * SANDBOX_DAY_MS, now);
    const named = seeded.slice(0, 11).map((order) => order.orderId);
    const found = await shopifyConnector.getOrders(ctxOf(grant), [
      ...named,
      named[0] ?? '',
      '5999999999999',
      'not-a-number',
    ]);
    expect(found.map((order) => order.orderNo).sort()).toEqual([...named].sort());
    for (const order of seeded.slice(0, 11)) {
      const match = found.find((candidate) => candidate.orderNo === order.orderId);
      if (!match) throw new Error(`order ${order.orderId} missing`);
      expectSameOrder(match, order);
    }
  });
});

describe('Shopify tracking push against the sandbox', () => {
  const push = (grant: ShopGrant, orderNo: string, trackingNo: string, context = ctxOf(grant)) =>
    shopifyConnector.pushTracking?.(context, {
      orderNo,
      trackingNo,
      carrierCode: 'ups',
      carrierName: 'UPS',
    }) ?? Promise.reject(new Error('no pushTracking'));

  /** A fetch that counts the fulfillmentCreate mutations it carries. */
  function countingFetch(): { fetch: typeof fetch; creates: () => number } {
    let creates = 0;
    const counting: typeof fetch = (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('fulfillmentCreate')) creates += 1;
      return fetch(input, init);
    };
    return { fetch: counting, creates: () => creates };
  }

  it('fulfils the order with the tracking number, and getOrders reads it shipped with that number', async () => {
    const grant = await authorise();
    const order = sandbox.world.createOrder('shopify', SHOP, { status: 'ready_to_ship' });
    await push(grant, order.orderId, '1Z999AA10123456784');
    const [found] = await shopifyConnector.getOrders(ctxOf(grant), [order.orderId]);
    expect(found).toMatchObject({ platformStatus: 'SHIPPED', trackingNo: '1Z999AA10123456784' });
    expect(found?.rawStatus).toBe('PAID/FULFILLED');
    // An order our own staff already marked in progress is fulfilled the same way.
    const started = sandbox.world.createOrder('shopify', SHOP, { status: 'processed' });
    await push(grant, started.orderId, 'TRK-2');
    expect(sandbox.world.order('shopify', SHOP, started.orderId)).toMatchObject({
      status: 'shipped',
      trackingNo: 'TRK-2',
      carrier: 'UPS',
    });
  });

  it('the same number again is a no-op: no error and one fulfillment', async () => {
    const grant = await authorise();
    const order = sandbox.world.createOrder('shopify', SHOP, { status: 'ready_to_ship' });
    const counted = countingFetch();
    const context = { ...ctxOf(grant), fetch: counted.fetch };
    await push(grant, order.orderId, 'TRK-1', context);
    const updatedAt = sandbox.world.order('shopify', SHOP, order.orderId)?.updatedAt;
    await push(grant, order.orderId, 'TRK-1', context);
    expect(counted.creates()).toBe(1);
    expect(sandbox.world.order('shopify', SHOP, order.orderId)?.updatedAt).toBe(updatedAt);
    // Another number for a fulfilled order is refused: Shopify fulfils a line once.
    const other = await failure(push(grant, order.orderId, 'TRK-9'));
    expect(other).toMatchObject({ code: 'rejected', detail: { platformCode: 'already_shipped' } });
  });

  it('a cancelled, unpaid or unknown order is refused with its refusal code', async () => {
    const grant = await authorise();
    const cancelled = sandbox.world.createOrder('shopify', SHOP, { status: 'cancelled' });
    const refused = await failure(push(grant, cancelled.orderId, 'TRK-1'));
    expect(refused).toMatchObject({ code: 'rejected', detail: { platformCode: 'cancelled' } });
    expect(sandbox.world.order('shopify', SHOP, cancelled.orderId)?.trackingNo).toBe('');
    const unpaid = sandbox.world.createOrder('shopify', SHOP, { status: 'unpaid' });
    expect((await failure(push(grant, unpaid.orderId, 'TRK-2'))).detail.platformCode).toBe('unpaid');
    expect((await failure(push(grant, '5999999999999', 'TRK-3'))).detail.platformCode).toBe('not_found');
  });

  it('the sandbox refuses a closed fulfillment order with Shopify’s user error', async () => {
    const grant = await authorise();
    const order = sandbox.world.createOrder('shopify', SHOP, { status: 'shipped' });
    const response = await fetch(
      `${sandbox.platformUrl('shopify')}/${SHOP}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': grant.accessToken },
        body: JSON.stringify({
          query: SHOPIFY_FULFILLMENT_CREATE,
          variables: {
            fulfillment: {
              lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrderId(order) }],
              trackingInfo: { number: 'TRK-X', company: 'UPS' },
            },
          },
        }),
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: {
        fulfillmentCreate: {
          fulfillment: null,
          userErrors: [
            { message: `Fulfillment order ${order.orderId}1 has an unfulfillable status= closed.` },
          ],
        },
      },
    });
  });

  it('a throttled push is rate_limited and ships nothing; a bad token is refused', async () => {
    const grant = await authorise();
    const order = sandbox.world.createOrder('shopify', SHOP, { status: 'ready_to_ship' });
    sandbox.world.traffic.injectFault({
      platform: 'shopify',
      kind: 'throttle',
      pathContains: 'graphql.json',
    });
    expect((await failure(push(grant, order.orderId, 'TRK-1'))).code).toBe('rate_limited');
    sandbox.world.traffic.injectFault({
      platform: 'shopify',
      kind: 'http_503',
      pathContains: 'graphql.json',
    });
    expect((await failure(push(grant, order.orderId, 'TRK-1'))).code).toBe('unavailable');
    const forged = { ...grant, accessToken: `${grant.accessToken}x` };
    const refused = await failure(push(forged, order.orderId, 'TRK-1', ctxOf(forged)));
    expect(refused).toMatchObject({ code: 'revoked', detail: { httpStatus: 401 } });
    expect(sandbox.world.order('shopify', SHOP, order.orderId)?.status).toBe('ready_to_ship');
    await push(grant, order.orderId, 'TRK-1');
    expect(sandbox.world.order('shopify', SHOP, order.orderId)?.status).toBe('shipped');
  });
});
