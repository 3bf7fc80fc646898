/**
 * Inbound vocabulary (spec 02 §3 'Inbound order', §4 'Inbound'): transport modes, warehousing
 * types, discrepancy kinds, and the order's status. The status is never set by hand: it follows
 * from what was received, shelved, finished and reported, here and nowhere else, and every
 * change of it is checked against INBOUND_TRANSITIONS.
 */

export const TRANSPORT_MODES = ['land', 'air', 'sea'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

export const WAREHOUSING_TYPES = ['normal', 'return', 'distribution'] as const;
export type WarehousingType = (typeof WAREHOUSING_TYPES)[number];

export const DISCREPANCY_KINDS = ['short', 'over', 'unknown_sku', 'damaged'] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/**
 * pending: awaiting storage; not_received: every box closed with nothing received; cancelled:
 * withdrawn by the seller before anything arrived.
 */
export const INBOUND_STATUSES = [
  'pending',
  'partial',
  'abnormal',
  'received',
  'stored',
  'not_received',
  'cancelled',
] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];

/** Orders the PDA still works on; the others leave its reference data. */
export const OPEN_INBOUND_STATUSES: readonly InboundStatus[] = ['pending', 'partial', 'abnormal', 'received'];

export const INBOUND_LIMITS = {
  boxes: 500,
  linesPerBox: 200,
  quantity: 1_000_000,
  boxNo: 64,
  remark: 500,
  reason: 255,
  barcode: 64,
  photos: 5,
} as const;

/**
 * How many units one receiving scan may count. Without the worker's confirmation, what the line
 * still expects plus the warehouse's over-receipt tolerance (receivableFreely); with it, never
 * more than `max` in one op (server and device alike). From `confirmFrom` on the device asks
 * too, so a slip (an extra zero) is caught before it is received.
 */
export const SCAN_QUANTITY = { max: 9_999, confirmFrom: 100 } as const;

/**
 * A warehouse's over-receipt tolerance: units, or a percentage of the line's shipped quantity,
 * that may be received beyond it without a confirmation. Beyond expected is an over-receipt
 * either way (an 'over' difference); beyond the tolerance it also needs the device's confirmation.
 */
export const OVER_RECEIPT_UNITS = ['units', 'percent'] as const;
export type OverReceiptUnit = (typeof OVER_RECEIPT_UNITS)[number];
export interface OverReceiptTolerance {
  unit: OverReceiptUnit;
  value: number;
}
export const NO_OVER_RECEIPT: OverReceiptTolerance = { unit: 'units', value: 0 };
/** The largest tolerance a warehouse may set, per unit. */
export const OVER_RECEIPT_MAX: Readonly<Record<OverReceiptUnit, number>> = { units: 1_000, percent: 100 };

/** Units beyond the shipped quantity the tolerance allows (a percentage rounds down). */
export function overReceiptAllowance(shipQuantity: number, tolerance: OverReceiptTolerance): number {
  return tolerance.unit === 'units' ? tolerance.value : Math.floor((shipQuantity * tolerance.value) / 100);
}

/** Units of a line one scan may receive without a confirmation: what is left plus the tolerance. */
export function receivableFreely(
  line: Pick<InboundLineProgress, 'shipQuantity' | 'receivedQuantity'>,
  tolerance: OverReceiptTolerance,
): number {
  return Math.max(
    0,
    line.shipQuantity + overReceiptAllowance(line.shipQuantity, tolerance) - line.receivedQuantity,
  );
}

/** Units received beyond what the line shipped. */
export function overReceived(line: Pick<InboundLineProgress, 'shipQuantity' | 'receivedQuantity'>): number {
  return Math.max(0, line.receivedQuantity - line.shipQuantity);
}

/** The most units a reported over or unknown-SKU difference may name (nothing to count them against). */
export const DIFFERENCE_FREE_MAX = 999;

/**
 * The most units a reported difference may name for a line, so a slip (or a scan that landed in
 * the quantity) never books thousands: short, what the line still expects; damaged, what it
 * shipped or received (whichever is more) less what is already damaged; over and unknown,
 * DIFFERENCE_FREE_MAX. Never below one (a report names at least one unit).
 */
export function differenceMax(
  kind: DiscrepancyKind,
  line: Pick<InboundLineProgress, 'shipQuantity' | 'receivedQuantity' | 'damagedQuantity'> | null,
): number {
  if (!line || kind === 'over' || kind === 'unknown_sku') return DIFFERENCE_FREE_MAX;
  if (kind === 'short') return Math.max(1, lineOutstanding(line));
  return Math.max(1, Math.max(line.shipQuantity, line.receivedQuantity) - line.damagedQuantity);
}

/** A discrepancy photo's file key: `inbound/<the order's seller>/<uuid>.<ext>`, named by the device. */
export const INBOUND_PHOTO_KEY = /^inbound\/([0-9a-f-]{36})\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** Whether a well-formed photo key lies under this seller's folder. */
export function isPhotoOfSeller(key: string, sellerId: string): boolean {
  return INBOUND_PHOTO_KEY.exec(key)?.[1] === sellerId;
}

/** Which status may follow which; a status may always stay as it is. */
export const INBOUND_TRANSITIONS: Readonly<Record<InboundStatus, readonly InboundStatus[]>> = {
  pending: ['partial', 'abnormal', 'received', 'stored', 'not_received', 'cancelled'],
  // Back to pending or partial only when a scan is undone (a receipt taken back).
  partial: ['pending', 'abnormal', 'received', 'stored'],
  // Orders marked abnormal before differences were shown beside the status move on by progress.
  abnormal: ['pending', 'partial', 'received', 'stored', 'not_received'],
  received: ['pending', 'partial', 'abnormal', 'stored'],
  stored: [],
  not_received: [],
  cancelled: [],
};

/**
 * Whether the seller may still change or cancel the order: it is pending and nothing of it was
 * received, reported or closed on any box.
 */
export function isChangeable(status: InboundStatus, progress: InboundProgress): boolean {
  return (
    status === 'pending' &&
    progress.discrepancyCount === 0 &&
    !progress.boxesFinished.some(Boolean) &&
    progress.lines.every((line) => line.receivedQuantity === 0 && line.damagedQuantity === 0)
  );
}

export function canTransition(from: InboundStatus, to: InboundStatus): boolean {
  return from === to || INBOUND_TRANSITIONS[from].includes(to);
}

export interface InboundLineProgress {
  shipQuantity: number;
  receivedQuantity: number;
  shelvedQuantity: number;
  damagedQuantity: number;
}

export interface InboundProgress {
  lines: readonly InboundLineProgress[];
  /** One flag per box: closed by 'finish box'. */
  boxesFinished: readonly boolean[];
  discrepancyCount: number;
}

/**
 * Units that arrived damaged are received like the others (they are in the warehouse) and held
 * apart: frozen in the stock ledger, so no order can take them, and counted in damagedQuantity,
 * which never exceeds receivedQuantity. A damaged report takes units already received first and
 * receives the rest, so a worker may report a damaged unit whether or not they scanned it.
 */
export function damagedFromReceived(
  line: InboundLineProgress,
  quantity: number,
): { taken: number; received: number } {
  const taken = Math.min(quantity, Math.max(0, line.receivedQuantity - line.damagedQuantity));
  return { taken, received: quantity - taken };
}

/** What a line still expects: shipped units not yet received (damaged ones were received too). */
export function lineOutstanding(
  line: Pick<InboundLineProgress, 'shipQuantity' | 'receivedQuantity'>,
): number {
  return Math.max(0, line.shipQuantity - line.receivedQuantity);
}

/** Received units not yet on a storage location. */
export function leftToShelve(line: InboundLineProgress): number {
  return line.receivedQuantity - line.shelvedQuantity;
}

/**
 * The order's status from its progress:
 * - every box finished and nothing received: not_received;
 * - all goods in (every box finished, or nothing outstanding) and all received shelved: stored;
 * - all goods in: received; some received: partial; else pending.
 * A reported difference does not change it: the status keeps saying how far the goods got, and
 * the difference shows beside it (the order's abnormalReason and its discrepancies). 'abnormal'
 * is no longer derived; orders that carry it from before move on from it like from any status.
 */
export function inboundStatus(progress: InboundProgress): InboundStatus {
  const received = progress.lines.reduce((sum, line) => sum + line.receivedQuantity, 0);
  const shelved = progress.lines.reduce((sum, line) => sum + line.shelvedQuantity, 0);
  const allFinished = progress.boxesFinished.length > 0 && progress.boxesFinished.every(Boolean);
  const allIn = allFinished || progress.lines.every((line) => lineOutstanding(line) === 0);
  if (allFinished && received === 0) return 'not_received';
  if (allIn && received > 0 && shelved >= received) return 'stored';
  if (allIn && received > 0) return 'received';
  if (received > 0) return 'partial';
  return 'pending';
}

/** The inbound number: 'IN', the day (yyyymmdd) and the day's sequence in the tenant. */
export function inboundNumber(day: string, sequence: number): string {
  return `IN${day.replace(/-/g, '')}${String(sequence).padStart(4, '0')}`;
}
