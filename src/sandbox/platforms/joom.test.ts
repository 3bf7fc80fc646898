import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformStatus } from '@shared/domain/order.js';
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type MarketplaceOrder,
  type ShopGrant,
} from '@server/modules/marketplaces/connector.js';
import {
  JOOM_FULFIL_PATH,
  JOOM_MAX_WINDOW_MS,
  JOOM_ORDERS_MULTI_PATH,
} from '@server/modules/marketplaces/platforms/joom/client.js';
import { joomConnector } from '@server/modules/marketplaces/platforms/joom/connector.js';
import { SANDBOX_APPS } from '../apps.js';
import { startSandbox, type RunningSandbox } from '../server.js';
import type { SandboxOrder, SandboxStatus } from '../world-model.js';
import { joomOrderAmounts, joomOrderId, renderJoomOrders } from './joom-orders.js';
import { joomSandbox } from './joom.js';

const SHOP = 'JM100001';
const OTHER_SHOP = 'JM100002';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let sandbox: RunningSandbox;
let app: AppConfig;

beforeAll(async () => {
  sandbox = await startSandbox({ platforms: [joomSandbox] });
  const base = sandbox.platformUrl('joom');
  app = { ...SANDBOX_APPS.joom, apiUrl: base, authUrl: base };
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.world.reset();
  sandbox.world.addShop({
    platform: 'joom',
    shopId: SHOP,
    name: 'Joom Store',
    region: 'CN',
    currency: 'USD',
  });
  sandbox.world.addShop({
    platform: 'joom',
    shopId: OTHER_SHOP,
    name: 'Other',
    region: 'CN',
    currency: 'USD',
  });
});

/** A grant for a shop straight from the world (what an earlier authorisation left). */
function grantFor(shopId: string): ShopGrant {
  const issued = sandbox.world.auth.issueTokens('joom', shopId);
  return {
    platformShopId: shopId,
    shopName: '',
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    accessExpiresAt: new Date(issued.accessExpiresAt),
    refreshExpiresAt: null,
    extra: {},
  };
}

function contextOf(grant: ShopGrant): CallContext {
  return { app, grant, fetch, now: () => new Date(sandbox.world.now()) };
}

async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MarketplaceError) return error;
    throw error;
  }
  throw new Error('expected a MarketplaceError');
}

/** Every page of one window; the cursors it went through. */
async function syncWindow(ctx: CallContext, from: Date, to: Date) {
  const orders: MarketplaceOrder[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await joomConnector.listOrders(ctx, { updatedFrom: from, updatedTo: to, cursor });
    orders.push(...page.orders);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);
  return { orders, pages };
}

/** The Joom order ids a set of world orders becomes (unpaid ones are not shown). */
const joomIdsOf = (orders: SandboxOrder[]) =>
  orders.flatMap((order) => renderJoomOrders(order).map((json) => String(json.id)));

const EXPECTED_STATUS: Record<SandboxStatus, PlatformStatus | null> = {
  unpaid: null,
  ready_to_ship: 'READY_TO_SHIP',
  processed: 'STARTSHIP',
  shipped: 'SHIPPED',
  completed: 'SHIPPED',
  in_cancel: 'READY_TO_SHIP',
  cancelled: 'CANCELLED',
};

/** The world order and line each Joom order came from, by Joom order id. */
function sourcesOf(shopId: string): Map<string, { order: SandboxOrder; index: number }> {
  const sources = new Map<string, { order: SandboxOrder; index: number }>();
  for (const order of sandbox.world.ordersOf('joom', shopId)) {
    order.lines.forEach((_line, index) => sources.set(joomOrderId(order, index), { order, index }));
  }
  return sources;
}

describe('Joom connector against the sandbox', () => {
  it('(a) authorises through the page and the code exchange, and the grant works', async () => {
    const redirectUri = 'https://erp.example.com/shops/joom/callback';
    const url = joomConnector.authoriseUrl(app, { redirectUri, state: 'st-42', now: new Date() });
    const page = await (await fetch(url)).text();
    const hidden = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
        match[1],
        match[2],
      ]),
    );
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
    const posted = await fetch(`${sandbox.platformUrl('joom')}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hidden, shop_id: SHOP }).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);
    const location = new URL(posted.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('st-42');
    const query = Object.fromEntries(location.searchParams);
    const now = new Date(sandbox.world.now());

    const grant = await joomConnector.exchangeCode(app, { query, redirectUri, fetch, now });
    expect(grant.platformShopId).toBe(SHOP);
    expect(grant.accessExpiresAt?.getTime()).toBeGreaterThan(now.getTime());
    sandbox.world.createOrder('joom', SHOP, {
      status: 'ready_to_ship',
      lines: [{ sellerSku: 'SBX-001', quantity: 2 }],
    });
    const page1 = await joomConnector.listOrders(contextOf(grant), {
      updatedFrom: new Date(now.getTime() - HOUR),
      updatedTo: new Date(now.getTime() + HOUR),
      cursor: null,
    });
    expect(page1.orders.map((order) => order.lines[0]?.quantity)).toEqual([2]);

    // The code is spent, and a wrong client secret is our app's fault, not the seller's.
    const reused = await failure(joomConnector.exchangeCode(app, { query, redirectUri, fetch, now }));
    expect([reused.code, reused.detail.httpStatus, reused.detail.platformCode]).toEqual([
      'rejected',
      400,
      '1015',
    ]);
    const badApp = { ...app, appSecret: 'wrong' };
    const refused = await failure(joomConnector.refreshGrant({ ...contextOf(grant), app: badApp }));
    expect([refused.code, refused.detail.httpStatus]).toEqual(['rejected', 401]);
  });

  it('(b) pages a first sync of several pages, every order once, lines, prices and states right', async () => {
    const world = sandbox.world;
    const end = world.now();
    const seeded = world.seedOrders('joom', SHOP, 900, end - 10 * DAY, end - HOUR);
    world.seedOrders('joom', OTHER_SHOP, 20, end - 10 * DAY, end - HOUR);
    const expected = joomIdsOf(seeded);
    expect(expected.length).toBeGreaterThan(1000);

    const { orders, pages } = await syncWindow(
      contextOf(grantFor(SHOP)),
      new Date(end - 15 * DAY),
      new Date(end),
    );
    expect(pages).toBeGreaterThan(2);
    const numbers = orders.map((order) => order.orderNo);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...numbers].sort()).toEqual([...expected].sort());
    const sources = sourcesOf(SHOP);
    const read = orders.map((order) => [
      order.platformStatus,
      order.currency,
      order.orderedAt,
      order.trackingNo,
      order.lines,
      order.amounts,
    ]);
    const meant = orders.map((order) => {
      const found = sources.get(order.orderNo);
      const line = found?.order.lines[found.index];
      if (!found || !line) throw new Error(`no world order for ${order.orderNo}`);
      const { item, quantity } = line;
      return [
        EXPECTED_STATUS[found.order.status],
        'USD',
        new Date(found.order.createdAt).toISOString(),
        found.order.trackingNo,
        [{ ...item, quantity }],
        // Its line's price and its part of the world order's shipping fee.
        joomOrderAmounts(found.order)[found.index],
      ];
    });
    expect(read).toEqual(meant);
  });

  it('(b) never asks for a window longer than maxWindowMs, and the sandbox refuses one', async () => {
    const ctx = contextOf(grantFor(SHOP));
    const to = new Date(sandbox.world.now());
    const before = sandbox.world.traffic.requests.length;
    const tooLong = await failure(
      joomConnector.listOrders(ctx, {
        updatedFrom: new Date(to.getTime() - JOOM_MAX_WINDOW_MS - 1),
        updatedTo: to,
        cursor: null,
      }),
    );
    expect(tooLong.code).toBe('rejected');
    expect(sandbox.world.traffic.requests.length).toBe(before);

    const query = new URLSearchParams({
      updatedFrom: new Date(to.getTime() - 31 * DAY).toISOString(),
      updatedTo: to.toISOString(),
    });
    const reply = await fetch(`${app.apiUrl}${JOOM_ORDERS_MULTI_PATH}?${query.toString()}`, {
      headers: { authorization: `Bearer ${ctx.grant.accessToken}` },
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ errors: [{ code: 'invalid_argument', field: 'updatedTo' }] });
  });

  it('(c) brings back in a later window only the orders changed since the first sync', async () => {
    const world = sandbox.world;
    const first = world.now();
    world.seedOrders('joom', SHOP, 40, first - 5 * DAY, first - HOUR);
    const ctx = contextOf(grantFor(SHOP));
    await syncWindow(ctx, new Date(first - 15 * DAY), new Date(first));

    world.moveClock(10 * 60_000);
    const open = world.ordersOf('joom', SHOP).filter((order) => order.status === 'ready_to_ship');
    const [shipped, cancelled, moved] = open;
    if (!shipped || !cancelled || !moved) throw new Error('the seed gave too few open orders');
    world.changeOrder(shipped, { status: 'processed' });
    world.changeOrder(cancelled, { status: 'cancelled' });
    world.changeOrder(moved, { address: { ...moved.address, line1: '9 Changed Street' } });
    const fresh = world.createOrder('joom', SHOP, {
      status: 'ready_to_ship',
      lines: [{ sellerSku: 'SBX-003', quantity: 1 }],
    });

    // The world stamps a new paid order's update a minute after its creation (its payment).
    const later = await syncWindow(ctx, new Date(first), new Date(world.now() + 2 * 60_000));
    expect(later.orders.map((order) => order.orderNo).sort()).toEqual(
      joomIdsOf([shipped, cancelled, moved, fresh]).sort(),
    );
    const byNo = new Map(later.orders.map((order) => [order.orderNo, order]));
    expect(byNo.get(shipped.orderId)?.platformStatus).toBe('STARTSHIP');
    expect(byNo.get(cancelled.orderId)?.platformStatus).toBe('CANCELLED');
    expect(byNo.get(moved.orderId)?.recipientAddress).toMatch(/^9 Changed Street, /);
  });

  it('(d) a page failing midway resumes from the same cursor without loss or duplicate', async () => {
    const world = sandbox.world;
    const end = world.now();
    const seeded = world.seedOrders('joom', SHOP, 700, end - 5 * DAY, end - HOUR);
    const ctx = contextOf(grantFor(SHOP));
    const window = { updatedFrom: new Date(end - 6 * DAY), updatedTo: new Date(end) };
    world.traffic.injectFault({
      platform: 'joom',
      kind: 'http_500',
      pathContains: JOOM_ORDERS_MULTI_PATH,
      skip: 1,
    });

    const first = await joomConnector.listOrders(ctx, { ...window, cursor: null });
    expect(first.nextCursor).not.toBeNull();
    const failed = await failure(joomConnector.listOrders(ctx, { ...window, cursor: first.nextCursor }));
    expect([failed.code, failed.detail.httpStatus]).toEqual(['unavailable', 500]);
    world.traffic.injectFault({ platform: 'joom', kind: 'truncated', pathContains: JOOM_ORDERS_MULTI_PATH });
    expect((await failure(joomConnector.listOrders(ctx, { ...window, cursor: first.nextCursor }))).code).toBe(
      'malformed',
    );

    const numbers = first.orders.map((order) => order.orderNo);
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await joomConnector.listOrders(ctx, { ...window, cursor });
      numbers.push(...page.orders.map((order) => order.orderNo));
      cursor = page.nextCursor;
    }
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...numbers].sort()).toEqual(joomIdsOf(seeded).sort());
  });

  it('(e) reads 429 and Joom’s throttle as rate_limited with the wait it names', async () => {
    const ctx = contextOf(grantFor(SHOP));
    const window = {
      updatedFrom: new Date(sandbox.world.now() - DAY),
      updatedTo: new Date(sandbox.world.now()),
      cursor: null,
    };
    sandbox.world.traffic.injectFault({ platform: 'joom', kind: 'http_429', retryAfterSeconds: 7 });
    const plain = await failure(joomConnector.listOrders(ctx, window));
    expect([plain.code, plain.detail.retryAfterMs]).toEqual(['rate_limited', 7000]);

    // Joom's own 429 names the seconds until its bucket (50 calls a minute) holds a call again: 1.2, rounded up.
    sandbox.world.traffic.injectFault({ platform: 'joom', kind: 'throttle' });
    const own = await failure(joomConnector.listOrders(ctx, window));
    expect([own.code, own.detail.httpStatus, own.detail.retryAfterMs]).toEqual(['rate_limited', 429, 2000]);

    // One call a minute: the second within it is refused.
    sandbox.world.traffic.rateLimits.joom = 1 / 60;
    await joomConnector.listOrders(ctx, window);
    expect((await failure(joomConnector.listOrders(ctx, window))).code).toBe('rate_limited');
  });

  it('(f) an expired token is token_expired; the refreshed grant works and spends the old refresh token', async () => {
    const grant = grantFor(SHOP);
    const window = () => ({
      updatedFrom: new Date(sandbox.world.now() - DAY),
      updatedTo: new Date(sandbox.world.now()),
      cursor: null,
    });
    sandbox.world.moveClock(sandbox.world.auth.lifetimes.accessSeconds * 1000 + 1000);
    const expired = await failure(joomConnector.listOrders(contextOf(grant), window()));
    expect([expired.code, expired.detail.httpStatus, expired.detail.platformCode]).toEqual([
      'token_expired',
      401,
      'token_expired',
    ]);

    const refreshed = await joomConnector.refreshGrant(contextOf(grant));
    expect(refreshed.platformShopId).toBe(SHOP);
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(refreshed.accessExpiresAt?.getTime()).toBeGreaterThan(sandbox.world.now());
    expect((await joomConnector.listOrders(contextOf(refreshed), window())).orders).toEqual([]);
    expect((await failure(joomConnector.refreshGrant(contextOf(grant)))).code).toBe('revoked');
  });

  it('(g) a revoked authorisation is revoked, for calls and for the refresh', async () => {
    const ctx = contextOf(grantFor(SHOP));
    sandbox.world.revokeShop('joom', SHOP);
    const window = {
      updatedFrom: new Date(sandbox.world.now() - DAY),
      updatedTo: new Date(sandbox.world.now()),
      cursor: null,
    };
    const call = await failure(joomConnector.listOrders(ctx, window));
    expect([call.code, call.detail.platformCode]).toEqual(['revoked', 'token_revoked']);
    const refresh = await failure(joomConnector.refreshGrant(ctx));
    expect([refresh.code, refresh.detail.httpStatus]).toEqual(['revoked', 400]);
  });

  it('(h) refuses a forged or missing bearer token as Joom does (Joom signs nothing, stamps no time)', async () => {
    const { accessToken } = grantFor(SHOP);
    const forged = `${accessToken.slice(0, -1)}${accessToken.endsWith('0') ? '1' : '0'}`;
    const url = `${app.apiUrl}${JOOM_ORDERS_MULTI_PATH}?limit=10`;
    const refusedHeaders: Record<string, string>[] = [
      { authorization: `Bearer ${forged}` },
      { authorization: `bearer ${accessToken}` },
      {},
    ];
    for (const headers of refusedHeaders) {
      const reply = await fetch(url, { headers });
      expect(reply.status).toBe(401);
      expect(await reply.json()).toEqual({
        errors: [{ code: 'unauthorized', message: 'Invalid access token' }],
      });
    }
    const ok = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(ok.status).toBe(200);
  });

  it('(i) sends no webhook, and verifyWebhook accepts none, Joom having none', async () => {
    sandbox.world.webhookTargets.set('joom', 'http://127.0.0.1:9/hooks/joom');
    const order = sandbox.world.createOrder('joom', SHOP, { status: 'ready_to_ship' });
    sandbox.world.changeOrder(order, { status: 'processed' });
    await sandbox.settled();
    expect(sandbox.world.webhookDeliveries).toEqual([]);
    expect(joomSandbox.webhook(order, 'http://127.0.0.1:9/hooks/joom')).toBeNull();
    const body = Buffer.from(JSON.stringify({ orderId: order.orderId, status: 'fulfilledOnline' }));
    expect(
      joomConnector.verifyWebhook(app, {
        rawBody: body,
        headers: {},
        url: 'https://erp.example.com/hooks/joom',
      }),
    ).toBeNull();
    expect(
      joomConnector.verifyWebhook(
        { ...app, appSecret: 'forged' },
        { rawBody: body, headers: { authorization: 'x' }, url: '' },
      ),
    ).toBeNull();
  });

  it('(j) getOrders returns the named orders and leaves unknown numbers out', async () => {
    const world = sandbox.world;
    const two = world.createOrder('joom', SHOP, {
      status: 'shipped',
      lines: [
        { sellerSku: 'SBX-004', quantity: 1 },
        { sellerSku: 'SBX-005', quantity: 3 },
      ],
    });
    const one = world.createOrder('joom', SHOP, {
      status: 'ready_to_ship',
      lines: [{ sellerSku: 'SBX-006', quantity: 1 }],
    });
    const ctx = contextOf(grantFor(SHOP));
    const wanted = [joomOrderId(two, 1), one.orderId, 'ZZZZ9999', 'not-an-id', one.orderId];
    const found = await joomConnector.getOrders(ctx, wanted);
    expect(found.map((order) => order.orderNo)).toEqual([joomOrderId(two, 1), one.orderId]);
    expect(found[0]?.lines).toMatchObject([{ sellerSku: 'SBX-005', quantity: 3 }]);
    expect(found[0]?.platformStatus).toBe('SHIPPED');

    const elsewhere = world.createOrder('joom', OTHER_SHOP, { status: 'ready_to_ship' });
    const foreign = await failure(joomConnector.getOrders(ctx, [elsewhere.orderId]));
    expect([foreign.code, foreign.detail.httpStatus]).toEqual(['rejected', 403]);
  });
});

describe('Joom tracking push against the sandbox', () => {
  const oneLine = { lines: [{ sellerSku: 'SBX-001', quantity: 2 }] };
  const push = (ctx: CallContext, orderNo: string, trackingNo: string) =>
    joomConnector.pushTracking?.(ctx, {
      orderNo,
      trackingNo,
      carrierCode: 'yanwen',
      carrierName: 'Yanwen',
    }) ?? Promise.reject(new Error('no pushTracking'));

  /** A fetch that counts the fulfil calls it carries. */
  function countingFetch(): { fetch: typeof fetch; fulfils: () => number } {
    let fulfils = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).includes(JOOM_FULFIL_PATH)) fulfils += 1;
      return fetch(input, init);
    };
    return { fetch: counting, fulfils: () => fulfils };
  }

  it('fulfils an approved order, and getOrders reads it shipped with the number and provider', async () => {
    const ctx = contextOf(grantFor(SHOP));
    const order = sandbox.world.createOrder('joom', SHOP, { status: 'ready_to_ship', ...oneLine });
    await push(ctx, order.orderId, 'YW123456789CN');
    const [found] = await joomConnector.getOrders(ctx, [order.orderId]);
    expect(found).toMatchObject({
      platformStatus: 'SHIPPED',
      rawStatus: 'shipped',
      trackingNo: 'YW123456789CN',
      logisticsChannel: 'Yanwen',
    });
  });

  it('the same number again is a no-op: no error and one fulfil call; another number is refused', async () => {
    const counted = countingFetch();
    const ctx = { ...contextOf(grantFor(SHOP)), fetch: counted.fetch };
    const order = sandbox.world.createOrder('joom', SHOP, { status: 'ready_to_ship', ...oneLine });
    await push(ctx, order.orderId, 'YW1');
    await push(ctx, order.orderId, 'YW1');
    expect(counted.fulfils()).toBe(1);
    const other = await failure(push(ctx, order.orderId, 'YW2'));
    expect(other).toMatchObject({ code: 'rejected', detail: { platformCode: 'already_shipped' } });
    expect(sandbox.world.order('joom', SHOP, order.orderId)?.trackingNo).toBe('YW1');
  });

  it('a cancelled, unknown or another store’s order is refused', async () => {
    const ctx = contextOf(grantFor(SHOP));
    const cancelled = sandbox.world.createOrder('joom', SHOP, { status: 'cancelled', ...oneLine });
    const refused = await failure(push(ctx, cancelled.orderId, 'YW1'));
    expect(refused).toMatchObject({ code: 'rejected', detail: { platformCode: 'cancelled' } });
    expect(sandbox.world.order('joom', SHOP, cancelled.orderId)?.status).toBe('cancelled');
    expect((await failure(push(ctx, 'ZZZZ0000', 'YW1'))).detail.platformCode).toBe('not_found');
    const foreign = sandbox.world.createOrder('joom', OTHER_SHOP, { status: 'ready_to_ship', ...oneLine });
    expect((await failure(push(ctx, foreign.orderId, 'YW1'))).detail).toMatchObject({
      platformCode: 'forbidden',
      httpStatus: 403,
    });
  });

  it('the sandbox refuses a fulfil past approved, and one without a tracking number', async () => {
    const { accessToken } = grantFor(SHOP);
    const shipped = sandbox.world.createOrder('joom', SHOP, { status: 'shipped', ...oneLine });
    const send = (id: string, body: Record<string, unknown>) =>
      fetch(`${app.apiUrl}${JOOM_FULFIL_PATH}?id=${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const late = await send(shipped.orderId, { provider: 'Yanwen', trackingNumber: 'YW9' });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ errors: [{ code: 'failed_precondition' }] });
    const open = sandbox.world.createOrder('joom', SHOP, { status: 'ready_to_ship', ...oneLine });
    const blank = await send(open.orderId, { provider: 'Yanwen' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({
      errors: [{ code: 'invalid_argument', field: 'trackingNumber' }],
    });
  });

  it('a throttled push is rate_limited and ships nothing; a bad token is refused', async () => {
    const grant = grantFor(SHOP);
    const order = sandbox.world.createOrder('joom', SHOP, { status: 'ready_to_ship', ...oneLine });
    sandbox.world.traffic.injectFault({ platform: 'joom', kind: 'throttle', pathContains: JOOM_FULFIL_PATH });
    const throttled = await failure(push(contextOf(grant), order.orderId, 'YW1'));
    // The seconds until a call of 50 a minute is due again (1.2, rounded up).
    expect(throttled).toMatchObject({ code: 'rate_limited', detail: { retryAfterMs: 2000 } });
    expect(sandbox.world.order('joom', SHOP, order.orderId)?.status).toBe('ready_to_ship');
    const forged = { ...grant, accessToken: `${grant.accessToken}x` };
    const refused = await failure(push(contextOf(forged), order.orderId, 'YW1'));
    expect(refused).toMatchObject({
      code: 'token_expired',
      detail: { platformCode: 'unauthorized', httpStatus: 401 },
    });
    await push(contextOf(grant), order.orderId, 'YW1');
    expect(sandbox.world.order('joom', SHOP, order.orderId)?.status).toBe('shipped');
  });
});
