/**
 * The Shopify imitation, on its own port. Shopify serves each shop at its own host
 * (`https://{shop}.myshopify.com/admin/api/{version}/graphql.json`); a loopback address cannot
 * carry the shop in its name, so the sandbox takes the shop from, in order: a first path segment
 * (`/{shop}/admin/…`, what the connector's apiUrl `http://127.0.0.1:8095/{shop}` makes), a
 * `Host` of `{shop}.myshopify.com` (a client behind a proxy or a hosts entry), or the shop the
 * access token, code or refresh token was issued for (a client given `127.0.0.1:8095` as its
 * store domain, such as @shopify/admin-api-client).
 *
 * Calls are limited as on the Standard plan: GraphQL by the document's calculated cost against
 * a bucket of 2,000 points restoring 100 a second per app and shop, reported in every reply's
 * `extensions.cost.throttleStatus`; a call the bucket cannot pay gets THROTTLED.
 *
 * It refuses as Shopify refuses: a bad access token with 401 and the
 * REST-style `errors` string, a spent code or wrong client with 400 and an OAuth `error`, a refused
 * refresh token with 400 invalid_grant, an over-limit caller with the GraphQL THROTTLED reply in
 * HTTP 200, a query over 1,000 points with MAX_COST_EXCEEDED, a fulfillment it cannot make with
 * `userErrors` (shopify-fulfil.ts). Its GraphQL endpoint reads any document (graphql-document.ts),
 * checks it against the part of the Admin API schema it imitates and charges its calculated cost
 * (shopify-graphql.ts), and answers exactly the fields asked for; a field it does not know is
 * GraphQL's undefinedField error. Tokens are always expiring offline tokens (what public apps must
 * use from 2027).
 *
 * Kept whole past 400 lines: it is the one place the imitation's GraphQL resolvers answer the
 * documented fields; the document reader, schema and fulfilments are already files of their own.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_APPS } from '../apps.js';
import { authorisePage, type SandboxPlatform } from '../server.js';
import type { RateState } from '../world-traffic.js';
import type { SandboxOrder, SandboxOrderEvent, SandboxShop } from '../world-model.js';
import type { World } from '../world.js';
import { readOperation, type ReadOperation } from './graphql-document.js';
import { fulfillmentCreate, fulfillmentOrdersOf } from './shopify-fulfil.js';
import {
  ByArgs,
  checkOperation,
  GraphqlRefusal,
  MAX_QUERY_COST,
  operationCost,
  runOperation,
  type Source,
} from './shopify-graphql.js';
import {
  afterCursor,
  byUpdatedThenId,
  matchesSearch,
  orderCursor,
  orderSource,
  pageArgs,
  parseSearch,
  restOrder,
} from './shopify-render.js';
import {
  SHOPIFY_APP_SCOPES,
  SHOPIFY_WEBHOOK_API_VERSION,
  shopifyRedirectHmac,
  shopifyWebhookHmac,
} from './shopify-spec.js';

const APP = SANDBOX_APPS.shopify;
const INVALID_TOKEN = {
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
};
/**
 * The Standard plan's GraphQL bucket: 100 points a second (shopify.dev, GraphQL Admin API rate
 * limits) and 2,000 points, 20 seconds of it (the bucket size for current plans is [UNCONFIRMED]).
 */
const BUCKET_SECONDS = 20;

type Body = Record<string, unknown>;
type ShopParams = { Params: { shop?: string } };
type GraphqlParams = { Params: { shop?: string; version: string } };

/** The shop a request names by its path or its Host; undefined when it names none. */
function namedShop(request: FastifyRequest): string | undefined {
  const params = (request.params ?? {}) as { shop?: string };
  if (params.shop) return params.shop;
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  return host.endsWith('.myshopify.com') ? host : undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const bodyOf = (request: FastifyRequest): Body =>
  typeof request.body === 'object' && request.body !== null ? (request.body as Body) : {};

/** A GraphQL error in HTTP 200, as the Admin API answers one. */
function graphqlError(message: string, code: string, extra: Body = {}): Body {
  return { errors: [{ message, extensions: { code, ...extra } }] };
}

function cost(requested: number): Body {
  return { cost: { requestedQueryCost: requested, actualQueryCost: requested } };
}

/** The caller's bucket as Shopify reports it, in the reply's extensions.cost. */
function throttleStatus(rate: RateState): Body {
  return {
    maximumAvailable: rate.capacity,
    currentlyAvailable: rate.available,
    restoreRate: rate.perSecond,
  };
}

/** A GraphQL reply with the caller's bucket after this call in extensions.cost.throttleStatus. */
function withBucket(body: Body, rate: RateState | undefined): Body {
  const extensions = body.extensions as { cost?: Body } | undefined;
  if (!extensions?.cost || !rate) return body;
  return {
    ...body,
    extensions: { ...extensions, cost: { ...extensions.cost, throttleStatus: throttleStatus(rate) } },
  };
}

/** The operation a GraphQL request body asks for, read with its variables; the error GraphQL answers otherwise. */
function operationOf(body: Body): ReadOperation | { errors: readonly object[] } {
  if (typeof body.query !== 'string') return { errors: [{ message: 'No query string was present' }] };
  const variables =
    typeof body.variables === 'object' && body.variables !== null ? (body.variables as Body) : {};
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  const read = readOperation(body.query, variables, operationName);
  if ('message' in read)
    return { errors: [{ message: read.message, locations: [{ line: read.line, column: read.column }] }] };
  const invalid = checkOperation(read);
  return invalid.length > 0 ? { errors: invalid } : read;
}

/** What a GraphQL call asks of the bucket: the document's calculated cost, 1 for one that cannot run. */
export function graphqlRequestCost(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 1;
  const operation = operationOf(body as Body);
  return 'errors' in operation ? 1 : operationCost(operation);
}

function maxCostExceeded(requested: number): Body {
  return graphqlError(
    `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
    'MAX_COST_EXCEEDED',
    { cost: requested, maxCost: MAX_QUERY_COST, documentation: 'https://shopify.dev/api/usage/rate-limits' },
  );
}

const ORDER_GID = 'gid://shopify/Order/';

/** An Order object of the shop, with its fulfillment orders. */
const orderObject = (order: SandboxOrder): Source => ({
  ...orderSource(order),
  fulfillmentOrders: fulfillmentOrdersOf(order),
});

/**
 * QueryRoot.orders: a page of the shop's orders matching the search (`updated_at:>='…'
 * updated_at:<'…'`, or `id:1 OR id:2`), by update time. Only sortKey UPDATED_AT is imitated.
 */
function ordersConnection(world: World, shopId: string, args: Body): Source {
  const { first, after } = pageArgs(args);
  if (args.sortKey !== 'UPDATED_AT')
    throw new GraphqlRefusal('The sandbox lists orders by sortKey UPDATED_AT only.', { code: 'BAD_REQUEST' });
  const query = text(args.query);
  const search = parseSearch(query);
  if ('error' in search) throw new GraphqlRefusal(search.error, { code: 'BAD_REQUEST' });
  let matching = world.listing('shopify', shopId, query, () =>
    world
      .ordersOf('shopify', shopId)
      .filter((order) => matchesSearch(order, search))
      .sort(byUpdatedThenId),
  );
  if (after !== null) {
    const isAfter = afterCursor(after);
    if (!isAfter)
      throw new GraphqlRefusal('Invalid cursor for current pagination sort.', { code: 'BAD_REQUEST' });
    matching = matching.filter(isAfter);
  }
  const page = matching.slice(0, first);
  const last = page[page.length - 1];
  return {
    pageInfo: { hasNextPage: matching.length > first, endCursor: last ? orderCursor(last) : null },
    nodes: page.map(orderObject),
  };
}

/** The root fields of the shop's Admin API: what a query or a mutation starts from. */
function rootOf(world: World, shopId: string): Source {
  return {
    orders: new ByArgs((args) => ordersConnection(world, shopId, args)),
    order: new ByArgs((args) => {
      const id = text(args.id);
      const order = id.startsWith(ORDER_GID)
        ? world.order('shopify', shopId, id.slice(ORDER_GID.length))
        : undefined;
      return order ? orderObject(order) : null;
    }),
    shop: new ByArgs(() => {
      const known = world.shop('shopify', shopId);
      return { name: known?.name ?? shopId, currencyCode: known?.currency ?? 'USD' };
    }),
    fulfillmentCreate: new ByArgs((args) => fulfillmentCreate(world, shopId, args)),
  };
}

function handleGraphql(world: World, request: FastifyRequest<GraphqlParams>, reply: FastifyReply) {
  const { version } = request.params;
  if (!/^\d{4}-(01|04|07|10)$/.test(version) && version !== 'unstable') {
    return reply.code(404).send({ errors: 'Not Found' });
  }
  reply.header('x-shopify-api-version', version);
  const checked = world.auth.checkToken('shopify', text(request.headers['x-shopify-access-token']), 'access');
  const named = namedShop(request);
  if ('refused' in checked || (named !== undefined && checked.shopId !== named))
    return reply.code(401).send(INVALID_TOKEN);
  const send = (body: Body) => reply.send(withBucket(body, request.sandboxRate));
  const body = bodyOf(request);
  if (typeof body.query !== 'string') {
    return reply.code(400).send({ errors: { query: 'Required parameter missing or invalid' } });
  }
  const operation = operationOf(body);
  if ('errors' in operation) return reply.send(operation);
  const requested = operationCost(operation);
  if (requested > MAX_QUERY_COST) return send(maxCostExceeded(requested));
  const data = runOperation(operation, rootOf(world, checked.shopId));
  if (data instanceof GraphqlRefusal)
    return send({ errors: [{ message: data.message, extensions: data.extensions }] });
  return send({ data, extensions: cost(requested) });
}

function tokenReply(now: number, issued: ReturnType<World['auth']['issueTokens']>) {
  return {
    access_token: issued.accessToken,
    scope: SHOPIFY_APP_SCOPES.join(','),
    expires_in: Math.round((issued.accessExpiresAt - now) / 1000),
    refresh_token: issued.refreshToken,
    refresh_token_expires_in: Math.round((issued.refreshExpiresAt - now) / 1000),
  };
}

/** POST /admin/oauth/access_token: a code (with expiring=1) or a refresh token for a token pair. */
function handleToken(world: World, request: FastifyRequest<ShopParams>, reply: FastifyReply) {
  const shop = namedShop(request);
  const body = bodyOf(request);
  // The error for a wrong client is [UNCONFIRMED]; RFC 6749 §5.2's invalid_client is the likeliest.
  if (body.client_id !== APP.appKey || body.client_secret !== APP.appSecret) {
    return reply
      .code(400)
      .send({ error: 'invalid_client', error_description: 'Client authentication failed' });
  }
  if (body.grant_type === 'refresh_token') {
    const refreshed = world.auth.refreshTokens('shopify', text(body.refresh_token));
    if ('refused' in refreshed || (shop !== undefined && refreshed.shopId !== shop)) {
      return reply
        .code(400)
        .send({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    }
    return reply.send(tokenReply(world.now(), refreshed));
  }
  const codeShop = world.auth.useCode('shopify', text(body.code));
  if (codeShop === null || (shop !== undefined && codeShop !== shop)) {
    return reply.code(400).send({
      error: 'invalid_request',
      error_description: 'The authorization code was not found or was already used',
    });
  }
  return reply.send(tokenReply(world.now(), world.auth.issueTokens('shopify', codeShop)));
}

/** The consent page; its form posts to the grant route below. */
function handleAuthorise(
  world: World,
  request: FastifyRequest<ShopParams & { Querystring: Record<string, string> }>,
  reply: FastifyReply,
) {
  const shop = namedShop(request) ?? '';
  const known = world.shop('shopify', shop);
  if (!known) return reply.code(404).type('text/html').send('<p>There is no store at this address.</p>');
  const query = request.query;
  if (query.client_id !== APP.appKey || !query.redirect_uri) {
    return reply
      .code(400)
      .type('text/html')
      .send('<p>Oauth error invalid_request: the client_id or redirect_uri is invalid</p>');
  }
  return reply.type('text/html').send(
    authorisePage({
      platform: 'shopify',
      shops: [{ shopId: known.shopId, name: known.name }],
      action: request.params.shop ? `/${shop}/admin/oauth/sandbox/grant` : '/admin/oauth/sandbox/grant',
      hidden: { redirect_uri: query.redirect_uri, state: query.state ?? '', scope: query.scope ?? '' },
    }),
  );
}

/** The seller approved: a code, and the redirect Shopify makes (code, hmac, host, shop, state, timestamp). */
function handleGrant(world: World, request: FastifyRequest<ShopParams>, reply: FastifyReply) {
  const shop = namedShop(request) ?? '';
  const body = bodyOf(request);
  const redirectUri = text(body.redirect_uri);
  if (body.shop_id !== shop || !world.shop('shopify', shop) || redirectUri === '') {
    return reply.code(400).type('text/html').send('<p>Oauth error invalid_request</p>');
  }
  const signed = {
    code: world.auth.issueCode('shopify', shop),
    host: Buffer.from(`admin.shopify.com/store/${shop.replace('.myshopify.com', '')}`)
      .toString('base64')
      .replace(/=+$/, ''),
    shop,
    state: text(body.state),
    timestamp: String(Math.floor(world.now() / 1000)),
  };
  const query = new URLSearchParams({ ...signed, hmac: shopifyRedirectHmac(APP.appSecret, signed) });
  return reply.redirect(`${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${query.toString()}`, 302);
}

/** A webhook delivery as Shopify makes one: the body and its X-Shopify-* headers, triggered `at`. */
function delivery(shopId: string, topic: string, body: string, at: number) {
  return {
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': shopifyWebhookHmac(APP.appSecret, body),
      'x-shopify-shop-domain': shopId,
      'x-shopify-api-version': SHOPIFY_WEBHOOK_API_VERSION,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-event-id': randomUUID(),
      'x-shopify-triggered-at': new Date(at).toISOString(),
    },
    body,
  };
}

/** The app/uninstalled webhook: the seller removed the app, every token of the shop is gone. */
export function shopifyUninstalledWebhook(
  shop: SandboxShop,
  at = Date.now(),
): {
  headers: Record<string, string>;
  body: string;
} {
  const body = JSON.stringify({
    id: Number(shop.shopId.replace(/\D/g, '') || '1'),
    name: shop.name,
    myshopify_domain: shop.shopId,
    currency: shop.currency,
  });
  return delivery(shop.shopId, 'app/uninstalled', body, at);
}

/** Who a compliance webhook is about: a sandbox buyer's id, email and phone. */
export interface SandboxPrivacyCustomer {
  id: string;
  email: string;
  phone: string;
}

/** The customer a sandbox order's buyer is, as Shopify names them in a compliance webhook. */
export const privacyCustomerOf = (order: SandboxOrder): SandboxPrivacyCustomer => ({
  id: order.buyer.userId,
  email: order.buyer.email,
  phone: order.address.phone,
});

/**
 * One of Shopify's mandatory compliance webhooks, signed as Shopify signs it, in its documented
 * shape: customers/data_request `{shop_id, shop_domain, orders_requested, customer, data_request}`,
 * customers/redact `{shop_id, shop_domain, customer, orders_to_redact}`, shop/redact
 * `{shop_id, shop_domain}`. Ids are bare JSON numbers, as Shopify writes its 64-bit ids.
 */
export function shopifyPrivacyWebhook(
  shop: SandboxShop,
  topic: 'customers/data_request' | 'customers/redact' | 'shop/redact',
  input: { customer?: SandboxPrivacyCustomer; orderIds?: readonly string[]; at?: number } = {},
): { headers: Record<string, string>; body: string } {
  const number = (id: string) => (/^\d+$/.test(id) ? id : '0');
  const shopPart = `"shop_id":${number(shop.shopId.replace(/\D/g, '') || '1')},"shop_domain":${JSON.stringify(shop.shopId)}`;
  const customer = input.customer
    ? `"customer":{"id":${number(input.customer.id)},"email":${JSON.stringify(input.customer.email)},"phone":${JSON.stringify(input.customer.phone)}}`
    : '"customer":null';
  const orders = `[${(input.orderIds ?? []).map(number).join(',')}]`;
  const body =
    topic === 'shop/redact'
      ? `{${shopPart}}`
      : topic === 'customers/redact'
        ? `{${shopPart},${customer},"orders_to_redact":${orders}}`
        : `{${shopPart},"orders_requested":${orders},${customer},"data_request":{"id":${Date.now()}}}`;
  return delivery(shop.shopId, topic, body, input.at ?? Date.now());
}

/** The topic Shopify sends for each kind of change of an order. */
const ORDER_TOPICS: Record<SandboxOrderEvent, string> = {
  created: 'orders/create',
  paid: 'orders/paid',
  cancelled: 'orders/cancelled',
  fulfilled: 'orders/fulfilled',
  updated: 'orders/updated',
};

export const shopifySandbox: SandboxPlatform = {
  platform: 'shopify',
  routes(app: FastifyInstance, world: World) {
    // Each route twice: the shop's path segment (`/{shop}/admin/…`), and Shopify's own layout
    // from the root, the shop then told by the Host or by the token or code.
    for (const prefix of ['/:shop', '']) {
      app.get(`${prefix}/admin/oauth/authorize`, (request, reply) =>
        handleAuthorise(
          world,
          request as FastifyRequest<ShopParams & { Querystring: Record<string, string> }>,
          reply,
        ),
      );
      app.post<ShopParams>(`${prefix}/admin/oauth/sandbox/grant`, (request, reply) =>
        handleGrant(world, request, reply),
      );
      app.post<ShopParams>(`${prefix}/admin/oauth/access_token`, (request, reply) =>
        handleToken(world, request, reply),
      );
      app.post<GraphqlParams>(`${prefix}/admin/api/:version/graphql.json`, (request, reply) =>
        handleGraphql(world, request, reply),
      );
    }
  },
  throttled(rate: RateState) {
    // HTTP 200 with THROTTLED, as Shopify's samples and most reports show (a 429 is [UNCONFIRMED]).
    return {
      status: 200,
      body: {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: rate.requested,
            actualQueryCost: null,
            throttleStatus: throttleStatus(rate),
          },
        },
      },
    };
  },
  caller(request: FastifyRequest) {
    // Shopify limits per app and shop: the shop the path or Host names, else the token's.
    const token = text(request.headers['x-shopify-access-token']);
    const tokenShop = (shop: string | undefined) => shop ?? (token === '' ? request.ip : `token:${token}`);
    return tokenShop(namedShop(request));
  },
  rateCost: (request: FastifyRequest) =>
    request.url.split('?')[0]?.endsWith('/graphql.json') ? graphqlRequestCost(request.body) : 1,
  bucketSeconds: BUCKET_SECONDS,
  /** The topic of what happened (a cancel a second after the order is orders/cancelled), triggered at the change. */
  webhook(order: SandboxOrder, _targetUrl: string, event: SandboxOrderEvent = 'updated') {
    return delivery(order.shopId, ORDER_TOPICS[event], JSON.stringify(restOrder(order)), order.updatedAt);
  },
  deauthorisation: (shop: SandboxShop, at: number) => shopifyUninstalledWebhook(shop, at),
};
