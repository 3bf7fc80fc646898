/**
 * The part of Shopify's GraphQL Admin API the sandbox answers: its types and fields as the Admin
 * API reference names them (QueryRoot's orders, order and shop; Mutation's fulfillmentCreate; Order,
 * LineItem, FulfillmentOrder and what they hold), a request checked against them as GraphQL checks
 * one (an unknown field or argument, a selection on a scalar or none on an object), its calculated
 * cost as Shopify charges it, and the run that answers exactly the fields asked for.
 *
 * The cost follows shopify.dev "GraphQL Admin API rate limits" (docs/research/marketplace-apis.md
 * §2.9): a scalar or an enum costs 0, an object 1, a connection 2 plus `first` times the cost of one node, a
 * mutation 10; no single query may cost more than 1,000 points [UNCONFIRMED cap, widely reported].
 * A list field with `first` (Order.transactions, Order.fulfillments) costs `first` times one of its
 * objects, and one without (FulfillmentOrder.fulfillmentHolds) as one object: [UNCONFIRMED], the
 * page names no rule for plain lists.
 */
import type { FieldSelection, ReadOperation } from './graphql-document.js';

/** One field of a type: the type it returns, whether it is a list of them, the arguments it takes. */
interface FieldType {
  type: string;
  list?: boolean;
  args?: readonly string[];
}

const connection = (node: string): Record<string, FieldType> => ({
  nodes: { type: node, list: true },
  pageInfo: { type: 'PageInfo' },
});
const PAGED = ['first', 'after', 'last', 'before', 'reverse'];
const MONEY_BAG: FieldType = { type: 'MoneyBag' };

/** The object types the sandbox knows; any other type name a field returns is a scalar or an enum. */
const SCHEMA: Readonly<Record<string, Readonly<Record<string, FieldType>>>> = {
  QueryRoot: {
    orders: { type: 'OrderConnection', args: [...PAGED, 'query', 'sortKey'] },
    order: { type: 'Order', args: ['id'] },
    shop: { type: 'Shop' },
  },
  Mutation: {
    fulfillmentCreate: { type: 'FulfillmentCreatePayload', args: ['fulfillment', 'message'] },
  },
  Shop: { name: { type: 'String' }, currencyCode: { type: 'CurrencyCode' } },
  PageInfo: {
    hasNextPage: { type: 'Boolean' },
    hasPreviousPage: { type: 'Boolean' },
    endCursor: { type: 'String' },
    startCursor: { type: 'String' },
  },
  OrderConnection: connection('Order'),
  Order: {
    id: { type: 'ID' },
    legacyResourceId: { type: 'UnsignedInt64' },
    name: { type: 'String' },
    createdAt: { type: 'DateTime' },
    updatedAt: { type: 'DateTime' },
    processedAt: { type: 'DateTime' },
    cancelledAt: { type: 'DateTime' },
    closedAt: { type: 'DateTime' },
    closed: { type: 'Boolean' },
    displayFinancialStatus: { type: 'OrderDisplayFinancialStatus' },
    displayFulfillmentStatus: { type: 'OrderDisplayFulfillmentStatus' },
    currencyCode: { type: 'CurrencyCode' },
    totalPriceSet: MONEY_BAG,
    totalShippingPriceSet: MONEY_BAG,
    totalDiscountsSet: MONEY_BAG,
    note: { type: 'String' },
    email: { type: 'String' },
    customer: { type: 'Customer' },
    shippingAddress: { type: 'MailingAddress' },
    shippingLine: { type: 'ShippingLine' },
    transactions: { type: 'OrderTransaction', list: true, args: ['first'] },
    fulfillments: { type: 'Fulfillment', list: true, args: ['first'] },
    lineItems: { type: 'LineItemConnection', args: PAGED },
    fulfillmentOrders: { type: 'FulfillmentOrderConnection', args: [...PAGED, 'query'] },
  },
  MoneyBag: { shopMoney: { type: 'MoneyV2' }, presentmentMoney: { type: 'MoneyV2' } },
  MoneyV2: { amount: { type: 'Decimal' }, currencyCode: { type: 'CurrencyCode' } },
  Customer: { displayName: { type: 'String' } },
  MailingAddress: {
    ...Object.fromEntries(
      ['name', 'phone', 'address1', 'address2', 'city', 'province', 'zip', 'country'].map((field) => [
        field,
        { type: 'String' },
      ]),
    ),
    countryCodeV2: { type: 'CountryCode' },
  },
  ShippingLine: { title: { type: 'String' } },
  OrderTransaction: {
    kind: { type: 'OrderTransactionKind' },
    status: { type: 'OrderTransactionStatus' },
    processedAt: { type: 'DateTime' },
  },
  Fulfillment: {
    id: { type: 'ID' },
    status: { type: 'FulfillmentStatus' },
    trackingInfo: { type: 'FulfillmentTrackingInfo', list: true, args: ['first'] },
  },
  FulfillmentTrackingInfo: { company: { type: 'String' }, number: { type: 'String' }, url: { type: 'URL' } },
  LineItemConnection: connection('LineItem'),
  LineItem: {
    id: { type: 'ID' },
    sku: { type: 'String' },
    name: { type: 'String' },
    quantity: { type: 'Int' },
    currentQuantity: { type: 'Int' },
    variant: { type: 'ProductVariant' },
    product: { type: 'Product' },
    originalUnitPriceSet: MONEY_BAG,
  },
  ProductVariant: { id: { type: 'ID' }, barcode: { type: 'String' } },
  Product: { id: { type: 'ID' } },
  FulfillmentOrderConnection: connection('FulfillmentOrder'),
  FulfillmentOrder: {
    id: { type: 'ID' },
    status: { type: 'FulfillmentOrderStatus' },
    assignedLocation: { type: 'FulfillmentOrderAssignedLocation' },
    fulfillmentHolds: { type: 'FulfillmentHold', list: true },
  },
  FulfillmentOrderAssignedLocation: { location: { type: 'Location' } },
  Location: { id: { type: 'ID' } },
  FulfillmentHold: { reason: { type: 'FulfillmentHoldReason' } },
  FulfillmentCreatePayload: {
    fulfillment: { type: 'Fulfillment' },
    userErrors: { type: 'UserError', list: true },
  },
  UserError: { field: { type: 'String', list: true }, message: { type: 'String' } },
};
const isObjectType = (type: string) => type in SCHEMA;
const rootOf = (operation: ReadOperation) => (operation.kind === 'mutation' ? 'Mutation' : 'QueryRoot');

/** A GraphQL error as Shopify writes one: message, where in the document, and its extensions. */
export interface GraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
  extensions: Record<string, unknown>;
}

/** GraphQL's validation of the operation against the schema; the errors, none when it may run. */
export function checkOperation(operation: ReadOperation): GraphqlError[] {
  if (operation.kind === 'subscription')
    return [{ message: 'Subscriptions are not supported', extensions: { code: 'UNSUPPORTED' } }];
  const errors: GraphqlError[] = [];
  const visit = (fields: readonly FieldSelection[], typeName: string) => {
    for (const field of fields) {
      const at = { locations: [{ line: field.line, column: field.column }] };
      if (field.name === '__typename') continue;
      const type = SCHEMA[typeName]?.[field.name];
      if (!type) {
        errors.push({
          message: `Field '${field.name}' doesn't exist on type '${typeName}'`,
          ...at,
          extensions: { code: 'undefinedField', typeName, fieldName: field.name },
        });
        continue;
      }
      for (const name of Object.keys(field.args))
        if (!type.args?.includes(name))
          errors.push({
            message: `Field '${field.name}' doesn't accept argument '${name}'`,
            ...at,
            extensions: { code: 'argumentNotAccepted', name: field.name, typeName, argumentName: name },
          });
      if (isObjectType(type.type) && field.fields.length === 0)
        errors.push({
          message: `Field must have selections (field '${field.name}' returns ${type.type} but has no selections.)`,
          ...at,
          extensions: { code: 'selectionMismatch', nodeName: `field '${field.name}'`, typeName: type.type },
        });
      else if (!isObjectType(type.type) && field.fields.length > 0)
        errors.push({
          message: `Selections can't be made on scalars (field '${field.name}' returns ${type.type} but has selections)`,
          ...at,
          extensions: { code: 'selectionMismatch', nodeName: `field '${field.name}'`, typeName: type.type },
        });
      else visit(field.fields, type.type);
    }
  };
  visit(operation.fields, rootOf(operation));
  return errors;
}

/** A connection's page size, as the cost counts it: `first` (or `last`) when it is 1 to 250. */
function pageSize(args: Record<string, unknown>): number {
  const size = args.first ?? args.last;
  return typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= 250 ? size : 0;
}

function fieldCost(field: FieldSelection, typeName: string): number {
  const type = SCHEMA[typeName]?.[field.name];
  if (!type || !isObjectType(type.type)) return 0;
  const inside = (fields: readonly FieldSelection[], within: string) =>
    fields.reduce((sum, child) => sum + fieldCost(child, within), 0);
  const nodes = SCHEMA[type.type]?.nodes;
  if (type.type.endsWith('Connection') && nodes) {
    const nodeFields = field.fields.find((child) => child.name === 'nodes')?.fields ?? [];
    return 2 + pageSize(field.args) * (1 + inside(nodeFields, nodes.type));
  }
  const one = 1 + inside(field.fields, type.type);
  if (!type.list) return one;
  const first = field.args.first;
  return (typeof first === 'number' && Number.isInteger(first) && first > 0 ? first : 1) * one;
}

/** Every mutation costs 10 points, whatever it selects. */
export const MUTATION_COST = 10;
/** The most one query may cost; more is refused with MAX_COST_EXCEEDED. */
export const MAX_QUERY_COST = 1000;

/** The calculated cost Shopify charges the operation before running it (what requestedQueryCost reports). */
export function operationCost(operation: ReadOperation): number {
  if (operation.kind === 'mutation') return MUTATION_COST;
  return operation.fields.reduce((sum, field) => sum + fieldCost(field, rootOf(operation)), 0);
}

/** A field's value that depends on its arguments (a page size, a cursor, an id): worked out when asked. */
export class ByArgs {
  constructor(readonly resolve: (args: Record<string, unknown>) => unknown) {}
}

/** A resolver's refusal: the run stops and the reply is this error alone, as for a bad argument. */
export class GraphqlRefusal extends Error {
  constructor(
    message: string,
    readonly extensions: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** An object's fields as the sandbox holds them: values, or ByArgs for those that take arguments. */
export type Source = Readonly<Record<string, unknown>>;

function run(fields: readonly FieldSelection[], source: Source, typeName: string): Record<string, unknown> {
  const reply: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.name === '__typename') {
      reply[field.key] = typeName;
      continue;
    }
    const type = SCHEMA[typeName]?.[field.name];
    const held = source[field.name];
    const value = held instanceof ByArgs ? held.resolve(field.args) : held;
    if (!type || value === null || value === undefined) reply[field.key] = null;
    else if (!isObjectType(type.type)) reply[field.key] = value;
    else if (Array.isArray(value))
      reply[field.key] = value.map((item: Source) => run(field.fields, item, type.type));
    else reply[field.key] = run(field.fields, value as Source, type.type);
  }
  return reply;
}

/** Runs a checked operation from its root's fields: the reply's `data`, or the refusal a resolver threw. */
export function runOperation(
  operation: ReadOperation,
  root: Source,
): Record<string, unknown> | GraphqlRefusal {
  try {
    return run(operation.fields, root, rootOf(operation));
  } catch (error) {
    if (error instanceof GraphqlRefusal) return error;
    throw error;
  }
}
