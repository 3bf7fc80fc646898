/**
 * The outbound work a PDA fetches for one warehouse (GET in bags.routes.ts), so packing,
 * bagging and hand-over are checked offline: its parcels with their lines and codes, the picks
 * of cancelled orders to put back, and the bags not handed over. Read as the actor may see them.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PdaOutboundWork, PdaParcel } from '@shared/contract/packing.js';
import { PACKABLE_STATUSES } from '@shared/domain/bags.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { products, skuBarcodes, skus } from '../catalog/index.js';
import { orderLines, orders, orderScope } from '../orders/index.js';
import { bagParcels, bags } from './bags.tables.js';
import { logisticsChannels, orderPicks, waybills } from './logistics.tables.js';
import { bagScope, isCancelled } from './packing.js';

/** Parcels and bags one PDA works on at a time, at most. */
const WORK_LIMIT = 2000;

/**
 * The warehouse's outbound work for the PDA, so every scan is checked offline: picked parcels
 * to pack (their lines with every code of each SKU), packed and bagged parcels not yet handed
 * over, cancelled orders whose picked units wait to be put back, and bags not handed over.
 */
export async function pdaOutboundWork(
  tx: TenantTx,
  actor: Actor,
  warehouseId: string,
): Promise<PdaOutboundWork> {
  if (isSellerBound(actor)) return { parcels: [], bags: [] };
  const hasPicks = sql`exists (select 1 from ${orderPicks} where ${orderPicks.orderId} = ${orders.id})`;
  const rows = await tx
    .select({
      order: orders,
      trackingNo: waybills.trackingNo,
      channelId: waybills.channelId,
      channelName: sql<string>`coalesce(${logisticsChannels.name}, ${waybills.carrierName}, '')`,
      weightGrams: waybills.weightGrams,
      bagId: bagParcels.bagId,
    })
    .from(orders)
    .leftJoin(waybills, eq(waybills.orderId, orders.id))
    .leftJoin(logisticsChannels, eq(logisticsChannels.id, waybills.channelId))
    .leftJoin(bagParcels, eq(bagParcels.orderId, orders.id))
    .where(
      and(
        eq(orders.warehouseId, warehouseId),
        orderScope(actor),
        isNull(orders.mergedIntoId),
        or(
          and(
            eq(orders.localStatus, 'pending_shipment'),
            inArray(orders.warehouseStatus, [...PACKABLE_STATUSES, 'packed', 'repacked', 'bagged']),
          ),
          and(inArray(orders.localStatus, ['cancelled', 'in_cancellation']), hasPicks),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(WORK_LIMIT);
  const ids = rows.map((row) => row.order.id);
  const lines =
    ids.length === 0
      ? []
      : await tx
          .select({
            orderId: orderLines.orderId,
            skuId: orderLines.skuId,
            sellerSku: skus.sellerSku,
            sysCode: skus.sysCode,
            name: products.name,
            quantity: sql<number>`sum(${orderLines.quantity})::int`,
            barcodes: sql<
              string[]
            >`coalesce((select array_agg(b.barcode order by b.barcode) from ${skuBarcodes} b where b.sku_id = ${orderLines.skuId}), '{}')`,
          })
          .from(orderLines)
          .innerJoin(skus, eq(skus.id, orderLines.skuId))
          .innerJoin(products, eq(products.id, skus.productId))
          .where(inArray(orderLines.orderId, ids))
          .groupBy(orderLines.orderId, orderLines.skuId, skus.sellerSku, skus.sysCode, products.name);
  const cancelledIds = rows.filter((row) => isCancelled(row.order)).map((row) => row.order.id);
  const picks =
    cancelledIds.length === 0
      ? []
      : await tx
          .select({
            orderId: orderPicks.orderId,
            locationId: orderPicks.locationId,
            skuId: orderLines.skuId,
            quantity: orderPicks.quantity,
          })
          .from(orderPicks)
          .innerJoin(orderLines, eq(orderLines.id, orderPicks.lineId))
          .where(inArray(orderPicks.orderId, cancelledIds));
  const parcels: PdaParcel[] = rows.map((row) => {
    const state: PdaParcel['state'] = isCancelled(row.order)
      ? 'cancelled'
      : row.order.warehouseStatus === 'bagged'
        ? 'bagged'
        : row.order.warehouseStatus === 'packed' || row.order.warehouseStatus === 'repacked'
          ? 'packed'
          : 'to_pack';
    return {
      orderId: row.order.id,
      orderNo: row.order.orderNo,
      trackingNo: row.trackingNo ?? row.order.trackingNo ?? '',
      warehouseId: row.order.warehouseId,
      channelId: row.channelId ?? null,
      channelName: row.channelName ?? '',
      state,
      bagId: row.bagId ?? null,
      weightGrams: row.weightGrams ?? null,
      lines: lines
        .filter((line) => line.orderId === row.order.id)
        .map((line) => ({
          skuId: line.skuId,
          sellerSku: line.sellerSku,
          name: line.name,
          quantity: line.quantity,
          codes: [...new Set([line.sellerSku, line.sysCode, ...line.barcodes].filter(Boolean))],
        })),
      picks: picks
        .filter((pick) => pick.orderId === row.order.id)
        .map(({ locationId, skuId, quantity }) => ({ locationId, skuId, quantity })),
    };
  });
  const openBags = await tx
    .select()
    .from(bags)
    .where(and(eq(bags.warehouseId, warehouseId), bagScope(actor), isNull(bags.handoverId)))
    .orderBy(desc(bags.openedAt))
    .limit(WORK_LIMIT);
  const members =
    openBags.length === 0
      ? []
      : await tx
          .select({ bagId: bagParcels.bagId, orderId: bagParcels.orderId })
          .from(bagParcels)
          .where(
            inArray(
              bagParcels.bagId,
              openBags.map((bag) => bag.id),
            ),
          );
  return {
    parcels,
    bags: openBags.map((bag) => ({
      id: bag.id,
      bagNo: bag.bagNo,
      warehouseId: bag.warehouseId,
      channelId: bag.channelId,
      status: bag.status,
      weightGrams: bag.weightGrams,
      orderIds: members.filter((member) => member.bagId === bag.id).map((member) => member.orderId),
    })),
  };
}
