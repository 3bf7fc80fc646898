/**
 * Reading inbound orders: the list with the status tab, warehouse, inbound number and seller
 * filters, and the detail with per-box and per-SKU progress, discrepancies and the receiving
 * and shelving records (the ledger's movements whose source is the order).
 */
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '@shared/contract/common.js';
import { INBOUND_RECORD_KINDS } from '@shared/contract/inbound.js';
import type {
  InboundDetail,
  InboundLineView,
  InboundListQuery,
  InboundOrderRow as InboundRowView,
} from '@shared/contract/inbound.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { sellerFilter } from '../../access/seller-scope.js';
import { products, skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { stockMovements } from '../inventory/index.js';
import { warehouseLocations, warehouses } from '../warehouse/index.js';
import { inboundScope } from './inbound.access.js';
import { inboundBoxes, inboundBoxLines, inboundDiscrepancies, inboundOrders } from './inbound.tables.js';

const totals = sql`(select json_build_object('boxes', (select count(*) from ${inboundBoxes} b where b.order_id = ${inboundOrders.id}),
  'ship', coalesce(sum(l.ship_quantity), 0), 'received', coalesce(sum(l.received_quantity), 0),
  'shelved', coalesce(sum(l.shelved_quantity), 0))
  from ${inboundBoxLines} l where l.order_id = ${inboundOrders.id})`;

const rowColumns = {
  order: inboundOrders,
  sellerName: users.realname,
  warehouseCode: warehouses.code,
  totals: sql<{ boxes: number; ship: number; received: number; shelved: number }>`${totals}`,
};

type JoinedRow = {
  order: typeof inboundOrders.$inferSelect;
  sellerName: string | null;
  warehouseCode: string;
  totals: { boxes: number; ship: number; received: number; shelved: number };
};

function toRow(row: JoinedRow): InboundRowView {
  const { order } = row;
  return {
    id: order.id,
    inboundNo: order.inboundNo,
    sellerId: order.sellerId,
    sellerName: row.sellerName ?? '',
    warehouseId: order.warehouseId,
    warehouseCode: row.warehouseCode,
    transportMode: order.transportMode,
    expectedArrival: iso(order.expectedArrival),
    warehousingType: order.warehousingType,
    shippingRemark: order.shippingRemark,
    status: order.status,
    abnormalReason: order.abnormalReason,
    boxCount: Number(row.totals.boxes),
    shipQuantity: Number(row.totals.ship),
    receivedQuantity: Number(row.totals.received),
    shelvedQuantity: Number(row.totals.shelved),
    createdAt: iso(order.createdAt),
  };
}

function joined(tx: TenantTx) {
  return tx
    .select(rowColumns)
    .from(inboundOrders)
    .innerJoin(warehouses, eq(warehouses.id, inboundOrders.warehouseId))
    .leftJoin(users, eq(users.id, inboundOrders.sellerId));
}

/** One page of the orders the actor sees, newest first. */
export async function listInboundOrders(
  tx: TenantTx,
  actor: Actor,
  query: InboundListQuery,
): Promise<Page<InboundRowView>> {
  const where = allOf([
    inboundScope(actor),
    sellerFilter(actor, inboundOrders.sellerId, query.sellerId || undefined),
    // The abnormal tab lists orders with a reported difference, whatever their progress.
    query.status === 'abnormal'
      ? sql`(${inboundOrders.abnormalReason} <> '' or ${inboundOrders.status} = 'abnormal')`
      : query.status
        ? eq(inboundOrders.status, query.status)
        : undefined,
    query.warehouseId ? eq(inboundOrders.warehouseId, query.warehouseId) : undefined,
    query.inboundNo ? ilike(inboundOrders.inboundNo, contains(query.inboundNo)) : undefined,
  ]);
  const rows = await joined(tx)
    .where(where)
    .orderBy(desc(inboundOrders.createdAt), desc(inboundOrders.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(inboundOrders)
    .where(where);
  return page(rows.map(toRow), counted?.n ?? 0, query.pageNo, query.pageSize);
}

const fromLocation = alias(warehouseLocations, 'from_location');
const toLocation = alias(warehouseLocations, 'to_location');

/** The order with its boxes, per-SKU progress, discrepancies and records; 404 when out of sight. */
export async function getInboundOrder(tx: TenantTx, actor: Actor, id: string): Promise<InboundDetail> {
  const [row] = await joined(tx).where(and(eq(inboundOrders.id, id), inboundScope(actor)));
  if (!row) throw new AppError('inbound.not_found');
  const [receiving] = await tx
    .select({ code: warehouseLocations.code })
    .from(warehouseLocations)
    .where(eq(warehouseLocations.id, row.order.receivingLocationId));
  const boxes = await tx
    .select()
    .from(inboundBoxes)
    .where(eq(inboundBoxes.orderId, id))
    .orderBy(asc(inboundBoxes.boxNo));
  const lines = await tx
    .select({
      line: inboundBoxLines,
      sellerSku: skus.sellerSku,
      sysCode: skus.sysCode,
      productName: products.name,
    })
    .from(inboundBoxLines)
    .innerJoin(skus, eq(skus.id, inboundBoxLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(inboundBoxLines.orderId, id))
    .orderBy(asc(skus.sellerSku));
  const views = lines.map(({ line, ...sku }): InboundLineView & { boxId: string } => ({
    id: line.id,
    boxId: line.boxId,
    skuId: line.skuId,
    ...sku,
    shipQuantity: line.shipQuantity,
    receivedQuantity: line.receivedQuantity,
    shelvedQuantity: line.shelvedQuantity,
    damagedQuantity: line.damagedQuantity,
  }));
  const bySku = new Map<string, Omit<InboundLineView, 'id'>>();
  for (const { id: _id, boxId: _box, ...line } of views) {
    const seen = bySku.get(line.skuId);
    bySku.set(
      line.skuId,
      seen
        ? {
            ...seen,
            shipQuantity: seen.shipQuantity + line.shipQuantity,
            receivedQuantity: seen.receivedQuantity + line.receivedQuantity,
            shelvedQuantity: seen.shelvedQuantity + line.shelvedQuantity,
            damagedQuantity: seen.damagedQuantity + line.damagedQuantity,
          }
        : line,
    );
  }
  const discrepancies = await tx
    .select()
    .from(inboundDiscrepancies)
    .where(eq(inboundDiscrepancies.orderId, id))
    .orderBy(asc(inboundDiscrepancies.createdAt));
  const records = await tx
    .select({
      movement: stockMovements,
      sellerSku: skus.sellerSku,
      from: fromLocation.code,
      to: toLocation.code,
      actorName: users.realname,
    })
    .from(stockMovements)
    .innerJoin(skus, eq(skus.id, stockMovements.skuId))
    .leftJoin(fromLocation, eq(fromLocation.id, stockMovements.fromLocationId))
    .leftJoin(toLocation, eq(toLocation.id, stockMovements.toLocationId))
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .where(and(eq(stockMovements.sourceType, 'inbound'), eq(stockMovements.sourceId, id)))
    .orderBy(asc(stockMovements.id));
  return {
    ...toRow(row),
    receivingLocationCode: receiving?.code ?? '',
    boxes: boxes.map((box) => ({
      id: box.id,
      boxNo: box.boxNo,
      finishedAt: iso(box.finishedAt),
      lines: views.filter((line) => line.boxId === box.id).map(({ boxId: _box, ...line }) => line),
    })),
    skus: [...bySku.values()],
    discrepancies: discrepancies.map((found) => ({
      id: found.id,
      boxId: found.boxId,
      skuId: found.skuId,
      barcode: found.barcode,
      kind: found.kind,
      quantity: found.quantity,
      reason: found.reason,
      photos: found.photos,
      createdAt: iso(found.createdAt),
    })),
    records: records.flatMap((record) => {
      const kind = INBOUND_RECORD_KINDS.find((candidate) => candidate === record.movement.kind);
      if (!kind) return [];
      return [
        {
          id: record.movement.id,
          kind,
          skuId: record.movement.skuId,
          sellerSku: record.sellerSku,
          quantity: record.movement.quantity,
          fromLocationCode: record.from,
          toLocationCode: record.to,
          reason: record.movement.reason,
          actorName: record.actorName,
          createdAt: iso(record.movement.createdAt),
        },
      ];
    }),
  };
}
