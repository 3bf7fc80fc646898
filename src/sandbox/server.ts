/**
 * The marketplace sandbox: imitations of the six marketplaces' APIs on one local port, each
 * under its own prefix (/shopee, /lazada, /tiktok, /shopify, /joom, /coupang) with the
 * platform's own paths beneath it, a parcel carrier for channels of our own under /carrier
 * (carrier.ts), plus a test-control API under /__control. Requests are
 * checked as the platforms check them (signatures, timestamps, tokens) by each platform's
 * file; this file adds what is common: the raw body kept for signature checks, the rate limit,
 * injected faults, the request record and webhook delivery.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { ORDER_CURRENCIES, type OrderCurrency } from '@shared/domain/order.js';
import { CarrierWorld, registerCarrier } from './carrier.js';
import {
  SANDBOX_STATUSES,
  World,
  type Fault,
  type SandboxOrder,
  type SandboxOrderEvent,
  type SandboxShop,
  type SandboxStatus,
} from './world.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as it arrived (signatures are over these bytes). */
    rawBody: Buffer;
    sandboxFault: Fault | undefined;
  }
}

export interface SandboxPlatform {
  platform: MarketplacePlatform;
  /** Registers the platform's routes at its own paths (the server mounts them under /<platform>). */
  routes(app: FastifyInstance, world: World): void;
  /** How the platform answers when a caller is over its rate limit. */
  throttled(): { status: number; body: unknown; headers?: Record<string, string> };
  /** Who a request counts against for the rate limit (its shop or token); the address when unknown. */
  caller(request: FastifyRequest): string;
  /**
   * A webhook announcing an order's change (`event`: what the change was, 'updated' when not
   * said), signed as the platform signs them and stamped with the change's time; null where the
   * platform has none.
   */
  webhook(
    order: SandboxOrder,
    targetUrl: string,
    event?: SandboxOrderEvent,
  ): { headers: Record<string, string>; body: string } | null;
  /**
   * The notice the platform sends when a seller deauthorises the shop (TikTok's type 6, Shopee's
   * code 2, Shopify's app/uninstalled), stamped `at`; absent where the platform sends none.
   */
  deauthorisation?(
    shop: SandboxShop,
    at: number,
    targetUrl: string,
  ): { headers: Record<string, string>; body: string };
}

/** The path as the platform sees it: the request's path without the sandbox's platform prefix. */
export function platformPath(request: FastifyRequest, platform: MarketplacePlatform): string {
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith(`/${platform}`) ? path.slice(platform.length + 1) || '/' : path;
}

/** The query string exactly as sent (some platforms sign it as written). */
export function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
}

export interface SandboxOptions {
  port?: number;
  host?: string;
  seed?: number;
  platforms: readonly SandboxPlatform[];
}

export interface RunningSandbox {
  url: string;
  world: World;
  /** The sandbox carrier's shipments and faults (channels of our own). */
  carrier: CarrierWorld;
  app: FastifyInstance;
  /** Webhook posts still under way (a test awaits them before it checks). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const world = new World(options.seed ?? 1);
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  // Fastify shares a decorator's default between requests, so it must not be an object: each
  // request gets its own empty body here, replaced by the parser when one arrives.
  app.decorateRequest('rawBody', null as unknown as Buffer);
  app.decorateRequest('sandboxFault', undefined);
  app.addHook('onRequest', async (request) => {
    request.rawBody = Buffer.alloc(0);
  });
  // One parser for every type, JSON included, so every request keeps its raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    request.rawBody = body;
    const type = request.headers['content-type'] ?? '';
    if (type.includes('json') && body.length > 0) {
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(null, undefined);
      }
      return;
    }
    if (type.includes('x-www-form-urlencoded')) {
      done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
      return;
    }
    done(null, body.toString('utf8'));
  });

  const pending = new Set<Promise<void>>();
  const byPlatform = new Map(options.platforms.map((platform) => [platform.platform, platform]));
  const deliver = (
    platform: MarketplacePlatform,
    target: string,
    made: { headers: Record<string, string>; body: string },
  ) => {
    const delivery = fetch(target, { method: 'POST', headers: made.headers, body: made.body })
      .then((response) => {
        world.webhookDeliveries.push({ platform, url: target, status: response.status });
      })
      .catch(() => {
        world.webhookDeliveries.push({ platform, url: target, status: 0 });
      })
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  };
  world.onOrderChanged = (order, event) => {
    const target = world.webhookTargets.get(order.platform);
    const made = target ? byPlatform.get(order.platform)?.webhook(order, target, event) : null;
    if (target && made) deliver(order.platform, target, made);
  };
  world.onShopRevoked = (shop) => {
    const target = world.webhookTargets.get(shop.platform);
    const made = target ? byPlatform.get(shop.platform)?.deauthorisation?.(shop, world.now(), target) : null;
    if (target && made) deliver(shop.platform, target, made);
  };

  for (const platform of options.platforms) {
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          const path = platformPath(request, platform.platform);
          const fault = world.takeFault(platform.platform, path);
          if (fault && fault.kind !== 'truncated' && fault.kind !== 'malformed') {
            return sendFault(reply, fault, platform);
          }
          request.sandboxFault = fault;
          if (!world.withinRateLimit(platform.platform, platform.caller(request))) {
            const throttled = platform.throttled();
            return reply
              .code(throttled.status)
              .headers(throttled.headers ?? {})
              .send(throttled.body);
          }
          return undefined;
        });
        scope.addHook('onSend', async (request, reply, payload) => {
          world.record({
            platform: platform.platform,
            method: request.method,
            path: platformPath(request, platform.platform),
            status: reply.statusCode,
          });
          const fault = request.sandboxFault;
          if (fault?.kind === 'truncated' && typeof payload === 'string')
            return payload.slice(0, Math.floor(payload.length / 2));
          // A download cut off midway: half a document's bytes (a label PDF without its end).
          if (fault?.kind === 'truncated' && Buffer.isBuffer(payload))
            return payload.subarray(0, Math.floor(payload.length / 2));
          if (fault?.kind === 'malformed') {
            reply.header('content-type', 'text/html');
            return '<html><body><h1>502 Bad Gateway</h1></body></html>';
          }
          return payload;
        });
        platform.routes(scope, world);
      },
      { prefix: `/${platform.platform}` },
    );
  }
  const carrier = new CarrierWorld();
  registerCarrier(app, carrier, () => world.now());
  app.addHook('onRequest', async (request) => {
    if (request.url === '/__control/reset' && request.method === 'POST') carrier.reset();
  });
  registerControl(app, world);

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return {
    url: address.replace('0.0.0.0', '127.0.0.1'),
    world,
    carrier,
    app,
    settled: async () => {
      await Promise.all([...pending]);
    },
    close: async () => {
      await Promise.all([...pending]);
      await app.close();
    },
  };
}

function sendFault(reply: FastifyReply, fault: Fault, platform: SandboxPlatform): FastifyReply {
  if (fault.kind === 'throttle') {
    const throttled = platform.throttled();
    return reply
      .code(throttled.status)
      .headers(throttled.headers ?? {})
      .send(throttled.body);
  }
  const status = fault.kind === 'http_429' ? 429 : fault.kind === 'http_500' ? 500 : 503;
  return reply
    .code(status)
    .header('retry-after', String(fault.retryAfterSeconds))
    .send({ error: `sandbox fault ${fault.kind}` });
}

function isPlatform(value: unknown): value is MarketplacePlatform {
  return typeof value === 'string' && (MARKETPLACE_PLATFORMS as readonly string[]).includes(value);
}

type ControlBody = Record<string, unknown>;

/** The test-control API: seed, advance, fault, clock and token controls (localhost only). */
function registerControl(app: FastifyInstance, world: World): void {
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
    world.injectFault({
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
    world.lifetimes = {
      accessSeconds: number(input.accessSeconds, world.lifetimes.accessSeconds),
      refreshSeconds: number(input.refreshSeconds, world.lifetimes.refreshSeconds),
    };
    return world.lifetimes;
  });
  app.post('/__control/revoke', async (request) => {
    const input = body(request);
    world.revokeShop(platformOf(input), shopOf(input));
    return { ok: true };
  });
  app.post('/__control/authorise', async (request) => {
    const input = body(request);
    return { code: world.issueCode(platformOf(input), shopOf(input)) };
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
    world.rateLimits[platformOf(input)] = number(input.perSecond, world.rateLimits[platformOf(input)]);
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
      MARKETPLACE_PLATFORMS.map((platform) => [platform, world.requestCounts(platform)]),
    ),
    webhookDeliveries: world.webhookDeliveries,
  }));
}

/** The sandbox's authorisation page: the seller picks a sandbox shop and grants access. */
export function authorisePage(input: {
  platform: MarketplacePlatform;
  shops: { shopId: string; name: string }[];
  /** Where the form posts (a route of the platform's own). */
  action: string;
  hidden: Record<string, string>;
}): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const fields = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const buttons = input.shops
    .map(
      (shop) =>
        `<li><button name="shop_id" value="${escape(shop.shopId)}">Authorise ${escape(shop.name)} (${escape(shop.shopId)})</button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(input.platform)} sandbox — authorise</title>
<style>body{font:16px system-ui;margin:40px auto;max-width:560px}button{font:inherit;padding:10px 16px;margin:6px 0;min-height:44px}</style></head>
<body><h1>${escape(input.platform)} sandbox</h1><p>An app asks to manage your shop's orders. Choose the shop to authorise.</p>
<form method="post" action="${escape(input.action)}">${fields}<ul>${buttons}</ul></form></body></html>`;
}
