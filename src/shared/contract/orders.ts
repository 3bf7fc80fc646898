/**
 * Order calls (spec 02 §3 'Order'): entering an order by hand, the list with its tabs, counts,
 * filters and batch search (spec 02 §5), one order's detail with lines, reservation, exceptions
 * and history, and the hand actions (cancel, review pass or reject, out of stock, tags, notes,
 * merge, split). Reservation: which orders hold a SKU's frozen units, and the repair that
 * re-derives reservations from open orders. Money is in integer minor units with its currency.
 *
 * Kept whole past 400 lines: every order call's schema is here, so the server, the admin and the
 * PDA read one contract for the order and its fields are declared once.
 */
import { z } from 'zod';
import {
  EXCEPTION_REASONS,
  LOCAL_STATUSES,
  ORDER_CURRENCIES,
  ORDER_LIMITS as LIMITS,
  ORDER_TABS,
  ORDER_TAGS,
  ORDER_TYPES,
  PARCEL_TYPES,
  PLATFORMS,
  SHIP_TIME_FILTERS,
  WAREHOUSE_STATUSES,
} from '../domain/order.js';
import { batchSearch } from './catalog.js';
import { pageQuery, pageResult, string, text, uuid } from './common.js';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const dateTime = z.iso.datetime({ offset: true });

export const orderQuantity = z.number().int().min(1).max(LIMITS.quantity);
const price = z.number().int().min(0).max(LIMITS.price);
const note = text(LIMITS.note);
/** Selected orders; none selected answers 'order.not_selected' from the service. */
const orderIds = z.array(uuid).max(LIMITS.mergeOrders * 10);

export const orderLineInput = z.strictObject({
  skuId: uuid,
  quantity: orderQuantity,
  /** Unit price in minor units of the order's currency. */
  unitPrice: price.default(0),
  /** The marketplace's item and variation the line was sold as. */
  itemId: text(LIMITS.text).default(''),
  variationId: text(LIMITS.text).default(''),
});
export type OrderLineInput = z.input<typeof orderLineInput>;

/** A marketplace line whose item is not paired to a SKU yet, as the platform sold it. */
export const unmatchedLineInput = z.strictObject({
  itemId: text(LIMITS.text).default(''),
  variationId: text(LIMITS.text).default(''),
  sellerSku: text(LIMITS.text).default(''),
  title: text(500).default(''),
  quantity: orderQuantity,
  unitPrice: price.default(0),
});

/** An order's amounts as its platform states them, in minor units of its currency. */
export const orderAmountsInput = z.strictObject({
  total: price,
  shipping: price.default(0),
  discount: price.default(0),
});

const orderHeader = {
  /** The platform's order number; blank answers 'order.no_required' (Order No. cannot be empty). */
  orderNo: text(LIMITS.orderNo).default(''),
  warehouseId: uuid,
  orderType: z.enum(ORDER_TYPES).default('stock'),
  shopName: text(LIMITS.text).default(''),
  buyerName: text(LIMITS.text).default(''),
  recipientName: text(LIMITS.text).default(''),
  recipientPhone: text(32).default(''),
  recipientAddress: text(LIMITS.address).default(''),
  buyerMessage: note.default(''),
  sellerNote: note.default(''),
  shipBy: dateTime.nullable().default(null),
  paidAt: dateTime.nullable().default(null),
  currency: z.enum(ORDER_CURRENCIES).default('CNY'),
  logisticsChannel: text(LIMITS.text).default(''),
  trackingNo: text(LIMITS.orderNo).default(''),
  tags: z.array(z.enum(ORDER_TAGS)).max(LIMITS.tags).default([]),
  /** No line at all answers the spec's 'Product is empty'. */
  lines: z.array(orderLineInput).min(1, { message: 'product_empty' }).max(LIMITS.lines),
};

/** An order entered by hand: by a seller for themselves, or by an agent or admin for a seller. */
export const createOrderInput = z.strictObject({
  ...orderHeader,
  /** The marketplace the order was sold on, when it is entered by hand for one; 'manual' otherwise. */
  platform: z.enum(PLATFORMS).default('manual'),
  /** Required of agents and admins; a seller's own id is used for sellers. */
  sellerId: blankOr(uuid),
});
export type CreateOrderInput = z.input<typeof createOrderInput>;

/**
 * An order as a marketplace delivers it (the sync's one upsert, by shop and order number). The
 * platform status comes as the platform spells it; lines name SKUs already paired to the seller.
 */
export const marketplaceOrderInput = z.strictObject({
  ...orderHeader,
  /**
   * The lines paired to the seller's SKUs: none when no line is paired yet (the sync then flags
   * the order as an unmatched_sku problem until SKU matching completes it).
   */
  lines: z.array(orderLineInput).max(LIMITS.lines),
  /** The lines whose item is not paired yet, kept and shown as sold (never reserved). */
  unmatchedLines: z.array(unmatchedLineInput).max(LIMITS.lines).default([]),
  /** The platform's amounts; null (a caller that has none) takes the sum of the lines. */
  amounts: orderAmountsInput.nullable().default(null),
  sellerId: uuid,
  platform: z.enum(PLATFORMS),
  shopId: text(LIMITS.text).min(1),
  platformStatus: text(32).min(1),
  orderedAt: dateTime.nullable().default(null),
});
export type MarketplaceOrderInput = z.input<typeof marketplaceOrderInput>;

/** How a list filters by several tags: orders carrying any of them, or all of them. */
export const TAG_MATCHES = ['any', 'all'] as const;
export type TagMatch = (typeof TAG_MATCHES)[number];

/** Tags separated by commas, each once; blank means no tag filter. */
const orderTagList = string()
  .max(ORDER_TAGS.join(',').length + ORDER_TAGS.length)
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  ])
  .pipe(z.array(z.enum(ORDER_TAGS)).max(LIMITS.tags));

export const orderListQuery = z.strictObject({
  ...pageQuery.shape,
  tab: blankOr(z.enum(ORDER_TABS)),
  /** 'all' (the routes' type=all) or an order type. */
  type: blankOr(z.union([z.literal('all'), z.enum(ORDER_TYPES)])),
  status: blankOr(z.enum(LOCAL_STATUSES)),
  warehouseStatus: blankOr(z.enum(WAREHOUSE_STATUSES)),
  platform: blankOr(z.enum(PLATFORMS)),
  shopName: blankOr(text(LIMITS.text)),
  warehouseId: blankOr(uuid),
  /** For agent and warehouse roles; a seller always sees only their own. */
  sellerId: blankOr(uuid),
  /** Comma-separated tags (?tags=urgent,problem): orders with any of them, or all with tagMatch=all. */
  tags: orderTagList.optional(),
  tagMatch: z.enum(TAG_MATCHES).default('any'),
  parcelType: blankOr(z.enum(PARCEL_TYPES)),
  /** Which time the date range applies to. */
  dateField: z.enum(['ordered', 'paid', 'shipBy', 'shipped']).default('ordered'),
  dateFrom: blankOr(dateTime),
  dateTo: blankOr(dateTime),
  shipTime: blankOr(z.enum(SHIP_TIME_FILTERS)),
  /** Comma-separated order numbers or system order ids (spec 02 §5). */
  orderNos: batchSearch.optional(),
  /** Comma-separated tracking numbers. */
  trackingNos: batchSearch.optional(),
  /**
   * Comma-separated numbers of any kind — order numbers, system order ids or tracking numbers —
   * as the list's one batch search and batch scan send them (spec 02 §5).
   */
  numbers: batchSearch.optional(),
  /**
   * The routes' single-number query (spec 01 §2): what an order question links with, its order
   * number (ordersn) — matched against the order number, the system order id and the tracking
   * number.
   */
  searchTrackingNo: blankOr(text(LIMITS.orderNo)),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** A shop the actor's orders came from, for the list's shop filter. */
export const orderShopView = z.object({
  platform: z.enum(PLATFORMS),
  shopName: string(),
  orders: z.number().int(),
});
export type OrderShopView = z.infer<typeof orderShopView>;

export const orderFlagsView = z.object({
  isPrinted: z.boolean(),
  isPicked: z.boolean(),
  isPacked: z.boolean(),
  isRefunded: z.boolean(),
  isCharged: z.boolean(),
  isReissued: z.boolean(),
});

export const orderRow = z.object({
  id: string(),
  orderNo: string(),
  systemNo: string(),
  sellerId: string(),
  sellerName: string(),
  platform: z.enum(PLATFORMS),
  shopId: string(),
  shopName: string(),
  orderType: z.enum(ORDER_TYPES),
  platformStatus: string(),
  localStatus: z.enum(LOCAL_STATUSES),
  warehouseStatus: z.enum(WAREHOUSE_STATUSES),
  warehouseId: string(),
  warehouseCode: string(),
  buyerName: string(),
  recipientName: string(),
  buyerMessage: string(),
  sellerNote: string(),
  warehouseNote: string(),
  shipBy: string().nullable(),
  orderedAt: string(),
  paidAt: string().nullable(),
  shippedAt: string().nullable(),
  cancelledAt: string().nullable(),
  trackingNo: string(),
  logisticsChannel: string(),
  parcelType: z.enum(PARCEL_TYPES),
  currency: z.enum(ORDER_CURRENCIES),
  /**
   * What the buyer pays in all, minor units: the platform's figure for a marketplace order, the
   * lines' sum for one entered by hand; never recomputed from the lines matched to SKUs.
   */
  totalAmount: z.number().int(),
  shippingAmount: z.number().int(),
  discountAmount: z.number().int(),
  units: z.number().int(),
  tags: z.array(z.enum(ORDER_TAGS)),
  flags: orderFlagsView,
  /** Reasons of the open exceptions; the order is a problem order while any is open. */
  problems: z.array(z.enum(EXCEPTION_REASONS)),
  mergedIntoId: string().nullable(),
  createdAt: string(),
});
export type OrderRow = z.infer<typeof orderRow>;

/** How many orders each tab holds under the list's filters, and 'all': every tab together. */
export const orderTabCounts = z.object(
  Object.fromEntries(['all', ...ORDER_TABS].map((tab) => [tab, z.number().int()])) as Record<
    'all' | (typeof ORDER_TABS)[number],
    z.ZodNumber
  >,
);
export type OrderTabCounts = z.infer<typeof orderTabCounts>;

export const orderPage = pageResult(orderRow).extend({
  counts: orderTabCounts,
  /** The searched numbers (numbers, orderNos, trackingNos, searchTrackingNo) no order in any tab answered. */
  notFound: z.array(string()).default([]),
});
export type OrderPage = z.infer<typeof orderPage>;

export const orderLineView = z.object({
  id: string(),
  skuId: string(),
  sellerSku: string(),
  productName: string(),
  itemId: string(),
  variationId: string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  /** Units this line holds frozen in the order's warehouse now. */
  reserved: z.number().int(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

/** A line the marketplace sold whose item is not matched to a SKU yet ('items not matched'). */
export const unmatchedLineView = z.object({
  id: string(),
  itemId: string(),
  variationId: string(),
  sellerSku: string(),
  title: string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  /** The shop's marketplace item (SKU matching pairs it, /shop/items/match); null when not recorded. */
  marketplaceItemId: string().nullable(),
});
export type UnmatchedLineView = z.infer<typeof unmatchedLineView>;

export const RESERVATION_STATES = ['active', 'released', 'consumed'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

export const reservationView = z.object({
  id: string(),
  lineId: string(),
  skuId: string(),
  sellerSku: string(),
  warehouseId: string(),
  quantity: z.number().int(),
  state: z.enum(RESERVATION_STATES),
  /** The ledger movement that froze the units, and the one that released or issued them. */
  reserveMovementId: z.number().int().nullable(),
  endMovementId: z.number().int().nullable(),
  createdAt: string(),
  endedAt: string().nullable(),
});
export type ReservationView = z.infer<typeof reservationView>;

/** What an out-of-stock exception names: per SKU, what the order needs and what was available. */
export const shortageView = z.object({
  skuId: string(),
  sellerSku: string(),
  needed: z.number().int(),
  available: z.number().int(),
});
export type ShortageView = z.infer<typeof shortageView>;

export const exceptionView = z.object({
  id: string(),
  reason: z.enum(EXCEPTION_REASONS),
  note: string(),
  shortages: z.array(shortageView),
  createdAt: string(),
  resolvedAt: string().nullable(),
  resolution: string(),
});
export type ExceptionView = z.infer<typeof exceptionView>;

export const HISTORY_FIELDS = ['local', 'warehouse', 'platform'] as const;

export const historyView = z.object({
  id: z.number().int(),
  field: z.enum(HISTORY_FIELDS),
  fromStatus: string().nullable(),
  toStatus: string(),
  note: string(),
  actorName: string().nullable(),
  createdAt: string(),
});
export type HistoryView = z.infer<typeof historyView>;

export const orderDetail = orderRow.extend({
  recipientPhone: string(),
  recipientAddress: string(),
  transferNote: string(),
  expressNote: string(),
  lines: z.array(orderLineView),
  unmatchedLines: z.array(unmatchedLineView),
  reservations: z.array(reservationView),
  exceptions: z.array(exceptionView),
  history: z.array(historyView),
  /** Orders merged into this combined order. */
  mergedOrders: z.array(z.object({ id: string(), orderNo: string(), systemNo: string() })),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderIdQuery = z.strictObject({ id: uuid, _t: string().max(20).optional() });

export const savedOrderView = z.object({ id: string(), orderNo: string(), systemNo: string() });
export type SavedOrderView = z.infer<typeof savedOrderView>;

export const cancelOrdersInput = z.strictObject({ ids: orderIds, reason: text(LIMITS.text).default('') });
export type CancelOrdersInput = z.input<typeof cancelOrdersInput>;

export const orderIdsInput = z.strictObject({ ids: orderIds });
export type OrderIdsInput = z.input<typeof orderIdsInput>;

export const rejectReviewInput = z.strictObject({ ids: orderIds, reason: text(LIMITS.text).min(1) });
export type RejectReviewInput = z.input<typeof rejectReviewInput>;

export const orderTagsInput = z.strictObject({
  ids: orderIds,
  tags: z.array(z.enum(ORDER_TAGS)).max(LIMITS.tags),
  mode: z.enum(['add', 'remove', 'set']).default('set'),
});
export type OrderTagsInput = z.input<typeof orderTagsInput>;

/** Notes by who keeps them: sellers their own note, the warehouse the others. */
export const orderNotesInput = z.strictObject({
  id: uuid,
  sellerNote: note.optional(),
  warehouseNote: note.optional(),
  transferNote: note.optional(),
  expressNote: note.optional(),
});
export type OrderNotesInput = z.input<typeof orderNotesInput>;

export const mergeOrdersInput = z.strictObject({ ids: orderIds });
export type MergeOrdersInput = z.input<typeof mergeOrdersInput>;

/** The lines (and how many units of each) that leave for the new order. */
export const splitOrderInput = z.strictObject({
  id: uuid,
  lines: z
    .array(z.strictObject({ lineId: uuid, quantity: orderQuantity }))
    .min(1)
    .max(LIMITS.lines),
});
export type SplitOrderInput = z.input<typeof splitOrderInput>;

/** One order's outcome in a batch action: done, or refused with its code. */
export const orderActionResult = z.object({
  id: string(),
  orderNo: string(),
  localStatus: z.enum(LOCAL_STATUSES),
  ok: z.boolean(),
  code: string().nullable(),
});
export const orderActionResults = z.array(orderActionResult);
export type OrderActionResult = z.infer<typeof orderActionResult>;

export const stockHoldersQuery = z.strictObject({
  skuId: uuid,
  warehouseId: blankOr(uuid),
  _t: string().max(20).optional(),
});
export type StockHoldersQuery = z.infer<typeof stockHoldersQuery>;

/** One order holding frozen units of the SKU. */
export const stockHolderView = z.object({
  orderId: string(),
  orderNo: string(),
  systemNo: string(),
  warehouseId: string(),
  warehouseCode: string(),
  localStatus: z.enum(LOCAL_STATUSES),
  quantity: z.number().int(),
  reservedAt: string(),
});
export const stockHoldersView = z.object({
  holders: z.array(stockHolderView),
  /** Frozen by orders, per warehouse, beside the balance's frozen (orders plus hand freezes). */
  warehouses: z.array(
    z.object({
      warehouseId: string(),
      warehouseCode: string(),
      reserved: z.number().int(),
      frozen: z.number().int(),
    }),
  ),
});
export type StockHoldersView = z.infer<typeof stockHoldersView>;

export const repairReservationsInput = z.strictObject({ warehouseId: blankOr(uuid) });
export type RepairReservationsInput = z.input<typeof repairReservationsInput>;

/** One difference the repair found between what open orders should hold and the ledger, and how it fixed it. */
export const reservationDifference = z.object({
  orderId: string(),
  orderNo: string(),
  skuId: string(),
  sellerSku: string(),
  warehouseId: string(),
  /** Units the order should hold frozen. */
  expected: z.number().int(),
  /** Units the ledger shows frozen for the order. */
  ledger: z.number().int(),
  /**
   * reserved or released (the ledger brought to what the order should hold), rows_rewritten (the
   * ledger was right, the reservation rows were not), out_of_stock (could not be held in full:
   * released and marked out of stock).
   */
  fix: z.enum(['reserved', 'released', 'rows_rewritten', 'out_of_stock']),
});
export const repairReport = z.object({
  ordersChecked: z.number().int(),
  differences: z.array(reservationDifference),
});
export type RepairReport = z.infer<typeof repairReport>;
