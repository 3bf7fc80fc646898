/**
 * Receiving on an inbound order in the warehouse, from the admin or from a PDA op: receiving a
 * box whole or SKU by SKU onto the receiving area, reporting a discrepancy, finishing a box, and
 * a receipt taken back. Each locks the order first, goes through the stock ledger for every unit
 * that moves, and recomputes the status in the same transaction. Shelving the received units
 * onto locations is inbound-shelving.service.ts.
 *
 * Receiving a SKU beyond what its line shipped is an over-receipt: within the warehouse's
 * tolerance it is received as it comes, beyond it only with the device's confirmation flag, and
 * either way the line's over-received units stand as an 'over' difference (is_from_receipt, one
 * row per box line, kept in step by receipts and their undo) and mark the order abnormal.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  finishBoxInput,
  receiveInboundInput,
  reportDiscrepancyInput,
  type FinishBoxInput,
  type InboundChangeView,
  type ReceiveInboundInput,
  type ReportDiscrepancyInput,
} from '@shared/contract/inbound.js';
import {
  damagedFromReceived,
  differenceMax,
  isPhotoOfSeller,
  leftToShelve,
  lineOutstanding,
  overReceived,
  receivableFreely,
  SCAN_QUANTITY,
  type OverReceiptTolerance,
} from '@shared/domain/inbound.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { skus } from '../catalog/index.js';
import { freezeStock, receiveStock, takeBackReceipt } from '../inventory/index.js';
import { allocateArrivingStock } from '../orders/index.js';
import { warehouses } from '../warehouse/index.js';
import {
  assertOpen,
  boxOf,
  lockOrderForWork,
  refreshStatus,
  type InboundLineRow,
  type InboundOrderRow,
} from './inbound.access.js';
import { inboundBoxes, inboundBoxLines, inboundDiscrepancies, inboundOrders } from './inbound.tables.js';

/** The ledger's source of a movement made for the order. */
export const sourceOf = (order: InboundOrderRow) => ({ type: 'inbound', id: order.id });

/** The refusal for a SKU the order does not hold, naming the seller's code when there is one. */
export async function notInOrder(tx: TenantTx, skuId: string): Promise<AppError> {
  const [sku] = await tx.select({ sellerSku: skus.sellerSku }).from(skus).where(eq(skus.id, skuId));
  return new AppError('inbound.sku_not_in_order', { sku: sku?.sellerSku ?? skuId });
}

async function addReceived(tx: TenantTx, line: InboundLineRow, quantity: number): Promise<void> {
  await tx
    .update(inboundBoxLines)
    .set({ receivedQuantity: sql`${inboundBoxLines.receivedQuantity} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(inboundBoxLines.id, line.id));
  await keepOverReceipt(tx, line, line.receivedQuantity + quantity);
}

/** The order's warehouse's over-receipt tolerance. */
async function toleranceOf(tx: TenantTx, order: InboundOrderRow): Promise<OverReceiptTolerance> {
  const [row] = await tx
    .select({ unit: warehouses.overReceiptUnit, value: warehouses.overReceiptTolerance })
    .from(warehouses)
    .where(eq(warehouses.id, order.warehouseId));
  return row ?? { unit: 'units', value: 0 };
}

/**
 * Keeps the line's over-receipt difference at what it now has received beyond what it shipped:
 * written, updated or removed with each receipt and undo. The reason holds only the SKU and
 * figures (readable in every language; the kind beside it is translated). An order left with no
 * difference at all is no longer marked abnormal.
 */
export async function keepOverReceipt(
  tx: TenantTx,
  line: InboundLineRow,
  receivedQuantity: number,
): Promise<void> {
  const over = overReceived({ shipQuantity: line.shipQuantity, receivedQuantity });
  const same = and(
    eq(inboundDiscrepancies.orderId, line.orderId),
    eq(inboundDiscrepancies.boxId, line.boxId),
    eq(inboundDiscrepancies.skuId, line.skuId),
    eq(inboundDiscrepancies.isFromReceipt, true),
  );
  if (over === 0) {
    const removed = await tx
      .delete(inboundDiscrepancies)
      .where(same)
      .returning({ id: inboundDiscrepancies.id });
    if (removed.length === 0) return;
    const [left] = await tx
      .select({ id: inboundDiscrepancies.id })
      .from(inboundDiscrepancies)
      .where(eq(inboundDiscrepancies.orderId, line.orderId))
      .limit(1);
    if (!left)
      await tx.update(inboundOrders).set({ abnormalReason: '' }).where(eq(inboundOrders.id, line.orderId));
    return;
  }
  const [sku] = await tx.select({ sellerSku: skus.sellerSku }).from(skus).where(eq(skus.id, line.skuId));
  const reason = `${sku?.sellerSku ?? line.skuId} +${over} (${receivedQuantity} / ${line.shipQuantity})`;
  const updated = await tx
    .update(inboundDiscrepancies)
    .set({ quantity: over, reason })
    .where(same)
    .returning({ id: inboundDiscrepancies.id });
  if (updated.length === 0)
    await tx.insert(inboundDiscrepancies).values({
      orderId: line.orderId,
      boxId: line.boxId,
      skuId: line.skuId,
      kind: 'over',
      quantity: over,
      reason,
      isFromReceipt: true,
    });
  await tx.update(inboundOrders).set({ abnormalReason: reason }).where(eq(inboundOrders.id, line.orderId));
}

/**
 * One scan's receipt of a line: at most SCAN_QUANTITY.max units ('inbound.receive_too_many'), and
 * beyond what the line still expects plus the tolerance only with the device's confirmation.
 */
async function assertReceivable(
  tx: TenantTx,
  order: InboundOrderRow,
  line: InboundLineRow,
  input: { quantity: number; overReceipt?: true },
): Promise<void> {
  if (input.quantity > SCAN_QUANTITY.max)
    throw new AppError('inbound.receive_too_many', { max: SCAN_QUANTITY.max, quantity: input.quantity });
  const allowed = receivableFreely(line, await toleranceOf(tx, order));
  if (input.quantity <= allowed || input.overReceipt) return;
  const [sku] = await tx.select({ sellerSku: skus.sellerSku }).from(skus).where(eq(skus.id, line.skuId));
  throw new AppError('inbound.over_receipt_unconfirmed', {
    sku: sku?.sellerSku ?? line.skuId,
    expected: line.shipQuantity,
    received: line.receivedQuantity,
    quantity: input.quantity,
    allowed,
  });
}

/** Receives a whole box (all it still expects) or one SKU of it onto the receiving area. */
export async function receiveInbound(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveInboundInput,
): Promise<InboundChangeView> {
  const input = parseInput(receiveInboundInput, raw);
  const order = await lockOrderForWork(tx, actor, input.inboundOrderId);
  assertOpen(order);
  const box = await boxOf(tx, order, input.boxId);
  if (box.finishedAt) throw new AppError('inbound.box_finished', { boxNo: box.boxNo });
  const lines = await tx
    .select()
    .from(inboundBoxLines)
    .where(and(eq(inboundBoxLines.boxId, box.id), eq(inboundBoxLines.orderId, order.id)))
    .orderBy(asc(inboundBoxLines.skuId));
  let portions: { line: InboundLineRow; quantity: number }[];
  if (input.skuId !== undefined && input.quantity !== undefined) {
    const line = lines.find((candidate) => candidate.skuId === input.skuId);
    if (!line) throw await notInOrder(tx, input.skuId);
    await assertReceivable(tx, order, line, { quantity: input.quantity, overReceipt: input.overReceipt });
    portions = [{ line, quantity: input.quantity }];
  } else {
    portions = lines
      .map((line) => ({ line, quantity: lineOutstanding(line) }))
      .filter((portion) => portion.quantity > 0);
    if (portions.length === 0) throw new AppError('inbound.nothing_to_receive', { boxNo: box.boxNo });
  }
  // The lot and expiry a GS1 label carried go into the movement's reason, where records show them.
  const batch = [input.lot ? `lot ${input.lot}` : '', input.expiry ? `exp ${input.expiry}` : '']
    .filter(Boolean)
    .join(' · ');
  let total = 0;
  for (const { line, quantity } of portions) {
    await receiveStock(tx, actor, {
      warehouseId: order.warehouseId,
      skuId: line.skuId,
      locationId: order.receivingLocationId,
      quantity,
      source: sourceOf(order),
      reason: batch ? `${box.boxNo} · ${batch}` : box.boxNo,
    });
    await addReceived(tx, line, quantity);
    total += quantity;
  }
  // Received units are available at once: orders waiting for them take them first, in their stated order.
  await allocateArrivingStock(tx, actor, {
    warehouseId: order.warehouseId,
    skuIds: portions.map(({ line }) => line.skuId),
  });
  const status = await refreshStatus(tx, order);
  return { inboundOrderId: order.id, status, quantity: total };
}

/**
 * Receives the damaged units a line has not received yet, then holds all the reported units
 * apart: frozen in the ledger (no order can take them, the seller sees them as frozen with the
 * reason) and counted as damaged on the line.
 */
async function holdDamaged(
  tx: TenantTx,
  actor: Actor,
  order: InboundOrderRow,
  line: InboundLineRow,
  quantity: number,
  reason: string,
): Promise<void> {
  const { received } = damagedFromReceived(line, quantity);
  if (received > 0) {
    await receiveStock(tx, actor, {
      warehouseId: order.warehouseId,
      skuId: line.skuId,
      locationId: order.receivingLocationId,
      quantity: received,
      source: sourceOf(order),
      reason,
    });
    await addReceived(tx, line, received);
  }
  await freezeStock(tx, actor, {
    warehouseId: order.warehouseId,
    skuId: line.skuId,
    quantity,
    source: sourceOf(order),
    reason,
  });
  await tx
    .update(inboundBoxLines)
    .set({ damagedQuantity: sql`${inboundBoxLines.damagedQuantity} + ${quantity}` })
    .where(eq(inboundBoxLines.id, line.id));
}

/**
 * Records a short, over, unknown or damaged finding with its reason on the order; the order's
 * status still follows what arrived and was shelved. Damaged units are held (see holdDamaged).
 */
export async function reportDiscrepancy(
  tx: TenantTx,
  actor: Actor,
  raw: ReportDiscrepancyInput,
): Promise<InboundChangeView> {
  const input = parseInput(reportDiscrepancyInput, raw);
  const order = await lockOrderForWork(tx, actor, input.inboundOrderId);
  assertOpen(order);
  const box = input.boxId ? await boxOf(tx, order, input.boxId) : null;
  // Photos are stored under the order's seller (the PDA uploads them before the op).
  const foreign = input.photos.find((photo) => !isPhotoOfSeller(photo, order.sellerId));
  if (foreign !== undefined) throw new AppError('inbound.photo_invalid');
  const skuId = input.kind === 'unknown_sku' ? null : (input.skuId ?? null);
  const freeMax = differenceMax(input.kind, null);
  if (!skuId && input.quantity > freeMax)
    throw new AppError('inbound.difference_too_many', { max: freeMax, quantity: input.quantity });
  if (skuId) {
    const [line] = await tx
      .select()
      .from(inboundBoxLines)
      .where(
        and(
          eq(inboundBoxLines.orderId, order.id),
          eq(inboundBoxLines.skuId, skuId),
          box ? eq(inboundBoxLines.boxId, box.id) : undefined,
        ),
      )
      .orderBy(asc(inboundBoxLines.boxId))
      .limit(1);
    if (!line) throw await notInOrder(tx, skuId);
    const max = differenceMax(input.kind, line);
    if (input.quantity > max)
      throw new AppError('inbound.difference_too_many', { max, quantity: input.quantity });
    if (input.kind === 'damaged') await holdDamaged(tx, actor, order, line, input.quantity, input.reason);
  }
  await tx.insert(inboundDiscrepancies).values({
    orderId: order.id,
    boxId: box?.id ?? null,
    skuId,
    barcode: input.kind === 'unknown_sku' ? (input.barcode ?? null) : null,
    kind: input.kind,
    quantity: input.quantity,
    reason: input.reason,
    photos: input.photos,
    createdBy: actor.userId,
  });
  await tx.update(inboundOrders).set({ abnormalReason: input.reason }).where(eq(inboundOrders.id, order.id));
  const status = await refreshStatus(tx, order);
  return { inboundOrderId: order.id, status, quantity: input.quantity };
}

/** Closes a box: what it still expects is no longer waited for. */
export async function finishBox(tx: TenantTx, actor: Actor, raw: FinishBoxInput): Promise<InboundChangeView> {
  const input = parseInput(finishBoxInput, raw);
  const order = await lockOrderForWork(tx, actor, input.inboundOrderId);
  assertOpen(order);
  const box = await boxOf(tx, order, input.boxId);
  if (box.finishedAt) throw new AppError('inbound.box_finished', { boxNo: box.boxNo });
  await tx
    .update(inboundBoxes)
    .set({ finishedAt: sql`now()` })
    .where(eq(inboundBoxes.id, box.id));
  const status = await refreshStatus(tx, order);
  return { inboundOrderId: order.id, status, quantity: 0 };
}

/**
 * Takes back a receipt of one SKU of a box (a scan undone on the PDA): the units leave the
 * receiving area through the ledger, newest lot first, and the line counts them no more. Units
 * already shelved can no longer be taken back ('inbound.undo_too_late').
 */
export async function undoReceipt(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveInboundInput,
): Promise<InboundChangeView> {
  const input = parseInput(receiveInboundInput, raw);
  if (input.skuId === undefined || input.quantity === undefined) throw new AppError('pda.undo_unsupported');
  const order = await lockOrderForWork(tx, actor, input.inboundOrderId);
  assertOpen(order);
  const box = await boxOf(tx, order, input.boxId);
  if (box.finishedAt) throw new AppError('inbound.box_finished', { boxNo: box.boxNo });
  const [line] = await tx
    .select()
    .from(inboundBoxLines)
    .where(and(eq(inboundBoxLines.boxId, box.id), eq(inboundBoxLines.skuId, input.skuId)));
  if (!line) throw await notInOrder(tx, input.skuId);
  if (leftToShelve(line) < input.quantity)
    throw new AppError('inbound.undo_too_late', { left: leftToShelve(line), quantity: input.quantity });
  await takeBackReceipt(tx, actor, {
    warehouseId: order.warehouseId,
    skuId: line.skuId,
    locationId: order.receivingLocationId,
    quantity: input.quantity,
    source: sourceOf(order),
    reason: box.boxNo,
  });
  await addReceived(tx, line, -input.quantity);
  const status = await refreshStatus(tx, order);
  return { inboundOrderId: order.id, status, quantity: -input.quantity };
}
