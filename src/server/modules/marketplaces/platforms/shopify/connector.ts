/**
 * The Shopify connector: OAuth authorisation-code grant with expiring offline tokens, orders over
 * the GraphQL Admin API paged by update time, HMAC-checked webhooks, and tracking numbers pushed
 * back as fulfillments (fulfil.ts). It
 * keeps no state and retries nothing; client.ts turns Shopify's replies into our error codes.
 */
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type Connector,
  type ListInput,
  type ListedOrder,
  type MarketplaceOrder,
  type OrderPage,
  type ShopGrant,
  type WebhookNotice,
  type WebhookRequest,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString } from '../../http.js';
import { adminGraphql, patientAdminGraphql, requestToken, SHOP_DOMAIN, shopAuthUrl } from './client.js';
import { pushShopifyTracking } from './fulfil.js';
import { gidTail, hasMoreLines, normaliseShopifyOrder } from './normalise.js';
import {
  ORDER_TIMES_PAGE_SIZE,
  ORDERS_PAGE_SIZE,
  SHOPIFY_ORDER_LINES_QUERY,
  SHOPIFY_ORDER_TIMES_QUERY,
  SHOPIFY_ORDERS_QUERY,
  SHOPIFY_SHOP_QUERY,
} from './queries.js';
import { readPrivacyWebhook } from './privacy.js';
import { verifyOauthQuery, verifyWebhookHmac } from './sign.js';
import { WEBHOOK_CLOCK_SKEW_MS, bodyKey, deliveryIdKey, type WebhookWindow } from '../../webhook-window.js';

/** Read orders and manage their merchant-fulfilled fulfillment orders and stock. */
export const SHOPIFY_SCOPES = [
  'read_orders',
  'write_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
  'read_inventory',
  'write_inventory',
  'read_locations',
  'read_products',
];

/**
 * Shopify documents no limit on an updated_at window; a year bounds one listing. (Orders older
 * than 60 days are only visible with the read_all_orders scope, which we do not ask for.)
 */
export const SHOPIFY_MAX_WINDOW_MS = 365 * 86_400_000;

/**
 * A webhook is taken within 4 hours 15 minutes of its X-Shopify-Triggered-At: Shopify retries an
 * unacknowledged webhook 8 times over 4 hours, each time with the original payload and trigger
 * time, and tells apps to judge staleness by that time.
 */
export const SHOPIFY_WEBHOOK_WINDOW: WebhookWindow = {
  pastMs: 4 * 3_600_000 + 15 * 60_000,
  futureMs: WEBHOOK_CLOCK_SKEW_MS,
};

/** How far an OAuth redirect's timestamp may be from our clock (the official SDK's tolerance). */
export const OAUTH_TIMESTAMP_TOLERANCE_S = 90;

/**
 * The shop's authorisation page: /admin/oauth/authorize on the seller's own shop, asking for an
 * offline token (no grant_options[]=per-user). The seller types the shop domain, so this takes it.
 */
export function shopifyAuthoriseUrl(
  app: AppConfig,
  input: { shop: string; redirectUri: string; state: string; now: Date },
): string {
  const query = new URLSearchParams({
    client_id: app.appKey,
    scope: SHOPIFY_SCOPES.join(','),
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  return `${shopAuthUrl(app, input.shop)}/admin/oauth/authorize?${query.toString().replace(/\+/g, '%20')}`;
}

function signatureError(message: string): MarketplaceError {
  return new MarketplaceError('signature', message);
}

/**
 * Checks an OAuth redirect as Shopify's SDK does — a myshopify shop, the hmac over the rest of
 * the query, a timestamp within 90 s — and trades its code for an expiring offline token.
 */
async function exchangeCode(
  app: AppConfig,
  input: { query: Record<string, string>; redirectUri: string; fetch: typeof fetch; now: Date },
): Promise<ShopGrant> {
  const { query, now } = input;
  const shop = query.shop ?? '';
  if (!SHOP_DOMAIN.test(shop)) throw signatureError(`"${shop}" is not a myshopify.com domain`);
  if (!verifyOauthQuery(app.appSecret, query)) throw signatureError('the redirect hmac does not match');
  const timestamp = Number(query.timestamp);
  if (
    !Number.isFinite(timestamp) ||
    Math.abs(now.getTime() / 1000 - timestamp) > OAUTH_TIMESTAMP_TOLERANCE_S
  ) {
    throw signatureError('the redirect timestamp is outside the tolerance');
  }
  if (!query.code) throw new MarketplaceError('rejected', 'the redirect carries no code');
  const tokens = await requestToken(input.fetch, app, shop, { code: query.code, expiring: '1' }, now);
  const grant: ShopGrant = { platformShopId: shop, shopName: '', ...tokens, extra: {} };
  const data = await adminGraphql({ app, grant, fetch: input.fetch, now: () => now }, SHOPIFY_SHOP_QUERY, {});
  const shopRecord = field(data.shop, isRecord, 'shop');
  return { ...grant, shopName: field(shopRecord.name, isString, 'shop.name') };
}

/** A new token pair from the refresh token (Shopify rotates the refresh token each time). */
async function refreshGrant(ctx: CallContext): Promise<ShopGrant> {
  if (ctx.grant.refreshToken === '') return ctx.grant;
  const tokens = await requestToken(
    ctx.fetch,
    ctx.app,
    ctx.grant.platformShopId,
    { grant_type: 'refresh_token', refresh_token: ctx.grant.refreshToken },
    ctx.now(),
  );
  return { ...ctx.grant, ...tokens };
}

interface ListCursor {
  after: string;
  from: number;
  to: number;
}

/** Our cursor: Shopify's endCursor bound to its window, so it is never applied to another one. */
function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, from: number, to: number): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!isRecord(parsed) || !isString(parsed.after) || parsed.from !== from || parsed.to !== to) {
    throw new MarketplaceError('rejected', 'the cursor does not belong to this window', {
      platformCode: 'BAD_CURSOR',
    });
  }
  return parsed.after;
}

/** Shopify's search syntax for updated_at in [from, to). */
export function windowSearch(from: Date, to: Date): string {
  return `updated_at:>='${from.toISOString()}' updated_at:<'${to.toISOString()}'`;
}

/** An order node with the lines past its first page read too. */
async function withAllLines(ctx: CallContext, node: unknown): Promise<unknown> {
  let more = hasMoreLines(node);
  if (!more || !isRecord(node) || !isRecord(node.lineItems)) return node;
  const lines = [...field(node.lineItems.nodes, isArray, 'lineItems.nodes')];
  while (more) {
    const data = await patientAdminGraphql(ctx, SHOPIFY_ORDER_LINES_QUERY, {
      id: more.id,
      after: more.after,
    });
    const order = field(data.order, isRecord, 'order');
    const connection = field(order.lineItems, isRecord, 'order.lineItems');
    lines.push(...field(connection.nodes, isArray, 'order.lineItems.nodes'));
    more = hasMoreLines({ id: more.id, lineItems: connection });
  }
  return { ...node, lineItems: { ...node.lineItems, nodes: lines } };
}

/**
 * One page of SHOPIFY_ORDERS_QUERY: its orders, whole, and Shopify's next cursor. `first` is no
 * more than the orders searched: Shopify charges a query by what it asks for (a page of 31
 * orders costs about 990 of a 2,000-point bucket restoring 100 a second), so a webhook's one
 * order asks for one, about 32 points, and does not wait ten seconds for the bucket.
 */
async function ordersPage(
  ctx: CallContext,
  search: string,
  after: string | null,
  first: number,
): Promise<{ orders: MarketplaceOrder[]; endCursor: string | null }> {
  const data = await patientAdminGraphql(ctx, SHOPIFY_ORDERS_QUERY, {
    first,
    after,
    query: search,
  });
  const connection = field(data.orders, isRecord, 'orders');
  const nodes = field(connection.nodes, isArray, 'orders.nodes');
  const pageInfo = field(connection.pageInfo, isRecord, 'orders.pageInfo');
  const orders: MarketplaceOrder[] = [];
  for (const node of nodes) orders.push(normaliseShopifyOrder(await withAllLines(ctx, node)));
  const hasNext = pageInfo.hasNextPage === true;
  return { orders, endCursor: hasNext ? field(pageInfo.endCursor, isString, 'pageInfo.endCursor') : null };
}

/** One page of SHOPIFY_ORDER_TIMES_QUERY: the orders' numbers and update times, and the next cursor. */
async function orderTimesPage(
  ctx: CallContext,
  search: string,
  after: string | null,
): Promise<{ listed: ListedOrder[]; endCursor: string | null }> {
  const data = await adminGraphql(ctx, SHOPIFY_ORDER_TIMES_QUERY, {
    first: ORDER_TIMES_PAGE_SIZE,
    after,
    query: search,
  });
  const connection = field(data.orders, isRecord, 'orders');
  const nodes = field(connection.nodes, isArray, 'orders.nodes');
  const pageInfo = field(connection.pageInfo, isRecord, 'orders.pageInfo');
  const listed = nodes.map((node) => {
    const order = field(node, isRecord, 'orders.nodes[]');
    const id = field(order.id, isString, 'order.id');
    const updatedAt = Date.parse(field(order.updatedAt, isString, 'order.updatedAt'));
    if (Number.isNaN(updatedAt)) throw new MarketplaceError('malformed', 'order.updatedAt is not a time');
    return {
      orderNo: isString(order.legacyResourceId) ? order.legacyResourceId : gidTail(id),
      updatedAt,
    };
  });
  const hasNext = pageInfo.hasNextPage === true;
  return { listed, endCursor: hasNext ? field(pageInfo.endCursor, isString, 'pageInfo.endCursor') : null };
}

/**
 * One page of the orders updated in [from, to), by update time; the cursor resumes this window
 * only. The window is paged by id and update time, 250 orders a call, and the orders we do not
 * already hold at that time are read in full by id, 31 a call.
 */
async function listOrders(ctx: CallContext, input: ListInput): Promise<OrderPage> {
  const from = input.updatedFrom.getTime();
  const to = input.updatedTo.getTime();
  if (to - from > SHOPIFY_MAX_WINDOW_MS) {
    throw new MarketplaceError('rejected', 'the window is longer than maxWindowMs', {
      platformCode: 'WINDOW_TOO_LONG',
    });
  }
  if (to <= from) return { orders: [], nextCursor: null };
  const after = input.cursor === null ? null : decodeCursor(input.cursor, from, to);
  const page = await orderTimesPage(ctx, windowSearch(input.updatedFrom, input.updatedTo), after);
  const held = input.known ? await input.known(page.listed) : new Set<string>();
  const toRead = page.listed.filter((order) => !held.has(order.orderNo)).map((order) => order.orderNo);
  return {
    orders: await getOrders(ctx, toRead),
    knownCount: page.listed.length - toRead.length,
    nextCursor: page.endCursor === null ? null : encodeCursor({ after: page.endCursor, from, to }),
  };
}

/** The named orders (Shopify's numeric order ids), a page's worth per `id:… OR id:…` search. */
async function getOrders(ctx: CallContext, orderNos: readonly string[]): Promise<MarketplaceOrder[]> {
  const ids = [...new Set(orderNos)].filter((orderNo) => /^\d+$/.test(orderNo));
  const found: MarketplaceOrder[] = [];
  for (let start = 0; start < ids.length; start += ORDERS_PAGE_SIZE) {
    const chunk = ids.slice(start, start + ORDERS_PAGE_SIZE);
    const search = chunk.map((id) => `id:${id}`).join(' OR ');
    let after: string | null = null;
    do {
      const page = await ordersPage(ctx, search, after, chunk.length);
      found.push(...page.orders);
      after = page.endCursor;
    } while (after !== null);
  }
  return found;
}

function headerOf(request: WebhookRequest, name: string): string | undefined {
  const entry = Object.entries(request.headers).find(([key]) => key.toLowerCase() === name);
  return entry?.[1];
}

/**
 * The order id a webhook body names: `admin_graphql_api_id` where the body has it (a string, so
 * no precision is lost), else the numeric `key` read from the raw text when it exceeds 2^53.
 */
function orderIdIn(rawBody: Buffer, key: 'id' | 'order_id'): string | null {
  const text = rawBody.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  if (key === 'id' && isString(body.admin_graphql_api_id)) return gidTail(body.admin_graphql_api_id);
  const value = body[key];
  if (isNumber(value) && Number.isSafeInteger(value)) return String(value);
  if (isString(value) && /^\d+$/.test(value)) return value;
  return new RegExp(`"${key}"\\s*:\\s*(\\d+)`).exec(text)?.[1] ?? null;
}

/**
 * A webhook whose X-Shopify-Hmac-Sha256 is the base64 HMAC of its raw body under the client
 * secret; the shop from X-Shopify-Shop-Domain, the kind from X-Shopify-Topic (the three
 * compliance topics are privacy notices, de-duplicated by X-Shopify-Webhook-Id).
 *
 * Its time is X-Shopify-Triggered-At, its key X-Shopify-Webhook-Id (the same on every retry;
 * the topic and body's SHA-256 when it is missing). Shopify signs the body only, so a replay
 * with made-up headers is taken as a new delivery: all it can then do is what that body does
 * anyway — a sync of the order read from Shopify, a deauthorisation Shopify must confirm, a
 * redaction done already. Bodies are not keys: two genuine uninstalls of one shop carry the same.
 */
function verifyWebhook(app: AppConfig, request: WebhookRequest): WebhookNotice | null {
  if (!verifyWebhookHmac(app.appSecret, request.rawBody, headerOf(request, 'x-shopify-hmac-sha256')))
    return null;
  const shop = headerOf(request, 'x-shopify-shop-domain') ?? '';
  if (!SHOP_DOMAIN.test(shop)) return null;
  const topic = headerOf(request, 'x-shopify-topic') ?? '';
  const webhookId = headerOf(request, 'x-shopify-webhook-id') ?? '';
  const triggeredAt = headerOf(request, 'x-shopify-triggered-at');
  const notice = {
    platformShopId: shop,
    orderNos: [] as string[],
    sentAt: triggeredAt ? new Date(triggeredAt) : null,
    deliveryKey: webhookId === '' ? bodyKey(request.rawBody, `${topic}\n`) : deliveryIdKey(webhookId),
  };
  if (topic === 'app/uninstalled') return { ...notice, kind: 'revoked' };
  const privacy = readPrivacyWebhook(topic, request.rawBody, webhookId);
  if (privacy) return { ...notice, kind: 'privacy', privacy };
  const key = topic.startsWith('orders/')
    ? 'id'
    : /^(fulfillments|refunds)\//.test(topic)
      ? 'order_id'
      : null;
  const orderNo = key === null ? null : orderIdIn(request.rawBody, key);
  if (orderNo === null) return { ...notice, kind: 'other' };
  return { ...notice, orderNos: [orderNo], kind: 'order' };
}

/** The shop's name with its token: after an uninstall Shopify answers 401 ('revoked'). */
async function checkAuthorisation(ctx: CallContext): Promise<void> {
  const data = await adminGraphql(ctx, SHOPIFY_SHOP_QUERY, {});
  field(data.shop, isRecord, 'shop');
}

export const shopifyConnector: Connector = {
  platform: 'shopify',
  authorisation: 'redirect',
  logistics: 'seller',
  maxWindowMs: SHOPIFY_MAX_WINDOW_MS,
  /**
   * Shopify's page lives on the seller's own shop: the shop domain the seller typed is required
   * (`shopDomain`, an optional input of the core interface for Shopify alone).
   */
  authoriseUrl(app, input: { redirectUri: string; state: string; now: Date; shopDomain?: string }) {
    if (!input.shopDomain) throw new MarketplaceError('rejected', 'shop domain required');
    return shopifyAuthoriseUrl(app, { ...input, shop: input.shopDomain });
  },
  exchangeCode,
  refreshGrant,
  listOrders,
  getOrders,
  verifyWebhook,
  webhookWindow: SHOPIFY_WEBHOOK_WINDOW,
  checkAuthorisation,
  pushTracking: pushShopifyTracking,
};
