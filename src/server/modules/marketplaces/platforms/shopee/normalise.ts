/**
 * A Shopee v2 order, as `get_order_detail` returns it, read into our
 * MarketplaceOrder: Shopee's status mapped to the spec's platform statuses, one line per item and
 * model, prices (floats in the listing currency) in integer minor units, unix seconds in ISO-8601.
 * Nothing here does I/O; the connector feeds it the detail it asked for with
 * response_optional_fields (item_list and the rest are absent otherwise, and then refused).
 */
import { ORDER_CURRENCIES, type OrderCurrency, type PlatformStatus } from '@shared/domain/order.js';
import { decimalToMinor, optionalMinor, orderAmounts } from '../../amounts.js';
import {
  MarketplaceError,
  type ListedOrder,
  type MarketplaceAmounts,
  type MarketplaceLine,
  type MarketplaceOrder,
} from '../../connector.js';
import { isArray, isNumber, isRecord, isString } from '../../http.js';

/**
 * Shopee's order statuses (v2 data definition) → the spec's platform statuses. PROCESSED means
 * "shipment arranged, tracking number obtained" while the parcel is still with the seller, so it
 * stays READY_TO_SHIP for us; PENDING and INVOICE_PENDING (list filters that can also appear on
 * orders) are not yet shippable and read as UNPAID.
 */
export const SHOPEE_STATUS_MAP: Readonly<Record<string, PlatformStatus>> = {
  UNPAID: 'UNPAID',
  PENDING: 'UNPAID',
  INVOICE_PENDING: 'UNPAID',
  READY_TO_SHIP: 'READY_TO_SHIP',
  PROCESSED: 'READY_TO_SHIP',
  RETRY_SHIP: 'RETRY_SHIP',
  SHIPPED: 'SHIPPED',
  TO_CONFIRM_RECEIVE: 'TO_CONFIRM_RECEIVE',
  IN_CANCEL: 'IN_CANCEL',
  CANCELLED: 'CANCELLED',
  TO_RETURN: 'TO_RETURN',
  COMPLETED: 'COMPLETED',
};

/** Shopee's status in the spec's vocabulary; 'malformed' for a status Shopee does not document. */
export function shopeePlatformStatus(raw: string): PlatformStatus {
  const mapped = SHOPEE_STATUS_MAP[raw];
  if (!mapped) throw new MarketplaceError('malformed', `unknown Shopee order status "${raw}"`);
  return mapped;
}

/** Unix seconds in ISO-8601 (UTC, with its Z offset); null for an absent or zero time. */
export function shopeeTime(seconds: unknown): string | null {
  return isNumber(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

function requiredTime(order: Record<string, unknown>, key: string): string {
  const iso = shopeeTime(order[key]);
  if (!iso) throw new MarketplaceError('malformed', `the Shopee order lacks ${key}`);
  return iso;
}

function requiredText(record: Record<string, unknown>, key: string, what: string): string {
  const value = record[key];
  if (!isString(value) || value === '') throw new MarketplaceError('malformed', `${what} lacks ${key}`);
  return value;
}

function text(value: unknown): string {
  return isString(value) ? value.trim() : isNumber(value) ? String(value) : '';
}

/** A Shopee id (a JSON integer, or its string) as text; 'malformed' when absent. */
function idOf(record: Record<string, unknown>, key: string, what: string): string {
  const value = record[key];
  if (isNumber(value) && Number.isInteger(value)) return String(value);
  if (isString(value) && /^\d+$/.test(value)) return value;
  throw new MarketplaceError('malformed', `${what} lacks ${key}`);
}

function currencyOf(value: unknown): OrderCurrency {
  const found = ORDER_CURRENCIES.find((currency) => currency === value);
  if (!found)
    throw new MarketplaceError(
      'malformed',
      `the Shopee order's currency "${String(value)}" is not one we keep`,
    );
  return found;
}

interface ReadLine {
  key: string;
  line: MarketplaceLine;
}

function readLine(raw: unknown, currency: OrderCurrency): ReadLine {
  if (!isRecord(raw)) throw new MarketplaceError('malformed', 'a Shopee order item is not an object');
  const itemId = idOf(raw, 'item_id', 'a Shopee order item');
  const variationId = idOf(raw, 'model_id', 'a Shopee order item');
  const quantity = raw.model_quantity_purchased;
  if (!isNumber(quantity) || !Number.isInteger(quantity) || quantity < 1)
    throw new MarketplaceError('malformed', 'a Shopee order item lacks model_quantity_purchased');
  const price = raw.model_discounted_price ?? raw.model_original_price;
  const itemName = requiredText(raw, 'item_name', 'a Shopee order item');
  const modelName = text(raw.model_name);
  return {
    key: `${itemId}:${variationId}`,
    line: {
      itemId,
      variationId,
      // The model's SKU when the item has models, the item's otherwise.
      sellerSku: text(raw.model_sku) || text(raw.item_sku),
      // Shopee's order items carry no GTIN.
      barcode: '',
      title: modelName ? `${itemName} (${modelName})` : itemName,
      quantity,
      unitPrice: decimalToMinor(price, currency, `the price of Shopee item ${itemId}`),
    },
  };
}

/**
 * Shopee's item_list in one line per item and model. The same model appears on several entries
 * when bought under different promotions (add-on deals, bundles); their quantities add up and the
 * unit price becomes the entries' total over the quantity, rounded to the minor unit.
 */
export function groupShopeeLines(items: readonly unknown[], currency: OrderCurrency): MarketplaceLine[] {
  const grouped = new Map<string, { line: MarketplaceLine; total: number }>();
  for (const raw of items) {
    const { key, line } = readLine(raw, currency);
    const found = grouped.get(key);
    if (!found) {
      grouped.set(key, { line: { ...line }, total: line.unitPrice * line.quantity });
      continue;
    }
    found.total += line.unitPrice * line.quantity;
    found.line.quantity += line.quantity;
    found.line.unitPrice = Math.round(found.total / found.line.quantity);
  }
  return [...grouped.values()].map((entry) => entry.line);
}

/**
 * The order's amounts from get_order_detail: total_amount (what the buyer pays: the items' sale
 * prices and the shipping borne by the buyer, less Shopee's and the seller's offsets) and
 * estimated_shipping_fee. The detail names no voucher (get_escrow_detail does), so the discount is
 * what total_amount leaves unpaid of the items' discounted prices and the shipping fee (vouchers,
 * coins, a shipping subsidy), 0 when it leaves nothing; an absent total is items + shipping.
 */
export function shopeeAmounts(
  order: Record<string, unknown>,
  items: readonly unknown[],
  currency: OrderCurrency,
): MarketplaceAmounts {
  const orderNo = text(order.order_sn);
  const total = optionalMinor(order.total_amount, currency, `total_amount of Shopee order ${orderNo}`);
  const shipping = optionalMinor(
    order.estimated_shipping_fee,
    currency,
    `estimated_shipping_fee of Shopee order ${orderNo}`,
  );
  const goods = items
    .map((raw) => readLine(raw, currency).line)
    .reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const unpaid = total === null ? 0 : goods + (shipping ?? 0) - total;
  return orderAmounts(goods, { total, shipping, discount: Math.max(0, unpaid) });
}

/** recipient_address on one line: full_address when Shopee gives it, its parts joined otherwise. */
export function shopeeAddressLine(address: Record<string, unknown>): string {
  const full = text(address.full_address);
  if (full) return full.replace(/\s*\n\s*/g, ', ');
  return ['town', 'district', 'city', 'state', 'zipcode', 'region']
    .map((key) => text(address[key]))
    .filter((part) => part !== '')
    .join(', ');
}

function logisticsChannelOf(order: Record<string, unknown>): string {
  const direct = text(order.shipping_carrier);
  if (direct) return direct;
  const packages = isArray(order.package_list) ? order.package_list : [];
  for (const parcel of packages) {
    if (isRecord(parcel) && text(parcel.shipping_carrier)) return text(parcel.shipping_carrier);
  }
  return text(order.checkout_shipping_carrier);
}

/** An order's order_sn and update_time (epoch ms) as normaliseShopeeOrder reads them; null when unreadable. */
export function listedShopeeOrder(raw: unknown): ListedOrder | null {
  if (!isRecord(raw) || !isString(raw.order_sn) || raw.order_sn === '') return null;
  const updatedAt = shopeeTime(raw.update_time);
  return updatedAt === null ? null : { orderNo: raw.order_sn, updatedAt: Date.parse(updatedAt) };
}

/**
 * One element of get_order_detail's order_list as our MarketplaceOrder. Throws 'malformed' when a
 * field we rely on is missing (order_sn, order_status, currency, create_time, update_time, item_list)
 * or an amount is not one (shopeeAmounts).
 * Shopee's detail has no tracking number (get_tracking_number per package): trackingNo stays ''.
 */
export function normaliseShopeeOrder(raw: unknown): MarketplaceOrder {
  if (!isRecord(raw)) throw new MarketplaceError('malformed', 'a Shopee order is not an object');
  const orderNo = requiredText(raw, 'order_sn', 'a Shopee order');
  const rawStatus = requiredText(raw, 'order_status', `Shopee order ${orderNo}`);
  const currency = currencyOf(raw.currency);
  if (!isArray(raw.item_list) || raw.item_list.length === 0)
    throw new MarketplaceError('malformed', `Shopee order ${orderNo} lacks item_list`);
  const address = isRecord(raw.recipient_address) ? raw.recipient_address : {};
  return {
    orderNo,
    platformStatus: shopeePlatformStatus(rawStatus),
    rawStatus,
    orderedAt: requiredTime(raw, 'create_time'),
    updatedAt: requiredTime(raw, 'update_time'),
    paidAt: shopeeTime(raw.pay_time),
    shipBy: shopeeTime(raw.ship_by_date),
    currency,
    buyerName: text(raw.buyer_username),
    recipientName: text(address.name),
    recipientPhone: text(address.phone),
    recipientAddress: shopeeAddressLine(address),
    buyerMessage: text(raw.message_to_seller),
    logisticsChannel: logisticsChannelOf(raw),
    trackingNo: '',
    lines: groupShopeeLines(raw.item_list, currency),
    amounts: shopeeAmounts(raw, raw.item_list, currency),
  };
}
