/**
 * Making inbound orders: a seller (or their staff) names the warehouse, the transport and the
 * boxes with their SKUs. Every SKU must be the seller's; the warehouse's receiving area is
 * fixed on the order, so receipts and shelving always meet on the same location.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createInboundInput, type CreateInboundInput } from '../../../shared/contract/inbound.js';
import { inboundNumber } from '../../../shared/domain/inbound.js';
import { AppError } from '../../../shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { visibleWarehouse, warehouseLocations } from '../warehouse/index.js';
import { inboundBoxes, inboundBoxLines, inboundCounters, inboundOrders } from './inbound.tables.js';

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

/** Creates an inbound order with its boxes; the warehouse is required and every SKU the seller's. */
export async function createInboundOrder(
  tx: TenantTx,
  actor: Actor,
  raw: CreateInboundInput,
): Promise<{ id: string; inboundNo: string }> {
  const input = parseInput(createInboundInput, raw);
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

  const inboundNo = await nextInboundNo(tx, warehouse.timeZone);
  const [order] = await tx
    .insert(inboundOrders)
    .values({
      inboundNo,
      sellerId,
      warehouseId: warehouse.id,
      receivingLocationId: receiving.id,
      transportMode: input.transportMode,
      expectedArrival: input.expectedArrival ? new Date(input.expectedArrival) : null,
      warehousingType: input.warehousingType,
      shippingRemark: input.shippingRemark,
      createdBy: actor.userId,
    })
    .returning({ id: inboundOrders.id });
  if (!order) throw new Error('inbound order insert returned no row');
  const boxes = await tx
    .insert(inboundBoxes)
    .values(input.boxes.map((box) => ({ orderId: order.id, boxNo: box.boxNo })))
    .returning({ id: inboundBoxes.id, boxNo: inboundBoxes.boxNo });
  const boxIds = new Map(boxes.map((box) => [box.boxNo, box.id]));
  const lines = input.boxes.flatMap((box) => {
    // The same SKU twice in one box is one line with both quantities.
    const bySku = new Map<string, number>();
    for (const line of box.lines) bySku.set(line.skuId, (bySku.get(line.skuId) ?? 0) + line.shipQuantity);
    const id = boxIds.get(box.boxNo);
    if (!id) throw new Error(`box ${box.boxNo} was not inserted`);
    return [...bySku].map(([skuId, shipQuantity]) => ({
      orderId: order.id,
      boxId: id,
      sellerId,
      skuId,
      shipQuantity,
    }));
  });
  await tx.insert(inboundBoxLines).values(lines);
  return { id: order.id, inboundNo };
}
