/**
 * A Shopify order as the GraphQL Admin API returns it (SHOPIFY_ORDERS_QUERY's SyncOrder) read into
 * our MarketplaceOrder: the spec's platform status from Shopify's three order states, one line per
 * product and variant, money in integer minor units from Shopify's decimal strings (shop money,
 * never presentment money), times in ISO-8601 UTC.
 */
import { decimalToMinor, linesTotal, orderAmounts } from '../../amounts.js';
import {
  MarketplaceError,
  type MarketplaceAmounts,
  type MarketplaceLine,
  type MarketplaceOrder,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString } from '../../http.js';
import { ORDER_CURRENCIES, type OrderCurrency, type PlatformStatus } from '@shared/domain/order.js';

/**
 * Shopify has no single order status: an order is cancelled or not (`cancelledAt`), and has a
 * financial and a fulfillment status. Read in this order (first row that matches wins):
 *
 * | cancelledAt | displayFinancialStatus            | displayFulfillmentStatus               | → status       |
 * |-------------|-----------------------------------|----------------------------------------|----------------|
 * | set         | any                               | any                                    | CANCELLED      |
 * | null        | REFUNDED                          | FULFILLED, PARTIALLY_FULFILLED         | TO_RETURN      |
 * | null        | REFUNDED, VOIDED                  | any other                              | CANCELLED      |
 * | null        | PENDING, PARTIALLY_PAID, EXPIRED  | any                                    | UNPAID         |
 * | null        | any                               | RESTOCKED                              | CANCELLED      |
 * | null        | any (paid or authorised)          | FULFILLED, order closed (archived)     | COMPLETED      |
 * | null        | any (paid or authorised)          | FULFILLED                              | SHIPPED        |
 * | null        | any (paid or authorised)          | UNFULFILLED, PARTIALLY_FULFILLED, OPEN, IN_PROGRESS, PENDING_FULFILLMENT, SCHEDULED, ON_HOLD, REQUEST_DECLINED | READY_TO_SHIP |
 *
 * AUTHORIZED counts as paid: Shopify merchants ship authorised orders and capture on fulfilment.
 * PENDING is a manual payment (bank deposit, cash on delivery) not yet marked paid: UNPAID until
 * the merchant marks it. PARTIALLY_FULFILLED stays READY_TO_SHIP: lines are left to ship. Shopify
 * has no cancellation-request state, so IN_CANCEL never comes from it.
 */
export function shopifyPlatformStatus(input: {
  cancelled: boolean;
  closed: boolean;
  financial: string;
  fulfillment: string;
}): PlatformStatus {
  const { financial, fulfillment } = input;
  const hasShipped = fulfillment === 'FULFILLED' || fulfillment === 'PARTIALLY_FULFILLED';
  if (input.cancelled) return 'CANCELLED';
  if (financial === 'REFUNDED' && hasShipped) return 'TO_RETURN';
  if (financial === 'REFUNDED' || financial === 'VOIDED') return 'CANCELLED';
  if (financial === 'PENDING' || financial === 'PARTIALLY_PAID' || financial === 'EXPIRED') return 'UNPAID';
  if (fulfillment === 'RESTOCKED') return 'CANCELLED';
  if (fulfillment === 'FULFILLED') return input.closed ? 'COMPLETED' : 'SHIPPED';
  return 'READY_TO_SHIP';
}

/** The numeric id at the end of a Shopify GID (gid://shopify/Order/450789469 → 450789469). */
export function gidTail(gid: string): string {
  const tail = gid.slice(gid.lastIndexOf('/') + 1);
  return tail.split('?')[0] ?? '';
}

const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** An ISO-8601 time from Shopify in our form (UTC, with its Z offset); 'malformed' when unreadable. */
function isoTime(value: unknown, what: string): string {
  const text = field(value, isString, what);
  const at = Date.parse(text);
  if (Number.isNaN(at)) throw new MarketplaceError('malformed', `${what} "${text}" is not a time`);
  return new Date(at).toISOString();
}

function optionalText(record: Record<string, unknown> | null, key: string): string {
  const value = record?.[key];
  return isString(value) ? value.trim() : '';
}

function currencyOf(value: unknown): OrderCurrency {
  const code = field(value, isString, 'currencyCode');
  const known = ORDER_CURRENCIES.find((currency) => currency === code);
  if (!known) throw new MarketplaceError('malformed', `the currency ${code} is not one we keep`);
  return known;
}

/** When the order was paid: its first successful sale or capture; null while it has none. */
function paidAtOf(order: Record<string, unknown>): string | null {
  const transactions = isArray(order.transactions) ? order.transactions : [];
  const paid = transactions
    .filter(isRecord)
    .filter((entry) => (entry.kind === 'SALE' || entry.kind === 'CAPTURE') && entry.status === 'SUCCESS')
    .map((entry) => isoTime(entry.processedAt, 'transactions.processedAt'))
    .sort();
  return paid[0] ?? null;
}

function trackingOf(order: Record<string, unknown>): string {
  const fulfillments = isArray(order.fulfillments) ? order.fulfillments.filter(isRecord) : [];
  for (const fulfillment of fulfillments) {
    const entries = isArray(fulfillment.trackingInfo) ? fulfillment.trackingInfo.filter(isRecord) : [];
    const number = entries.map((entry) => optionalText(entry, 'number')).find((text) => text !== '');
    if (number) return number;
  }
  return '';
}

interface ReadLine {
  line: MarketplaceLine;
  ordered: number;
  current: number;
}

function readLine(node: unknown, currency: OrderCurrency): ReadLine {
  const line = field(node, isRecord, 'a line item');
  const variant = isRecord(line.variant) ? line.variant : null;
  const product = isRecord(line.product) ? line.product : null;
  const price = field(line.originalUnitPriceSet, isRecord, 'originalUnitPriceSet');
  const shopMoney = field(price.shopMoney, isRecord, 'originalUnitPriceSet.shopMoney');
  const ordered = field(line.quantity, isNumber, 'lineItems.quantity');
  const current = isNumber(line.currentQuantity) ? line.currentQuantity : ordered;
  const lineId = gidTail(field(line.id, isString, 'lineItems.id'));
  return {
    // A custom line (no product or variant) keeps its own line id as its item.
    line: {
      itemId: product && isString(product.id) ? gidTail(product.id) : `line-${lineId}`,
      variationId: variant && isString(variant.id) ? gidTail(variant.id) : '',
      sellerSku: optionalText(line, 'sku'),
      barcode: optionalText(variant, 'barcode'),
      title: field(line.name, isString, 'lineItems.name'),
      quantity: ordered,
      unitPrice: decimalToMinor(shopMoney.amount, currency, 'originalUnitPriceSet.shopMoney.amount'),
    },
    ordered,
    current,
  };
}

/**
 * One line per product and variant. The quantity is what is left to ship (`currentQuantity`:
 * an edit or refund takes lines away); an order whose every line is gone (cancelled, refunded)
 * keeps its ordered quantities so its record still shows what was bought. Two lines of the same
 * variant (different discounts or properties) add up; the unit price is their average.
 */
export function groupShopifyLines(nodes: readonly unknown[], currency: OrderCurrency): MarketplaceLine[] {
  const read = nodes.map((node) => readLine(node, currency));
  const hasCurrent = read.some((entry) => entry.current > 0);
  const grouped = new Map<string, { line: MarketplaceLine; total: number }>();
  for (const entry of read) {
    const quantity = hasCurrent ? entry.current : entry.ordered;
    if (quantity <= 0) continue;
    const key = `${entry.line.itemId}\u0000${entry.line.variationId}`;
    const found = grouped.get(key);
    if (found) {
      found.line.quantity += quantity;
      found.total += entry.line.unitPrice * quantity;
    } else {
      grouped.set(key, { line: { ...entry.line, quantity }, total: entry.line.unitPrice * quantity });
    }
  }
  return [...grouped.values()].map(({ line, total }) => ({
    ...line,
    unitPrice: Math.round(total / line.quantity),
  }));
}

/** A MoneyBag's shop money (never presentment money) in minor units; null when the order has no such set. */
function shopMoneyOf(order: Record<string, unknown>, key: string, currency: OrderCurrency): number | null {
  const bag = order[key];
  if (bag === undefined || bag === null) return null;
  const shopMoney = field(field(bag, isRecord, key).shopMoney, isRecord, `${key}.shopMoney`);
  return decimalToMinor(shopMoney.amount, currency, `${key}.shopMoney.amount`);
}

/**
 * The order's amounts as Shopify states them: totalPriceSet (what the buyer was charged in all:
 * items after discounts, shipping and taxes), totalShippingPriceSet and totalDiscountsSet, each
 * in shop money. An absent total is the lines' original prices + shipping − discounts.
 */
export function shopifyAmounts(
  order: Record<string, unknown>,
  lines: readonly MarketplaceLine[],
  currency: OrderCurrency,
): MarketplaceAmounts {
  return orderAmounts(linesTotal(lines), {
    total: shopMoneyOf(order, 'totalPriceSet', currency),
    shipping: shopMoneyOf(order, 'totalShippingPriceSet', currency),
    discount: shopMoneyOf(order, 'totalDiscountsSet', currency),
  });
}

/** A SyncOrder node (with all its line nodes) as our MarketplaceOrder; 'malformed' when a required field is missing. */
export function normaliseShopifyOrder(node: unknown): MarketplaceOrder {
  const order = field(node, isRecord, 'an order');
  const id = field(order.id, isString, 'order.id');
  const orderNo = isString(order.legacyResourceId) ? order.legacyResourceId : gidTail(id);
  const currency = currencyOf(order.currencyCode);
  const financial = field(order.displayFinancialStatus, isString, 'displayFinancialStatus');
  const fulfillment = field(order.displayFulfillmentStatus, isString, 'displayFulfillmentStatus');
  const cancelledAt = field(order.cancelledAt ?? null, isNullableString, 'cancelledAt');
  const closedAt = field(order.closedAt ?? null, isNullableString, 'closedAt');
  const lineConnection = field(order.lineItems, isRecord, 'lineItems');
  const lines = groupShopifyLines(field(lineConnection.nodes, isArray, 'lineItems.nodes'), currency);
  const address = isRecord(order.shippingAddress) ? order.shippingAddress : null;
  const customer = isRecord(order.customer) ? order.customer : null;
  const shippingLine = isRecord(order.shippingLine) ? order.shippingLine : null;
  const recipientAddress = ['address1', 'address2', 'city', 'province', 'zip', 'country']
    .map((key) => optionalText(address, key))
    .filter((part) => part !== '')
    .join(', ');
  return {
    orderNo,
    platformStatus: shopifyPlatformStatus({
      cancelled: cancelledAt !== null,
      closed: closedAt !== null,
      financial,
      fulfillment,
    }),
    rawStatus: `${cancelledAt !== null ? 'CANCELLED/' : ''}${financial}/${fulfillment}`,
    orderedAt: isoTime(order.createdAt, 'createdAt'),
    updatedAt: isoTime(order.updatedAt, 'updatedAt'),
    paidAt: paidAtOf(order),
    // Shopify sets no ship-by deadline on an order.
    shipBy: null,
    currency,
    buyerName: optionalText(customer, 'displayName') || optionalText(address, 'name'),
    recipientName: optionalText(address, 'name'),
    recipientPhone: optionalText(address, 'phone'),
    recipientAddress,
    buyerMessage: optionalText(order, 'note'),
    logisticsChannel: optionalText(shippingLine, 'title'),
    trackingNo: trackingOf(order),
    lines,
    amounts: shopifyAmounts(order, lines, currency),
  };
}

/** Whether an order node says it has more lines than it carried (read them before normalising). */
export function hasMoreLines(node: unknown): { id: string; after: string } | null {
  if (!isRecord(node) || !isRecord(node.lineItems) || !isString(node.id)) return null;
  const pageInfo = isRecord(node.lineItems.pageInfo) ? node.lineItems.pageInfo : null;
  if (!pageInfo || !field(pageInfo.hasNextPage, isBoolean, 'lineItems.pageInfo.hasNextPage')) return null;
  return { id: node.id, after: field(pageInfo.endCursor, isString, 'lineItems.pageInfo.endCursor') };
}
