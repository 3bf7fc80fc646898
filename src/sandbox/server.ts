/**
 * The marketplace sandbox: imitations of the six marketplaces' APIs, each on a port of its own
 * with the platform's documented paths from the root (Shopee /api/v2/…, Lazada /rest/…, TikTok
 * /order/202309/…, Shopify /admin/api/<version>/…, Joom /api/v3/…, Coupang /v2/providers/…), so
 * a platform's own client is pointed at it by its base URL alone and signs the paths the sandbox
 * checks. The main port holds a parcel carrier for channels of our own under /carrier
 * (carrier.ts) and the test-control API under /__control. Requests are checked as the platforms
 * check them (signatures, timestamps, tokens) by each platform's file; this file adds what is
 * common: the raw body kept for signature checks, the documented rate limit, injected faults,
 * the request record and webhook delivery.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { CarrierWorld, registerCarrier } from './carrier.js';
import { registerControl } from './control.js';
import { type SandboxOrder, type SandboxOrderEvent, type SandboxShop } from './world-model.js';
import { World } from './world.js';
import { type Fault, type RateState } from './world-traffic.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as it arrived (signatures are over these bytes). */
    rawBody: Buffer;
    sandboxFault: Fault | undefined;
    /** The caller's rate bucket after this request was counted (Shopify reports it in every reply). */
    sandboxRate: RateState | undefined;
  }
}

export interface SandboxPlatform {
  platform: MarketplacePlatform;
  /** Registers the platform's routes at its documented paths (its own port, from the root). */
  routes(app: FastifyInstance, world: World): void;
  /** How the platform answers when a caller is over its rate limit (`rate`: the caller's bucket). */
  throttled(rate: RateState): { status: number; body: unknown; headers?: Record<string, string> };
  /** Who a request counts against for the rate limit (its shop or token, and the API where limits are per API). */
  caller(request: FastifyRequest): string;
  /** What a request costs from the bucket (Shopify: the GraphQL document's points); 1 when absent. */
  rateCost?(request: FastifyRequest): number;
  /** The bucket holds this many seconds of the limit (Shopify 20: 2,000 points at 100 a second); 1 when absent. */
  bucketSeconds?: number;
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

/** The path as the platform sees it (each platform is served from the root of its own port). */
export function platformPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

/** The query string exactly as sent (some platforms sign it as written). */
export function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
}

export interface SandboxOptions {
  /** The main port: the control API and the carrier. 0 (the default): a free port. */
  port?: number;
  host?: string;
  /**
   * Each platform's own port. Unset: with a main port P, the port P + 1 + the platform's place
   * in SANDBOX_PORT_ORDER (8092 Shopee … 8097 Coupang beside 8091); with port 0, a free port.
   */
  platformPorts?: Partial<Record<MarketplacePlatform, number>>;
  seed?: number;
  platforms: readonly SandboxPlatform[];
}

/** Where each platform's port lies beside the main port P: P+1 Shopee, P+2 Lazada … P+6 Coupang. */
export const SANDBOX_PORT_ORDER: readonly MarketplacePlatform[] = MARKETPLACE_PLATFORMS;

export interface RunningSandbox {
  /** The main listener: /__control and the carrier (/carrier). */
  url: string;
  /** Each served platform's base URL, its documented paths from the root (http://127.0.0.1:8092 …). */
  urls: Partial<Record<MarketplacePlatform, string>>;
  /** The base URL of a platform this sandbox serves; throws for one it does not. */
  platformUrl(platform: MarketplacePlatform): string;
  world: World;
  /** The sandbox carrier's shipments and faults (channels of our own). */
  carrier: CarrierWorld;
  /** The main listener's app (control and carrier). */
  app: FastifyInstance;
  /** Each served platform's own app. */
  apps: Partial<Record<MarketplacePlatform, FastifyInstance>>;
  /** Webhook posts still under way (a test awaits them before it checks). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A Fastify app that keeps every request's raw bytes (signatures are over them). */
function rawBodyApp(): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  // Fastify shares a decorator's default between requests, so it must not be an object: each
  // request gets its own empty body here, replaced by the parser when one arrives.
  app.decorateRequest('rawBody', null as unknown as Buffer);
  app.decorateRequest('sandboxFault', undefined);
  app.decorateRequest('sandboxRate', undefined);
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
  return app;
}

/**
 * One platform's app: faults, its documented rate limit (checked once the body is read, since
 * Shopify's GraphQL cost is the document's), the request record, then the platform's routes.
 */
function platformApp(world: World, platform: SandboxPlatform): FastifyInstance {
  const app = rawBodyApp();
  app.addHook('preHandler', async (request, reply) => {
    const cost = platform.rateCost?.(request) ?? 1;
    const bucketSeconds = platform.bucketSeconds ?? 1;
    const fault = world.traffic.takeFault(platform.platform, platformPath(request));
    if (fault && fault.kind !== 'truncated' && fault.kind !== 'malformed') {
      const perSecond = world.traffic.rateLimits[platform.platform];
      // An injected throttle finds the caller's bucket empty.
      const empty = {
        isAllowed: false,
        requested: cost,
        available: 0,
        capacity: perSecond * bucketSeconds,
        perSecond,
      };
      return sendFault(reply, fault, platform, empty);
    }
    request.sandboxFault = fault;
    const rate = world.traffic.takeRate(platform.platform, platform.caller(request), cost, bucketSeconds);
    request.sandboxRate = rate;
    if (rate.isAllowed) return undefined;
    const throttled = platform.throttled(rate);
    return reply
      .code(throttled.status)
      .headers(throttled.headers ?? {})
      .send(throttled.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    world.traffic.record({
      platform: platform.platform,
      method: request.method,
      path: platformPath(request),
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
  platform.routes(app, world);
  return app;
}

/** Where each platform is served, a line each (`npm start` and `npm run sandbox` print it). */
export function describeSandbox(sandbox: Pick<RunningSandbox, 'urls'>): string {
  return Object.entries(sandbox.urls)
    .map(([platform, url]) => `  ${platform.padEnd(8)} ${url}`)
    .join('\n');
}

/** The platforms' URLs of each sandbox running in this process, by its main URL. */
const runningUrls = new Map<string, Partial<Record<MarketplacePlatform, string>>>();

/**
 * Where the platforms of the sandbox whose main URL is `url` answer: the sandbox's own when it
 * runs in this process, else the ports beside its main port (SANDBOX_PORT_ORDER), as a sandbox
 * started with a main port serves them (`npm start`, `npm run sandbox`).
 */
export function sandboxAddresses(url: string): {
  url: string;
  urls: Partial<Record<MarketplacePlatform, string>>;
} {
  const known = runningUrls.get(url);
  if (known) return { url, urls: known };
  const main = new URL(url);
  const port = Number(main.port);
  return {
    url,
    urls: Object.fromEntries(
      SANDBOX_PORT_ORDER.map((platform, index) => [
        platform,
        `${main.protocol}//${main.hostname}:${port + 1 + index}`,
      ]),
    ),
  };
}

const baseUrl = (address: string) => address.replace('0.0.0.0', '127.0.0.1');

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const world = new World(options.seed ?? 1);
  const host = options.host ?? '127.0.0.1';
  const app = rawBodyApp();

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

  const carrier = new CarrierWorld();
  registerCarrier(app, carrier, () => world.now());
  app.addHook('onRequest', async (request) => {
    if (request.url === '/__control/reset' && request.method === 'POST') carrier.reset();
  });
  registerControl(app, world);

  const mainPort = options.port ?? 0;
  const apps: Partial<Record<MarketplacePlatform, FastifyInstance>> = {};
  const urls: Partial<Record<MarketplacePlatform, string>> = {};
  const closeAll = async () => {
    runningUrls.delete(url);
    await Promise.all([...pending]);
    await Promise.all([app, ...Object.values(apps)].map((each) => each.close()));
  };
  let url = '';
  try {
    url = baseUrl(await app.listen({ port: mainPort, host }));
    runningUrls.set(url, urls);
    for (const platform of options.platforms) {
      const served = platformApp(world, platform);
      apps[platform.platform] = served;
      const port =
        options.platformPorts?.[platform.platform] ??
        (mainPort === 0 ? 0 : mainPort + 1 + SANDBOX_PORT_ORDER.indexOf(platform.platform));
      urls[platform.platform] = baseUrl(await served.listen({ port, host }));
    }
    return {
      url,
      urls,
      platformUrl: (platform) => {
        const served = urls[platform];
        if (served === undefined) throw new Error(`this sandbox does not serve ${platform}`);
        return served;
      },
      world,
      carrier,
      app,
      apps,
      settled: async () => {
        await Promise.all([...pending]);
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

function sendFault(
  reply: FastifyReply,
  fault: Fault,
  platform: SandboxPlatform,
  empty: RateState,
): FastifyReply {
  if (fault.kind === 'throttle') {
    const throttled = platform.throttled(empty);
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
