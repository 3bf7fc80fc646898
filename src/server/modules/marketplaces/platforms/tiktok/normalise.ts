/**
 * A TikTok Shop order (202309 `orders/search` and `orders?ids=`) read into
 * our MarketplaceOrder: its status mapped to the spec's platform statuses, its per-unit line
 * items grouped to one line per product and SKU with a quantity, its decimal-string prices in
 * integer minor units, its unix-second times in ISO-8601.
 */
import { ORDER_CURRENCIES, type OrderCurrency, type PlatformStatus } from '@shared/domain/order.js';
import { decimalToMinor, linesTotal, optionalMinor, orderAmounts } from '../../amounts.js';
import {
  MarketplaceError,
  type ListedOrder,
  type MarketplaceAmounts,
  type MarketplaceLine,
  type MarketplaceOrder,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString } from '../../http.js';

/** The order statuses TikTok Shop documents for 202309 (the webhook spells CANCELLED as CANCEL). */
export const TIKTOK_ORDER_STATUSES = [
  'UNPAID',
  'ON_HOLD',
  'AWAITING_SHIPMENT',
  'PARTIALLY_SHIPPING',
  'AWAITING_COLLECTION',
  'IN_TRANSIT',
  'DELIVERED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type TiktokOrderStatus = (typeof TIKTOK_ORDER_STATUSES)[number];

/**
 * TikTok's status → the spec's platform status.
 * - ON_HOLD: paid but inside the buyer's free-cancel period, and TikTok does not let it ship
 *   yet, so it waits with the unpaid ones rather than entering the review queue.
 * - AWAITING_COLLECTION: the label is arranged but the parcel is still with the seller until
 *   the carrier collects it, so it stays ready to ship.
 * - PARTIALLY_SHIPPING: some packages left; shipping has started.
 * - DELIVERED: delivered, waiting for the buyer's confirmation before COMPLETED.
 */
export const TIKTOK_STATUS_MAP: Readonly<Record<TiktokOrderStatus | 'CANCEL', PlatformStatus>> = {
  UNPAID: 'UNPAID',
  ON_HOLD: 'UNPAID',
  AWAITING_SHIPMENT: 'READY_TO_SHIP',
  PARTIALLY_SHIPPING: 'STARTSHIP',
  AWAITING_COLLECTION: 'READY_TO_SHIP',
  IN_TRANSIT: 'IN_TRANSIT',
  DELIVERED: 'TO_CONFIRM_RECEIVE',
  COMPLETED: 'COMPLETED',
  CANCELLED: 'CANCELLED',
  CANCEL: 'CANCELLED',
};

/** Statuses in which a buyer's open cancellation request (is_buyer_request_cancel) means IN_CANCEL. */
const CANCELLABLE: ReadonlySet<string> = new Set([
  'UNPAID',
  'ON_HOLD',
  'AWAITING_SHIPMENT',
  'AWAITING_COLLECTION',
]);

/** The spec's platform status for a TikTok order's status and its buyer-cancel flag. */
export function tiktokPlatformStatus(status: string, isBuyerRequestCancel: boolean): PlatformStatus {
  const mapped = (TIKTOK_STATUS_MAP as Readonly<Record<string, PlatformStatus>>)[status];
  if (!mapped) throw new MarketplaceError('malformed', `unknown TikTok order status ${status}`);
  return isBuyerRequestCancel && CANCELLABLE.has(status) ? 'IN_CANCEL' : mapped;
}

/** Unix seconds in ISO-8601 (UTC, with its Z offset); null for an absent or zero time. */
export function unixToIso(seconds: unknown): string | null {
  return isNumber(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

function requiredIso(value: unknown, what: string): string {
  const iso = unixToIso(value);
  if (iso === null) throw new MarketplaceError('malformed', `the reply lacks ${what}`);
  return iso;
}

function text(value: unknown): string {
  return isString(value) ? value : '';
}

function currencyOf(value: unknown): OrderCurrency {
  const code = field(value, isString, 'payment.currency');
  const known = ORDER_CURRENCIES.find((currency) => currency === code);
  if (!known) throw new MarketplaceError('malformed', `currency ${code} is not one we keep orders in`);
  return known;
}

/** One line per product and SKU: TikTok lists one line item per unit sold. */
function groupLines(items: unknown[], currency: OrderCurrency, orderCancelled: boolean): MarketplaceLine[] {
  const grouped = new Map<string, MarketplaceLine & { total: number }>();
  for (const raw of items) {
    const item = field(raw, isRecord, 'a line item');
    // A unit cancelled on its own (item-level cancellation) is not shipped; a cancelled order keeps its lines.
    if (!orderCancelled && item.display_status === 'CANCELLED') continue;
    const itemId = field(item.product_id, isString, 'line_items[].product_id');
    const variationId = field(item.sku_id, isString, 'line_items[].sku_id');
    const price = decimalToMinor(item.sale_price, currency, 'line_items[].sale_price');
    const key = `${itemId}\u0000${variationId}`;
    const line = grouped.get(key);
    if (line) {
      line.quantity += 1;
      line.total += price;
      continue;
    }
    const skuName = text(item.sku_name).trim();
    const productName = text(item.product_name).trim();
    grouped.set(key, {
      itemId,
      variationId,
      sellerSku: text(item.seller_sku).trim(),
      barcode: '',
      title: skuName === '' || skuName === 'Default' ? productName : `${productName} (${skuName})`,
      quantity: 1,
      unitPrice: price,
      total: price,
    });
  }
  // Units of one SKU normally share a price; when a discount split them, the line carries their mean.
  return [...grouped.values()].map(({ total, ...line }) => ({
    ...line,
    unitPrice: Math.round(total / line.quantity),
  }));
}

function addressLine(address: Record<string, unknown>): string {
  const full = text(address.full_address).trim();
  if (full !== '') return full;
  const districts = isArray(address.district_info)
    ? address.district_info
        .filter(isRecord)
        .map((district) => text(district.address_name).trim())
        .reverse()
    : [];
  return [
    text(address.address_detail),
    text(address.address_line1),
    text(address.address_line2),
    text(address.address_line3),
    text(address.address_line4),
    ...districts,
    text(address.postal_code),
  ]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

/**
 * The order's amounts as its `payment` states them: total_amount (what the buyer pays),
 * shipping_fee (charged to the buyer, after shipping discounts) and the product discounts,
 * seller_discount + platform_discount. An absent total is the goods before discounts
 * (original_total_product_price, or sub_total, which is after them, plus the discounts) +
 * shipping − discounts.
 */
export function tiktokAmounts(
  payment: Record<string, unknown>,
  lines: readonly MarketplaceLine[],
  currency: OrderCurrency,
): MarketplaceAmounts {
  const amount = (key: string) => optionalMinor(payment[key], currency, `payment.${key}`);
  const seller = amount('seller_discount');
  const platform = amount('platform_discount');
  const discount = seller === null && platform === null ? null : (seller ?? 0) + (platform ?? 0);
  const goods =
    amount('original_total_product_price') ?? (amount('sub_total') ?? linesTotal(lines)) + (discount ?? 0);
  return orderAmounts(goods, { total: amount('total_amount'), shipping: amount('shipping_fee'), discount });
}

/** An order's id and update_time (epoch ms) as normaliseTiktokOrder reads them; null when unreadable. */
export function listedTiktokOrder(raw: unknown): ListedOrder | null {
  if (!isRecord(raw) || !isString(raw.id)) return null;
  const updatedAt = unixToIso(raw.update_time);
  return updatedAt === null ? null : { orderNo: raw.id, updatedAt: Date.parse(updatedAt) };
}

/**
 * A TikTok order as its API returns it, normalised. Throws 'malformed' when a field the sync
 * needs (id, status, times, currency, line items with product, SKU and price) is missing, or an
 * amount of its payment is not one.
 */
export function normaliseTiktokOrder(raw: unknown): MarketplaceOrder {
  const order = field(raw, isRecord, 'an order object');
  const orderNo = field(order.id, isString, 'order id');
  const rawStatus = field(order.status, isString, `status of order ${orderNo}`);
  const payment = field(order.payment, isRecord, `payment of order ${orderNo}`);
  const currency = currencyOf(payment.currency);
  const items = field(order.line_items, isArray, `line_items of order ${orderNo}`);
  if (items.length === 0) throw new MarketplaceError('malformed', `order ${orderNo} has no line items`);
  const address = isRecord(order.recipient_address) ? order.recipient_address : {};
  const platformStatus = tiktokPlatformStatus(rawStatus, order.is_buyer_request_cancel === true);
  const lines = groupLines(items, currency, rawStatus === 'CANCELLED');
  const firstTracking = items
    .filter(isRecord)
    .map((item) => text(item.tracking_number))
    .find((no) => no !== '');
  return {
    orderNo,
    platformStatus,
    rawStatus,
    orderedAt: requiredIso(order.create_time, `create_time of order ${orderNo}`),
    updatedAt: requiredIso(order.update_time, `update_time of order ${orderNo}`),
    paidAt: unixToIso(order.paid_time),
    shipBy: unixToIso(order.rts_sla_time) ?? unixToIso(order.shipping_due_time),
    currency,
    // TikTok names the buyer only by user id and a relay e-mail; the recipient is who ordered.
    buyerName: text(address.name) || text(order.user_id),
    recipientName: text(address.name),
    recipientPhone: text(address.phone_number),
    recipientAddress: addressLine(address),
    buyerMessage: text(order.buyer_message),
    logisticsChannel: text(order.shipping_provider) || text(order.delivery_option_name),
    trackingNo: text(order.tracking_number) || (firstTracking ?? ''),
    lines,
    amounts: tiktokAmounts(payment, lines, currency),
  };
}
