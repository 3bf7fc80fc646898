import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppConfig,
  CallContext,
  MarketplaceOrder,
  ShopGrant,
} from '@server/modules/marketplaces/connector.js';
import { tiktokConnector, TIKTOK_PATHS } from '@server/modules/marketplaces/platforms/tiktok/connector.js';
import { signTiktokRequest } from '@server/modules/marketplaces/platforms/tiktok/sign.js';
import { SANDBOX_APPS } from '../apps.js';
import { startSandbox, type RunningSandbox } from '../server.js';
import type { SandboxOrder } from '../world-model.js';
import { TIKTOK_SANDBOX_SERVICE_ID, tiktokSandbox, tiktokShopCipher } from './tiktok.js';

const SHOP_ID = '7494049642642441621';
const REDIRECT = 'https://erp.example.com/shops/tiktok/callback';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let sandbox: RunningSandbox;
let app: AppConfig;
let grant: ShopGrant;
let seeded: SandboxOrder[] = [];
let firstSyncEnd = 0;

const now = () => new Date(sandbox.world.now());
const ctx = (overrides: Partial<CallContext> = {}): CallContext => ({ app, grant, fetch, now, ...overrides });

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; retryAfterMs?: number }> {
  try {
    await promise;
    return { code: 'none' };
  } catch (error) {
    const failure = error as { code?: string; detail?: { retryAfterMs?: number } };
    return { code: failure.code ?? 'thrown', retryAfterMs: failure.detail?.retryAfterMs };
  }
}

/** Every order of a window, page by page, as the sync engine would read it. */
async function syncWindow(from: number, to: number): Promise<{ orders: MarketplaceOrder[]; pages: number }> {
  const orders: MarketplaceOrder[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await tiktokConnector.listOrders(ctx(), {
      updatedFrom: new Date(from),
      updatedTo: new Date(to),
      cursor,
    });
    orders.push(...page.orders);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);
  return { orders, pages };
}

/** A request signed by hand, to tamper with: returns TikTok's HTTP status and envelope. */
async function rawCall(input: {
  path: string;
  query?: Record<string, string>;
  body?: string;
  timestampOffsetS?: number;
  tamperBody?: boolean;
}): Promise<{ status: number; body: { code: number; message: string } }> {
  const query: Record<string, string> = {
    app_key: app.appKey,
    timestamp: String(Math.floor(sandbox.world.now() / 1000) + (input.timestampOffsetS ?? 0)),
    ...input.query,
  };
  const body = input.body ?? '';
  const sign = signTiktokRequest({ appSecret: app.appSecret, path: input.path, query, body });
  const response = await fetch(
    `${app.apiUrl}${input.path}?${new URLSearchParams({ ...query, sign }).toString()}`,
    {
      method: body === '' ? 'GET' : 'POST',
      headers: { 'x-tts-access-token': grant.accessToken, 'content-type': 'application/json' },
      ...(body === ''
        ? {}
        : { body: input.tamperBody ? body.replace('"update_time_ge":', '"update_time_ge": ') : body }),
    },
  );
  return { status: response.status, body: (await response.json()) as { code: number; message: string } };
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** The seller's browser: open the authorise link, press the shop's button, follow nothing. */
async function authoriseInBrowser(url: string, shopId: string): Promise<URL> {
  const html = await (await fetch(url)).text();
  const action = decodeEntities(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '');
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.set(decodeEntities(match[1] ?? ''), decodeEntities(match[2] ?? ''));
  fields.set('shop_id', shopId);
  const response = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

beforeAll(async () => {
  sandbox = await startSandbox({ platforms: [tiktokSandbox] });
  app = {
    appKey: SANDBOX_APPS.tiktok.appKey,
    appSecret: SANDBOX_APPS.tiktok.appSecret,
    apiUrl: sandbox.platformUrl('tiktok'),
    authUrl: `${sandbox.platformUrl('tiktok')}/open/authorize?service_id=${TIKTOK_SANDBOX_SERVICE_ID}`,
  };
  sandbox.world.addShop({
    platform: 'tiktok',
    shopId: SHOP_ID,
    name: 'Sandbox TH shop',
    region: 'TH',
    currency: 'THB',
  });
  const at = sandbox.world.now();
  seeded = sandbox.world.seedOrders('tiktok', SHOP_ID, 250, at - 10 * DAY, at - DAY);
});

afterAll(async () => {
  await sandbox.close();
});

describe('TikTok Shop connector against the sandbox', () => {
  it('(a) authorises: the seller grants on the page, the code becomes a grant with the shop cipher', async () => {
    const url = tiktokConnector.authoriseUrl(app, { redirectUri: REDIRECT, state: 'st-1', now: now() });
    expect(new URL(url).searchParams.get('service_id')).toBe(TIKTOK_SANDBOX_SERVICE_ID);
    const location = await authoriseInBrowser(url, SHOP_ID);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st-1');
    const query = Object.fromEntries(location.searchParams);
    grant = await tiktokConnector.exchangeCode(app, { query, redirectUri: REDIRECT, fetch, now: now() });
    expect(grant).toMatchObject({ platformShopId: SHOP_ID, shopName: 'Sandbox TH shop' });
    expect(grant.extra.shopCipher).toBe(tiktokShopCipher(SHOP_ID));
    expect(grant.accessExpiresAt?.getTime()).toBeGreaterThan(sandbox.world.now());
    // The code is single use.
    expect(
      (await codeOf(tiktokConnector.exchangeCode(app, { query, redirectUri: REDIRECT, fetch, now: now() })))
        .code,
    ).toBe('rejected');
    // The legacy auth-host link (app_key) shows the same page.
    const legacy = tiktokConnector.authoriseUrl(
      { ...app, authUrl: sandbox.platformUrl('tiktok') },
      { redirectUri: REDIRECT, state: 's', now: now() },
    );
    expect(new URL(legacy).pathname).toBe('/oauth/authorize');
    expect((await fetch(legacy)).status).toBe(200);
  });

  it('(b) first sync: more than two pages, every order once, lines, prices and statuses right', async () => {
    firstSyncEnd = sandbox.world.now();
    const { orders, pages } = await syncWindow(firstSyncEnd - 12 * DAY, firstSyncEnd);
    expect(pages).toBe(3);
    expect(orders).toHaveLength(250);
    expect(new Set(orders.map((order) => order.orderNo)).size).toBe(250);
    const byNo = new Map(orders.map((order) => [order.orderNo, order]));
    const expectedStatus = {
      unpaid: 'UNPAID',
      ready_to_ship: 'READY_TO_SHIP',
      processed: 'READY_TO_SHIP',
      shipped: 'IN_TRANSIT',
      completed: 'COMPLETED',
      in_cancel: 'IN_CANCEL',
      cancelled: 'CANCELLED',
    };
    for (const source of seeded) {
      const order = byNo.get(source.orderId);
      expect(order?.platformStatus).toBe(expectedStatus[source.status]);
      expect(order?.lines).toEqual(
        source.lines.map((line) => ({
          itemId: line.item.itemId,
          variationId: line.item.variationId,
          sellerSku: line.item.sellerSku,
          barcode: '',
          title: line.item.title,
          quantity: line.quantity,
          unitPrice: line.item.unitPrice,
        })),
      );
      // The payment's total_amount, shipping_fee and discounts, as the world holds them.
      expect(order?.amounts).toEqual(source.amounts);
      expect(order?.updatedAt).toBe(new Date(Math.floor(source.updatedAt / 1000) * 1000).toISOString());
    }
    expect(seeded.some((order) => order.lines.some((line) => line.quantity > 1))).toBe(true);
    expect(seeded.some((order) => order.amounts.discount > 0)).toBe(true);
  });

  it('(b) never asks for a window longer than maxWindowMs; TikTok documents no limit, so the sandbox sets none', async () => {
    const before = sandbox.world.traffic.requests.length;
    const tooLong = tiktokConnector.listOrders(ctx(), {
      updatedFrom: new Date(firstSyncEnd - tiktokConnector.maxWindowMs - 1000),
      updatedTo: new Date(firstSyncEnd),
      cursor: null,
    });
    expect((await codeOf(tooLong)).code).toBe('rejected');
    expect(sandbox.world.traffic.requests.length).toBe(before);
    const nowS = Math.floor(sandbox.world.now() / 1000);
    const long = await rawCall({
      path: TIKTOK_PATHS.searchOrders,
      query: { shop_cipher: grant.extra.shopCipher ?? '', page_size: '1' },
      body: JSON.stringify({ update_time_ge: nowS - 400 * 86_400, update_time_lt: nowS }),
    });
    expect(long.body.code).toBe(0);
  });

  it('(c) incremental: orders changed after the first sync come back, unchanged ones do not', async () => {
    sandbox.world.moveClock(60_000);
    const changed = seeded.filter((order) => order.status === 'ready_to_ship').slice(0, 3);
    for (const order of changed) sandbox.world.changeOrder(order, { status: 'cancelled' });
    const created = sandbox.world.createOrder('tiktok', SHOP_ID, { status: 'ready_to_ship' });
    // The world stamps a paid order's update a minute after its creation; sync after that.
    sandbox.world.moveClock(2 * 60_000);
    const { orders } = await syncWindow(firstSyncEnd, sandbox.world.now() + 1);
    expect(orders.map((order) => order.orderNo).sort()).toEqual(
      [...changed.map((order) => order.orderId), created.orderId].sort(),
    );
    expect(
      orders
        .filter((order) => order.orderNo !== created.orderId)
        .every((order) => order.platformStatus === 'CANCELLED'),
    ).toBe(true);
  });

  it('(d) a page failing midway throws unavailable, and the same cursor resumes without loss or duplicate', async () => {
    sandbox.world.traffic.injectFault({
      platform: 'tiktok',
      kind: 'http_500',
      pathContains: TIKTOK_PATHS.searchOrders,
      skip: 1,
    });
    const window = { updatedFrom: new Date(firstSyncEnd - 12 * DAY), updatedTo: new Date(firstSyncEnd) };
    const first = await tiktokConnector.listOrders(ctx(), { ...window, cursor: null });
    expect(first.nextCursor).not.toBeNull();
    const failed = await codeOf(tiktokConnector.listOrders(ctx(), { ...window, cursor: first.nextCursor }));
    expect(failed.code).toBe('unavailable');
    const seen = first.orders.map((order) => order.orderNo);
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await tiktokConnector.listOrders(ctx(), { ...window, cursor });
      seen.push(...page.orders.map((order) => order.orderNo));
      cursor = page.nextCursor;
    }
    // The window is the first sync's; the three orders changed since have left it.
    expect(seen).toHaveLength(247);
    expect(new Set(seen).size).toBe(247);
  });

  it('(d) a truncated or non-JSON reply is malformed', async () => {
    const window = {
      updatedFrom: new Date(firstSyncEnd - DAY),
      updatedTo: new Date(firstSyncEnd),
      cursor: null,
    };
    sandbox.world.traffic.injectFault({
      platform: 'tiktok',
      kind: 'truncated',
      pathContains: TIKTOK_PATHS.searchOrders,
    });
    expect((await codeOf(tiktokConnector.listOrders(ctx(), window))).code).toBe('malformed');
    sandbox.world.traffic.injectFault({
      platform: 'tiktok',
      kind: 'malformed',
      pathContains: TIKTOK_PATHS.searchOrders,
    });
    expect((await codeOf(tiktokConnector.listOrders(ctx(), window))).code).toBe('malformed');
  });

  it("(e) TikTok's throttle (HTTP 429, code 36009002) and a 429 with Retry-After are rate_limited", async () => {
    const window = {
      updatedFrom: new Date(firstSyncEnd - DAY),
      updatedTo: new Date(firstSyncEnd),
      cursor: null,
    };
    sandbox.world.traffic.injectFault({
      platform: 'tiktok',
      kind: 'throttle',
      pathContains: TIKTOK_PATHS.searchOrders,
    });
    expect(await codeOf(tiktokConnector.listOrders(ctx(), window))).toEqual({
      code: 'rate_limited',
      retryAfterMs: undefined,
    });
    sandbox.world.traffic.injectFault({
      platform: 'tiktok',
      kind: 'http_429',
      pathContains: TIKTOK_PATHS.searchOrders,
      retryAfterSeconds: 2,
    });
    expect(await codeOf(tiktokConnector.listOrders(ctx(), window))).toEqual({
      code: 'rate_limited',
      retryAfterMs: 2000,
    });
  });

  it('(h) the sandbox refuses a wrong signature and a stale or future timestamp as TikTok documents', async () => {
    const query = { shop_cipher: grant.extra.shopCipher ?? '', page_size: '10' };
    const body = JSON.stringify({ update_time_ge: 0, update_time_lt: 1 });
    const tampered = await rawCall({ path: TIKTOK_PATHS.searchOrders, query, body, tamperBody: true });
    expect(tampered).toEqual({
      status: 200,
      body: expect.objectContaining({
        code: 106001,
        message: 'Invalid credentials. The `sign` query parameter is invalid.',
      }),
    });
    const stale = await rawCall({ path: TIKTOK_PATHS.searchOrders, query, body, timestampOffsetS: -301 });
    expect(stale.body).toMatchObject({
      code: 36009004,
      message: expect.stringContaining('earlier than 5 minutes'),
    });
    const future = await rawCall({ path: TIKTOK_PATHS.searchOrders, query, body, timestampOffsetS: 31 });
    expect(future.body).toMatchObject({
      code: 36009004,
      message: expect.stringContaining('more than 30 seconds'),
    });
    const noCipher = await rawCall({ path: TIKTOK_PATHS.searchOrders, query: { page_size: '10' }, body });
    expect(noCipher.body.code).toBe(106013);
    const fine = await rawCall({ path: TIKTOK_PATHS.searchOrders, query, body });
    expect(fine.body.code).toBe(0);
    // The connector reads a stale clock's refusal as a signature failure.
    const skewed = ctx({ now: () => new Date(sandbox.world.now() - 10 * 60_000) });
    const window = {
      updatedFrom: new Date(firstSyncEnd - DAY),
      updatedTo: new Date(firstSyncEnd),
      cursor: null,
    };
    expect((await codeOf(tiktokConnector.listOrders(skewed, window))).code).toBe('signature');
    const wrongSecret = ctx({ app: { ...app, appSecret: 'not_the_secret' } });
    expect((await codeOf(tiktokConnector.listOrders(wrongSecret, window))).code).toBe('signature');
  });

  it('(i) a change fires a signed webhook that names the order; a forged one is refused', async () => {
    const received: { body: Buffer; headers: IncomingHttpHeaders }[] = [];
    const server: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks), headers: request.headers });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/tiktok`;
    sandbox.world.webhookTargets.set('tiktok', target);
    const order = seeded.find(
      (candidate) => candidate.status === 'ready_to_ship' && candidate.updatedAt < firstSyncEnd,
    );
    if (!order) throw new Error('no open order seeded');
    sandbox.world.changeOrder(order, { status: 'processed' });
    await sandbox.settled();
    sandbox.world.webhookTargets.delete('tiktok');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received).toHaveLength(1);
    const [delivery] = received;
    if (!delivery) throw new Error('no delivery');
    const headers = Object.fromEntries(
      Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]),
    );
    const request = { rawBody: delivery.body, headers, url: target };
    expect(tiktokConnector.verifyWebhook(app, request)).toEqual({
      platformShopId: SHOP_ID,
      orderNos: [order.orderId],
      kind: 'order',
      // Stamped with the change's second; keyed by its notification id.
      sentAt: new Date(Math.floor(order.updatedAt / 1000) * 1000),
      deliveryKey: expect.stringMatching(/^id:\d{19}$/),
    });
    const forgedBody = Buffer.from(
      delivery.body.toString('utf8').replace(order.orderId, seeded[0]?.orderId ?? 'x'),
    );
    expect(tiktokConnector.verifyWebhook(app, { ...request, rawBody: forgedBody })).toBeNull();
    expect(tiktokConnector.verifyWebhook({ ...app, appSecret: 'other_secret' }, request)).toBeNull();
    expect(tiktokConnector.verifyWebhook(app, { ...request, headers: {} })).toBeNull();
  });

  it('(j) getOrders returns the named orders, fifty ids per call, unknown ones left out', async () => {
    const named = seeded.slice(0, 60).map((order) => order.orderId);
    const before = sandbox.world.traffic.requestCounts('tiktok')[TIKTOK_PATHS.orderDetail] ?? 0;
    const orders = await tiktokConnector.getOrders(ctx(), [...named, '576000000000099999', named[0] ?? '']);
    expect(orders.map((order) => order.orderNo).sort()).toEqual([...named].sort());
    expect((sandbox.world.traffic.requestCounts('tiktok')[TIKTOK_PATHS.orderDetail] ?? 0) - before).toBe(2);
  });

  it('(f) an expired access token is token_expired; the refreshed grant works', async () => {
    sandbox.world.moveClock(5 * HOUR);
    const window = {
      updatedFrom: new Date(firstSyncEnd - 3 * DAY),
      updatedTo: new Date(firstSyncEnd),
      cursor: null,
    };
    expect((await codeOf(tiktokConnector.listOrders(ctx(), window))).code).toBe('token_expired');
    const refreshed = await tiktokConnector.refreshGrant(ctx());
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(refreshed.extra.shopCipher).toBe(grant.extra.shopCipher);
    const spent = grant;
    grant = refreshed;
    expect((await tiktokConnector.listOrders(ctx(), window)).orders.length).toBeGreaterThan(0);
    // The old refresh token is spent.
    expect((await codeOf(tiktokConnector.refreshGrant(ctx({ grant: spent })))).code).toBe('revoked');
  });

  it('(g) a shop the seller deauthorised is revoked, for calls and for refresh', async () => {
    sandbox.world.revokeShop('tiktok', SHOP_ID);
    const window = {
      updatedFrom: new Date(firstSyncEnd - DAY),
      updatedTo: new Date(firstSyncEnd),
      cursor: null,
    };
    expect((await codeOf(tiktokConnector.listOrders(ctx(), window))).code).toBe('revoked');
    expect((await codeOf(tiktokConnector.refreshGrant(ctx()))).code).toBe('revoked');
  });
});
