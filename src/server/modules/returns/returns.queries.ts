/**
 * Reading returns: the admin's list (status, warehouse, received between two dates, an order
 * number / system id / tracking number, only unmatched) and a return's detail with the order's
 * lines and each item's outcome; and the expected returns a PDA keeps to check parcels offline.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '@shared/contract/common.js';
import type { ExpectedReturns, ReturnDetail, ReturnListQuery, ReturnRow } from '@shared/contract/returns.js';
import { RETURN_LIMITS, RETURNABLE_STATUSES } from '@shared/domain/returns.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { products, skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { orderLines, orders, orderScope } from '../orders/index.js';
import { visibleWarehouse, warehouseLocations, warehouses } from '../warehouse/index.js';
import { returnScope } from './returns.service.js';
import { returnItems, returns } from './returns.tables.js';

const receiver = alias(users, 'receiver');
const finisher = alias(users, 'finisher');
const seller = alias(users, 'seller');
const name = (table: { realname: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(${table.realname}, ''), ${table.username}, '')`;

const units = (outcome: 'reshelved' | 'destroyed') =>
  sql<number>`(select coalesce(sum(i.quantity), 0)::int from ${returnItems} i where i.return_id = ${returns.id} and i.outcome = ${outcome})`;

const rowColumns = {
  parcel: returns,
  warehouseCode: warehouses.code,
  orderNo: sql<string>`coalesce(${orders.orderNo}, '')`,
  systemNo: sql<string>`coalesce(${orders.systemNo}, '')`,
  sellerName: sql<string>`coalesce(nullif(${seller.realname}, ''), ${seller.username}, '')`,
  receivedByName: name(receiver),
  finishedByName: sql<string>`coalesce(nullif(${finisher.realname}, ''), ${finisher.username}, '')`,
  reshelved: units('reshelved'),
  destroyed: units('destroyed'),
};

type Selected = {
  parcel: typeof returns.$inferSelect;
  warehouseCode: string;
  orderNo: string;
  systemNo: string;
  sellerName: string;
  receivedByName: string;
  finishedByName: string;
  reshelved: number;
  destroyed: number;
};

function rowOf(row: Selected): ReturnRow {
  return {
    id: row.parcel.id,
    warehouseId: row.parcel.warehouseId,
    warehouseCode: row.warehouseCode,
    kind: row.parcel.kind,
    status: row.parcel.status,
    returnTrackingNo: row.parcel.returnTrackingNo,
    originalTrackingNo: row.parcel.originalTrackingNo,
    orderId: row.parcel.orderId,
    orderNo: row.orderNo,
    systemNo: row.systemNo,
    sellerName: row.sellerName,
    postageCents: row.parcel.postageCents,
    weightGrams: row.parcel.weightGrams,
    reshelved: Number(row.reshelved),
    destroyed: Number(row.destroyed),
    receivedByName: row.receivedByName,
    receivedAt: iso(row.parcel.receivedAt) ?? '',
    finishedAt: iso(row.parcel.finishedAt),
  };
}

function selectRows(tx: TenantTx) {
  return tx
    .select(rowColumns)
    .from(returns)
    .innerJoin(warehouses, eq(warehouses.id, returns.warehouseId))
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(seller, eq(seller.id, returns.sellerId))
    .leftJoin(receiver, eq(receiver.id, returns.receivedBy))
    .leftJoin(finisher, eq(finisher.id, returns.finishedBy));
}

export async function listReturns(
  tx: TenantTx,
  actor: Actor,
  query: ReturnListQuery,
): Promise<Page<ReturnRow>> {
  const search = query.search ? query.search : undefined;
  const where = allOf([
    returnScope(actor),
    query.status ? eq(returns.status, query.status) : undefined,
    query.warehouseId ? eq(returns.warehouseId, query.warehouseId) : undefined,
    query.unmatched === 'true' ? isNull(returns.orderId) : undefined,
    query.dateFrom ? gte(returns.receivedAt, new Date(query.dateFrom)) : undefined,
    query.dateTo ? lte(returns.receivedAt, new Date(query.dateTo)) : undefined,
    search
      ? or(
          eq(returns.returnTrackingNo, search),
          eq(returns.originalTrackingNo, search),
          sql`${returns.orderId} in (select o.id from ${orders} o where o.order_no = ${search} or o.system_no = ${search})`,
        )
      : undefined,
  ]);
  const rows = await selectRows(tx)
    .where(where)
    .orderBy(desc(returns.receivedAt), desc(returns.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(returns)
    .where(where);
  return page(rows.map(rowOf), counted?.n ?? 0, query.pageNo, query.pageSize);
}

export async function getReturn(tx: TenantTx, actor: Actor, id: string): Promise<ReturnDetail> {
  const [row] = await selectRows(tx).where(and(eq(returns.id, id), returnScope(actor)));
  if (!row) throw new AppError('returns.not_found');
  const lines =
    row.parcel.orderId === null
      ? []
      : await tx
          .select({
            skuId: orderLines.skuId,
            sellerSku: skus.sellerSku,
            skuName: products.name,
            quantity: orderLines.quantity,
          })
          .from(orderLines)
          .innerJoin(skus, eq(skus.id, orderLines.skuId))
          .innerJoin(products, eq(products.id, skus.productId))
          .where(eq(orderLines.orderId, row.parcel.orderId))
          .orderBy(asc(orderLines.position));
  const inspector = alias(users, 'inspector');
  const items = await tx
    .select({
      item: returnItems,
      sellerSku: sql<string>`coalesce(${skus.sellerSku}, '')`,
      skuName: sql<string>`coalesce(${products.name}, '')`,
      locationCode: sql<string>`coalesce(${warehouseLocations.code}, '')`,
      inspectedByName: name(inspector),
    })
    .from(returnItems)
    .leftJoin(skus, eq(skus.id, returnItems.skuId))
    .leftJoin(products, eq(products.id, skus.productId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, returnItems.locationId))
    .leftJoin(inspector, eq(inspector.id, returnItems.inspectedBy))
    .where(eq(returnItems.returnId, id))
    .orderBy(asc(returnItems.inspectedAt), asc(returnItems.id));
  return {
    ...rowOf(row),
    note: row.parcel.note,
    finishedByName: row.finishedByName,
    lines,
    items: items.map((entry) => ({
      id: entry.item.id,
      skuId: entry.item.skuId,
      sellerSku: entry.sellerSku,
      skuName: entry.skuName,
      quantity: entry.item.quantity,
      condition: entry.item.condition,
      outcome: entry.item.outcome,
      locationCode: entry.locationCode,
      inspectedByName: entry.inspectedByName,
      inspectedAt: iso(entry.item.inspectedAt) ?? '',
    })),
  };
}

/**
 * What a device of the warehouse checks parcels against offline. Orders: every order of the
 * warehouse marked to return (by its marketplace or a return already taken in), and every order
 * shipped from it in the last RETURN_LIMITS.expectedDays days — a refused parcel or a buyer's
 * return arrives before any marketplace says so, and must still find its order at once — with a
 * tracking number, newest first, at most RETURN_LIMITS.expected (to_return first). A parcel of
 * an older order is recorded all the same and matched by the server or the admin. Returns: those
 * received and not finished, so inspection goes on offline (an unmatched one once matched).
 */
export async function expectedReturnsFor(
  tx: TenantTx,
  actor: Actor,
  warehouseId: string,
): Promise<ExpectedReturns> {
  await visibleWarehouse(tx, actor, warehouseId);
  const since = sql`now() - make_interval(days => ${RETURN_LIMITS.expectedDays})`;
  const found = await tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      systemNo: orders.systemNo,
      trackingNo: orders.trackingNo,
      localStatus: orders.localStatus,
    })
    .from(orders)
    .where(
      and(
        eq(orders.warehouseId, warehouseId),
        inArray(orders.localStatus, [...RETURNABLE_STATUSES]),
        isNull(orders.mergedIntoId),
        sql`${orders.trackingNo} <> ''`,
        or(eq(orders.localStatus, 'to_return'), gte(orders.shippedAt, since)),
        orderScope(actor),
      ),
    )
    .orderBy(sql`${orders.localStatus} = 'to_return' desc`, desc(orders.shippedAt), desc(orders.id))
    .limit(RETURN_LIMITS.expected);
  const ids = found.map((order) => order.id);
  const lines =
    ids.length === 0
      ? []
      : await tx
          .select({
            orderId: orderLines.orderId,
            skuId: orderLines.skuId,
            sellerSku: skus.sellerSku,
            name: products.name,
            quantity: orderLines.quantity,
            returned: sql<number>`(select coalesce(sum(i.quantity), 0)::int from ${returnItems} i join ${returns} r on r.id = i.return_id where r.order_id = ${orderLines.orderId} and i.sku_id = ${orderLines.skuId} and i.condition <> 'wrong_item')`,
          })
          .from(orderLines)
          .innerJoin(skus, eq(skus.id, orderLines.skuId))
          .innerJoin(products, eq(products.id, skus.productId))
          .where(inArray(orderLines.orderId, ids))
          .orderBy(asc(orderLines.position));
  const open = await tx
    .select({ returnId: returns.id, returnTrackingNo: returns.returnTrackingNo, orderId: returns.orderId })
    .from(returns)
    .where(
      and(
        eq(returns.warehouseId, warehouseId),
        eq(returns.status, 'returned_unprocessed'),
        returnScope(actor),
      ),
    )
    .orderBy(desc(returns.receivedAt))
    .limit(RETURN_LIMITS.expected);
  return {
    warehouseId,
    orders: found.map((order) => {
      const own = new Map<
        string,
        { skuId: string; sellerSku: string; name: string; quantity: number; returned: number }
      >();
      for (const line of lines.filter((entry) => entry.orderId === order.id)) {
        const known = own.get(line.skuId);
        if (known) known.quantity += line.quantity;
        else
          own.set(line.skuId, {
            skuId: line.skuId,
            sellerSku: line.sellerSku,
            name: line.name,
            quantity: line.quantity,
            returned: Number(line.returned),
          });
      }
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        systemNo: order.systemNo,
        trackingNo: order.trackingNo,
        localStatus: order.localStatus,
        lines: [...own.values()],
      };
    }),
    returns: open,
  };
}
