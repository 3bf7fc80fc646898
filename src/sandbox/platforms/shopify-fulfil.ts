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
import {
  MUTATION_COST,
  trackingOrderQueryCost,
} from '@server/modules/marketplaces/platforms/shopify/queries.js';
import type { SandboxOrder, World } from '../world.js';
import { shopifyTime } from './shopify-render.js';

type Body = Record<string, unknown>;

const ORDER_GID = 'gid://shopify/Order/';
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

function cost(requested: number): Body {
  return {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: requested,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - requested, restoreRate: 100 },
    },
  };
}

/** SHOPIFY_TRACKING_ORDER_QUERY: the order's cancellation, fulfillments and fulfillment order; null when not the shop's. */
export function trackingOrderReply(world: World, shopId: string, variables: Body): Body {
  const id = typeof variables.id === 'string' ? variables.id : '';
  const order = id.startsWith(ORDER_GID)
    ? world.order('shopify', shopId, id.slice(ORDER_GID.length))
    : undefined;
  if (!order) return { data: { order: null }, extensions: cost(trackingOrderQueryCost()) };
  const state = fulfillmentOrderState(order);
  return {
    data: {
      order: {
        id: `${ORDER_GID}${order.orderId}`,
        cancelledAt: order.status === 'cancelled' ? shopifyTime(order.updatedAt) : null,
        fulfillments: order.trackingNo === '' ? [] : [{ trackingInfo: [{ number: order.trackingNo }] }],
        fulfillmentOrders: {
          nodes: [
            {
              id: fulfillmentOrderId(order),
              status: state.status,
              assignedLocation: { location: { id: LOCATION_GID } },
              fulfillmentHolds: state.holds.map((reason) => ({ reason })),
            },
          ],
        },
      },
    },
    extensions: cost(trackingOrderQueryCost()),
  };
}

function userErrors(errors: { field: string[]; message: string }[]): Body {
  return {
    data: { fulfillmentCreate: { fulfillment: null, userErrors: errors } },
    extensions: cost(MUTATION_COST),
  };
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
 * SHOPIFY_FULFILLMENT_CREATE: fulfils the named fulfillment orders whole with the tracking
 * number. Refusals are userErrors in HTTP 200, as Shopify answers business errors of a mutation;
 * a missing lineItemsByFulfillmentOrder is a variable error, as GraphQL answers a required input left out.
 */
export function fulfillmentCreateReply(world: World, shopId: string, variables: Body): Body {
  const input =
    typeof variables.fulfillment === 'object' && variables.fulfillment !== null
      ? (variables.fulfillment as Body)
      : {};
  const groups = input.lineItemsByFulfillmentOrder;
  if (!Array.isArray(groups) || groups.length === 0) {
    return {
      errors: [
        {
          message:
            'Variable $fulfillment of type FulfillmentInput! was provided invalid value for lineItemsByFulfillmentOrder (Expected value to not be null)',
          extensions: { code: 'INVALID_VARIABLE' },
        },
      ],
    };
  }
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
  const outcome = world.sellerShipped('shopify', shopId, first.orderId, {
    trackingNo: typeof tracking.number === 'string' ? tracking.number : '',
    carrier: typeof tracking.company === 'string' ? tracking.company : '',
  });
  if (!outcome.ok)
    return userErrors([{ field: GROUPS_FIELD, message: REFUSALS[outcome.reason] ?? outcome.reason }]);
  return {
    data: {
      fulfillmentCreate: {
        fulfillment: { id: `gid://shopify/Fulfillment/${first.orderId}1`, status: 'SUCCESS' },
        userErrors: [],
      },
    },
    extensions: cost(MUTATION_COST),
  };
}
