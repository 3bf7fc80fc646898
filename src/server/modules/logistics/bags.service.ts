/**
 * Bags in the admin (bags.routes.ts): the bag list, one bag with its parcels, and the delivery
 * status of bags handed over. Bags are seen by warehouse scope; a seller's people see none.
 */
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { BagDeliveryStatusBody, BagDetail, BagListQuery, BagView } from '@shared/contract/packing.js';
import type { Page } from '@shared/contract/common.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { orders } from '../orders/index.js';
import { warehouses } from '../warehouse/index.js';
import { bagParcels, bags } from './bags.tables.js';
import { logisticsChannels, waybills } from './logistics.tables.js';
import { bagScope, type BagRow } from './packing.js';

const bagColumns = {
  bag: bags,
  warehouseName: warehouses.name,
  warehouseCode: warehouses.code,
  channelName: sql<string>`coalesce(${logisticsChannels.name}, '')`,
};

type BagJoined = { bag: BagRow; warehouseName: string; warehouseCode: string; channelName: string };

function viewOf(row: BagJoined): BagView {
  const { bag } = row;
  return {
    id: bag.id,
    bagNo: bag.bagNo,
    warehouseId: bag.warehouseId,
    warehouseName: `${row.warehouseCode} ${row.warehouseName}`.trim(),
    channelId: bag.channelId,
    channelName: row.channelName,
    status: bag.status,
    packageCount: bag.packageCount,
    weightGrams: bag.weightGrams,
    deliveryStatus: bag.deliveryStatus,
    deliveredAt: bag.deliveredAt?.toISOString() ?? null,
    openedAt: bag.openedAt.toISOString(),
    closedAt: bag.closedAt?.toISOString() ?? null,
  };
}

const joinedBags = (tx: TenantTx) =>
  tx
    .select(bagColumns)
    .from(bags)
    .innerJoin(warehouses, eq(warehouses.id, bags.warehouseId))
    .leftJoin(logisticsChannels, eq(logisticsChannels.id, bags.channelId));

/** The bag list: newest first, filtered by number, a parcel's tracking number, warehouse and statuses. */
export async function listBags(tx: TenantTx, actor: Actor, query: BagListQuery): Promise<Page<BagView>> {
  const escape = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);
  const where = and(
    bagScope(actor),
    query.bagNo ? ilike(bags.bagNo, `%${escape(query.bagNo)}%`) : undefined,
    query.warehouseId ? eq(bags.warehouseId, query.warehouseId) : undefined,
    query.status ? eq(bags.status, query.status) : undefined,
    query.deliveryStatus ? eq(bags.deliveryStatus, query.deliveryStatus) : undefined,
    query.trackingNo
      ? sql`exists (select 1 from ${bagParcels} p join ${waybills} w on w.order_id = p.order_id
          where p.bag_id = ${bags.id} and w.tracking_no = ${query.trackingNo})`
      : undefined,
  );
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(bags)
    .where(where);
  const total = count?.total ?? 0;
  const records = await joinedBags(tx)
    .where(where)
    .orderBy(desc(bags.openedAt), asc(bags.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    records: records.map(viewOf),
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}

/** One bag with its parcels (tracking number, order, weight, status). */
export async function bagDetail(
  tx: TenantTx,
  actor: Actor,
  id: string,
): Promise<BagDetail & { timeZone: string }> {
  const [row] = await joinedBags(tx)
    .where(and(eq(bags.id, id), bagScope(actor)))
    .limit(1);
  if (!row) throw new AppError('bag.not_found');
  const [zone] = await tx
    .select({ timeZone: warehouses.timeZone })
    .from(warehouses)
    .where(eq(warehouses.id, row.bag.warehouseId));
  const parcels = await tx
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      trackingNo: sql<string>`coalesce(${waybills.trackingNo}, ${orders.trackingNo}, '')`,
      weightGrams: waybills.weightGrams,
      warehouseStatus: orders.warehouseStatus,
    })
    .from(bagParcels)
    .innerJoin(orders, eq(orders.id, bagParcels.orderId))
    .leftJoin(waybills, eq(waybills.orderId, orders.id))
    .where(eq(bagParcels.bagId, id))
    .orderBy(asc(bagParcels.createdAt), asc(orders.orderNo));
  return { ...viewOf(row), parcels, timeZone: zone?.timeZone ?? 'UTC' };
}

/** One bag as the admin's detail answers it: bagDetail without the warehouse's time zone (the manifest's). */
export async function bagDetailView(tx: TenantTx, actor: Actor, id: string): Promise<BagDetail> {
  const { timeZone: _zone, ...detail } = await bagDetail(tx, actor, id);
  return detail;
}

/** Sets the delivery status of bags handed over (pickup, delivery success or fail). */
export async function setBagDeliveryStatus(
  tx: TenantTx,
  actor: Actor,
  body: BagDeliveryStatusBody,
): Promise<{ count: number }> {
  const ids = [...new Set(body.ids)].sort();
  const rows = await tx
    .select()
    .from(bags)
    .where(and(inArray(bags.id, ids), bagScope(actor)))
    .orderBy(asc(bags.id))
    .for('update');
  if (rows.length !== ids.length) throw new AppError('bag.not_found');
  const waiting = rows.find((bag) => bag.handoverId === null);
  if (waiting && body.deliveryStatus !== 'pending')
    throw new AppError('bag.not_handed_over', { bagNo: waiting.bagNo });
  await tx
    .update(bags)
    .set({ deliveryStatus: body.deliveryStatus, updatedAt: sql`now()` })
    .where(inArray(bags.id, ids));
  return { count: rows.length };
}
