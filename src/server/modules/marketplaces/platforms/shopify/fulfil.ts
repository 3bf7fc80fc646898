/**
 * Seller logistics on Shopify: Shopify issues no label; the seller ships with a carrier of their
 * own and creates a fulfillment carrying the tracking number. Fulfillments are made from an
 * order's fulfillment orders (one per location the order ships from), never from the order itself:
 *
 * 1. `order(id:)` — cancelled or not, the tracking numbers its fulfillments carry, and its
 *    fulfillment orders with status, assigned location and holds;
 * 2. `fulfillmentCreate` once per location, naming its fulfillment orders whole (no line list:
 *    every remaining line is fulfilled) with trackingInfo { number, company }.
 *
 * Only OPEN and IN_PROGRESS fulfillment orders can be fulfilled. When none is left and a
 * fulfillment already carries the number, the push was made before: nothing is sent. A push that
 * failed halfway (one location done, another not) is finished by the same push again.
 */
import { MarketplaceError, type CallContext, type ShipmentRefusalCode } from '../../connector.js';
import { field, isArray, isRecord, isString } from '../../http.js';
import { adminGraphql } from './client.js';
import { SHOPIFY_FULFILLMENT_CREATE, SHOPIFY_TRACKING_ORDER_QUERY } from './queries.js';

/** The fulfillment-order statuses fulfillmentCreate accepts. */
const FULFILLABLE = new Set(['OPEN', 'IN_PROGRESS']);

interface FulfillmentOrder {
  id: string;
  status: string;
  locationId: string;
  holds: string[];
}

function refusal(code: ShipmentRefusalCode | 'on_hold' | 'not_fulfillable', message: string) {
  return new MarketplaceError('rejected', message, { platformCode: code });
}

function readFulfillmentOrder(node: unknown): FulfillmentOrder {
  const record = field(node, isRecord, 'a fulfillment order');
  const assigned = isRecord(record.assignedLocation) ? record.assignedLocation : null;
  const location = assigned && isRecord(assigned.location) ? assigned.location : null;
  const holds = isArray(record.fulfillmentHolds) ? record.fulfillmentHolds.filter(isRecord) : [];
  return {
    id: field(record.id, isString, 'fulfillmentOrders.id'),
    status: field(record.status, isString, 'fulfillmentOrders.status'),
    locationId: location && isString(location.id) ? location.id : '',
    holds: holds.map((hold) => (isString(hold.reason) ? hold.reason : '')),
  };
}

function carriesNumber(order: Record<string, unknown>, trackingNo: string): boolean {
  const fulfillments = isArray(order.fulfillments) ? order.fulfillments.filter(isRecord) : [];
  return fulfillments.some(
    (fulfillment) =>
      isArray(fulfillment.trackingInfo) &&
      fulfillment.trackingInfo.some((entry) => isRecord(entry) && entry.number === trackingNo),
  );
}

/**
 * Why nothing can be fulfilled: a hold awaiting payment is 'unpaid', one for an incorrect address
 * 'address_incomplete', any other hold 'on_hold'; closed fulfillment orders are 'already_shipped'
 * (with another number: Shopify fulfils a line once), cancelled ones 'cancelled'.
 */
function whyUnfulfillable(orderNo: string, orders: readonly FulfillmentOrder[]): MarketplaceError {
  const held = orders.find((candidate) => candidate.status === 'ON_HOLD');
  if (held) {
    if (held.holds.includes('AWAITING_PAYMENT'))
      return refusal('unpaid', `Shopify order ${orderNo} is on hold awaiting payment`);
    if (held.holds.includes('INCORRECT_ADDRESS'))
      return refusal('address_incomplete', `Shopify order ${orderNo} is on hold for its address`);
    return refusal('on_hold', `Shopify order ${orderNo} is on hold (${held.holds.join(', ')})`);
  }
  if (orders.some((candidate) => candidate.status === 'CLOSED'))
    return refusal('already_shipped', `Shopify order ${orderNo} is already fulfilled`);
  if (orders.length > 0 && orders.every((candidate) => candidate.status === 'CANCELLED'))
    return refusal('cancelled', `Shopify order ${orderNo}'s fulfillment orders are cancelled`);
  const statuses = orders.map((candidate) => candidate.status).join(', ') || 'none';
  return refusal(
    'not_fulfillable',
    `Shopify order ${orderNo} has no fulfillable fulfillment order (${statuses})`,
  );
}

/** Fulfillment-order ids grouped by location: one fulfillmentCreate may name one location only. */
function byLocation(orders: readonly FulfillmentOrder[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const order of orders)
    groups.set(order.locationId, [...(groups.get(order.locationId) ?? []), order.id]);
  return [...groups.values()];
}

/** Tells Shopify the order shipped with our carrier's tracking number; the same number again sends nothing. */
export async function pushShopifyTracking(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string; carrierName: string },
): Promise<void> {
  const { orderNo, trackingNo } = input;
  if (!/^\d+$/.test(orderNo)) throw refusal('not_found', `"${orderNo}" is not a Shopify order id`);
  const data = await adminGraphql(ctx, SHOPIFY_TRACKING_ORDER_QUERY, {
    id: `gid://shopify/Order/${orderNo}`,
  });
  if (data.order === null || data.order === undefined)
    throw refusal('not_found', `Shopify has no order ${orderNo} in this shop`);
  const order = field(data.order, isRecord, 'order');
  if (isString(order.cancelledAt)) throw refusal('cancelled', `Shopify order ${orderNo} is cancelled`);
  const connection = field(order.fulfillmentOrders, isRecord, 'order.fulfillmentOrders');
  const fulfillmentOrders = field(connection.nodes, isArray, 'fulfillmentOrders.nodes').map(
    readFulfillmentOrder,
  );
  const open = fulfillmentOrders.filter((candidate) => FULFILLABLE.has(candidate.status));
  if (open.length === 0) {
    if (carriesNumber(order, trackingNo)) return;
    throw whyUnfulfillable(orderNo, fulfillmentOrders);
  }
  for (const ids of byLocation(open)) {
    const created = await adminGraphql(ctx, SHOPIFY_FULFILLMENT_CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: ids.map((fulfillmentOrderId) => ({ fulfillmentOrderId })),
        trackingInfo: { number: trackingNo, company: input.carrierName },
        // The buyer is sent the tracking number, as the admin's own "fulfil" does by default.
        notifyCustomer: true,
      },
    });
    const payload = field(created.fulfillmentCreate, isRecord, 'fulfillmentCreate');
    const userErrors = isArray(payload.userErrors) ? payload.userErrors.filter(isRecord) : [];
    if (userErrors.length > 0) {
      const message = userErrors.map((error) => (isString(error.message) ? error.message : '')).join('; ');
      throw new MarketplaceError('rejected', `Shopify: ${message}`, {
        platformCode: 'USER_ERROR',
        httpStatus: 200,
      });
    }
    field(payload.fulfillment, isRecord, 'fulfillmentCreate.fulfillment');
  }
}
