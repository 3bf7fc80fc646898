/**
 * The GraphQL Admin API documents the Shopify connector sends, their page
 * sizes and their calculated cost. The sandbox answers exactly these documents, so both sides
 * read them from here.
 *
 * Page sizes follow from Shopify's cost rules (shopify.dev "GraphQL Admin API rate limits"):
 * scalars and enums cost 0, an object 1, a connection 2 + first × its node's cost; one query may
 * not cost more than 1,000 points (MAX_COST_EXCEEDED) [UNCONFIRMED cap, widely reported]. An order
 * with 3 lines costs 38 points, so a page holds 26 orders (990 points): orders(first: 100) with
 * its lines would be refused. Most orders have one to three lines; the few with more read the rest
 * with SHOPIFY_ORDER_LINES_QUERY (asking 20 lines with every order would cut a page to 8 orders,
 * and a sync of thousands of orders to three times as many calls).
 */

/** The Admin API version every call names (the newest the official @shopify/shopify-api library ships). */
export const SHOPIFY_API_VERSION = '2026-07';

/** Lines read with each order; more are read with SHOPIFY_ORDER_LINES_QUERY. */
export const LINES_PER_ORDER = 3;
/** Lines per follow-up page for an order with more than LINES_PER_ORDER lines. */
export const LINES_PAGE_SIZE = 100;
/** Shopify's cap on one query's calculated cost. */
export const MAX_QUERY_COST = 1000;

const LINE_FIELDS = `fragment SyncLine on LineItem {
  id
  sku
  name
  quantity
  currentQuantity
  variant { id barcode }
  product { id }
  originalUnitPriceSet { shopMoney { amount currencyCode } }
}`;

/** A line's cost: the line, its variant, product, price set and shop money (five objects). */
const LINE_COST = 5;

const ORDER_FIELDS = `fragment SyncOrder on Order {
  id
  legacyResourceId
  name
  createdAt
  updatedAt
  processedAt
  cancelledAt
  closedAt
  displayFinancialStatus
  displayFulfillmentStatus
  currencyCode
  totalPriceSet { shopMoney { amount currencyCode } }
  totalShippingPriceSet { shopMoney { amount currencyCode } }
  totalDiscountsSet { shopMoney { amount currencyCode } }
  note
  customer { displayName }
  shippingAddress { name phone address1 address2 city province zip country countryCodeV2 }
  shippingLine { title }
  transactions(first: 5) { kind status processedAt }
  fulfillments(first: 3) { trackingInfo(first: 1) { company number } }
  lineItems(first: ${LINES_PER_ORDER}) {
    pageInfo { hasNextPage endCursor }
    nodes { ...SyncLine }
  }
}`;

/**
 * One order's cost: the order, customer, address and shipping line (4), its three money sets with
 * their shop money (6), five transactions (5), three fulfillments with one tracking entry each
 * (6), and its line connection.
 */
const ORDER_COST = 4 + 3 * 2 + 5 + 3 * 2 + (2 + LINES_PER_ORDER * LINE_COST);

/** Orders per page: the most whose calculated cost stays under the single-query cap. */
export const ORDERS_PAGE_SIZE = Math.floor((MAX_QUERY_COST - 2) / ORDER_COST);

/**
 * Orders matching a search (`updated_at:>='…' updated_at:<'…'`, or `id:1 OR id:2`), by update
 * time: variables { first, after, query }.
 */
export const SHOPIFY_ORDERS_QUERY = `query SyncOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { ...SyncOrder }
  }
}
${ORDER_FIELDS}
${LINE_FIELDS}`;

/**
 * Orders per page of SHOPIFY_ORDER_TIMES_QUERY: Shopify's largest `first`, at 2 + 250 points (a
 * connection of nodes whose fields are all scalars: 1 point a node).
 */
export const ORDER_TIMES_PAGE_SIZE = 250;

/**
 * The orders matching a search by update time, each only its id and update time: variables
 * { first, after, query }. Paging a window with it costs a quarter of a point an order, so the
 * sync reads in full (SHOPIFY_ORDERS_QUERY by id) only the orders changed since it last read
 * them. Same connection and sort as SHOPIFY_ORDERS_QUERY, so the two share cursors.
 */
export const SHOPIFY_ORDER_TIMES_QUERY = `query SyncOrderTimes($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { id legacyResourceId updatedAt }
  }
}`;

/** The rest of one order's lines: variables { id, after }. */
export const SHOPIFY_ORDER_LINES_QUERY = `query SyncOrderLines($id: ID!, $after: String) {
  order(id: $id) {
    lineItems(first: ${LINES_PAGE_SIZE}, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { ...SyncLine }
    }
  }
}
${LINE_FIELDS}`;

/** The shop's own name and currency (read once, when a shop is authorised). */
export const SHOPIFY_SHOP_QUERY = `query SyncShop {
  shop { name currencyCode }
}`;

/** The calculated cost Shopify charges for SHOPIFY_ORDERS_QUERY with `first` orders. */
export function ordersQueryCost(first: number): number {
  return 2 + first * ORDER_COST;
}

/** The calculated cost Shopify charges for SHOPIFY_ORDER_TIMES_QUERY with `first` orders. */
export function orderTimesQueryCost(first: number): number {
  return 2 + first;
}

/** The calculated cost of SHOPIFY_ORDER_LINES_QUERY: the order and its line connection. */
export function orderLinesQueryCost(): number {
  return 1 + 2 + LINES_PAGE_SIZE * LINE_COST;
}

/** Two documents are the same when they differ only in whitespace. */
export function sameDocument(left: string, right: string): boolean {
  const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
  return squeeze(left) === squeeze(right);
}

/** Fulfillment orders and fulfillments one tracking look-up reads (an order rarely has more than one of each). */
export const TRACKING_PAGE_SIZE = 10;
/** Tracking numbers read per fulfillment (a fulfillment may carry several). */
const TRACKING_NUMBERS_PER_FULFILLMENT = 5;

/**
 * What pushing a tracking number needs to know of one order: whether it is cancelled, the
 * tracking numbers its fulfillments already carry, and its fulfillment orders with their status,
 * location and holds (a fulfillment is created per fulfillment order, never per order): variables { id }.
 */
export const SHOPIFY_TRACKING_ORDER_QUERY = `query TrackingOrder($id: ID!) {
  order(id: $id) {
    id
    cancelledAt
    fulfillments(first: ${TRACKING_PAGE_SIZE}) { trackingInfo(first: ${TRACKING_NUMBERS_PER_FULFILLMENT}) { number } }
    fulfillmentOrders(first: ${TRACKING_PAGE_SIZE}) {
      nodes {
        id
        status
        assignedLocation { location { id } }
        fulfillmentHolds { reason }
      }
    }
  }
}`;

/**
 * Fulfils whole fulfillment orders with one tracking number: variables { fulfillment:
 * FulfillmentInput }. fulfillmentCreate (FulfillmentInput) is the current mutation;
 * fulfillmentCreateV2 is its deprecated older name.
 */
export const SHOPIFY_FULFILLMENT_CREATE = `mutation PushTracking($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

/** Shopify charges every mutation 10 points. */
export const MUTATION_COST = 10;

/**
 * SHOPIFY_TRACKING_ORDER_QUERY's cost: the order, its fulfillments with their tracking entries,
 * and a fulfillment-order connection whose nodes hold a location (two objects) and holds.
 */
export function trackingOrderQueryCost(): number {
  return (
    1 + TRACKING_PAGE_SIZE * (1 + TRACKING_NUMBERS_PER_FULFILLMENT) + 2 + TRACKING_PAGE_SIZE * (1 + 2 + 1)
  );
}
