/**
 * The order lifecycle as data (spec 02 §3 'Order', §4 'Platform order status', 'Local order',
 * 'Warehouse side'), for the server, the admin and the PDA alike.
 *
 * - The local status is ours: where the order stands commercially (to review, pending shipment,
 *   shipped, …). It changes only along LOCAL_TRANSITIONS.
 * - The warehouse-side status is where the parcel stands on the floor (to pick … delivered), a
 *   column of its own with WAREHOUSE_TRANSITIONS.
 * - The platform status is stored as the marketplace says it; PLATFORM_TO_LOCAL says which local
 *   status it moves the order to, and only along an allowed transition: a sync never undoes what
 *   the warehouse did.
 * - "Problem" is not a status: it is an open exception with a coded reason that blocks the order
 *   until it is cleared. The spec's tabs are views over these (ORDER_TABS).
 */

export const ORDER_TYPES = ['stock', 'express', 'combined', 'test_purchase', 'distribution'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_TAGS = ['pre_brushed', 'urgent', 'evaluation', 'problem', 'out_of_stock'] as const;
export type OrderTag = (typeof ORDER_TAGS)[number];

export const LOCAL_ORDER_STATUSES = [
  'unpaid',
  'to_review',
  'pending_shipment',
  'in_cancellation',
  'shipped',
  'in_transit',
  'to_confirm_receipt',
  'completed',
  'to_return',
  'cancelled',
] as const;
export type LocalOrderStatus = (typeof LOCAL_ORDER_STATUSES)[number];

/** Which local status may follow which; a status may always stay as it is. */
export const LOCAL_TRANSITIONS: Readonly<Record<LocalOrderStatus, readonly LocalOrderStatus[]>> = {
  unpaid: ['to_review', 'cancelled'],
  to_review: ['pending_shipment', 'in_cancellation', 'cancelled'],
  // Back to review when the review is withdrawn (a rejected order, a split or merge to redo).
  pending_shipment: ['to_review', 'in_cancellation', 'shipped', 'cancelled'],
  // The buyer asked to cancel: the platform grants it, or the buyer withdraws the request.
  in_cancellation: ['to_review', 'pending_shipment', 'cancelled'],
  shipped: ['in_transit', 'to_confirm_receipt', 'completed', 'to_return'],
  in_transit: ['to_confirm_receipt', 'completed', 'to_return'],
  to_confirm_receipt: ['completed', 'to_return'],
  completed: ['to_return'],
  to_return: ['completed', 'cancelled'],
  cancelled: [],
};

/** Local statuses whose lines hold a reservation of stock until they ship or are cancelled. */
export const RESERVING_STATUSES: readonly LocalOrderStatus[] = ['pending_shipment', 'in_cancellation'];

export function canOrderTransition(from: LocalOrderStatus, to: LocalOrderStatus): boolean {
  return from === to || LOCAL_TRANSITIONS[from].includes(to);
}

export const WAREHOUSE_STATUSES = ['to_pick', 'picking', 'picked', 'packed', 'bagged', 'delivered'] as const;
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];

/** The parcel on the floor: picked, packed (again after a repack), bagged, handed over. */
export const WAREHOUSE_TRANSITIONS: Readonly<Record<WarehouseStatus, readonly WarehouseStatus[]>> = {
  to_pick: ['picking', 'picked'],
  // A short pick puts the order back to be picked again.
  picking: ['picked', 'to_pick'],
  picked: ['packed', 'to_pick'],
  // Repacked: back to picked, then packed again.
  packed: ['bagged', 'delivered', 'picked'],
  bagged: ['delivered', 'packed'],
  delivered: [],
};

export function canWarehouseTransition(from: WarehouseStatus, to: WarehouseStatus): boolean {
  return from === to || WAREHOUSE_TRANSITIONS[from].includes(to);
}

export const PLATFORM_STATUSES = [
  'UNPAID',
  'READY_TO_SHIP',
  'RETRY_SHIP',
  'STARTSHIP',
  'SHIPPED',
  'THIRD_SHIPPED',
  'IN_TRANSIT',
  'TO_CONFIRM_RECEIVE',
  'TO_CONFIRM_RECEIVE_PAY',
  'COMPLETED',
  'IN_CANCEL',
  'CANCELLED',
  'TO_RETURN',
] as const;
export type PlatformStatus = (typeof PLATFORM_STATUSES)[number];

const SPELLINGS = new Map<string, PlatformStatus>([
  ...PLATFORM_STATUSES.map((status) => [status.replace(/_/g, ''), status] as const),
  // Some tables shorten TO_CONFIRM_RECEIVE_PAY further.
  ['CONFIRMRECEIVEPAY', 'TO_CONFIRM_RECEIVE_PAY'],
]);

/**
 * The canonical spelling of a platform status as a marketplace or a table writes it
 * ('READYTOSHIP', 'ready_to_ship', 'Ready To Ship'), or null for one we do not know.
 */
export function normalisePlatformStatus(raw: string): PlatformStatus | null {
  return SPELLINGS.get(raw.toUpperCase().replace(/[^A-Z]/g, '')) ?? null;
}

/** The local status a platform status moves an order to. */
export const PLATFORM_TO_LOCAL: Readonly<Record<PlatformStatus, LocalOrderStatus>> = {
  UNPAID: 'unpaid',
  READY_TO_SHIP: 'to_review',
  RETRY_SHIP: 'to_review',
  STARTSHIP: 'to_review',
  SHIPPED: 'shipped',
  THIRD_SHIPPED: 'shipped',
  IN_TRANSIT: 'in_transit',
  TO_CONFIRM_RECEIVE: 'to_confirm_receipt',
  TO_CONFIRM_RECEIVE_PAY: 'to_confirm_receipt',
  COMPLETED: 'completed',
  IN_CANCEL: 'in_cancellation',
  CANCELLED: 'cancelled',
  TO_RETURN: 'to_return',
};

/**
 * Where a new platform status takes an order in `current`: the mapped status when the move is
 * allowed, or null when the order stays (it is already there, or further along: a platform that
 * says READY_TO_SHIP again does not undo a review). A cancellation the lifecycle cannot take
 * (the parcel already left) answers null too; the caller raises an exception for a person.
 */
export function platformMove(current: LocalOrderStatus, platform: PlatformStatus): LocalOrderStatus | null {
  const target = PLATFORM_TO_LOCAL[platform];
  if (target === current || !LOCAL_TRANSITIONS[current].includes(target)) return null;
  if (PEOPLE_ONLY.some(([from, to]) => from === current && to === target)) return null;
  return target;
}

/** Moves only a person makes: taking a reviewed order back to review. */
const PEOPLE_ONLY: readonly (readonly [LocalOrderStatus, LocalOrderStatus])[] = [
  ['pending_shipment', 'to_review'],
];

/** Coded reasons an order is a problem order, each blocking it until cleared. */
export const ORDER_EXCEPTION_REASONS = [
  'unmatched_sku',
  'out_of_stock',
  'address_incomplete',
  'refund_requested',
  'cancelled_after_pick',
  'short_pick',
  'arrange_failed',
  'label_not_saved',
] as const;
export type OrderExceptionReason = (typeof ORDER_EXCEPTION_REASONS)[number];

/** The order list's tabs (spec 02 §2) as views over the statuses; problem orders are those with an open exception. */
export const ORDER_TABS = ['pending_review', 'pending', 'shipped', 'cancelled', 'problem'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const TAB_STATUSES: Readonly<Record<Exclude<OrderTab, 'problem'>, readonly LocalOrderStatus[]>> = {
  pending_review: ['unpaid', 'to_review'],
  pending: ['pending_shipment', 'in_cancellation'],
  shipped: ['shipped', 'in_transit', 'to_confirm_receipt', 'completed', 'to_return'],
  cancelled: ['cancelled'],
};

export const PARCEL_TYPES = ['single_single', 'single_multi', 'multi'] as const;
export type ParcelType = (typeof PARCEL_TYPES)[number];

/**
 * The parcel type from the lines (spec 02 §3): one SKU once (single-item single-count), one SKU
 * several times (single-item multi-count), several SKUs (mixed multi-product). Lines of the same
 * SKU count as one SKU.
 */
export function parcelTypeOf(lines: readonly { skuId: string; quantity: number }[]): ParcelType {
  const bySku = new Map<string, number>();
  for (const line of lines) bySku.set(line.skuId, (bySku.get(line.skuId) ?? 0) + line.quantity);
  if (bySku.size > 1) return 'multi';
  const [quantity = 0] = bySku.values();
  return quantity > 1 ? 'single_multi' : 'single_single';
}

/** The ship-by buckets of spec 02 §9, in hours; the last two are "more than". */
export const SHIP_TIME_BUCKETS = [12, 24, 48, 72, 120, 168, 336] as const;

/** Hours left before the ship-by time (negative when it passed), for the live countdown. */
export function hoursToShip(shipBy: Date, now: Date): number {
  return (shipBy.getTime() - now.getTime()) / 3_600_000;
}
