/**
 * Receiving against local data: what a scan names (an inbound order, one of its
 * boxes, a SKU of the box), expected against received from the pulled rows, and a received
 * unit queued as an 'inbound.receive' op together with its local effect on the box, in one
 * Dexie transaction (outbox.enqueue). The server's answer comes back through the pull, which
 * replaces these rows; a rejected op's effect disappears with it and the op waits under
 * 'needs attention'.
 */
import { pdaInboundOrder, pdaSku } from '@shared/contract/pda.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import { findByCode, type OutboxOp, type PdaDatabase, type ReferenceRow } from '../data/db.js';
import { requested, storedRow } from '../data/native.js';
import {
  boxData,
  loadBox,
  loadOrder,
  type BoxData,
  type InboundOrderData,
} from '../reference/inbound-orders.js';
import { parseRow } from '../reference/rows.js';
import type { SkuData } from '../reference/skus.js';
import { enqueue, enqueueNatively } from '../sync/outbox.js';

/** What an order-or-box scan found. */
export type ReceiveTarget =
  | { kind: 'order'; order: InboundOrderData }
  | { kind: 'box'; order: InboundOrderData; box: BoxData }
  | { kind: 'other_warehouse' }
  | { kind: 'not_found' };

/** An inbound order number or a box label, in the chosen warehouse. */
export async function findReceiveTarget(
  db: PdaDatabase,
  warehouseId: string,
  code: string,
): Promise<ReceiveTarget> {
  const [boxRow] = await findByCode(db, 'boxes', code);
  if (boxRow?.parentKey) {
    const order = await loadOrder(db, boxRow.parentKey);
    const box = parseRow(boxData, boxRow);
    if (order && box) {
      return order.warehouseId === warehouseId ? { kind: 'box', order, box } : { kind: 'other_warehouse' };
    }
  }
  const [orderRow] = await findByCode(db, 'inboundOrders', code);
  const order = parseRow(pdaInboundOrder, orderRow);
  if (!order) return { kind: 'not_found' };
  return order.warehouseId === warehouseId ? { kind: 'order', order } : { kind: 'other_warehouse' };
}

export interface BoxLine {
  skuId: string;
  sku: SkuData | null;
  /** The SKU's codes as the device looks them up (normalised), so a scan finds its line at once. */
  codes: readonly string[];
  expected: number;
  received: number;
  damaged: number;
}

export async function boxLines(db: PdaDatabase, box: BoxData): Promise<BoxLine[]> {
  const skus = await db.skus.bulkGet(box.lines.map((line) => line.skuId));
  return box.lines.map((line, index) => ({
    skuId: line.skuId,
    sku: parseRow(pdaSku, skus[index]),
    codes: skus[index]?.lookup ?? [],
    expected: line.shipQuantity,
    received: line.receivedQuantity,
    damaged: line.damagedQuantity,
  }));
}

/**
 * The box line whose SKU carries a scanned code, from the lines the screen holds: no database
 * read, so a scan's feedback is decided in its own tick. A code no line carries (a SKU not in
 * the box, an unknown code, a code given to a SKU since the box was opened) answers null, and
 * findSkuInBox tells them apart.
 */
export function lineOfCode(lines: readonly BoxLine[], code: string): BoxLine | null {
  const normalised = normaliseBarcode(code);
  if (normalised === null) return null;
  return lines.find((line) => line.codes.includes(normalised)) ?? null;
}

/** The lines with `quantity` more received of a SKU: only that line is a new object. */
export function withReceived(lines: BoxLine[], skuId: string, quantity: number): BoxLine[] {
  return lines.map((line) => (line.skuId === skuId ? { ...line, received: line.received + quantity } : line));
}

/**
 * The lines as a box now holds them, keeping each line whose figures did not change (so a list
 * drawn from them renders only what changed); lines the box no longer has, or new ones, mean a
 * full read (null).
 */
export function linesOfBox(lines: BoxLine[], box: BoxData): BoxLine[] | null {
  if (lines.length !== box.lines.length) return null;
  const next: BoxLine[] = [];
  for (const [index, line] of box.lines.entries()) {
    const held = lines[index];
    if (held?.skuId !== line.skuId) return null;
    const isSame =
      held.expected === line.shipQuantity &&
      held.received === line.receivedQuantity &&
      held.damaged === line.damagedQuantity;
    next.push(
      isSame
        ? held
        : {
            ...held,
            expected: line.shipQuantity,
            received: line.receivedQuantity,
            damaged: line.damagedQuantity,
          },
    );
  }
  return next;
}

/** The box line a SKU scan names, or why not. */
export async function findSkuInBox(
  db: PdaDatabase,
  box: BoxData,
  code: string,
): Promise<{ kind: 'line'; skuId: string } | { kind: 'not_in_box' } | { kind: 'unknown' }> {
  const rows = await findByCode(db, 'skus', code);
  if (rows.length === 0) return { kind: 'unknown' };
  const inBox = rows.find((row) => box.lines.some((line) => line.skuId === row.key));
  return inBox ? { kind: 'line', skuId: inBox.key } : { kind: 'not_in_box' };
}

/** The box with `quantity` more (or, negative, fewer) received units of a SKU. */
export function addReceived(box: BoxData, skuId: string, quantity: number): BoxData {
  return {
    ...box,
    lines: box.lines.map((line) =>
      line.skuId === skuId ? { ...line, receivedQuantity: line.receivedQuantity + quantity } : line,
    ),
  };
}

export interface ReceiveScan {
  orderId: string;
  boxId: string;
  skuId: string;
  quantity: number;
  sessionId?: string;
  /** The lot and expiry of a GS1 label, kept with the op. */
  lot?: string;
  expiry?: string;
  /** The worker confirmed receiving beyond what the line expects plus the tolerance. */
  isOverReceiptConfirmed?: boolean;
}

/** The order with one of its boxes changed. */
function withBoxChanged(
  order: InboundOrderData,
  boxId: string,
  change: (box: BoxData) => BoxData,
): InboundOrderData {
  return { ...order, boxes: order.boxes.map((item) => (item.id === boxId ? change(item) : item)) };
}

/**
 * Changes one box of the device's copy (its own row and the order's copy of it) in the
 * caller's transaction; answers the box as it is now.
 */
export async function updateBox(
  db: PdaDatabase,
  orderId: string,
  boxId: string,
  change: (box: BoxData) => BoxData,
): Promise<BoxData> {
  const box = await loadBox(db, boxId);
  if (!box) throw new Error(`box ${boxId} is not on the device`);
  const updated = change(box);
  await db.boxes.update(boxId, { data: updated });
  const order = await loadOrder(db, orderId);
  if (order)
    await db.inboundOrders.update(orderId, {
      data: withBoxChanged(order, boxId, change),
    });
  return updated;
}

/**
 * `updateBox` in a native transaction (data/native.ts): the box's row and its order's copy read
 * together and written together.
 */
async function updateBoxNatively(
  transaction: IDBTransaction,
  orderId: string,
  boxId: string,
  change: (box: BoxData) => BoxData,
): Promise<BoxData> {
  const boxes = transaction.objectStore('boxes');
  const orders = transaction.objectStore('inboundOrders');
  const [boxRow, orderRow] = await Promise.all([
    storedRow<ReferenceRow>(boxes, boxId),
    storedRow<ReferenceRow>(orders, orderId),
  ]);
  const box = parseRow(boxData, boxRow);
  if (!boxRow || !box) throw new Error(`box ${boxId} is not on the device`);
  const updated = change(box);
  const order = parseRow(pdaInboundOrder, orderRow);
  // IndexedDB's put takes any value: `satisfies` checks the rows are the tables' rows.
  const writes = [requested(boxes.put({ ...boxRow, data: updated } satisfies ReferenceRow))];
  if (orderRow && order) {
    const changed = withBoxChanged(order, boxId, change);
    writes.push(requested(orders.put({ ...orderRow, data: changed } satisfies ReferenceRow)));
  }
  await Promise.all(writes);
  return updated;
}

/**
 * Queues the receipt and counts it on the box, atomically; answers the box as it is now and the
 * op. A scan's own write, so it goes the native way (outbox.enqueueNatively).
 */
export async function receiveUnits(
  db: PdaDatabase,
  scan: ReceiveScan,
): Promise<{ box: BoxData; op: OutboxOp }> {
  const outcome: { box: BoxData | null } = { box: null };
  const op = await enqueueNatively(
    db,
    {
      type: 'inbound.receive',
      payload: {
        inboundOrderId: scan.orderId,
        boxId: scan.boxId,
        skuId: scan.skuId,
        quantity: scan.quantity,
        ...(scan.lot ? { lot: scan.lot } : {}),
        ...(scan.expiry ? { expiry: scan.expiry } : {}),
        ...(scan.isOverReceiptConfirmed ? { overReceipt: true } : {}),
      },
      ...(scan.sessionId ? { sessionId: scan.sessionId } : {}),
    },
    {
      stores: ['boxes', 'inboundOrders'],
      effect: async (transaction) => {
        outcome.box = await updateBoxNatively(transaction, scan.orderId, scan.boxId, (box) =>
          addReceived(box, scan.skuId, scan.quantity),
        );
      },
    },
  );
  if (!outcome.box) throw new Error('receipt not recorded');
  return { box: outcome.box, op };
}

/**
 * Queues the end of a box: what it still expects is no longer waited for. The box shows as
 * finished on the device at once.
 */
export async function finishBox(
  db: PdaDatabase,
  target: { orderId: string; boxId: string; sessionId?: string },
): Promise<OutboxOp> {
  return enqueue(
    db,
    {
      type: 'inbound.finish_box',
      payload: { inboundOrderId: target.orderId, boxId: target.boxId },
      ...(target.sessionId ? { sessionId: target.sessionId } : {}),
    },
    {
      effectTables: [db.boxes, db.inboundOrders],
      effect: async () => {
        await updateBox(db, target.orderId, target.boxId, (box) => ({ ...box, isFinished: true }));
      },
    },
  );
}
