/**
 * How the Lazada sandbox spells the world's orders: the GetOrders/GetOrder order, the
 * GetOrderItems item (one per unit sold), GetSeller, the token replies and the trade-order push,
 * in the shapes of the API reference's samples. Amounts are
 * decimal strings, times ISO-8601 at the venture's offset, numbers in counts as strings.
 */
import { randomBytes } from 'node:crypto';
import { CURRENCY_DECIMALS } from '@shared/domain/order.js';
import { splitAmount, type SandboxOrder, type SandboxShop, type SandboxStatus } from '../world-model.js';
import { lazadaAmount, lazadaTime } from './lazada-spec.js';

/** The world's neutral lifecycle as Lazada item statuses (in_cancel: pending, awaiting the seller). */
export const LAZADA_SANDBOX_STATUS: Readonly<Record<SandboxStatus, string>> = {
  unpaid: 'unpaid',
  ready_to_ship: 'pending',
  processed: 'packed',
  shipped: 'shipped',
  completed: 'delivered',
  in_cancel: 'pending',
  cancelled: 'canceled',
};

/** Packed orders the seller has set ready to ship (/order/package/rts); the world calls both 'processed'. */
export const readyToShip = new WeakSet<SandboxOrder>();

/** An order's item status: the neutral one in Lazada's words, ready_to_ship once set so. */
export function lazadaItemStatus(order: SandboxOrder): string {
  return order.status === 'processed' && readyToShip.has(order)
    ? 'ready_to_ship'
    : LAZADA_SANDBOX_STATUS[order.status];
}

/** GetOrders' status filter values (API reference). */
export const LAZADA_STATUS_FILTERS = [
  'unpaid',
  'pending',
  'packed',
  'canceled',
  'ready_to_ship',
  'delivered',
  'returned',
  'shipped',
  'failed',
  'topack',
  'toship',
  'shipping',
  'lost',
];

const COUNTRY_NAMES: Record<string, string> = {
  SG: 'Singapore',
  MY: 'Malaysia',
  TH: 'Thailand',
  VN: 'Vietnam',
  PH: 'Philippines',
  ID: 'Indonesia',
};

/** Minutes east of UTC of a venture's local time (Lazada writes times at the venture's offset). */
export function ventureOffsetMinutes(region: string): number {
  return ['TH', 'VN', 'ID'].includes(region.toUpperCase()) ? 420 : 480;
}

export function requestId(): string {
  return `0b${randomBytes(12).toString('hex')}`;
}

/** Lazada's error envelope, answered inside HTTP 200. */
export function lazadaErrorBody(code: string, message: string, type = 'ISV') {
  return { type, code, message, request_id: requestId() };
}

function at(shop: SandboxShop, ms: number): string {
  return lazadaTime(ms, ventureOffsetMinutes(shop.region));
}

function money(shop: SandboxShop, minor: number): string {
  return lazadaAmount(minor, CURRENCY_DECIMALS[shop.currency]);
}

/**
 * One item per unit, as GetOrderItems lists them. The order's voucher and shipping fee are spread
 * over its units by price (voucher_amount, shipping_amount), and paid_price is the unit's price
 * less its part of the voucher.
 */
export function renderItems(shop: SandboxShop, order: SandboxOrder): Record<string, unknown>[] {
  const status = lazadaItemStatus(order);
  const isPacked = ['processed', 'shipped', 'completed'].includes(order.status);
  const units = order.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.item));
  const prices = units.map((item) => item.unitPrice);
  const vouchers = splitAmount(order.amounts.discount, prices);
  const shipping = splitAmount(order.amounts.shipping, prices);
  return units.map((item, index) => ({
    order_item_id: `${order.orderId}${String(index + 1).padStart(3, '0')}`,
    order_id: order.orderId,
    name: item.title,
    variation: '',
    sku: item.sellerSku,
    shop_sku: `${item.itemId}-${item.variationId}`,
    sku_id: item.variationId,
    product_id: item.itemId,
    item_price: money(shop, item.unitPrice),
    paid_price: money(shop, item.unitPrice - (vouchers[index] ?? 0)),
    voucher_amount: money(shop, vouchers[index] ?? 0),
    shipping_amount: money(shop, shipping[index] ?? 0),
    tax_amount: '0.00',
    currency: shop.currency,
    status,
    shipment_provider: order.status === 'unpaid' ? '' : order.carrier,
    tracking_code: order.trackingNo,
    package_id: isPacked ? `FP${order.orderId}` : '',
    shipping_type: 'Dropshipping',
    shipping_provider_type: 'standard',
    warehouse_code: 'dropshipping',
    buyer_id: order.buyer.userId,
    sla_time_stamp: order.shipBy === null ? '' : at(shop, order.shipBy),
    payment_time: order.paidAt === null ? '' : String(order.paidAt),
    created_at: at(shop, order.createdAt),
    updated_at: at(shop, order.updatedAt),
    reason: '',
    cancel_return_initiator: order.status === 'cancelled' ? 'cancellation-customer' : '',
    is_fbl: '0',
    is_digital: '0',
    order_type: 'Normal',
  }));
}

/** The order as GetOrders and GetOrder give it. */
export function renderOrder(shop: SandboxShop, order: SandboxOrder): Record<string, unknown> {
  const items = renderItems(shop, order);
  const total = order.lines.reduce((sum, line) => sum + line.item.unitPrice * line.quantity, 0);
  const address = {
    first_name: order.address.name,
    last_name: '',
    phone: order.address.phone,
    phone2: '',
    address1: order.address.line1,
    address2: '',
    address3: order.address.region,
    address4: order.address.city,
    address5: '',
    city: order.address.city,
    post_code: order.address.postcode,
    country: COUNTRY_NAMES[order.address.country] ?? order.address.country,
  };
  return {
    order_id: order.orderId,
    order_number: order.orderId,
    created_at: at(shop, order.createdAt),
    updated_at: at(shop, order.updatedAt),
    statuses: [...new Set(items.map((item) => item.status))],
    items_count: String(items.length),
    // The items before vouchers; the world's vouchers are the seller's.
    price: money(shop, total),
    shipping_fee: money(shop, order.amounts.shipping),
    voucher: money(shop, order.amounts.discount),
    voucher_platform: '0.00',
    voucher_seller: money(shop, order.amounts.discount),
    payment_method: order.paidAt === null ? 'COD' : 'MIXEDCARD',
    warehouse_code: 'dropshipping',
    customer_first_name: order.buyer.name,
    customer_last_name: '',
    buyer_note: order.buyerMessage,
    remarks: '',
    gift_option: '0',
    gift_message: '',
    promised_shipping_times: order.shipBy === null ? '' : at(shop, order.shipBy),
    need_cancel_confirm: order.status === 'in_cancel' ? 'true' : 'false',
    is_cancel_pending: 'false',
    address_shipping: address,
    address_billing: address,
  };
}

/** GetSeller's data. */
export function renderSeller(shop: SandboxShop): Record<string, unknown> {
  return {
    seller_id: shop.shopId,
    name: shop.name,
    name_company: shop.name,
    short_code: `${shop.region.toUpperCase()}${shop.shopId}`,
    email: `seller${shop.shopId}@example.com`,
    logo_url: '',
    location: COUNTRY_NAMES[shop.region.toUpperCase()] ?? shop.region,
    cb: 'true',
    status: 'ACTIVE',
    verified: 'true',
  };
}

/** A /auth/token/create or /auth/token/refresh reply (the lists are named differently). */
export function renderTokens(
  shop: SandboxShop,
  tokens: { accessToken: string; refreshToken: string; accessExpiresAt: number; refreshExpiresAt: number },
  now: number,
  kind: 'create' | 'refresh',
): Record<string, unknown> {
  const country = shop.region.toLowerCase();
  const info = [
    {
      country,
      seller_id: shop.shopId,
      user_id: shop.shopId,
      short_code: `${shop.region.toUpperCase()}${shop.shopId}`,
    },
  ];
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: Math.max(0, Math.round((tokens.accessExpiresAt - now) / 1000)),
    refresh_expires_in: Math.max(0, Math.round((tokens.refreshExpiresAt - now) / 1000)),
    country,
    account_platform: 'seller_center',
    account: `seller${shop.shopId}@example.com`,
    account_id: '',
    [kind === 'create' ? 'country_user_info' : 'country_user_info_list']: info,
    code: '0',
    request_id: requestId(),
  };
}

/**
 * The trade-order push (message_type 0) announcing an order's change. The push carries no shop
 * record, so its site is the buyer's country (the venture the order was placed on).
 */
export function renderPush(order: SandboxOrder, now: number): string {
  return JSON.stringify({
    seller_id: order.shopId,
    message_type: 0,
    data: {
      order_status: lazadaItemStatus(order),
      trade_order_id: order.orderId,
      trade_order_line_id: `${order.orderId}001`,
      status_update_time: Math.floor(order.updatedAt / 1000),
    },
    timestamp: now,
    site: `lazada_${order.address.country.toLowerCase()}`,
  });
}
