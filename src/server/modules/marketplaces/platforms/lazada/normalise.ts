/**
 * A Lazada order as its API returns it — the order from /orders/get or /order/get plus its
 * items from /orders/items/get — read into our MarketplaceOrder.
 *
 * Lazada has no order status: each order item carries its own and the order lists the set
 * (`statuses`). It returns one order item per unit sold ("if an order is placed for two
 * identical items, it will still be responded to as two different objects", get-order guide),
 * so units are grouped back into lines with a quantity.
 */
import { decimalToMinor, linesTotal, optionalMinor, orderAmounts } from '../../amounts.js';
import {
  MarketplaceError,
  type MarketplaceAmounts,
  type MarketplaceLine,
  type MarketplaceOrder,
} from '../../connector.js';
import { isArray, isRecord } from '../../http.js';
import { ORDER_CURRENCIES, type OrderCurrency, type PlatformStatus } from '@shared/domain/order.js';
import { idString, lazadaTime, lazadaTimeOrNull } from './values.js';

/**
 * Each order-item status Lazada documents (the GetOrders status filter, error 6's list and the
 * status-flow guide), and the spec's platform status it means:
 * - unpaid: the buyer has not paid (COD orders skip it);
 * - pending … ready_to_ship: paid, and the parcel is still with the seller (packed and
 *   ready_to_ship only mean a label and a pick-up are arranged);
 * - shipping, shipped: the carrier has the parcel;
 * - delivered, confirmed: the buyer has it;
 * - failed delivery, returns, shipped back, lost, damaged or scrapped parcels: the sale did not
 *   end at the buyer and the seller has to act, so TO_RETURN;
 * - canceled: CANCELLED.
 */
export const LAZADA_ITEM_STATUSES: Readonly<Record<string, PlatformStatus>> = {
  unpaid: 'UNPAID',
  pending: 'READY_TO_SHIP',
  topack: 'READY_TO_SHIP',
  packed: 'READY_TO_SHIP',
  repacked: 'READY_TO_SHIP',
  toship: 'READY_TO_SHIP',
  ready_to_ship_pending: 'READY_TO_SHIP',
  ready_to_ship: 'READY_TO_SHIP',
  shipping: 'SHIPPED',
  shipped: 'SHIPPED',
  delivered: 'COMPLETED',
  confirmed: 'COMPLETED',
  failed: 'TO_RETURN',
  failed_delivery: 'TO_RETURN',
  returned: 'TO_RETURN',
  shipped_back: 'TO_RETURN',
  shipped_back_success: 'TO_RETURN',
  shipped_back_failed: 'TO_RETURN',
  lost: 'TO_RETURN',
  lost_by_3pl: 'TO_RETURN',
  damaged_by_3pl: 'TO_RETURN',
  package_scrapped: 'TO_RETURN',
  canceled: 'CANCELLED',
};

/**
 * How far along each status is. The order takes the status of its least advanced live item
 * (the warehouse still has that item to deal with); cancelled items count only when every item
 * is cancelled.
 */
const PROGRESS: Readonly<Partial<Record<PlatformStatus, number>>> = {
  UNPAID: 0,
  READY_TO_SHIP: 1,
  SHIPPED: 2,
  TO_RETURN: 3,
  COMPLETED: 4,
};

interface Unit {
  itemId: string;
  variationId: string;
  sellerSku: string;
  title: string;
  unitPrice: number;
  status: string;
  record: Record<string, unknown>;
}

const text = (value: unknown): string =>
  typeof value === 'string' && value !== 'null'
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : '';
const isTrue = (value: unknown): boolean =>
  value === true || value === 'true' || value === '1' || value === 1;

/** The spec's platform status of one Lazada item status; 'malformed' for a status Lazada does not document. */
export function lazadaItemStatus(raw: string): PlatformStatus {
  const status = LAZADA_ITEM_STATUSES[raw.trim().toLowerCase()];
  if (!status) throw new MarketplaceError('malformed', `unknown Lazada item status ${raw}`);
  return status;
}

/**
 * The order's status from its items' statuses: all cancelled → CANCELLED; otherwise the least
 * advanced live item's; a buyer's cancellation awaiting the seller or the carrier
 * (need_cancel_confirm / is_cancel_pending) turns a paid, not-yet-shipped order into IN_CANCEL.
 * An unpaid one stays UNPAID: it holds no stock, and IN_CANCEL would reserve some for an order
 * that was never paid.
 */
export function lazadaOrderStatus(itemStatuses: readonly string[], isCancelPending: boolean): PlatformStatus {
  const mapped = itemStatuses.map(lazadaItemStatus);
  const live = mapped.filter((status) => status !== 'CANCELLED');
  if (live.length === 0) return 'CANCELLED';
  const least = live.reduce((a, b) => ((PROGRESS[a] ?? 0) <= (PROGRESS[b] ?? 0) ? a : b));
  if (isCancelPending && least === 'READY_TO_SHIP') return 'IN_CANCEL';
  return least;
}

function currencyOf(items: readonly Record<string, unknown>[], orderNo: string): OrderCurrency {
  const currencies = new Set(items.map((item) => text(item.currency).toUpperCase()));
  const [currency] = [...currencies];
  if (currencies.size !== 1 || currency === undefined)
    throw new MarketplaceError('malformed', `order ${orderNo}: its items do not share one currency`);
  const known = ORDER_CURRENCIES.find((candidate) => candidate === currency);
  if (!known) throw new MarketplaceError('malformed', `order ${orderNo}: unknown currency ${currency}`);
  return known;
}

function unitOf(item: Record<string, unknown>, currency: OrderCurrency, orderNo: string): Unit {
  const status = text(item.status);
  if (status === '') throw new MarketplaceError('malformed', `order ${orderNo}: an item has no status`);
  const name = text(item.name);
  const variation = text(item.variation);
  return {
    itemId: text(item.product_id),
    variationId: text(item.sku_id) || text(item.shop_sku),
    sellerSku: text(item.sku),
    title: variation === '' ? name : `${name} (${variation})`,
    unitPrice: decimalToMinor(item.item_price, currency, `order ${orderNo} item_price`),
    status,
    record: item,
  };
}

/** Units of one item, variation and price as one line with their count. */
function groupUnits(units: readonly Unit[]): MarketplaceLine[] {
  const lines = new Map<string, MarketplaceLine>();
  for (const unit of units) {
    const key = [
      unit.itemId,
      unit.variationId,
      unit.itemId === '' && unit.variationId === '' ? unit.sellerSku : '',
      unit.unitPrice,
    ].join('|');
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else
      lines.set(key, {
        itemId: unit.itemId,
        variationId: unit.variationId,
        sellerSku: unit.sellerSku,
        // Lazada's order items carry no barcode.
        barcode: '',
        title: unit.title,
        quantity: 1,
        unitPrice: unit.unitPrice,
      });
  }
  return [...lines.values()];
}

/** The shipping address on one line: street, district, city, state, post code, country, each once. */
export function lazadaAddressLine(address: Record<string, unknown>): string {
  // address1 street, address2 unused, address5 third level, address4 city, address3 state.
  const parts = [
    text(address.address1),
    text(address.address2),
    text(address.address5),
    text(address.address4) || text(address.city),
    text(address.address3),
    text(address.post_code),
    text(address.country),
  ];
  const seen = new Set<string>();
  return parts
    .filter((part) => {
      const key = part.toLowerCase();
      if (part === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(', ');
}

function earliest(values: readonly (string | null)[]): string | null {
  const present = values.filter((value): value is string => value !== null);
  if (present.length === 0) return null;
  return present.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

/**
 * The order's amounts as GetOrder states them: `price` (what its items sell for, before vouchers
 * and without shipping), `shipping_fee` (charged to the buyer) and `voucher` (the seller's and
 * Lazada's vouchers together; their two parts when it is absent). Lazada states no grand total:
 * it is price + shipping_fee − voucher, and price when absent is the items' item_price.
 */
export function lazadaAmounts(
  order: Record<string, unknown>,
  lines: readonly MarketplaceLine[],
  currency: OrderCurrency,
): MarketplaceAmounts {
  // text(): the samples' "null" placeholder is no amount.
  const amount = (key: string) =>
    optionalMinor(text(order[key]), currency, `${key} of Lazada order ${text(order.order_id)}`);
  const seller = amount('voucher_seller');
  const platform = amount('voucher_platform');
  const voucher =
    amount('voucher') ?? (seller === null && platform === null ? null : (seller ?? 0) + (platform ?? 0));
  return orderAmounts(amount('price') ?? linesTotal(lines), {
    total: null,
    shipping: amount('shipping_fee'),
    discount: voucher,
  });
}

/**
 * One Lazada order and its items (one per unit) as our order. Prices are item_price (the unit's
 * selling price before vouchers) in minor units; units of one item and variation at one price are
 * one line. A partly cancelled order keeps only its live units as lines; its amounts are the
 * order's as Lazada states them (lazadaAmounts). Throws 'malformed' when order_id, the times, the
 * items or their prices and currency are missing or unreadable, or an amount is not one.
 */
export function normaliseLazadaOrder(order: unknown, items: unknown): MarketplaceOrder {
  if (!isRecord(order)) throw new MarketplaceError('malformed', 'a Lazada order is not an object');
  const orderNo = idString(order.order_id);
  if (orderNo === null) throw new MarketplaceError('malformed', 'a Lazada order has no order_id');
  if (!isArray(items) || items.length === 0)
    throw new MarketplaceError('malformed', `order ${orderNo} has no order items`);
  const records = items.map((item) => {
    if (!isRecord(item))
      throw new MarketplaceError('malformed', `order ${orderNo}: an item is not an object`);
    const owner = idString(item.order_id);
    if (owner !== null && owner !== orderNo)
      throw new MarketplaceError('malformed', `order ${orderNo}: an item of order ${owner}`);
    return item;
  });
  const currency = currencyOf(records, orderNo);
  const units = records.map((item) => unitOf(item, currency, orderNo));
  const isCancelPending =
    isTrue(order.need_cancel_confirm) ||
    isTrue(order.is_cancel_pending) ||
    records.some((item) => isTrue(item.need_cancel_confirm) || isTrue(item.is_cancel_pending));
  const rawStatuses = [...new Set(units.map((unit) => unit.status))];
  const platformStatus = lazadaOrderStatus(rawStatuses, isCancelPending);
  const live = units.filter((unit) => lazadaItemStatus(unit.status) !== 'CANCELLED');
  const shown = live.length > 0 ? live : units;
  const address = isRecord(order.address_shipping) ? order.address_shipping : {};
  const trackingNos = [...new Set(shown.map((unit) => text(unit.record.tracking_code)).filter(Boolean))];
  return {
    orderNo,
    platformStatus,
    rawStatus: rawStatuses.join(','),
    orderedAt: lazadaTime(order.created_at, `order ${orderNo} created_at`),
    updatedAt: lazadaTime(order.updated_at, `order ${orderNo} updated_at`),
    paidAt:
      platformStatus === 'UNPAID'
        ? null
        : earliest(units.map((unit) => lazadaTimeOrNull(unit.record.payment_time))),
    shipBy:
      earliest(shown.map((unit) => lazadaTimeOrNull(unit.record.sla_time_stamp))) ??
      lazadaTimeOrNull(order.promised_shipping_times),
    currency,
    buyerName: [text(order.customer_first_name), text(order.customer_last_name)].filter(Boolean).join(' '),
    recipientName: [text(address.first_name), text(address.last_name)].filter(Boolean).join(' '),
    recipientPhone: text(address.phone) || text(address.phone2),
    recipientAddress: lazadaAddressLine(address),
    buyerMessage: text(order.buyer_note),
    logisticsChannel: shown.map((unit) => text(unit.record.shipment_provider)).find(Boolean) ?? '',
    trackingNo: trackingNos.join(','),
    lines: groupUnits(shown),
    amounts: lazadaAmounts(order, groupUnits(units), currency),
  };
}
