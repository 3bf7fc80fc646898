/**
 * Undo of the last scan (issue: "undo of the last scan"). Queued ops never change, so an undo
 * is a compensating 'inbound.undo' op naming the scan's op; the server takes the receipt or
 * the shelving back through the ledger once (or answers that it is too late). On the device
 * the scan's local effect is reversed in the same transaction as the undo is queued.
 */
import { receiveInboundInput, shelveInboundInput } from '@shared/contract/inbound.js';
import type { OutboxOp, PdaDatabase } from '../data/db.js';
import { addReceived, updateBox } from '../receive/receive-data.js';
import { loadOrder } from '../reference/inbound-orders.js';
import { addShelved, saveOrder } from '../shelve/shelve-data.js';
import { enqueue } from '../sync/outbox.js';

/**
 * The op of a scan, as far as its undo reads it: which op it is and what it did. Its place in
 * the outbox (status, attempts) is not part of it: a screen's saved work keeps the scan across a
 * reload (kit/saved-work.ts), while the op itself may have been pushed since.
 */
export type UndoableOp = Pick<OutboxOp, 'seq' | 'opId' | 'type' | 'payload' | 'createdAt'>;

/** A scan that can still be undone: its op and what the screen says about it. */
export interface UndoableScan {
  op: UndoableOp;
  /** e.g. '+1 MUG-RED' or '3 MUG-RED → A-01-02'. */
  label: string;
}

/** The scan's local effect taken back, in the caller's transaction. */
async function reverseEffect(db: PdaDatabase, op: UndoableOp): Promise<void> {
  if (op.type === 'inbound.receive') {
    const payload = receiveInboundInput.parse(op.payload);
    if (payload.skuId === undefined || payload.quantity === undefined) return;
    const { skuId, quantity } = payload;
    await updateBox(db, payload.inboundOrderId, payload.boxId, (box) => addReceived(box, skuId, -quantity));
    return;
  }
  if (op.type === 'inbound.shelve') {
    const payload = shelveInboundInput.parse(op.payload);
    const order = await loadOrder(db, payload.inboundOrderId);
    if (!order) return;
    const updated = addShelved(order, payload.boxId ?? null, payload.skuId, -payload.quantity);
    await saveOrder(db, updated, payload.skuId);
    return;
  }
  throw new Error(`an op of type ${op.type} cannot be undone`);
}

/** Queues the undo of a receive or shelve op with its local effect reversed, atomically. */
export async function undoScan(db: PdaDatabase, scan: UndoableOp, sessionId?: string): Promise<OutboxOp> {
  return enqueue(
    db,
    { type: 'inbound.undo', payload: { opId: scan.opId }, ...(sessionId ? { sessionId } : {}) },
    {
      effectTables: [db.boxes, db.inboundOrders],
      effect: () => reverseEffect(db, scan),
    },
  );
}
