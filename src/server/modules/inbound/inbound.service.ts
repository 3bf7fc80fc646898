/**
 * Making inbound orders: a seller (or their staff) names the warehouse, the transport and the
 * boxes with their SKUs, and may change or cancel the order while nothing of it was received. Every SKU must be the seller's; the warehouse's receiving area is
 * fixed on the order, so receipts and shelving always meet on the same location.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  cancelInboundInput,
  createInboundInput,
  editInboundInput,
  type CancelInboundInput,
  type CreateInboundInput,
  type EditInboundInput,
} from '@shared/contract/inbound.js';
import { canTransition, inboundNumber, isChangeable, type InboundStatus } from '@shared/domain/inbound.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { visibleWarehouse, warehouseLocations } from '../warehouse/index.js';
import { inboundScope, type InboundOrderRow } from './inbound.access.js';
import {
  inboundBoxes,
  inboundBoxLines,
  inboundCounters,
  inboundDiscrepancies,
  inboundOrders,
} from './inbound.tables.js';

/** The next inbound number of the tenant for the warehouse's local day; row-locked counter. */
async function nextInboundNo(tx: TenantTx, timeZone: string): Promise<string> {
  const [row] = rowsOf<{ day: string; last_value: number }>(
    await tx.execute(sql`
      insert into ${inboundCounters} (day, last_value)
      values ((now() at time zone ${timeZone})::date, 1)
      on conflict (tenant_id, day) do update set last_value = ${inboundCounters}.last_value + 1
      returning to_char(day, 'YYYY-MM-DD') as day, last_value`),
  );
  if (!row) throw new Error('inbound counter returned no row');
  return inboundNumber(row.day, Number(row.last_value));
}

type InboundContent = ReturnType<typeof createInboundInput.parse>;

/**
 * What an order's header and boxes are checked against before they are written: the caller is
 * a seller (or their staff), the warehouse is named and visible and has a receiving area, box
 * numbers are unique in the order and every SKU is the seller's.
 */
async function checkedContent(tx: TenantTx, actor: Actor, input: InboundContent) {
  if (!isSellerBound(actor) || !actor.sellerId) throw new AppError('inbound.seller_only');
  const sellerId = actor.sellerId;
  if (!input.warehouseId)
    throw new AppError('inbound.warehouse_required', {}, [{ path: 'warehouseId', rule: 'required' }]);
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  const [receiving] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(
      and(eq(warehouseLocations.warehouseId, warehouse.id), eq(warehouseLocations.locationType, 'receiving')),
    )
    .orderBy(asc(warehouseLocations.code))
    .limit(1);
  if (!receiving) throw new AppError('inbound.no_receiving_location', { warehouse: warehouse.code });

  const boxNos = new Set<string>();
  for (const box of input.boxes) {
    if (boxNos.has(box.boxNo)) throw new AppError('inbound.box_no_duplicate', { boxNo: box.boxNo });
    boxNos.add(box.boxNo);
  }
  const skuIds = [...new Set(input.boxes.flatMap((box) => box.lines.map((line) => line.skuId)))];
  const own = await tx
    .select({ id: skus.id })
    .from(skus)
    .where(and(inArray(skus.id, skuIds), eq(skus.sellerId, sellerId)));
  const owned = new Set(own.map((row) => row.id));
  const foreign = skuIds.find((id) => !owned.has(id));
  if (foreign) throw new AppError('inbound.sku_not_found', { sku: foreign });
  return { sellerId, warehouse, receivingLocationId: receiving.id };
}

/** The order's header columns from its input. */
const headerOf = (input: InboundContent) => ({
  transportMode: input.transportMode,
  expectedArrival: input.expectedArrival ? new Date(input.expectedArrival) : null,
  warehousingType: input.warehousingType,
  shippingRemark: input.shippingRemark,
});

/** Writes the order's boxes and their lines; the same SKU twice in one box is one line. */
async function insertBoxes(
  tx: TenantTx,
  orderId: string,
  sellerId: string,
  input: InboundContent,
): Promise<void> {
  const boxes = await tx
    .insert(inboundBoxes)
    .values(input.boxes.map((box) => ({ orderId, boxNo: box.boxNo })))
    .returning({ id: inboundBoxes.id, boxNo: inboundBoxes.boxNo });
  const boxIds = new Map(boxes.map((box) => [box.boxNo, box.id]));
  const lines = input.boxes.flatMap((box) => {
    const bySku = new Map<string, number>();
    for (const line of box.lines) bySku.set(line.skuId, (bySku.get(line.skuId) ?? 0) + line.shipQuantity);
    const id = boxIds.get(box.boxNo);
    if (!id) throw new Error(`box ${box.boxNo} was not inserted`);
    return [...bySku].map(([skuId, shipQuantity]) => ({ orderId, boxId: id, sellerId, skuId, shipQuantity }));
  });
  await tx.insert(inboundBoxLines).values(lines);
}

/** Creates an inbound order with its boxes; the warehouse is required and every SKU the seller's. */
export async function createInboundOrder(
  tx: TenantTx,
  actor: Actor,
  raw: CreateInboundInput,
): Promise<{ id: string; inboundNo: string }> {
  const input = parseInput(createInboundInput, raw);
  const { sellerId, warehouse, receivingLocationId } = await checkedContent(tx, actor, input);
  const inboundNo = await nextInboundNo(tx, warehouse.timeZone);
  const [order] = await tx
    .insert(inboundOrders)
    .values({
      inboundNo,
      sellerId,
      warehouseId: warehouse.id,
      receivingLocationId,
      ...headerOf(input),
      createdBy: actor.userId,
    })
    .returning({ id: inboundOrders.id });
  if (!order) throw new Error('inbound order insert returned no row');
  await insertBoxes(tx, order.id, sellerId, input);
  return { id: order.id, inboundNo };
}

/**
 * The seller's own order, locked, if it may still change: pending with nothing received,
 * reported or closed ('inbound.not_changeable' otherwise). Only the seller side changes orders;
 * another seller's or tenant's order is not found.
 */
async function lockChangeable(tx: TenantTx, actor: Actor, id: string): Promise<InboundOrderRow> {
  if (!isSellerBound(actor)) throw new AppError('common.forbidden');
  const [order] = await tx
    .select()
    .from(inboundOrders)
    .where(and(eq(inboundOrders.id, id), inboundScope(actor)))
    .for('update');
  if (!order) throw new AppError('inbound.not_found');
  const lines = await tx.select().from(inboundBoxLines).where(eq(inboundBoxLines.orderId, id));
  const boxes = await tx
    .select({ finishedAt: inboundBoxes.finishedAt })
    .from(inboundBoxes)
    .where(eq(inboundBoxes.orderId, id));
  const [reported] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(inboundDiscrepancies)
    .where(eq(inboundDiscrepancies.orderId, id));
  const progress = {
    lines,
    boxesFinished: boxes.map((box) => box.finishedAt !== null),
    discrepancyCount: reported?.n ?? 0,
  };
  if (!isChangeable(order.status, progress))
    throw new AppError('inbound.not_changeable', { inboundNo: order.inboundNo });
  return order;
}

/** Replaces the header and the boxes of an order nothing of which was received yet. */
export async function editInboundOrder(
  tx: TenantTx,
  actor: Actor,
  raw: EditInboundInput,
): Promise<{ id: string; inboundNo: string }> {
  const { id, ...content } = parseInput(editInboundInput, raw);
  const order = await lockChangeable(tx, actor, id);
  const { sellerId, warehouse, receivingLocationId } = await checkedContent(tx, actor, content);
  if (sellerId !== order.sellerId) throw new AppError('inbound.not_found');
  await tx
    .update(inboundOrders)
    .set({ warehouseId: warehouse.id, receivingLocationId, ...headerOf(content), updatedAt: sql`now()` })
    .where(eq(inboundOrders.id, order.id));
  await tx.delete(inboundBoxLines).where(eq(inboundBoxLines.orderId, order.id));
  await tx.delete(inboundBoxes).where(eq(inboundBoxes.orderId, order.id));
  await insertBoxes(tx, order.id, sellerId, content);
  return { id: order.id, inboundNo: order.inboundNo };
}

/** Cancels an order nothing of which was received yet; it stays listed as cancelled. */
export async function cancelInboundOrder(
  tx: TenantTx,
  actor: Actor,
  raw: CancelInboundInput,
): Promise<{ id: string; status: InboundStatus }> {
  const input = parseInput(cancelInboundInput, raw);
  const order = await lockChangeable(tx, actor, input.id);
  if (!canTransition(order.status, 'cancelled'))
    throw new AppError('inbound.transition_not_allowed', { from: order.status, to: 'cancelled' });
  await tx
    .update(inboundOrders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(eq(inboundOrders.id, order.id));
  return { id: order.id, status: 'cancelled' };
}
