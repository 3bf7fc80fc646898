/**
 * The sandbox's test-control API under /__control on its main port (localhost only): a test or
 * the demo resets the world, adds shops, seeds, creates, advances and changes orders, injects
 * faults, moves the clock, shortens token lifetimes, revokes or authorises a shop, registers
 * webhook targets, changes rate limits and reads the world's state. It changes the world the
 * platforms serve; it never answers as a platform.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { ORDER_CURRENCIES, type OrderCurrency } from '@shared/domain/order.js';
import { SANDBOX_STATUSES, type SandboxStatus } from './world-model.js';
import type { World } from './world.js';

function isPlatform(value: unknown): value is MarketplacePlatform {
  return typeof value === 'string' && (MARKETPLACE_PLATFORMS as readonly string[]).includes(value);
}

type ControlBody = Record<string, unknown>;

/** The test-control API: seed, advance, fault, clock and token controls (localhost only). */
export function registerControl(app: FastifyInstance, world: World): void {
  const body = (request: FastifyRequest): ControlBody => (request.body ?? {}) as ControlBody;
  const platformOf = (input: ControlBody): MarketplacePlatform => {
    if (!isPlatform(input.platform))
      throw Object.assign(new Error('platform must be one of the six'), { statusCode: 400 });
    return input.platform;
  };
  const shopOf = (input: ControlBody): string => {
    const shopId = String(input.shopId ?? '');
    if (!world.shop(platformOf(input), shopId))
      throw Object.assign(new Error(`no shop ${shopId}`), { statusCode: 404 });
    return shopId;
  };
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : fallback;

  app.post('/__control/reset', async () => {
    world.reset();
    return { ok: true };
  });
  app.post('/__control/shops', async (request) => {
    const input = body(request);
    const currency = String(input.currency ?? 'THB');
    if (!(ORDER_CURRENCIES as readonly string[]).includes(currency))
      throw Object.assign(new Error('bad currency'), { statusCode: 400 });
    const shop = world.addShop({
      platform: platformOf(input),
      shopId: String(input.shopId ?? ''),
      name: String(input.name ?? input.shopId ?? ''),
      region: String(input.region ?? 'TH'),
      currency: currency as OrderCurrency,
      ...(Array.isArray(input.catalogue) ? { catalogue: input.catalogue as never } : {}),
    });
    return { shop };
  });
  app.post('/__control/orders/seed', async (request) => {
    const input = body(request);
    const now = world.now();
    const made = world.seedOrders(
      platformOf(input),
      shopOf(input),
      number(input.count, 10),
      number(input.fromMs, now - 7 * 86_400_000),
      number(input.toMs, now),
    );
    return { orderIds: made.map((order) => order.orderId) };
  });
  app.post('/__control/orders/create', async (request) => {
    const input = body(request);
    const status = SANDBOX_STATUSES.includes(input.status as SandboxStatus)
      ? (input.status as SandboxStatus)
      : undefined;
    const order = world.createOrder(platformOf(input), shopOf(input), {
      ...(status ? { status } : {}),
      ...(Array.isArray(input.lines)
        ? { lines: input.lines as { sellerSku: string; quantity: number }[] }
        : {}),
    });
    return { order };
  });
  app.post('/__control/orders/advance', async (request) => {
    const input = body(request);
    const touched = world.advance(platformOf(input), shopOf(input), number(input.steps, 1));
    return { orderIds: touched.map((order) => order.orderId) };
  });
  app.post('/__control/orders/change', async (request) => {
    const input = body(request);
    const order = world.order(platformOf(input), shopOf(input), String(input.orderId ?? ''));
    if (!order) throw Object.assign(new Error('no such order'), { statusCode: 404 });
    world.changeOrder(order, {
      ...(SANDBOX_STATUSES.includes(input.status as SandboxStatus)
        ? { status: input.status as SandboxStatus }
        : {}),
      ...(typeof input.addressLine1 === 'string'
        ? { address: { ...order.address, line1: input.addressLine1 } }
        : {}),
    });
    return { order };
  });
  app.post('/__control/faults', async (request) => {
    const input = body(request);
    const kinds = ['http_429', 'http_500', 'http_503', 'throttle', 'truncated', 'malformed'] as const;
    const kind = kinds.find((candidate) => candidate === input.kind);
    if (!kind) throw Object.assign(new Error(`kind must be one of ${kinds.join(', ')}`), { statusCode: 400 });
    world.traffic.injectFault({
      platform: platformOf(input),
      kind,
      pathContains: String(input.pathContains ?? ''),
      skip: number(input.skip, 0),
      count: number(input.count, 1),
      retryAfterSeconds: number(input.retryAfterSeconds, 1),
    });
    return { ok: true };
  });
  app.post('/__control/clock', async (request) => {
    world.moveClock(number(body(request).moveMs, 0));
    return { now: world.now() };
  });
  app.post('/__control/tokens/lifetimes', async (request) => {
    const input = body(request);
    world.auth.lifetimes = {
      accessSeconds: number(input.accessSeconds, world.auth.lifetimes.accessSeconds),
      refreshSeconds: number(input.refreshSeconds, world.auth.lifetimes.refreshSeconds),
    };
    return world.auth.lifetimes;
  });
  app.post('/__control/revoke', async (request) => {
    const input = body(request);
    world.revokeShop(platformOf(input), shopOf(input));
    return { ok: true };
  });
  app.post('/__control/authorise', async (request) => {
    const input = body(request);
    return { code: world.auth.issueCode(platformOf(input), shopOf(input)) };
  });
  app.post('/__control/webhooks', async (request) => {
    const input = body(request);
    const url = String(input.url ?? '');
    if (url === '') world.webhookTargets.delete(platformOf(input));
    else world.webhookTargets.set(platformOf(input), url);
    return { ok: true };
  });
  app.post('/__control/rate-limits', async (request) => {
    const input = body(request);
    world.traffic.rateLimits[platformOf(input)] = number(
      input.perSecond,
      world.traffic.rateLimits[platformOf(input)],
    );
    return { ok: true };
  });
  app.get('/__control/state', async () => ({
    now: world.now(),
    shops: [...world.shops.values()].map((shop) => ({
      platform: shop.platform,
      shopId: shop.shopId,
      name: shop.name,
      orders: world.ordersOf(shop.platform, shop.shopId).length,
    })),
    requests: Object.fromEntries(
      MARKETPLACE_PLATFORMS.map((platform) => [platform, world.traffic.requestCounts(platform)]),
    ),
    webhookDeliveries: world.webhookDeliveries,
  }));
}
