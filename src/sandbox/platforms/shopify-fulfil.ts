/**
 * The Shopify sandbox's fulfillment side: each world order has one fulfillment order (the shop
 * ships from one location), and `fulfillmentCreate` fulfils it with the seller's tracking number
 * through the world's sellerShipped. Fulfillment-order statuses follow the world status:
 *
 * | world status                 | fulfillment order | holds                                    |
 * |------------------------------|-------------------|------------------------------------------|
 * | unpaid                       | ON_HOLD           | AWAITING_PAYMENT                         |
 * | ready_to_ship                | OPEN              | INCORRECT_ADDRESS when the address lacks its street or phone |
 * | processed                    | IN_PROGRESS       | INCORRECT_ADDRESS likewise                |
 * | shipped, completed, cancelled | CLOSED           |                                          |
 * | in_cancel                    | ON_HOLD           | OTHER                                    |
 *
 * Shopify itself lets a merchant fulfil an unpaid order; holding it AWAITING_PAYMENT is what a
 * shop that captures before shipping sets up, and stands here for the world's refusal to ship
 * unpaid orders. A fulfillment order that is not OPEN or IN_PROGRESS is refused with Shopify's
 * "has an unfulfillable status" user error.
 */
import type { SandboxOrder } from '../world-model.js';
import type { World } from '../world.js';
import { ByArgs, GraphqlRefusal, type Source } from './shopify-graphql.js';
import { pageArgs } from './shopify-render.js';
import { sellerShipped } from '../world-shipments.js';

type Body = Record<string, unknown>;

const FULFILLMENT_ORDER_GID = 'gid://shopify/FulfillmentOrder/';
/** The shop's one location. */
const LOCATION_GID = 'gid://shopify/Location/1';

/** The order's one fulfillment order: its id is the order id with a trailing 1. */
export function fulfillmentOrderId(order: SandboxOrder): string {
  return `${FULFILLMENT_ORDER_GID}${order.orderId}1`;
}

function isAddressIncomplete(order: SandboxOrder): boolean {
  return order.address.line1.trim() === '' || order.address.phone.trim() === '';
}

/** The fulfillment order's status and hold reasons for the world order. */
export function fulfillmentOrderState(order: SandboxOrder): { status: string; holds: string[] } {
  switch (order.status) {
    case 'unpaid':
      return { status: 'ON_HOLD', holds: ['AWAITING_PAYMENT'] };
    case 'ready_to_ship':
      return isAddressIncomplete(order)
        ? { status: 'ON_HOLD', holds: ['INCORRECT_ADDRESS'] }
        : { status: 'OPEN', holds: [] };
    case 'processed':
      return isAddressIncomplete(order)
        ? { status: 'ON_HOLD', holds: ['INCORRECT_ADDRESS'] }
        : { status: 'IN_PROGRESS', holds: [] };
    case 'in_cancel':
      return { status: 'ON_HOLD', holds: ['OTHER'] };
    case 'shipped':
    case 'completed':
    case 'cancelled':
      return { status: 'CLOSED', holds: [] };
  }
}

/**
 * Order.fulfillmentOrders: the order's one fulfillment order, with its status, location and holds.
 * A page after the first is empty (there is never a second fulfillment order).
 */
export function fulfillmentOrdersOf(order: SandboxOrder): ByArgs {
  return new ByArgs((args) => {
    const { after } = pageArgs(args);
    const state = fulfillmentOrderState(order);
    const node = {
      id: fulfillmentOrderId(order),
      status: state.status,
      assignedLocation: { location: { id: LOCATION_GID } },
      fulfillmentHolds: state.holds.map((reason) => ({ reason })),
    };
    return {
      pageInfo: { hasNextPage: false, endCursor: after === null ? CURSOR : null },
      nodes: after === null ? [node] : [],
    };
  });
}

/** The cursor of the one fulfillment order: base64 JSON of its position, as Shopify's cursors are. */
const CURSOR = Buffer.from(JSON.stringify({ last_id: 1 }), 'utf8').toString('base64');

function userErrors(errors: { field: string[]; message: string }[]): Source {
  return { fulfillment: null, userErrors: errors };
}

const GROUPS_FIELD = ['fulfillment', 'lineItemsByFulfillmentOrder'];

/** The world order a fulfillment-order id names in this shop. */
function orderOfFulfillmentOrder(world: World, shopId: string, id: unknown): SandboxOrder | undefined {
  if (typeof id !== 'string' || !id.startsWith(FULFILLMENT_ORDER_GID) || !id.endsWith('1')) return undefined;
  return world.order('shopify', shopId, id.slice(FULFILLMENT_ORDER_GID.length, -1));
}

const REFUSALS: Record<string, string> = {
  not_found: 'Fulfillment order does not exist.',
  cancelled: 'The order has been cancelled.',
  unpaid: 'The order is awaiting payment.',
  already_shipped: 'The fulfillment order is already fulfilled.',
  address_incomplete: 'The shipping address is incomplete.',
};

/**
 * Mutation.fulfillmentCreate(fulfillment: FulfillmentInput!): fulfils the named fulfillment orders
 * whole with the tracking number. Refusals are userErrors in HTTP 200, as Shopify answers business
 * errors of a mutation; a missing lineItemsByFulfillmentOrder is a variable error, as GraphQL
 * answers a required input left out.
 */
export function fulfillmentCreate(world: World, shopId: string, args: Body): Source {
  const input =
    typeof args.fulfillment === 'object' && args.fulfillment !== null ? (args.fulfillment as Body) : {};
  const groups = input.lineItemsByFulfillmentOrder;
  if (!Array.isArray(groups) || groups.length === 0)
    throw new GraphqlRefusal(
      'Variable $fulfillment of type FulfillmentInput! was provided invalid value for lineItemsByFulfillmentOrder (Expected value to not be null)',
      { code: 'INVALID_VARIABLE' },
    );
  const orders: SandboxOrder[] = [];
  for (const [index, group] of groups.entries()) {
    const entry = typeof group === 'object' && group !== null ? (group as Body) : {};
    const order = orderOfFulfillmentOrder(world, shopId, entry.fulfillmentOrderId);
    const field = [...GROUPS_FIELD, String(index), 'fulfillmentOrderId'];
    if (!order) return userErrors([{ field, message: REFUSALS.not_found ?? '' }]);
    if (Array.isArray(entry.fulfillmentOrderLineItems) && entry.fulfillmentOrderLineItems.length > 0)
      return userErrors([
        {
          field,
          message: 'The sandbox fulfils whole fulfillment orders only (leave out fulfillmentOrderLineItems).',
        },
      ]);
    const { status } = fulfillmentOrderState(order);
    if (status !== 'OPEN' && status !== 'IN_PROGRESS') {
      const number = fulfillmentOrderId(order).slice(FULFILLMENT_ORDER_GID.length);
      return userErrors([
        {
          field,
          message: `Fulfillment order ${number} has an unfulfillable status= ${status.toLowerCase()}.`,
        },
      ]);
    }
    orders.push(order);
  }
  const [first] = orders;
  if (!first || orders.some((order) => order.orderId !== first.orderId))
    return userErrors([
      { field: GROUPS_FIELD, message: 'All fulfillment orders must belong to the same order.' },
    ]);
  const tracking =
    typeof input.trackingInfo === 'object' && input.trackingInfo !== null ? (input.trackingInfo as Body) : {};
  const outcome = sellerShipped(world, 'shopify', shopId, first.orderId, {
    trackingNo: typeof tracking.number === 'string' ? tracking.number : '',
    carrier: typeof tracking.company === 'string' ? tracking.company : '',
  });
  if (!outcome.ok)
    return userErrors([{ field: GROUPS_FIELD, message: REFUSALS[outcome.reason] ?? outcome.reason }]);
  // The fulfillment as the order now holds it (Order.fulfillments renders the same one).
  const fulfillment = {
    id: `gid://shopify/Fulfillment/${first.orderId}1`,
    status: 'SUCCESS',
    trackingInfo: [{ company: first.carrier, number: first.trackingNo, url: null }],
  };
  return { fulfillment, userErrors: [] };
}
