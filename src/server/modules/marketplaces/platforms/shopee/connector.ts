/**
 * The Shopee Open Platform v2 connector: a seller authorises on auth_partner
 * and comes back with `code` and `shop_id`; tokens last 4 hours and refresh with a single-use
 * refresh token; orders are listed by update_time in windows of at most 15 days and read with
 * get_order_detail (orders.ts). It keeps no state and retries nothing (connector.ts). Shopee's
 * own logistics arranges each package and issues its air waybill (logistics.ts).
 */
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type Connector,
  type ShopGrant,
  type WebhookNotice,
  type WebhookRequest,
} from '../../connector.js';
import { field, isNumber, isRecord, isString } from '../../http.js';
import { SHOPEE_PATHS, callShopee, commonQuery, shopeeId } from './client.js';
import {
  arrangeShopeeShipment,
  fetchShopeeLabel,
  getShopeeShipment,
  pushShopeeTracking,
} from './logistics.js';
import { SHOPEE_MAX_WINDOW_MS, getShopeeOrders, listShopeeOrders } from './orders.js';
import { verifyShopeePush } from './sign.js';
import { WEBHOOK_CLOCK_SKEW_MS, bodyKey, dateOfUnix, type WebhookWindow } from '../../webhook-window.js';

/**
 * A push is taken within 5 minutes of its signed `timestamp`: Shopee documents no retry period
 * for pushes, and 5 minutes is the validity it gives its own signed timestamps.
 */
export const SHOPEE_WEBHOOK_WINDOW: WebhookWindow = { pastMs: 5 * 60_000, futureMs: WEBHOOK_CLOCK_SKEW_MS };

/** The refresh token lives 30 days; Shopee's replies do not say. */
const REFRESH_LIFETIME_MS = 30 * 86_400_000;

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

  /** One page of the window's orders (orders.ts). */
  listOrders: (ctx, input) => listShopeeOrders(ctx, input),

  /** get_order_detail for the named orders; unknown order_sn are left out. */
  getOrders: (ctx, orderNos) => getShopeeOrders(ctx, orderNos),

  /** get_shipping_parameter → ship_order → get_tracking_number (the number may come later). */
  arrangeShipment: (ctx, input) => arrangeShopeeShipment(ctx, input.orderNo),
  getShipment: (ctx, input) => getShopeeShipment(ctx, input.orderNo),
  /** create_shipping_document → get_shipping_document_result → download_shipping_document. */
  fetchLabel: (ctx, input) => fetchShopeeLabel(ctx, input),
  /** Our own carrier's number: ship_order with non_integrated on a non-integrated channel. */
  pushTracking: (ctx, input) => pushShopeeTracking(ctx, input),

  webhookWindow: SHOPEE_WEBHOOK_WINDOW,

  /** get_shop_info with the shop's token: Shopee answers error_auth once the shop's link is gone. */
  async checkAuthorisation(ctx: CallContext): Promise<void> {
    await callShopee({
      app: ctx.app,
      fetch: ctx.fetch,
      now: ctx.now(),
      method: 'GET',
      path: SHOPEE_PATHS.shopInfo,
      shop: { accessToken: ctx.grant.accessToken, shopId: ctx.grant.platformShopId },
    });
  },

  /**
   * A push whose Authorization is the HMAC of the URL it was posted to, "|" and the raw bytes.
   * Codes 3 (order status) and 4 (tracking number) name an order; 2 is the seller's cancellation.
   * Shopee sends no delivery id: the signed body is the delivery's key, its `timestamp` its time.
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
    const delivery = {
      sentAt: dateOfUnix(body.timestamp, 'seconds'),
      deliveryKey: bodyKey(request.rawBody),
    };
    if (body.code === 3 || body.code === 4) {
      const orderNo = data.ordersn ?? data.order_sn;
      return { platformShopId, orderNos: isString(orderNo) ? [orderNo] : [], kind: 'order', ...delivery };
    }
    return { platformShopId, orderNos: [], kind: body.code === 2 ? 'revoked' : 'other', ...delivery };
  },
};
