/**
 * How the Shopify sandbox spells the world's orders: GraphQL Admin API Order objects (each field
 * as Shopify names and formats it, those that take arguments worked out from them: a page of lines,
 * the first n transactions), the REST order JSON its webhooks carry, its search syntax for the
 * orders query and its base64 JSON cursors. The neutral
 * lifecycle becomes Shopify's three states:
 *
 * | world status  | cancelledAt | displayFinancialStatus   | displayFulfillmentStatus | closedAt |
 * |---------------|-------------|--------------------------|--------------------------|----------|
 * | unpaid        | null        | PENDING                  | UNFULFILLED              | null     |
 * | ready_to_ship | null        | PAID                     | UNFULFILLED              | null     |
 * | processed     | null        | PAID                     | IN_PROGRESS              | null     |
 * | shipped       | null        | PAID                     | FULFILLED                | null     |
 * | completed     | null        | PAID                     | FULFILLED                | set      |
 * | in_cancel     | null        | PAID                     | ON_HOLD                  | null     |
 * | cancelled     | set         | REFUNDED (VOIDED unpaid) | UNFULFILLED              | set      |
 *
 * Shopify has no cancellation request; a held fulfillment is the nearest thing.
 */
import { CURRENCY_DECIMALS, type OrderCurrency } from '@shared/domain/order.js';
import type { SandboxOrder } from '../world-model.js';
import { ByArgs, GraphqlRefusal, type Source } from './shopify-graphql.js';

const COUNTRY_NAMES: Record<string, string> = {
  TH: 'Thailand',
  VN: 'Vietnam',
  TW: 'Taiwan',
  MY: 'Malaysia',
  PH: 'Philippines',
  KR: 'South Korea',
  SG: 'Singapore',
  ID: 'Indonesia',
  US: 'United States',
  CN: 'China',
};

/** Shopify's DateTime: UTC to the second ("2025-06-01T04:00:00Z"). */
export function shopifyTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The second Shopify keeps a time at (what its searches and sorting compare). */
export function shopifySecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** Minor units as Shopify's decimal money string ("199.00"; "19900.0" where there are no cents). */
export function minorToDecimal(minor: number, currency: OrderCurrency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  if (decimals === 0) return `${minor}.0`;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export function financialStatus(order: SandboxOrder): string {
  if (order.status === 'unpaid') return 'PENDING';
  if (order.status === 'cancelled') return order.paidAt === null ? 'VOIDED' : 'REFUNDED';
  return 'PAID';
}

export function fulfillmentStatus(order: SandboxOrder): string {
  switch (order.status) {
    case 'processed':
      return 'IN_PROGRESS';
    case 'shipped':
    case 'completed':
      return 'FULFILLED';
    case 'in_cancel':
      return 'ON_HOLD';
    default:
      return 'UNFULFILLED';
  }
}

/** A MoneyBag of the order's shop currency (the sandbox has no presentment currency apart from it). */
function moneyBag(minor: number, currency: OrderCurrency): Record<string, unknown> {
  return { shopMoney: { amount: minorToDecimal(minor, currency), currencyCode: currency } };
}

const isClosed = (order: SandboxOrder) => order.status === 'completed' || order.status === 'cancelled';

function lineNode(order: SandboxOrder, index: number): Record<string, unknown> {
  const line = order.lines[index];
  if (!line) throw new Error(`no line ${index} in ${order.orderId}`);
  return {
    id: `gid://shopify/LineItem/${order.orderId}${String(index + 1).padStart(3, '0')}`,
    sku: line.item.sellerSku,
    name: line.item.title,
    quantity: line.quantity,
    // Cancelling restocks and removes every line.
    currentQuantity: order.status === 'cancelled' ? 0 : line.quantity,
    variant: { id: `gid://shopify/ProductVariant/${line.item.variationId}`, barcode: line.item.barcode },
    product: { id: `gid://shopify/Product/${line.item.itemId}` },
    originalUnitPriceSet: {
      shopMoney: {
        amount: minorToDecimal(line.item.unitPrice, order.currency),
        currencyCode: order.currency,
      },
    },
  };
}

/** A cursor over an order's lines: base64 JSON of the last line's position, as Shopify's cursors are base64 JSON. */
function lineCursor(index: number): string {
  return Buffer.from(JSON.stringify({ last_id: index + 1 }), 'utf8').toString('base64');
}

/**
 * A connection's page arguments: `first` from 1 to 250 (Shopify's largest page), and `after`, the
 * cursor to page on from (null: the start). Paging backwards (last, before) is not imitated.
 */
export function pageArgs(args: Record<string, unknown>): { first: number; after: string | null } {
  const { first, after } = args;
  if (args.last !== undefined || args.before !== undefined || args.reverse === true)
    throw new GraphqlRefusal('The sandbox pages forwards only (first and after).', { code: 'BAD_REQUEST' });
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 1 || first > 250)
    throw new GraphqlRefusal('The first argument must be between 1 and 250.', { code: 'BAD_REQUEST' });
  if (after !== null && after !== undefined && typeof after !== 'string')
    throw new GraphqlRefusal('The after argument must be a cursor.', { code: 'BAD_REQUEST' });
  return { first, after: after ?? null };
}

/** A page of an order's lines after `after` (null: from the first), as a lineItems connection. */
function lineConnection(order: SandboxOrder, args: Record<string, unknown>): Source {
  const { first, after } = pageArgs(args);
  let start = 0;
  if (after !== null) {
    const parsed = decodeJson(after);
    start = parsed && typeof parsed.last_id === 'number' ? parsed.last_id : 0;
  }
  const end = Math.min(order.lines.length, start + first);
  const nodes = Array.from({ length: Math.max(0, end - start) }, (_, offset) =>
    lineNode(order, start + offset),
  );
  return {
    pageInfo: { hasNextPage: end < order.lines.length, endCursor: end > start ? lineCursor(end - 1) : null },
    nodes,
  };
}

/** A list field's first n items (Order.transactions, Order.fulfillments, Fulfillment.trackingInfo). */
const firstOf = <T>(items: readonly T[]) =>
  new ByArgs((args) => (typeof args.first === 'number' ? items.slice(0, Math.max(0, args.first)) : items));

/** The order as an Order object of the GraphQL Admin API. */
export function orderSource(order: SandboxOrder): Record<string, unknown> {
  return {
    id: `gid://shopify/Order/${order.orderId}`,
    legacyResourceId: order.orderId,
    name: `#${1000 + order.seq}`,
    createdAt: shopifyTime(order.createdAt),
    updatedAt: shopifyTime(order.updatedAt),
    processedAt: shopifyTime(order.createdAt),
    cancelledAt: order.status === 'cancelled' ? shopifyTime(order.updatedAt) : null,
    closedAt: isClosed(order) ? shopifyTime(order.updatedAt) : null,
    closed: isClosed(order),
    displayFinancialStatus: financialStatus(order),
    displayFulfillmentStatus: fulfillmentStatus(order),
    currencyCode: order.currency,
    totalPriceSet: moneyBag(order.amounts.total, order.currency),
    totalShippingPriceSet: moneyBag(order.amounts.shipping, order.currency),
    totalDiscountsSet: moneyBag(order.amounts.discount, order.currency),
    note: order.buyerMessage === '' ? null : order.buyerMessage,
    email: order.buyer.email,
    customer: { displayName: order.buyer.name },
    shippingAddress: {
      name: order.address.name,
      phone: order.address.phone,
      address1: order.address.line1,
      address2: null,
      city: order.address.city,
      province: order.address.region,
      zip: order.address.postcode,
      country: COUNTRY_NAMES[order.address.country] ?? order.address.country,
      countryCodeV2: order.address.country,
    },
    shippingLine: { title: order.carrier },
    transactions: firstOf(
      order.paidAt === null
        ? []
        : [{ kind: 'SALE', status: 'SUCCESS', processedAt: shopifyTime(order.paidAt) }],
    ),
    fulfillments: firstOf(
      order.trackingNo === ''
        ? []
        : [
            {
              id: `gid://shopify/Fulfillment/${order.orderId}1`,
              status: 'SUCCESS',
              trackingInfo: firstOf([{ company: order.carrier, number: order.trackingNo, url: null }]),
            },
          ],
    ),
    lineItems: new ByArgs((args) => lineConnection(order, args)),
  };
}

/** The REST order JSON an orders/* webhook carries. */
export function restOrder(order: SandboxOrder): Record<string, unknown> {
  const rest = (ms: number | null) => (ms === null ? null : shopifyTime(ms).replace('Z', '+00:00'));
  const fulfillment = fulfillmentStatus(order);
  return {
    id: Number(order.orderId),
    admin_graphql_api_id: `gid://shopify/Order/${order.orderId}`,
    name: `#${1000 + order.seq}`,
    order_number: 1000 + order.seq,
    email: order.buyer.email,
    created_at: rest(order.createdAt),
    updated_at: rest(order.updatedAt),
    cancelled_at: order.status === 'cancelled' ? rest(order.updatedAt) : null,
    closed_at: isClosed(order) ? rest(order.updatedAt) : null,
    financial_status: financialStatus(order).toLowerCase(),
    fulfillment_status: fulfillment === 'FULFILLED' ? 'fulfilled' : null,
    currency: order.currency,
    total_price: minorToDecimal(order.amounts.total, order.currency),
    subtotal_price: minorToDecimal(order.amounts.total - order.amounts.shipping, order.currency),
    total_discounts: minorToDecimal(order.amounts.discount, order.currency),
    shipping_lines: [{ title: order.carrier, price: minorToDecimal(order.amounts.shipping, order.currency) }],
    line_items: order.lines.map((line, index) => ({
      id: Number(`${order.orderId}${String(index + 1).padStart(3, '0')}`),
      variant_id: Number(line.item.variationId),
      product_id: Number(line.item.itemId),
      sku: line.item.sellerSku,
      title: line.item.title,
      quantity: line.quantity,
      price: minorToDecimal(line.item.unitPrice, order.currency),
    })),
  };
}

/** What an orders `query:` string asks for: ids, or bounds on updated_at (ms, to the second). */
export type OrderSearch =
  | { kind: 'ids'; ids: Set<string> }
  | { kind: 'updated'; min: number; minInclusive: boolean; max: number; maxInclusive: boolean };

/**
 * The two search shapes the sandbox reads: `id:1 OR id:2` and `updated_at:>='…' updated_at:<'…'`
 * (terms ANDed by spaces). Anything else is refused with the term named: the sandbox does not
 * imitate Shopify's whole search syntax.
 */
export function parseSearch(query: string): OrderSearch | { error: string } {
  const text = query.trim();
  if (/^id:/.test(text)) {
    const ids = new Set<string>();
    for (const term of text.split(/\s+OR\s+/)) {
      const match = /^id:(\d+)$/.exec(term.trim());
      if (!match?.[1]) return { error: `the sandbox does not read the search term "${term}"` };
      ids.add(match[1]);
    }
    return { kind: 'ids', ids };
  }
  const search: OrderSearch = {
    kind: 'updated',
    min: -Infinity,
    minInclusive: true,
    max: Infinity,
    maxInclusive: true,
  };
  for (const term of text.split(/\s+/).filter((part) => part !== '' && part !== 'AND')) {
    const match = /^updated_at:(>=|<=|>|<)'?([^']+)'?$/.exec(term);
    const at = match?.[2] ? Date.parse(match[2]) : Number.NaN;
    if (!match || Number.isNaN(at)) return { error: `the sandbox does not read the search term "${term}"` };
    if (match[1]?.startsWith('>')) Object.assign(search, { min: at, minInclusive: match[1] === '>=' });
    else Object.assign(search, { max: at, maxInclusive: match[1] === '<=' });
  }
  return search;
}

/** Whether an order matches a search (times compared at Shopify's one-second precision). */
export function matchesSearch(order: SandboxOrder, search: OrderSearch): boolean {
  if (search.kind === 'ids') return search.ids.has(order.orderId);
  const at = shopifySecond(order.updatedAt);
  const aboveMin = search.minInclusive ? at >= search.min : at > search.min;
  const belowMax = search.maxInclusive ? at <= search.max : at < search.max;
  return aboveMin && belowMax;
}

/** Orders sorted as sortKey UPDATED_AT sorts them: update second, then id. */
export function byUpdatedThenId(left: SandboxOrder, right: SandboxOrder): number {
  const byTime = shopifySecond(left.updatedAt) - shopifySecond(right.updatedAt);
  if (byTime !== 0) return byTime;
  // Ids are decimal numbers without leading zeros: the shorter is the smaller, else the text
  // decides (no BigInt for each comparison: a page of a big shop sorts thousands of orders).
  const a = left.orderId;
  const b = right.orderId;
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Shopify's orders cursor: base64 JSON of the last order's id and sort value. */
export function orderCursor(order: SandboxOrder): string {
  const lastValue = new Date(shopifySecond(order.updatedAt))
    .toISOString()
    .replace('T', ' ')
    .replace('Z', '000');
  return Buffer.from(
    JSON.stringify({ last_id: Number(order.orderId), last_value: lastValue }),
    'utf8',
  ).toString('base64');
}

/** Whether an order sorts after a cursor's position; null when the cursor is not one of ours. */
export function afterCursor(cursor: string): ((order: SandboxOrder) => boolean) | null {
  const parsed = decodeJson(cursor);
  if (!parsed || typeof parsed.last_id !== 'number' || typeof parsed.last_value !== 'string') return null;
  const lastAt = Date.parse(`${parsed.last_value.replace(' ', 'T').slice(0, 23)}Z`);
  if (Number.isNaN(lastAt)) return null;
  const lastId = BigInt(parsed.last_id);
  return (order) => {
    const at = shopifySecond(order.updatedAt);
    return at > lastAt || (at === lastAt && BigInt(order.orderId) > lastId);
  };
}

function decodeJson(base64: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
