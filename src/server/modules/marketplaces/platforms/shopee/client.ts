/**
 * One signed call to Shopee Open Platform v2: the common parameters
 * (partner_id, timestamp, sign, plus access_token and shop_id for shop APIs) in the query,
 * business parameters in the query for GET and as a JSON body for POST, the envelope read by
 * readShopeeEnvelope. Nothing is retried here.
 */
import type { AppConfig } from '../../connector.js';
import { requestJson } from '../../http.js';
import { readShopeeEnvelope } from './errors.js';
import { signShopeeRequest } from './sign.js';

export const SHOPEE_PATHS = {
  authPartner: '/api/v2/shop/auth_partner',
  tokenGet: '/api/v2/auth/token/get',
  accessTokenGet: '/api/v2/auth/access_token/get',
  shopInfo: '/api/v2/shop/get_shop_info',
  orderList: '/api/v2/order/get_order_list',
  orderDetail: '/api/v2/order/get_order_detail',
  shippingParameter: '/api/v2/logistics/get_shipping_parameter',
  shipOrder: '/api/v2/logistics/ship_order',
  trackingNumber: '/api/v2/logistics/get_tracking_number',
  createDocument: '/api/v2/logistics/create_shipping_document',
  documentResult: '/api/v2/logistics/get_shipping_document_result',
  downloadDocument: '/api/v2/logistics/download_shipping_document',
} as const;

export interface ShopeeCall {
  app: AppConfig;
  fetch: typeof fetch;
  now: Date;
  method: 'GET' | 'POST';
  path: string;
  /** Shop APIs: the shop's token and id (signed and sent); public APIs leave it out. */
  shop?: { accessToken: string; shopId: string };
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** Shopee's timestamp: whole unix seconds of the caller's clock. */
export function shopeeTimestamp(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

/** The common query of a signed request, in the documented order. */
export function commonQuery(
  app: AppConfig,
  path: string,
  now: Date,
  shop?: { accessToken: string; shopId: string },
): URLSearchParams {
  const timestamp = shopeeTimestamp(now);
  const query = new URLSearchParams({
    partner_id: app.appKey,
    timestamp: String(timestamp),
    sign: signShopeeRequest(app.appSecret, {
      partnerId: app.appKey,
      path,
      timestamp,
      ...(shop ? { shop } : {}),
    }),
  });
  if (shop) {
    query.set('access_token', shop.accessToken);
    query.set('shop_id', shop.shopId);
  }
  return query;
}

/** The signed URL and request of one call (the query common parameters first, then the call's own). */
export function shopeeRequest(call: ShopeeCall): { url: string; init: RequestInit } {
  const query = commonQuery(call.app, call.path, call.now, call.shop);
  for (const [name, value] of Object.entries(call.query ?? {})) query.set(name, value);
  const init: RequestInit = { method: call.method, headers: { accept: 'application/json' } };
  if (call.method === 'POST') {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(call.body ?? {});
  }
  return { url: `${call.app.apiUrl}${call.path}?${query.toString()}`, init };
}

/** Sends one signed request and returns the envelope's body; throws our MarketplaceError otherwise. */
export async function callShopee(call: ShopeeCall): Promise<Record<string, unknown>> {
  const { url, init } = shopeeRequest(call);
  return readShopeeEnvelope(await requestJson(call.fetch, url, init), call.now);
}

/** Shopee ids go out as JSON integers (partner_id, shop_id); the id text when it is not one. */
export function shopeeId(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}
