/**
 * How the TikTok Shop sandbox spells the world's orders: the 202309 order
 * object with one line item per unit, money as decimal strings, times in unix seconds, a masked
 * phone; and `orders/search`'s filters, sort and opaque page token over the world's orders.
 */
import { CURRENCY_DECIMALS, type OrderCurrency } from '@shared/domain/order.js';
import type { SandboxOrder, SandboxStatus } from '../world-model.js';
import type { TiktokStatus } from './tiktok-spec.js';

/** The neutral lifecycle in TikTok's statuses; a buyer's cancel request is a flag, not a status. */
export const TIKTOK_SANDBOX_STATUS: Readonly<Record<SandboxStatus, TiktokStatus>> = {
  unpaid: 'UNPAID',
  ready_to_ship: 'AWAITING_SHIPMENT',
  processed: 'AWAITING_COLLECTION',
  shipped: 'IN_TRANSIT',
  completed: 'COMPLETED',
  in_cancel: 'AWAITING_SHIPMENT',
  cancelled: 'CANCELLED',
};

/** A line item's display_status for each neutral status. */
const DISPLAY_STATUS: Readonly<Record<SandboxStatus, string>> = {
  unpaid: 'UNPAID',
  ready_to_ship: 'TO_SHIP',
  processed: 'TO_SHIP',
  shipped: 'SHIPPED',
  completed: 'COMPLETED',
  in_cancel: 'TO_SHIP',
  cancelled: 'CANCELLED',
};

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Minor units as the decimal string TikTok sends ("129.50", "5000"). */
export function minorToDecimal(minor: number, currency: OrderCurrency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  if (decimals === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function maskPhone(phone: string): string {
  return phone.length <= 8 ? phone : `${phone.slice(0, 5)}***${phone.slice(-4)}`;
}

/** One order in TikTok's 202309 shape, one line item per unit sold. */
export function renderTiktokOrder(order: SandboxOrder): Record<string, unknown> {
  const tracking = order.trackingNo;
  let unit = 0;
  const lineItems = order.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => {
      unit += 1;
      return {
        id: String(577_000_000_000_000_000n + BigInt(order.seq) * 1000n + BigInt(unit)),
        sku_id: line.item.variationId,
        seller_sku: line.item.sellerSku,
        product_id: line.item.itemId,
        product_name: line.item.title,
        sku_name: '',
        sale_price: minorToDecimal(line.item.unitPrice, order.currency),
        original_price: minorToDecimal(line.item.unitPrice, order.currency),
        platform_discount: '0',
        seller_discount: '0',
        currency: order.currency,
        display_status: DISPLAY_STATUS[order.status],
        package_id: String(1_153_000_000_000_000_000n + BigInt(order.seq)),
        package_status: tracking === '' ? 'TO_FULFILL' : 'PROCESSING',
        tracking_number: tracking,
        shipping_provider_name: order.carrier,
        is_gift: false,
        cancel_reason: '',
      };
    }),
  );
  const goods = order.lines.reduce((sum, line) => sum + line.item.unitPrice * line.quantity, 0);
  const { total, shipping, discount } = order.amounts;
  const address = order.address;
  return {
    id: order.orderId,
    status: TIKTOK_SANDBOX_STATUS[order.status],
    create_time: unixSeconds(order.createdAt),
    update_time: unixSeconds(order.updatedAt),
    ...(order.paidAt === null ? {} : { paid_time: unixSeconds(order.paidAt) }),
    ...(order.shipBy === null ? {} : { rts_sla_time: unixSeconds(order.shipBy) }),
    user_id: String(7_021_436_810_468_000_000n + BigInt(order.buyer.userId)),
    buyer_email: `buyer${order.seq}@chat.seller.tiktok.com`,
    buyer_message: order.buyerMessage,
    shipping_type: order.sellerShips ? 'SELLER' : 'TIKTOK',
    fulfillment_type: 'FULFILLMENT_BY_SELLER',
    delivery_type: 'HOME_DELIVERY',
    shipping_provider: order.carrier,
    tracking_number: tracking,
    is_cod: false,
    is_on_hold_order: false,
    is_buyer_request_cancel: order.status === 'in_cancel',
    // The world's voucher is an order-level seller discount: the line items keep their prices.
    payment: {
      currency: order.currency,
      sub_total: minorToDecimal(goods - discount, order.currency),
      shipping_fee: minorToDecimal(shipping, order.currency),
      seller_discount: minorToDecimal(discount, order.currency),
      platform_discount: '0',
      tax: '0',
      total_amount: minorToDecimal(total, order.currency),
      original_total_product_price: minorToDecimal(goods, order.currency),
      original_shipping_fee: minorToDecimal(shipping, order.currency),
      shipping_fee_seller_discount: '0',
      shipping_fee_platform_discount: '0',
    },
    recipient_address: {
      name: address.name,
      phone_number: maskPhone(address.phone),
      full_address: [address.line1, address.city, address.region, address.postcode].join(', '),
      address_line1: address.line1,
      postal_code: address.postcode,
      region_code: address.country,
      district_info: [
        { address_level_name: 'Country', address_name: address.country, address_level: 'L0' },
        { address_level_name: 'Province', address_name: address.region, address_level: 'L1' },
        { address_level_name: 'City', address_name: address.city, address_level: 'L2' },
      ],
    },
    packages: [{ id: String(1_153_000_000_000_000_000n + BigInt(order.seq)) }],
    line_items: lineItems,
  };
}

/** The order-status name a webhook uses: CANCELLED is spelled CANCEL there. */
export function webhookStatus(order: SandboxOrder): string {
  const status = TIKTOK_SANDBOX_STATUS[order.status];
  return status === 'CANCELLED' ? 'CANCEL' : status;
}

// --- orders/search ---------------------------------------------------------------------------

export interface SearchFilters {
  updateGe: number;
  updateLt: number;
  createGe: number;
  createLt: number;
  status: string | null;
  sortField: 'create_time' | 'update_time';
  descending: boolean;
}

/** A page position: the sort key (seconds, order id) of the last order returned. */
type SortKey = [number, string];

function keyOf(order: SandboxOrder, sortField: SearchFilters['sortField']): SortKey {
  return [unixSeconds(sortField === 'update_time' ? order.updatedAt : order.createdAt), order.orderId];
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a[0] !== b[0]) return a[0] - b[0];
  if (a[1].length !== b[1].length) return a[1].length - b[1].length;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

export function encodePageToken(key: SortKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a page token holds; null when it is not one this sandbox issued. */
export function decodePageToken(token: string): SortKey | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'number' && typeof parsed[1] === 'string')
      return [parsed[0], parsed[1]];
  } catch {
    return null;
  }
  return null;
}

/** A shop's orders matching the filters, in the sort order, each with its sort key. */
export function searchMatching(
  orders: readonly SandboxOrder[],
  filters: SearchFilters,
): { order: SandboxOrder; key: SortKey }[] {
  return orders
    .filter((order) => {
      const updated = unixSeconds(order.updatedAt);
      const created = unixSeconds(order.createdAt);
      return (
        updated >= filters.updateGe &&
        updated < filters.updateLt &&
        created >= filters.createGe &&
        created < filters.createLt &&
        (filters.status === null || TIKTOK_SANDBOX_STATUS[order.status] === filters.status)
      );
    })
    .map((order) => ({ order, key: keyOf(order, filters.sortField) }))
    .sort((a, b) => (filters.descending ? -1 : 1) * compareKeys(a.key, b.key));
}

/**
 * One page of the search's matching orders (searchMatching), after `after` in the sort order (a
 * keyset position, so an order changed between pages is neither repeated nor skipped within the
 * window).
 */
export function searchPage(
  matching: readonly { order: SandboxOrder; key: SortKey }[],
  filters: SearchFilters,
  after: SortKey | null,
  pageSize: number,
): { page: SandboxOrder[]; total: number; nextToken: string } {
  const rest = after
    ? matching.filter((entry) => (filters.descending ? -1 : 1) * compareKeys(entry.key, after) > 0)
    : matching;
  const page = rest.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    page: page.map((entry) => entry.order),
    total: matching.length,
    nextToken: rest.length > pageSize && last ? encodePageToken(last.key) : '',
  };
}
