/**
 * The Lazada Open Platform imitation, mounted under /lazada, which stands for both hosts' base
 * URLs: the auth host's /oauth/authorize and /rest/auth/token/create|refresh
 * (https://auth.lazada.com…), and the API base's /seller/get, /orders/get, /order/get,
 * /order/items/get and /orders/items/get (https://api.lazada.co.th/rest…), and the Fulfillment
 * API's providers, pack, ready-to-ship and shipping-label calls (lazada-logistics.ts). Every call is checked
 * as Lazada's signature and call guides say it checks it — parameters present, the app key, the
 * signature over query and form/JSON fields, the timestamp within 7200 s, the access token — and
 * refused with Lazada's envelope inside HTTP 200. The orders are the world's, spelt by
 * lazada-render.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_APPS } from '../apps.js';
import { authorisePage, platformPath, type SandboxPlatform } from '../server.js';
import type { SandboxOrder, SandboxShop } from '../world-model.js';
import type { World } from '../world.js';
import { presentedMatches } from './hmac.js';
import { registerLazadaLogistics } from './lazada-logistics.js';
import {
  LAZADA_STATUS_FILTERS,
  lazadaItemStatus,
  lazadaErrorBody,
  renderItems,
  renderOrder,
  renderPush,
  renderSeller,
  renderTokens,
  requestId,
} from './lazada-render.js';
import { lazadaExpectedSign, lazadaPushAuthorization } from './lazada-spec.js';

const APP = SANDBOX_APPS.lazada;
/** The documented tolerance between the request's timestamp and UTC. */
const TIMESTAMP_TOLERANCE_MS = 7_200_000;
/** GetOrders: limit at most 100; offset "Max Size: 4500" (API reference; the get-order guide says 5000). */
const MAX_LIMIT = 100;
const MAX_OFFSET = 4500;
/** GetMultipleOrderItems: "No more than 50 at a time". */
const MAX_ORDER_IDS = 50;
const QUERY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;

type Params = Record<string, string>;
type Checked = { params: Params; shop: SandboxShop | undefined } | { refusal: Record<string, unknown> };

function fieldsOf(source: unknown, into: Params): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === 'string') into[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') into[name] = String(value);
    // Structured fields of a JSON body are signed JSON-encoded (EcomPHP's client).
    else if (value !== null && value !== undefined) into[name] = JSON.stringify(value);
  }
}

/** Query and form (or top-level JSON) fields together: Lazada signs them all. */
function paramsOf(request: FastifyRequest): Params {
  const params: Params = {};
  fieldsOf(request.query, params);
  fieldsOf(request.body, params);
  return params;
}

const missing = (name: string) =>
  lazadaErrorBody(
    'MissingParameter',
    `The input parameter "${name}" that is mandatory for processing this request is not supplied`,
  );

/** The gateway's checks, in Lazada's order: parameters, app, signature, timestamp, then the token. */
function gateway(world: World, request: FastifyRequest, apiPath: string, needsToken: boolean): Checked {
  const params = paramsOf(request);
  for (const name of ['app_key', 'sign_method', 'timestamp', 'sign']) {
    if (!params[name]) return { refusal: missing(name) };
  }
  if (params.app_key !== APP.appKey)
    // [UNCONFIRMED] the code Lazada gives an unknown app key.
    return { refusal: lazadaErrorBody('InvalidAppKey', 'The specified app key is invalid') };
  // The documented sign is upper-case hex; a lower-case one is not what the algorithm gives.
  const expected = lazadaExpectedSign(APP.appSecret, apiPath, params);
  if (!presentedMatches(expected, params.sign ?? ''))
    return {
      refusal: lazadaErrorBody(
        'IncompleteSignature',
        'The request signature does not conform to lazop standards',
      ),
    };
  const stamp = params.timestamp ?? '';
  const sentAt = /^\d+$/.test(stamp) ? Number(stamp) : Date.parse(stamp);
  if (!Number.isFinite(sentAt) || Math.abs(world.now() - sentAt) > TIMESTAMP_TOLERANCE_MS)
    // [UNCONFIRMED] Lazada documents no code for a stale timestamp; this one is our choice.
    return {
      refusal: lazadaErrorBody(
        'InvalidTimestamp',
        'The timestamp differs from UTC by more than 7200 seconds',
      ),
    };
  if (!needsToken) return { params, shop: undefined };
  if (!params.access_token) return { refusal: missing('access_token') };
  const token = world.auth.checkToken('lazada', params.access_token, 'access');
  const shop = 'shopId' in token ? world.shop('lazada', token.shopId) : undefined;
  if (!shop)
    return {
      refusal: lazadaErrorBody('IllegalAccessToken', 'The specified access token is invalid or expired'),
    };
  return { params, shop };
}

const business = (code: string, message: string) => ({ code, type: 'ISV', message, request_id: requestId() });
const ok = (fields: Record<string, unknown>) => ({ code: '0', ...fields, request_id: requestId() });

/**
 * An API route at `url` (the auth host's under /rest), signed over its API path: checked by the
 * gateway, answered by `handle` with the seller's shop.
 */
function rest(
  app: FastifyInstance,
  world: World,
  apiPath: string,
  needsToken: boolean,
  handle: (
    params: Params,
    shop: SandboxShop | undefined,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>,
): void {
  app.route({
    method: ['GET', 'POST'],
    url: `/rest${apiPath}`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const checked = gateway(world, request, apiPath, needsToken);
      if ('refusal' in checked) return reply.code(200).send(checked.refusal);
      return reply.code(200).send(await handle(checked.params, checked.shop));
    },
  });
}

const second = (ms: number) => Math.floor(ms / 1000) * 1000;

/** GetOrders: the documented filters, sort and offset/limit paging, refused as documented. */
function listOrders(world: World, shop: SandboxShop, params: Params): Record<string, unknown> {
  if (!params.update_after && !params.created_after)
    // "Either UpdatedAfter or CreatedAfter is mandatory"; [UNCONFIRMED] the code it answers with.
    return missing('update_after');
  const bounds: Record<string, number> = {};
  for (const name of ['created_after', 'created_before', 'update_after', 'update_before']) {
    const value = params[name];
    if (value === undefined) continue;
    const ms = Date.parse(value);
    if (!QUERY_TIME.test(value) || Number.isNaN(ms))
      return business('17', `E017: "${value}" Invalid Date Format`);
    bounds[name] = ms;
  }
  const limit = params.limit === undefined ? MAX_LIMIT : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    return business('19', `E019: "${params.limit}" Invalid Limit`);
  const offset = params.offset === undefined ? 0 : Number(params.offset);
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET)
    return business('14', `E014: "${params.offset}" Invalid Offset`);
  // [UNCONFIRMED] the default sort; the documents name the values only.
  const sortBy = params.sort_by ?? 'created_at';
  if (sortBy !== 'created_at' && sortBy !== 'updated_at') return business('75', 'E075: Invalid sort filter.');
  const direction = params.sort_direction ?? 'DESC';
  if (direction !== 'ASC' && direction !== 'DESC') return business('74', 'E074: Invalid sort direction.');
  if (params.status !== undefined && !LAZADA_STATUS_FILTERS.includes(params.status))
    return business('36', 'E036: Invalid status filter');
  const within = (ms: number, after: number | undefined, before: number | undefined) =>
    (after === undefined || second(ms) >= after) && (before === undefined || second(ms) <= before);
  const field = sortBy === 'updated_at' ? 'updatedAt' : 'createdAt';
  const matching = world.listing(
    'lazada',
    shop.shopId,
    JSON.stringify([bounds, params.status, field, direction]),
    () =>
      world
        .ordersOf('lazada', shop.shopId)
        .filter(
          (order) =>
            within(order.updatedAt, bounds.update_after, bounds.update_before) &&
            within(order.createdAt, bounds.created_after, bounds.created_before) &&
            (params.status === undefined || lazadaItemStatus(order) === params.status),
        )
        .sort((a, b) => {
          const byTime =
            second(a[field]) - second(b[field]) ||
            (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0);
          return direction === 'ASC' ? byTime : -byTime;
        }),
  );
  const page = matching.slice(offset, offset + limit);
  return ok({
    data: {
      count: String(page.length),
      countTotal: String(matching.length),
      orders: page.map((order) => renderOrder(shop, order)),
    },
  });
}

function orderOf(world: World, shop: SandboxShop, orderId: string | undefined): SandboxOrder | undefined {
  return orderId === undefined ? undefined : world.order('lazada', shop.shopId, orderId);
}

/** GetMultipleOrderItems: order_ids as "[1,2]", at most 50, every one the seller's. */
function multipleItems(world: World, shop: SandboxShop, params: Params): Record<string, unknown> {
  const list = params.order_ids;
  if (list === undefined) return missing('order_ids');
  if (!/^\[\s*\d+(\s*,\s*\d+)*\s*\]$/.test(list))
    return business('56', 'E056: Invalid OrdersIdList format. Must use array format [1,2]');
  const ids = list
    .slice(1, -1)
    .split(',')
    .map((id) => id.trim());
  if (ids.length > MAX_ORDER_IDS) return business('38', 'E038: Too many orders were requested');
  const orders = ids.map((id) => orderOf(world, shop, id));
  if (orders.some((order) => order === undefined))
    return business('37', 'E037: One or more order id in the list are incorrect');
  return ok({
    data: orders.flatMap((order) =>
      order
        ? [{ order_id: order.orderId, order_number: order.orderId, order_items: renderItems(shop, order) }]
        : [],
    ),
  });
}

function routes(app: FastifyInstance, world: World): void {
  app.get('/oauth/authorize', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, string | undefined>;
    if (query.client_id !== APP.appKey || query.response_type !== 'code' || !query.redirect_uri)
      return reply
        .code(400)
        .type('text/html')
        .send('<!doctype html><p>Invalid client_id, response_type or redirect_uri</p>');
    return reply.type('text/html').send(
      authorisePage({
        platform: 'lazada',
        shops: world.shopsOf('lazada').map((shop) => ({ shopId: shop.shopId, name: shop.name })),
        action: '/oauth/authorize/grant',
        hidden: { redirect_uri: query.redirect_uri, state: query.state ?? '', client_id: query.client_id },
      }),
    );
  });

  app.post('/oauth/authorize/grant', async (request, reply) => {
    const form = paramsOf(request);
    const shop = world.shop('lazada', form.shop_id ?? '');
    if (!shop || !form.redirect_uri) return reply.code(400).send('unknown shop or redirect_uri');
    const query = new URLSearchParams({ code: world.auth.issueCode('lazada', shop.shopId) });
    if (form.state) query.set('state', form.state);
    const separator = form.redirect_uri.includes('?') ? '&' : '?';
    return reply.redirect(`${form.redirect_uri}${separator}${query.toString()}`, 302);
  });

  rest(app, world, '/auth/token/create', false, (params) => {
    if (!params.code) return missing('code');
    const shopId = world.auth.useCode('lazada', params.code);
    const shop = shopId === null ? undefined : world.shop('lazada', shopId);
    if (!shop) return lazadaErrorBody('InvalidCode', 'Invalid authorization code');
    return renderTokens(shop, world.auth.issueTokens('lazada', shop.shopId), world.now(), 'create');
  });

  rest(app, world, '/auth/token/refresh', false, (params) => {
    if (!params.refresh_token) return missing('refresh_token');
    const refreshed = world.auth.refreshTokens('lazada', params.refresh_token);
    const shop = 'shopId' in refreshed ? world.shop('lazada', refreshed.shopId) : undefined;
    if (!shop || !('accessToken' in refreshed))
      return lazadaErrorBody('IllegalRefreshToken', 'The specified refresh token is invalid or expired');
    return renderTokens(shop, refreshed, world.now(), 'refresh');
  });

  rest(app, world, '/seller/get', true, (_params, shop) => (shop ? ok({ data: renderSeller(shop) }) : {}));
  rest(app, world, '/orders/get', true, (params, shop) => (shop ? listOrders(world, shop, params) : {}));
  rest(app, world, '/orders/items/get', true, (params, shop) =>
    shop ? multipleItems(world, shop, params) : {},
  );
  rest(app, world, '/order/get', true, (params, shop) => {
    const order = shop ? orderOf(world, shop, params.order_id) : undefined;
    if (!shop || !order) return business('16', `E016: "${params.order_id ?? ''}" Invalid Order ID`);
    return ok({ data: renderOrder(shop, order) });
  });
  registerLazadaLogistics((apiPath, handle) => rest(app, world, apiPath, true, handle), world);
  rest(app, world, '/order/items/get', true, (params, shop) => {
    const order = shop ? orderOf(world, shop, params.order_id) : undefined;
    if (!shop || !order) return business('16', `E016: "${params.order_id ?? ''}" Invalid Order ID`);
    return ok({ data: renderItems(shop, order) });
  });
}

export const lazadaSandbox: SandboxPlatform = {
  platform: 'lazada',
  routes,
  throttled: () => ({
    // The FAQ's ApiCallLimit, inside HTTP 200 like every gateway refusal.
    status: 200,
    body: lazadaErrorBody(
      'ApiCallLimit',
      'Api access frequency exceeds the limit. this ban will last 1 seconds',
    ),
  }),
  caller(request) {
    // Lazada's QPS is per API: the seller's token (else the app) and the API path.
    const params = paramsOf(request);
    return `${params.access_token ?? params.app_key ?? request.ip}:${platformPath(request)}`;
  },
  /** A trade order push, stamped with the change's time on the marketplace's clock. */
  webhook(order, _targetUrl) {
    const body = renderPush(order, order.updatedAt);
    return {
      headers: {
        'content-type': 'application/json',
        authorization: lazadaPushAuthorization(APP.appKey, APP.appSecret, body),
      },
      body,
    };
  },
};
