/**
 * Shelving against local data: the open inbound orders of the warehouse, what a scan names (an
 * order, one of its boxes, a SKU of the order; a location is found by reference/locations.ts),
 * the received-but-not-shelved quantity from the pulled rows, and a shelving move queued as an
 * 'inbound.shelve' op together with its local effect (the shelved count up on the box lines) in
 * one Dexie transaction (outbox.enqueue). The server's answer comes back through the pull, which
 * replaces these rows.
 */
import { pdaInboundOrder, pdaSku } from '@shared/contract/pda.js';
import { leftToShelve } from '@shared/domain/inbound.js';
import { findByCode, type OutboxOp, type PdaDatabase } from '../data/db.js';
import { boxData, loadOrder, type BoxData, type InboundOrderData } from '../reference/inbound-orders.js';
import type { LocationData } from '../reference/locations.js';
import { parse } from '../reference/rows.js';
import type { SkuData } from '../reference/skus.js';
import { enqueue } from '../sync/outbox.js';

/** Units of the order (or of one box) received and not yet shelved. */
export function leftInOrder(order: InboundOrderData, boxId: string | null, skuId?: string): number {
  return order.boxes
    .filter((box) => boxId === null || box.id === boxId)
    .flatMap((box) => box.lines)
    .filter((line) => skuId === undefined || line.skuId === skuId)
    .reduce((sum, line) => sum + Math.max(0, leftToShelve(line)), 0);
}

/** The warehouse's inbound orders on the device with something received and not shelved. */
export async function openShelveOrders(db: PdaDatabase, warehouseId: string): Promise<InboundOrderData[]> {
  const rows = await db.inboundOrders.toArray();
  return rows
    .map((row) => parse(pdaInboundOrder, row.data))
    .filter((order): order is InboundOrderData => order !== null && order.warehouseId === warehouseId)
    .filter((order) => leftInOrder(order, null) > 0)
    .sort((a, b) => a.inboundNo.localeCompare(b.inboundNo));
}

export type ShelveOrderTarget =
  | { kind: 'order'; order: InboundOrderData }
  | { kind: 'box'; order: InboundOrderData; box: BoxData }
  | { kind: 'other_warehouse' }
  | { kind: 'not_found' };

/** An inbound order number or a box label, in the chosen warehouse. */
export async function findShelveOrder(
  db: PdaDatabase,
  warehouseId: string,
  code: string,
): Promise<ShelveOrderTarget> {
  const [boxRow] = await findByCode(db, 'boxes', code);
  if (boxRow?.parentKey) {
    const order = await loadOrder(db, boxRow.parentKey);
    const box = parse(boxData, boxRow.data);
    if (order && box) {
      return order.warehouseId === warehouseId ? { kind: 'box', order, box } : { kind: 'other_warehouse' };
    }
  }
  const [orderRow] = await findByCode(db, 'inboundOrders', code);
  const order = orderRow ? parse(pdaInboundOrder, orderRow.data) : null;
  if (!order) return { kind: 'not_found' };
  return order.warehouseId === warehouseId ? { kind: 'order', order } : { kind: 'other_warehouse' };
}

export interface ShelveLine {
  skuId: string;
  sku: SkuData | null;
  received: number;
  shelved: number;
  left: number;
}

/** Per SKU over the order's boxes (or one box): received, shelved and left to shelve. */
export async function shelveLines(
  db: PdaDatabase,
  order: InboundOrderData,
  boxId: string | null,
): Promise<ShelveLine[]> {
  const bySku = new Map<string, { received: number; shelved: number; left: number }>();
  for (const box of order.boxes) {
    if (boxId !== null && box.id !== boxId) continue;
    for (const line of box.lines) {
      const sum = bySku.get(line.skuId) ?? { received: 0, shelved: 0, left: 0 };
      sum.received += line.receivedQuantity;
      sum.shelved += line.shelvedQuantity;
      sum.left += Math.max(0, leftToShelve(line));
      bySku.set(line.skuId, sum);
    }
  }
  const skuIds = [...bySku.keys()];
  const skus = await db.skus.bulkGet(skuIds);
  return skuIds.map((skuId, index) => {
    const sum = bySku.get(skuId) ?? { received: 0, shelved: 0, left: 0 };
    return { skuId, sku: parse(pdaSku, skus[index]?.data), ...sum };
  });
}

/** The order line a SKU scan names, or why not. */
export async function findSkuInOrder(
  db: PdaDatabase,
  lines: ShelveLine[],
  code: string,
): Promise<{ kind: 'line'; line: ShelveLine } | { kind: 'not_in_order' } | { kind: 'unknown' }> {
  const rows = await findByCode(db, 'skus', code);
  if (rows.length === 0) return { kind: 'unknown' };
  const line = lines.find((item) => rows.some((row) => row.key === item.skuId));
  return line ? { kind: 'line', line } : { kind: 'not_in_order' };
}

/**
 * Counts `quantity` shelved units on the SKU's lines as the server does: added oldest box first
 * (up to what each line has left to shelve), or, negative for an undone shelving, taken off
 * newest box first (up to what each line has shelved).
 */
export function addShelved(
  order: InboundOrderData,
  boxId: string | null,
  skuId: string,
  quantity: number,
): InboundOrderData {
  const isUndo = quantity < 0;
  let remaining = Math.abs(quantity);
  const ordered = [...order.boxes].sort((a, b) => (isUndo ? -1 : 1) * a.boxNo.localeCompare(b.boxNo));
  const updated = new Map<string, BoxData>();
  for (const box of ordered) {
    if (boxId !== null && box.id !== boxId) continue;
    const lines = box.lines.map((line) => {
      if (line.skuId !== skuId || remaining <= 0) return line;
      const room = isUndo ? line.shelvedQuantity : Math.max(0, leftToShelve(line));
      const take = Math.min(remaining, room);
      remaining -= take;
      return take > 0 ? { ...line, shelvedQuantity: line.shelvedQuantity + (isUndo ? -take : take) } : line;
    });
    updated.set(box.id, { ...box, lines });
  }
  return { ...order, boxes: order.boxes.map((box) => updated.get(box.id) ?? box) };
}

/** Writes the device's copy of an order and of its boxes that hold the SKU, in the caller's transaction. */
export async function saveOrder(db: PdaDatabase, order: InboundOrderData, skuId: string): Promise<void> {
  await db.inboundOrders.update(order.id, { data: order });
  for (const box of order.boxes) {
    if (box.lines.some((line) => line.skuId === skuId)) {
      await db.boxes.update(box.id, { data: box });
    }
  }
}

export interface ShelveMove {
  orderId: string;
  boxId: string | null;
  skuId: string;
  locationId: string;
  quantity: number;
  /** A supervisor's override to shelve above the location's capacity. */
  overCapacity?: true;
  sessionId?: string;
}

/**
 * What the device knows lies on a location: the units on it when it was pulled, and the
 * shelvings onto it queued on this device since (not yet answered by the server).
 */
export async function locationFill(db: PdaDatabase, location: LocationData): Promise<number> {
  const queued = await db.outbox.toArray();
  const shelvedHere = queued
    .filter((op) => op.type === 'inbound.shelve' && op.payload.locationId === location.id)
    .reduce((sum, op) => sum + (typeof op.payload.quantity === 'number' ? op.payload.quantity : 0), 0);
  return (location.quantity ?? 0) + shelvedHere;
}

export class OverShelvingError extends Error {
  constructor(readonly left: number) {
    super(`only ${left} left to shelve`);
  }
}

/**
 * Queues the shelving move and counts it on the order's box lines, atomically; refuses (with
 * nothing queued) a quantity above what is left. Answers the order as it is now.
 */
export async function shelveUnits(
  db: PdaDatabase,
  move: ShelveMove,
): Promise<{ order: InboundOrderData; op: OutboxOp }> {
  const outcome: { order: InboundOrderData | null } = { order: null };
  const op = await enqueue(
    db,
    {
      type: 'inbound.shelve',
      payload: {
        inboundOrderId: move.orderId,
        skuId: move.skuId,
        ...(move.boxId ? { boxId: move.boxId } : {}),
        locationId: move.locationId,
        quantity: move.quantity,
        ...(move.overCapacity ? { overCapacity: true } : {}),
      },
      ...(move.sessionId ? { sessionId: move.sessionId } : {}),
    },
    {
      effectTables: [db.boxes, db.inboundOrders],
      effect: async () => {
        const order = await loadOrder(db, move.orderId);
        if (!order) throw new Error(`inbound order ${move.orderId} is not on the device`);
        const left = leftInOrder(order, move.boxId, move.skuId);
        if (move.quantity < 1 || move.quantity > left) throw new OverShelvingError(left);
        const updated = addShelved(order, move.boxId, move.skuId, move.quantity);
        outcome.order = updated;
        await saveOrder(db, updated, move.skuId);
      },
    },
  );
  if (!outcome.order) throw new Error('shelving not recorded');
  return { order: outcome.order, op };
}
