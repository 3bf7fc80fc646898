/**
 * Order vocabulary (spec 02 §3 'Order', §4): the local lifecycle and the warehouse-side one, each
 * a transition table checked by one assert on the server and read by the admin to grey out
 * buttons; the platform's statuses as the marketplaces spell them, normalised on the way in, and
 * which local status each one moves the order to; the parcel type derived from the lines; and
 * problems as open exceptions with a coded reason, never as a status.
 */

export const PLATFORMS = ['shopee', 'lazada', 'tiktok', 'shopify', 'joom', 'coupang', 'manual'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Stock, express (drop-ship), combined, test-purchase and distribution orders (spec 02 §2). */
export const ORDER_TYPES = ['stock', 'express', 'combined', 'test_purchase', 'distribution'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_CURRENCIES = [
  'CNY',
  'THB',
  'TWD',
  'MYR',
  'PHP',
  'VND',
  'SGD',
  'IDR',
  'USD',
  'KRW',
] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

/**
 * Digits of the minor unit each currency's amounts are kept in: a price of 29 900 is THB 299.00
 * but TWD 29 900 (dollars are not split into cents on the marketplaces).
 */
export const CURRENCY_DECIMALS: Readonly<Record<OrderCurrency, number>> = {
  CNY: 2,
  THB: 2,
  TWD: 0,
  MYR: 2,
  PHP: 2,
  VND: 0,
  SGD: 2,
  IDR: 0,
  USD: 2,
  KRW: 0,
};

/** An amount in minor units in the currency's major unit (29 900 THB → 299). */
export function majorUnits(minor: number, currency: OrderCurrency): number {
  return minor / 10 ** CURRENCY_DECIMALS[currency];
}

/** An amount typed in the major unit, in minor units (299.5 THB → 29 950), rounded to the minor unit. */
export function minorUnits(major: number, currency: OrderCurrency): number {
  return Math.round(major * 10 ** CURRENCY_DECIMALS[currency]);
}

/** Order tags seen in the spec; 'problem' and 'out_of_stock' are also set from open exceptions. */
export const ORDER_TAGS = ['pre_brushed', 'urgent', 'evaluation', 'problem', 'out_of_stock'] as const;
export type OrderTag = (typeof ORDER_TAGS)[number];

/**
 * The local lifecycle. to_review: synced or entered, not yet approved (the "pending review" tab);
 * pending_shipment: approved, its lines reserve stock in its warehouse (the "pending" tab).
 */
export const LOCAL_STATUSES = [
  'unpaid',
  'to_review',
  'pending_shipment',
  'in_cancellation',
  'shipped',
  'in_transit',
  'to_confirm_receipt',
  'delivered',
  'completed',
  'to_return',
  'cancelled',
] as const;
export type LocalStatus = (typeof LOCAL_STATUSES)[number];

/** Shipped and every status after it: where an order's parcel has left (the shipped tab). */
export const SHIPPED_ONWARDS = [
  'shipped',
  'in_transit',
  'to_confirm_receipt',
  'delivered',
  'completed',
  'to_return',
] as const satisfies readonly LocalStatus[];

export function isShippedOnwards(status: LocalStatus): boolean {
  return (SHIPPED_ONWARDS as readonly LocalStatus[]).includes(status);
}

/** Which local status may follow which; staying the same is always allowed. */
export const LOCAL_TRANSITIONS: Readonly<Record<LocalStatus, readonly LocalStatus[]>> = {
  // The sync reads an order's latest status: an unpaid order paid and then shipped by the seller,
  // or paid and then in cancellation, between two syncs is read as where it is now.
  unpaid: ['to_review', 'in_cancellation', 'cancelled', ...SHIPPED_ONWARDS],
  // An order the platform reports shipped or beyond before it was approved was fulfilled outside
  // the warehouse (the seller shipped it themselves): it holds nothing, and follows the platform.
  to_review: ['pending_shipment', 'in_cancellation', 'cancelled', ...SHIPPED_ONWARDS],
  // An approved order the platform reports shipped or beyond was shipped without the warehouse
  // (the sync sees only the latest status, so SHIPPED itself may never be read): it follows the
  // platform, its reservation is released and it is flagged shipped_outside_warehouse.
  pending_shipment: ['in_cancellation', 'cancelled', ...SHIPPED_ONWARDS],
  // A buyer's cancellation request is decided on the platform: granted, or refused and back, or
  // refused and the order shipped (read after the fact, as above).
  in_cancellation: ['cancelled', 'to_review', 'pending_shipment', ...SHIPPED_ONWARDS],
  // After the parcel left, the platform may still cancel the order (Joom's refund of an order not
  // delivered; a failed delivery): it follows, and nothing is released, as nothing is held.
  shipped: ['in_transit', 'to_confirm_receipt', 'delivered', 'completed', 'to_return', 'cancelled'],
  in_transit: ['to_confirm_receipt', 'delivered', 'completed', 'to_return', 'cancelled'],
  to_confirm_receipt: ['delivered', 'completed', 'to_return', 'cancelled'],
  delivered: ['completed', 'to_return', 'cancelled'],
  completed: ['to_return', 'cancelled'],
  // A return the seller declined or that never came leaves the sale standing (completed); one
  // refunded ends it (cancelled).
  to_return: ['completed', 'cancelled'],
  cancelled: [],
};

export function canTransition(from: LocalStatus, to: LocalStatus): boolean {
  return from === to || LOCAL_TRANSITIONS[from].includes(to);
}

/**
 * Statuses whose orders hold reserved (frozen) units in their warehouse. An order in cancellation
 * was paid and the buyer's request is still open on the platform: the warehouse must not ship it,
 * and must not sell its units to another order either, until the platform decides. Entering one of
 * these from a status that holds nothing reserves (an order that arrives already in cancellation
 * included); leaving them for one that holds nothing releases.
 */
export const RESERVING_STATUSES: readonly LocalStatus[] = ['pending_shipment', 'in_cancellation'];

export function holdsStock(status: LocalStatus): boolean {
  return RESERVING_STATUSES.includes(status);
}

/** The list's tabs (spec 02 §2) as views over the local status; 'problem' is any open exception. */
export const ORDER_TABS = ['to_review', 'pending', 'shipped', 'cancelled', 'problem'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const TAB_STATUSES: Readonly<Record<Exclude<OrderTab, 'problem'>, readonly LocalStatus[]>> = {
  to_review: ['unpaid', 'to_review'],
  pending: ['pending_shipment', 'in_cancellation'],
  shipped: SHIPPED_ONWARDS,
  cancelled: ['cancelled'],
};

/** Hand actions and the statuses they start from; the admin greys out the rest. */
export const ORDER_ACTIONS = {
  cancel: ['unpaid', 'to_review', 'pending_shipment', 'in_cancellation'],
  reviewPass: ['to_review'],
  reviewReject: ['to_review'],
  markOutOfStock: ['to_review', 'pending_shipment'],
  merge: ['to_review', 'pending_shipment'],
  split: ['to_review', 'pending_shipment'],
} as const satisfies Record<string, readonly LocalStatus[]>;
export type OrderAction = keyof typeof ORDER_ACTIONS;

export function canAct(action: OrderAction, status: LocalStatus): boolean {
  return (ORDER_ACTIONS[action] as readonly LocalStatus[]).includes(status);
}

/** Warehouse-side status (spec 02 §4 'Warehouse side'); 'none' until a wave takes the order. */
export const WAREHOUSE_STATUSES = [
  'none',
  'picking',
  'picked',
  'sorted',
  'to_be_packed',
  'packed',
  'repacked',
  'bagged',
  'to_be_delivered',
  'delivered',
] as const;
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];

/**
 * Which warehouse status may follow which; staying the same is always allowed. The orders
 * module's one writer (modules/orders/warehouse-status.ts) refuses any other step. Back to
 * 'none' from anywhere before hand-over: a short or cancelled pick returns the order to the
 * queue, and a cancelled order's picks are put back on a shelf (pack.put_back).
 */
export const WAREHOUSE_TRANSITIONS: Readonly<Record<WarehouseStatus, readonly WarehouseStatus[]>> = {
  // 'picked' at once: the outbound desk picks every line of one order in one step.
  none: ['picking', 'picked', 'to_be_delivered'],
  picking: ['picked', 'none'],
  picked: ['sorted', 'to_be_packed', 'packed', 'none'],
  sorted: ['to_be_packed', 'packed', 'none'],
  to_be_packed: ['packed', 'none'],
  // Handed over as it is, or in a bag.
  packed: ['repacked', 'bagged', 'to_be_delivered', 'delivered', 'none'],
  repacked: ['bagged', 'to_be_delivered', 'delivered', 'none'],
  // 'packed' again: taken out of a bag still open.
  bagged: ['packed', 'to_be_delivered', 'delivered', 'none'],
  to_be_delivered: ['delivered', 'none'],
  delivered: [],
};

export function canWarehouseTransition(from: WarehouseStatus, to: WarehouseStatus): boolean {
  return from === to || WAREHOUSE_TRANSITIONS[from].includes(to);
}

/** Platform statuses as spec 02 §4 lists them. */
export const PLATFORM_STATUSES = [
  'UNPAID',
  'READY_TO_SHIP',
  'RETRY_SHIP',
  'TO_CONFIRM_RECEIVE_PAY',
  'IN_CANCEL',
  'CANCELLED',
  'STARTSHIP',
  'SHIPPED',
  'THIRD_SHIPPED',
  'IN_TRANSIT',
  'TO_CONFIRM_RECEIVE',
  'COMPLETED',
  'TO_RETURN',
] as const;
export type PlatformStatus = (typeof PLATFORM_STATUSES)[number];

const COMPACT = new Map<string, PlatformStatus>(
  PLATFORM_STATUSES.map((status) => [status.replace(/_/g, ''), status]),
);
COMPACT.set('CONFIRMRECEIVEPAY', 'TO_CONFIRM_RECEIVE_PAY');

/**
 * The platform's status in its canonical spelling, whatever case, spaces, hyphens or missing
 * underscores it came with (READYTOSHIP, ready-to-ship, CONFIRMRECEIVEPAY…); null when unknown.
 */
export function normalisePlatformStatus(raw: string): PlatformStatus | null {
  const compact = raw.toUpperCase().replace(/[^A-Z]/g, '');
  return COMPACT.get(compact) ?? null;
}

/** Which local status each platform status moves an order to. */
export const PLATFORM_TO_LOCAL: Readonly<Record<PlatformStatus, LocalStatus>> = {
  UNPAID: 'unpaid',
  READY_TO_SHIP: 'to_review',
  RETRY_SHIP: 'to_review',
  TO_CONFIRM_RECEIVE_PAY: 'to_review',
  IN_CANCEL: 'in_cancellation',
  CANCELLED: 'cancelled',
  STARTSHIP: 'shipped',
  SHIPPED: 'shipped',
  THIRD_SHIPPED: 'shipped',
  IN_TRANSIT: 'in_transit',
  TO_CONFIRM_RECEIVE: 'to_confirm_receipt',
  COMPLETED: 'completed',
  TO_RETURN: 'to_return',
};

/**
 * Where an order in cancellation goes when the platform reports it waiting to ship again (the
 * buyer's request refused or withdrawn): back to the status it had before the request (`before`,
 * to review or pending shipment); pending shipment when it arrived in cancellation (null), being
 * paid and holding its units all along.
 */
export function statusAfterCancelRefused(before: LocalStatus | null): LocalStatus {
  return before === 'to_review' ? 'to_review' : 'pending_shipment';
}

/**
 * The local status after the platform reports `platform`: the mapped status when the table
 * allows the move from `current`, else `current` (a sync never undoes what the warehouse did,
 * e.g. READY_TO_SHIP does not take an approved order back to review). From in cancellation, a
 * status that maps to review means the cancellation was refused: statusAfterCancelRefused(before).
 */
export function localStatusAfterPlatform(
  current: LocalStatus,
  platform: PlatformStatus,
  before: LocalStatus | null = null,
): LocalStatus {
  const mapped = PLATFORM_TO_LOCAL[platform];
  const target =
    current === 'in_cancellation' && mapped === 'to_review' ? statusAfterCancelRefused(before) : mapped;
  return canTransition(current, target) ? target : current;
}

/** Single-item single-count, single-item multi-count, mixed multi-product (spec 02 §3). */
export const PARCEL_TYPES = ['single_single', 'single_multi', 'multi'] as const;
export type ParcelType = (typeof PARCEL_TYPES)[number];

/** The parcel type of an order's lines: how many distinct SKUs, and how many units of the one. */
export function parcelTypeOf(lines: readonly { skuId: string; quantity: number }[]): ParcelType {
  const skus = new Set(lines.map((line) => line.skuId));
  if (skus.size > 1) return 'multi';
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return units > 1 ? 'single_multi' : 'single_single';
}

/** What lines come to, in minor units: each line's unit price times its quantity. */
export function linesTotal(lines: readonly { quantity: number; unitPrice: number }[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** Coded reasons an order is a problem; each blocks the order until it is resolved. */
export const EXCEPTION_REASONS = [
  'out_of_stock',
  'unmatched_sku',
  'address_incomplete',
  'review_rejected',
  'shipped_outside_warehouse',
  'cancelled_after_pick',
  /** Units a picker could not find (a wave's pick.short): the exception names what is missing. */
  'short_pick',
  /**
   * The sync could not store the platform's latest version of the order (the product's own
   * failure, named in the note): the order here may be out of date until a sync stores it.
   */
  'sync_failed',
] as const;
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];

/** Flags of spec 02 §3 (print, pick, pack, refund, charge, reissue status). */
export const ORDER_FLAGS = [
  'isPrinted',
  'isPicked',
  'isPacked',
  'isRefunded',
  'isCharged',
  'isReissued',
] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

/** Remaining ship time filters (spec 02 §9): within 12 h … 5 d, or more than 7 / 14 days left. */
export const SHIP_TIME_FILTERS = ['12h', '24h', '48h', '3d', '5d', 'over7d', 'over14d'] as const;
export type ShipTimeFilter = (typeof SHIP_TIME_FILTERS)[number];

/**
 * The orders that still have to ship by their ship-by: the remaining ship time filter (spec 02
 * §9) looks at them alone (a shipped or cancelled order has no time remaining), as do the
 * figures of orders at risk; the partial index orders_ship_by_idx covers them.
 */
export const TO_SHIP_STATUSES = ['to_review', 'pending_shipment'] as const satisfies readonly LocalStatus[];

const HOUR = 3_600_000;
/** The ship-by window a filter means, in milliseconds from now: [from, to). */
export const SHIP_TIME_WINDOWS: Readonly<
  Record<ShipTimeFilter, { fromMs: number | null; toMs: number | null }>
> = {
  '12h': { fromMs: null, toMs: 12 * HOUR },
  '24h': { fromMs: null, toMs: 24 * HOUR },
  '48h': { fromMs: null, toMs: 48 * HOUR },
  '3d': { fromMs: null, toMs: 72 * HOUR },
  '5d': { fromMs: null, toMs: 120 * HOUR },
  over7d: { fromMs: 168 * HOUR, toMs: null },
  over14d: { fromMs: 336 * HOUR, toMs: null },
};

export const ORDER_LIMITS = {
  orderNo: 64,
  lines: 200,
  quantity: 100_000,
  /** Minor units: far above any single line we ship. */
  price: 10_000_000_000,
  text: 255,
  note: 1_000,
  address: 500,
  tags: ORDER_TAGS.length,
  /** Numbers one batch search takes (spec 02 §5). */
  batchSearch: 100,
  mergeOrders: 50,
} as const;
