/**
 * The Coupang Open API connector. Coupang has no OAuth and no redirect: the seller types the
 * vendor id and the access and secret keys issued in WING, which sign every call (sign.ts); the
 * grant keeps them in `extra` and never expires on our side (Coupang retires keys itself, which
 * reads as 'revoked').
 *
 * Coupang lists orders by payment day and box status, not by update time (orders.ts): a later
 * status change of an order paid in an earlier window (INSTRUCT → DEPARTURE …) is not listed
 * again, so the sync re-reads the shop's open orders with getOrders, up to `openOrderRereads` a
 * run, the longest unchecked first (sync.service.ts). Coupang documents no webhooks:
 * verifyWebhook always answers null. Coupang issues no label: the seller ships with a domestic
 * courier and uploads its invoice number (invoice.ts).
 */
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type Connector,
  type ShopGrant,
} from '../../connector.js';
import { coupangGet, coupangQuery, coupangVendorPath } from './client.js';
import { pushCoupangInvoice } from './invoice.js';
import { kstDate } from './kst.js';
import { COUPANG_MAX_WINDOW_MS, coupangCallOf, listCoupangOrders, readCoupangOrders } from './orders.js';

/**
 * Open orders a sync re-reads by number (one call each: Coupang publishes no rate limit, so a run
 * stays modest); every open order is re-read in turn across runs.
 */
const OPEN_ORDER_REREADS = 200;

function noRedirect(): never {
  throw new MarketplaceError(
    'rejected',
    'Coupang has no authorisation redirect: the seller enters the vendor id and Open API keys',
  );
}

export const coupangConnector: Connector = {
  platform: 'coupang',
  authorisation: 'keys',
  logistics: 'seller',
  maxWindowMs: COUPANG_MAX_WINDOW_MS,
  openOrderRereads: OPEN_ORDER_REREADS,

  /** Coupang has no redirect flow: always 'rejected' (use connectWithKeys). */
  authoriseUrl(): string {
    return noRedirect();
  },

  /** Coupang has no redirect flow: always 'rejected' (use connectWithKeys). */
  async exchangeCode(): Promise<ShopGrant> {
    return noRedirect();
  },

  /**
   * Checks the typed vendor id and keys with one cheap signed call (today's first paid sheet)
   * and keeps them as the grant: no access token, nothing that expires on our side.
   */
  async connectWithKeys(app: AppConfig, input): Promise<ShopGrant> {
    const keys = {
      vendorId: (input.keys.vendorId ?? '').trim(),
      accessKey: (input.keys.accessKey ?? '').trim(),
      secretKey: (input.keys.secretKey ?? '').trim(),
    };
    if (!keys.vendorId || !keys.accessKey || !keys.secretKey)
      throw new MarketplaceError(
        'rejected',
        'Coupang needs the vendor id, the access key and the secret key',
      );
    const today = kstDate(input.now.getTime());
    await coupangGet({
      fetch: input.fetch,
      now: () => input.now,
      apiUrl: app.apiUrl,
      keys,
      path: `${coupangVendorPath(keys.vendorId)}/ordersheets`,
      query: coupangQuery([
        ['createdAtFrom', today],
        ['createdAtTo', today],
        ['maxPerPage', '1'],
        ['status', 'ACCEPT'],
      ]),
    });
    return {
      platformShopId: keys.vendorId,
      shopName: keys.vendorId,
      accessToken: '',
      refreshToken: '',
      accessExpiresAt: null,
      refreshExpiresAt: null,
      extra: { ...keys },
    };
  },

  /** Coupang keys are not refreshed: the grant comes back unchanged. */
  async refreshGrant(ctx: CallContext): Promise<ShopGrant> {
    return ctx.grant;
  },

  /** One page of the window's orders (orders.ts); refuses a window over 31 days. */
  listOrders: (ctx, input) => listCoupangOrders(ctx, input),

  /** The named orders, whole (every box), read one by one by orderId; unknown ones left out. */
  async getOrders(ctx, orderNos) {
    return readCoupangOrders(coupangCallOf(ctx), orderNos);
  },

  /** Uploads our carrier's invoice number for the order's boxes (invoice.ts). */
  async pushTracking(ctx, input) {
    return pushCoupangInvoice(coupangCallOf(ctx), input);
  },

  /** Coupang documents no webhooks: nothing is ever verified. */
  verifyWebhook() {
    return null;
  },
};
