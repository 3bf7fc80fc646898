/**
 * The Shopee Open Platform v2 connector: a seller authorises on auth_partner
 * and comes back with `code` and `shop_id`; tokens last 4 hours and refresh with a single-use
 * refresh token; orders are listed by update_time in windows of at most 15 days, 100 per page
 * behind Shopee's opaque cursor, then read whole with get_order_detail, 50 at a time. It keeps
 * no state and retries nothing (connector.ts). Shopee's own logistics arranges each package
 * and issues its air waybill (logistics.ts).
 */
import {
  MarketplaceError,
  normaliseUnknown,
  type AppConfig,
  type ListInput,
  type CallContext,
  type Connector,
  type MarketplaceOrder,
  type ShopGrant,
  type WebhookNotice,
  type WebhookRequest,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString } from '../../http.js';
import { SHOPEE_PATHS, callShopee, commonQuery, shopeeId } from './client.js';
import {
  arrangeShopeeShipment,
  fetchShopeeLabel,
  getShopeeShipment,
  pushShopeeTracking,
} from './logistics.js';
import { listedShopeeOrder, normaliseShopeeOrder } from './normalise.js';
import { verifyShopeePush } from './sign.js';

/** get_order_list refuses `time_to - time_from` over 15 days (order.order_list_invalid_time). */
export const SHOPEE_MAX_WINDOW_MS = 15 * 86_400_000;
/** get_order_list's page_size is 1-100; get_order_detail takes 1-50 order_sn. */
const LIST_PAGE_SIZE = 100;
const DETAIL_BATCH = 50;
/** The refresh token lives 30 days; Shopee's replies do not say. */
const REFRESH_LIFETIME_MS = 30 * 86_400_000;
/** Detail fields beyond the defaults that normaliseShopeeOrder reads. */
const DETAIL_FIELDS = [
  'buyer_user_id',
  'buyer_username',
  'recipient_address',
  'item_list',
  'package_list',
  'shipping_carrier',
  'pay_time',
  'total_amount',
  'payment_method',
].join(',');

function shopOf(ctx: CallContext): { accessToken: string; shopId: string } {
  return { accessToken: ctx.grant.accessToken, shopId: ctx.grant.platformShopId };
}

function tokensOf(body: Record<string, unknown>, what: string) {
  const root = isRecord(body.response) ? body.response : body;
  return {
    accessToken: field(root.access_token, isString, `${what} access_token`),
    refreshToken: field(root.refresh_token, isString, `${what} refresh_token`),
    expireIn: field(root.expire_in, isNumber, `${what} expire_in`),
  };
}

function grantFrom(
  tokens: { accessToken: string; refreshToken: string; expireIn: number },
  shop: { platformShopId: string; shopName: string },
  now: Date,
): ShopGrant {
  return {
    platformShopId: shop.platformShopId,
    shopName: shop.shopName,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    // expire_in is documented as seconds (the token/get sample's absolute-looking value is not trusted).
    accessExpiresAt: new Date(now.getTime() + tokens.expireIn * 1000),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_LIFETIME_MS),
    extra: {},
  };
}

/** The redirect URI with our state in its query: Shopee has no state parameter and keeps the URI's query. */
function withState(redirectUri: string, state: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

interface ShopeeCursor {
  /** The window's time_from and time_to (unix seconds, both inclusive). */
  from: number;
  to: number;
  /** Shopee's next_cursor for this window. */
  next: string;
}

function encodeCursor(cursor: ShopeeCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(text: string, from: number, to: number): ShopeeCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!isRecord(parsed) || !isString(parsed.next) || parsed.from !== from || parsed.to !== to)
    throw new MarketplaceError('rejected', 'the cursor does not belong to this window');
  return { from, to, next: parsed.next };
}

/**
 * Our [from, to) in Shopee's whole seconds. Shopee's time_from/time_to are taken as inclusive
 * (undocumented; the SDKs pass them through), so the last second is to − 1 and two adjacent
 * windows never share a second.
 */
function windowSeconds(from: Date, to: Date): { from: number; to: number } {
  return { from: Math.ceil(from.getTime() / 1000), to: Math.ceil(to.getTime() / 1000) - 1 };
}

/** One get_order_detail call; null when Shopee says one of the orders is not found. */
async function detailBatch(ctx: CallContext, orderNos: readonly string[]): Promise<unknown[] | null> {
  try {
    const body = await callShopee({
      app: ctx.app,
      fetch: ctx.fetch,
      now: ctx.now(),
      method: 'GET',
      path: SHOPEE_PATHS.orderDetail,
      shop: shopOf(ctx),
      query: { order_sn_list: orderNos.join(','), response_optional_fields: DETAIL_FIELDS },
    });
    const response = field(body.response, isRecord, 'get_order_detail response');
    return field(response.order_list, isArray, 'get_order_detail order_list');
  } catch (error) {
    if (error instanceof MarketplaceError && error.detail.platformCode?.endsWith('error_not_found'))
      return null;
    throw error;
  }
}

/**
 * The named orders, whole, 50 per call. Shopee refuses a whole batch when one order_sn is
 * unknown (error_not_found), so such a batch is asked again one order at a time and the unknown
 * ones are left out. Those `known` holds at their update_time are counted, not normalised.
 */
async function orderDetails(
  ctx: CallContext,
  orderNos: readonly string[],
  known?: ListInput['known'],
): Promise<{ orders: MarketplaceOrder[]; knownCount: number }> {
  const batches: string[][] = [];
  for (let start = 0; start < orderNos.length; start += DETAIL_BATCH)
    batches.push(orderNos.slice(start, start + DETAIL_BATCH));
  // A listing page's two batches are asked side by side: the page waits for one reply, not two.
  const read = await Promise.all(
    batches.map(async (batch) => {
      const found = await detailBatch(ctx, batch);
      if (found) return found;
      const raws: unknown[] = [];
      for (const orderNo of batch) {
        const single = await detailBatch(ctx, [orderNo]);
        if (single) raws.push(...single);
      }
      return raws;
    }),
  );
  return normaliseUnknown(read.flat(), listedShopeeOrder, known, normaliseShopeeOrder);
}

export const shopeeConnector: Connector = {
  platform: 'shopee',
  authorisation: 'redirect',
  logistics: 'platform',
  maxWindowMs: SHOPEE_MAX_WINDOW_MS,

  /** auth_partner signed as a public API; the link is good for the timestamp's 5 minutes. */
  authoriseUrl(app: AppConfig, input: { redirectUri: string; state: string; now: Date }): string {
    const query = commonQuery(app, SHOPEE_PATHS.authPartner, input.now);
    query.set('redirect', withState(input.redirectUri, input.state));
    return `${app.authUrl || app.apiUrl}${SHOPEE_PATHS.authPartner}?${query.toString()}`;
  },

  /** token/get with the redirect's code and shop_id, then get_shop_info for the shop's name. */
  async exchangeCode(app, input): Promise<ShopGrant> {
    const code = input.query.code ?? '';
    const shopId = input.query.shop_id ?? '';
    if (code === '' || shopId === '')
      throw new MarketplaceError(
        'rejected',
        'the redirect carries no code and shop_id (main-account authorisation is not supported)',
      );
    const body = await callShopee({
      app,
      fetch: input.fetch,
      now: input.now,
      method: 'POST',
      path: SHOPEE_PATHS.tokenGet,
      body: { code, partner_id: shopeeId(app.appKey), shop_id: shopeeId(shopId) },
    });
    const grant = grantFrom(tokensOf(body, 'token/get'), { platformShopId: shopId, shopName: '' }, input.now);
    const info = await callShopee({
      app,
      fetch: input.fetch,
      now: input.now,
      method: 'GET',
      path: SHOPEE_PATHS.shopInfo,
      shop: { accessToken: grant.accessToken, shopId },
    });
    return { ...grant, shopName: isString(info.shop_name) ? info.shop_name : '' };
  },

  /** access_token/get: a new pair; the old refresh token is spent (store the new one first). */
  async refreshGrant(ctx: CallContext): Promise<ShopGrant> {
    const now = ctx.now();
    const body = await callShopee({
      app: ctx.app,
      fetch: ctx.fetch,
      now,
      method: 'POST',
      path: SHOPEE_PATHS.accessTokenGet,
      body: {
        refresh_token: ctx.grant.refreshToken,
        partner_id: shopeeId(ctx.app.appKey),
        shop_id: shopeeId(ctx.grant.platformShopId),
      },
    });
    return grantFrom(tokensOf(body, 'access_token/get'), ctx.grant, now);
  },

  /**
   * One page of get_order_list by update_time in the window, read whole. The cursor carries the
   * window and Shopee's next_cursor, so a failed page is asked again with the cursor it was given.
   */
  async listOrders(ctx, input) {
    const span = input.updatedTo.getTime() - input.updatedFrom.getTime();
    if (span <= 0) return { orders: [], nextCursor: null };
    if (span > SHOPEE_MAX_WINDOW_MS)
      throw new MarketplaceError('rejected', 'the window is longer than Shopee allows (15 days)');
    const window = windowSeconds(input.updatedFrom, input.updatedTo);
    if (window.to < window.from) return { orders: [], nextCursor: null };
    const cursor = input.cursor === null ? '' : decodeCursor(input.cursor, window.from, window.to).next;
    const body = await callShopee({
      app: ctx.app,
      fetch: ctx.fetch,
      now: ctx.now(),
      method: 'GET',
      path: SHOPEE_PATHS.orderList,
      shop: shopOf(ctx),
      query: {
        time_range_field: 'update_time',
        time_from: String(window.from),
        time_to: String(window.to),
        page_size: String(LIST_PAGE_SIZE),
        cursor,
        response_optional_fields: 'order_status',
      },
    });
    const response = field(body.response, isRecord, 'get_order_list response');
    const list = field(response.order_list, isArray, 'get_order_list order_list');
    const orderNos = list.map((entry) =>
      field(isRecord(entry) ? entry.order_sn : undefined, isString, 'get_order_list order_sn'),
    );
    const more = response.more === true;
    const next = isString(response.next_cursor) ? response.next_cursor : '';
    if (more && next === '')
      throw new MarketplaceError('malformed', 'get_order_list says more but gives no next_cursor');
    // get_order_list names the orders only: their update_time comes with the details.
    const { orders, knownCount } = await orderDetails(ctx, orderNos, input.known);
    return {
      orders,
      ...(knownCount > 0 ? { knownCount } : {}),
      nextCursor: more ? encodeCursor({ ...window, next }) : null,
    };
  },

  /** get_order_detail for the named orders; unknown order_sn are left out. */
  async getOrders(ctx, orderNos) {
    return (await orderDetails(ctx, [...new Set(orderNos)])).orders;
  },

  /** get_shipping_parameter → ship_order → get_tracking_number (the number may come later). */
  arrangeShipment: (ctx, input) => arrangeShopeeShipment(ctx, input.orderNo),
  getShipment: (ctx, input) => getShopeeShipment(ctx, input.orderNo),
  /** create_shipping_document → get_shipping_document_result → download_shipping_document. */
  fetchLabel: (ctx, input) => fetchShopeeLabel(ctx, input),
  /** Our own carrier's number: ship_order with non_integrated on a non-integrated channel. */
  pushTracking: (ctx, input) => pushShopeeTracking(ctx, input),

  /**
   * A push whose Authorization is the HMAC of the URL it was posted to, "|" and the raw bytes.
   * Codes 3 (order status) and 4 (tracking number) name an order; 2 is the seller's cancellation.
   */
  verifyWebhook(app: AppConfig, request: WebhookRequest): WebhookNotice | null {
    if (!verifyShopeePush(app.appSecret, request.url, request.rawBody, request.headers.authorization))
      return null;
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(body)) return null;
    const data = isRecord(body.data) ? body.data : {};
    const shopId = body.shop_id ?? data.shop_id;
    const platformShopId = isNumber(shopId) || isString(shopId) ? String(shopId) : '';
    if (body.code === 3 || body.code === 4) {
      const orderNo = data.ordersn ?? data.order_sn;
      return { platformShopId, orderNos: isString(orderNo) ? [orderNo] : [], kind: 'order' };
    }
    return { platformShopId, orderNos: [], kind: body.code === 2 ? 'revoked' : 'other' };
  },
};
