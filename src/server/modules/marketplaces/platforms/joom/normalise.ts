/**
 * A Joom Merchant API v3 order (`GET /api/v3/orders/multi`, `GET /api/v3/orders?id=`) read into
 * our MarketplaceOrder. THIRD-PARTY SOURCES ONLY.
 *
 * A Joom order is ONE product variant with an order-level `quantity`, so it reads as exactly one
 * line; a buyer's basket of several products arrives as several Joom orders.
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
import { field, isNumber, isRecord, isString } from '../../http.js';

/** The order states the v3 docs' "Order States" table lists. */
export const JOOM_ORDER_STATUSES = [
  'approved',
  'fulfilledOnline',
  'shipped',
  'cancelled',
  'paidByJoomRefund',
  'refunded',
  'returnInitiated',
  'returnExpired',
  'returnArrived',
  'returnCompleted',
  'returnDeclined',
] as const;
export type JoomOrderStatus = (typeof JOOM_ORDER_STATUSES)[number];

/**
 * Joom state → the spec's platform status. Joom lists an order only once it has approved the
 * payment, so there is no UNPAID; nor is there a delivered state (shipped is the last one).
 * - approved: awaits the merchant → READY_TO_SHIP;
 * - fulfilledOnline: the merchant bought a Joom Logistics label, the carrier has not scanned it
 *   yet (Joom may still cancel it) → STARTSHIP;
 * - shipped: shipped offline or scanned by Joom Logistics → SHIPPED;
 * - cancelled (merchant's fault), paidByJoomRefund (cancelled by Joom, merchant still paid),
 *   refunded → CANCELLED: nothing more is to be sent;
 * - returnInitiated, returnArrived, returnCompleted: goods on their way back or back → TO_RETURN;
 * - returnExpired (the return never came), returnDeclined (merchant refused it) → COMPLETED:
 *   the sale stands.
 */
export const JOOM_STATUS_MAP: Readonly<Record<JoomOrderStatus, PlatformStatus>> = {
  approved: 'READY_TO_SHIP',
  fulfilledOnline: 'STARTSHIP',
  shipped: 'SHIPPED',
  cancelled: 'CANCELLED',
  paidByJoomRefund: 'CANCELLED',
  refunded: 'CANCELLED',
  returnInitiated: 'TO_RETURN',
  returnArrived: 'TO_RETURN',
  returnCompleted: 'TO_RETURN',
  returnExpired: 'COMPLETED',
  returnDeclined: 'COMPLETED',
};

const DAY_MS = 86_400_000;

/** A Joom state in the spec's platform statuses; 'malformed' for a state Joom does not document. */
export function joomPlatformStatus(raw: string): PlatformStatus {
  if (!(JOOM_ORDER_STATUSES as readonly string[]).includes(raw))
    throw new MarketplaceError('malformed', `unknown Joom order status ${raw}`);
  return JOOM_STATUS_MAP[raw as JoomOrderStatus];
}

/** Integer minor units as Joom writes a price: a dot-separated decimal string ("10.30"). */
export function minorToDecimal(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** An RFC 3339 time as ISO-8601 in UTC; 'malformed' when it is not one. */
function isoTime(value: unknown, what: string): string {
  const text = field(value, isString, what);
  const at = Date.parse(text);
  if (!RFC3339.test(text) || Number.isNaN(at))
    throw new MarketplaceError('malformed', `${what} is not an RFC 3339 time: ${text}`);
  return new Date(at).toISOString();
}

function optionalIso(value: unknown, what: string): string | null {
  return value === undefined || value === null || value === '' ? null : isoTime(value, what);
}

function text(value: unknown): string {
  return isString(value) ? value : isNumber(value) ? String(value) : '';
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** The shipping address in one line, street first, country last, repeated parts said once. */
export function joomAddressLine(address: Record<string, unknown>): string {
  const parts = [
    address.street ?? address.streetAddress1,
    address.streetAddress2,
    address.house,
    address.block,
    address.building,
    address.flat,
    address.city,
    address.state,
    address.zipCode,
    address.country,
  ]
    .map((part) => text(part).trim())
    .filter((part) => part !== '');
  return parts.filter((part, index) => parts.indexOf(part) === index).join(', ');
}

/** An order's id and updateTimestamp (epoch ms) as normaliseJoomOrder reads them; null when unreadable. */
export function listedJoomOrder(raw: unknown): ListedOrder | null {
  if (!isRecord(raw) || !isString(raw.id) || !isString(raw.updateTimestamp)) return null;
  const at = Date.parse(raw.updateTimestamp);
  return RFC3339.test(raw.updateTimestamp) && !Number.isNaN(at) ? { orderNo: raw.id, updatedAt: at } : null;
}

/**
 * One Joom order as our MarketplaceOrder: one line (the variant, with the order's quantity),
 * prices in minor units of the order's currency, the state mapped by JOOM_STATUS_MAP.
 * Missing required fields (id, status, times, quantity, currency, product and variant ids, a
 * price) or an amount that is not one throw 'malformed'.
 */
export function normaliseJoomOrder(raw: unknown): MarketplaceOrder {
  const order = field(raw, isRecord, 'a Joom order object');
  const orderNo = field(order.id, isString, 'order id');
  const rawStatus = field(order.status, isString, `status of ${orderNo}`);
  const currencyCode = field(order.currency, isString, `currency of ${orderNo}`);
  if (!(ORDER_CURRENCIES as readonly string[]).includes(currencyCode))
    throw new MarketplaceError('malformed', `${orderNo}: currency ${currencyCode} is not one we keep`);
  const currency = currencyCode as OrderCurrency;
  const quantity = field(order.quantity, isNumber, `quantity of ${orderNo}`);
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new MarketplaceError('malformed', `${orderNo}: quantity ${quantity} is not a positive integer`);

  const product = field(order.product, isRecord, `product of ${orderNo}`);
  const variant = field(product.variant, isRecord, `product.variant of ${orderNo}`);
  const priceInfo = field(order.priceInfo, isRecord, `priceInfo of ${orderNo}`);
  const line: MarketplaceLine = {
    itemId: field(product.id, isString, `product.id of ${orderNo}`),
    variationId: field(variant.id, isString, `product.variant.id of ${orderNo}`),
    sellerSku: text(variant.sku) || text(product.sku),
    barcode: text(variant.gtin),
    title: text(product.name) || text(variant.name),
    quantity,
    unitPrice: unitPriceOf(orderNo, priceInfo, quantity, currency),
  };

  const orderedAt = isoTime(order.orderTimestamp, `orderTimestamp of ${orderNo}`);
  const address = record(order.shippingAddress);
  const shipment = record(order.shipment);
  const daysToFulfill = order.daysToFulfill;
  return {
    orderNo,
    platformStatus: joomPlatformStatus(rawStatus),
    rawStatus,
    orderedAt,
    updatedAt: isoTime(order.updateTimestamp, `updateTimestamp of ${orderNo}`),
    // Joom lists only orders whose payment it approved: approval is the payment time.
    paidAt: optionalIso(order.approvedTimestamp, `approvedTimestamp of ${orderNo}`) ?? orderedAt,
    // [UNCONFIRMED] daysToFulfill counted from the order time; no ship-by timestamp is documented.
    shipBy:
      isNumber(daysToFulfill) && daysToFulfill > 0
        ? new Date(Date.parse(orderedAt) + daysToFulfill * DAY_MS).toISOString()
        : null,
    currency,
    // Joom names no buyer apart from the recipient.
    buyerName: '',
    recipientName: text(address.name),
    recipientPhone: text(address.phoneNumber),
    recipientAddress: joomAddressLine(address),
    buyerMessage: '',
    logisticsChannel: text(shipment.provider) || text(record(order.shippingOption).tierName),
    trackingNo: text(shipment.trackingNumber) || text(order.trackingNumber),
    lines: [line],
    amounts: joomAmounts(orderNo, priceInfo, [line], currency),
  };
}

/**
 * The order's amounts from its priceInfo [3P]: orderPrice (the variant's price times the quantity)
 * and shippingPrice. Joom states no discount and no grand total: the total is orderPrice +
 * shippingPrice, orderPrice when absent being the line's unit price times its quantity.
 */
export function joomAmounts(
  orderNo: string,
  priceInfo: Record<string, unknown>,
  lines: readonly MarketplaceLine[],
  currency: OrderCurrency,
): MarketplaceAmounts {
  const amount = (key: string) => optionalMinor(priceInfo[key], currency, `priceInfo.${key} of ${orderNo}`);
  return orderAmounts(amount('orderPrice') ?? linesTotal(lines), {
    total: null,
    shipping: amount('shippingPrice'),
    discount: null,
  });
}

/** priceInfo.unitPrice; or orderPrice split over the quantity when it splits exactly in minor units. */
function unitPriceOf(
  orderNo: string,
  priceInfo: Record<string, unknown>,
  quantity: number,
  currency: OrderCurrency,
): number {
  if (isString(priceInfo.unitPrice))
    return decimalToMinor(priceInfo.unitPrice, currency, `priceInfo.unitPrice of ${orderNo}`);
  if (isString(priceInfo.orderPrice)) {
    const total = decimalToMinor(priceInfo.orderPrice, currency, `priceInfo.orderPrice of ${orderNo}`);
    if (total % quantity === 0) return total / quantity;
  }
  throw new MarketplaceError('malformed', `the reply lacks priceInfo.unitPrice of ${orderNo}`);
}
