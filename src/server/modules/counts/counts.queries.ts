/** Reads of check orders: the admin's list and detail, and the handheld's open counts. */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  CountDetail,
  CountExpectedSku,
  CountListQuery,
  CountRow,
  CountTask,
} from '@shared/contract/counts.js';
import { OPEN_COUNT_STATUSES } from '@shared/domain/counts.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { products, skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { locationStock } from '../inventory/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';
import { countLines, countLocations, countOrderSkus, countOrders } from './counts.tables.js';

const figures = {
  countedLocations: sql<number>`(select count(*)::int from ${countLocations} cl where cl.count_order_id = ${countOrders.id} and cl.status = 'counted')`,
  totalLocations: sql<number>`(select count(*)::int from ${countLocations} cl where cl.count_order_id = ${countOrders.id})`,
  checkQuantity: sql<number>`(select coalesce(sum(l.counted_quantity), 0)::int from ${countLines} l where l.count_order_id = ${countOrders.id})`,
  pendingLines: sql<number>`(select count(*)::int from ${countLines} l where l.count_order_id = ${countOrders.id} and l.state = 'pending')`,
  varianceLines: sql<number>`(select count(*)::int from ${countLines} l where l.count_order_id = ${countOrders.id} and l.variance <> 0)`,
  uncountedLines: sql<number>`(select count(*)::int from ${countLines} l where l.count_order_id = ${countOrders.id} and l.state = 'not_counted')`,
};

function selectRows(tx: TenantTx) {
  return tx
    .select({
      order: countOrders,
      warehouseCode: warehouses.code,
      assigneeName: sql<string>`coalesce(${users.realname}, '')`,
      ...figures,
    })
    .from(countOrders)
    .innerJoin(warehouses, eq(warehouses.id, countOrders.warehouseId))
    .leftJoin(users, eq(users.id, countOrders.assigneeId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow(row: Selected): CountRow {
  const { order } = row;
  return {
    id: order.id,
    countNo: order.countNo,
    warehouseId: order.warehouseId,
    warehouseCode: row.warehouseCode,
    type: order.type,
    status: order.status,
    assigneeId: order.assigneeId,
    assigneeName: row.assigneeName,
    note: order.note,
    countedLocations: Number(row.countedLocations),
    totalLocations: Number(row.totalLocations),
    checkQuantity: Number(row.checkQuantity),
    pendingLines: Number(row.pendingLines),
    varianceLines: Number(row.varianceLines),
    uncountedLines: Number(row.uncountedLines),
    createdAt: iso(order.createdAt),
    closedAt: iso(order.closedAt),
  };
}

/** The check orders of the warehouses the actor sees, newest first. */
export async function listCounts(tx: TenantTx, actor: Actor, query: CountListQuery): Promise<Page<CountRow>> {
  const where = allOf([
    warehouseScope(actor, countOrders.warehouseId),
    query.status ? eq(countOrders.status, query.status) : undefined,
    query.warehouseId ? eq(countOrders.warehouseId, query.warehouseId) : undefined,
    query.countNo ? ilike(countOrders.countNo, contains(query.countNo)) : undefined,
  ]);
  const rows = await selectRows(tx)
    .where(where)
    .orderBy(desc(countOrders.createdAt), desc(countOrders.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(countOrders)
    .where(where);
  return page(rows.map(toRow), counted?.n ?? 0, query.pageNo, query.pageSize);
}

/** One check order with its locations and every counted line; 404 when out of sight. */
export async function getCount(tx: TenantTx, actor: Actor, id: string): Promise<CountDetail> {
  const [row] = await selectRows(tx).where(
    and(eq(countOrders.id, id), warehouseScope(actor, countOrders.warehouseId)),
  );
  if (!row) throw new AppError('counts.not_found');
  const locations = await tx
    .select({ planned: countLocations, code: warehouseLocations.code })
    .from(countLocations)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, countLocations.locationId))
    .where(eq(countLocations.countOrderId, id))
    .orderBy(asc(warehouseLocations.code));
  const lines = await tx
    .select({
      line: countLines,
      code: warehouseLocations.code,
      sellerSku: skus.sellerSku,
      sysCode: skus.sysCode,
      name: products.name,
      variation: skus.variation,
    })
    .from(countLines)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, countLines.locationId))
    .innerJoin(skus, eq(skus.id, countLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(countLines.countOrderId, id))
    .orderBy(asc(warehouseLocations.code), asc(skus.sellerSku));
  return {
    ...toRow(row),
    locations: locations.map(({ planned, code }) => ({
      id: planned.id,
      locationId: planned.locationId,
      locationCode: code,
      status: planned.status,
      round: planned.round,
      countedAt: iso(planned.countedAt),
    })),
    lines: lines.map(({ line, code, sellerSku, sysCode, name, variation }) => ({
      id: line.id,
      locationId: line.locationId,
      locationCode: code,
      skuId: line.skuId,
      sellerSku,
      sysCode,
      skuName: variation ? `${name} ${variation}` : name,
      isCounted: line.countedQuantity !== null,
      countedQuantity: line.countedQuantity,
      bookQuantity: line.bookQuantity,
      movedSince: line.movedSince,
      variance: line.variance,
      state: line.state,
      round: line.round,
      affectedOrders: line.affectedOrders,
      reviewedAt: iso(line.reviewedAt),
    })),
  };
}

/**
 * The SKUs the books hold units of on these locations (one row per location and SKU: the
 * location stock's key), by seller SKU: what a count of them is expected to meet.
 */
async function skusOnShelves(tx: TenantTx, locationIds: readonly string[]) {
  if (locationIds.length === 0) return [];
  return tx
    .select({
      locationId: locationStock.locationId,
      skuId: skus.id,
      sellerSku: skus.sellerSku,
      name: products.name,
      variation: skus.variation,
    })
    .from(locationStock)
    .innerJoin(skus, eq(skus.id, locationStock.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(
      and(inArray(locationStock.locationId, [...new Set(locationIds)]), sql`${locationStock.quantity} > 0`),
    )
    .orderBy(asc(skus.sellerSku));
}

/**
 * The open check orders a handheld's user may count (assigned to them or to nobody), with the
 * locations to count, the SKUs the books have on each now (for a count by product, the chosen
 * ones; so the device asks for each before a location is finished) and, for a count by product,
 * the SKUs: never a quantity.
 */
export async function listCountTasks(tx: TenantTx, actor: Actor): Promise<CountTask[]> {
  const open = await tx
    .select()
    .from(countOrders)
    .where(
      and(
        inArray(countOrders.status, [...OPEN_COUNT_STATUSES]),
        warehouseScope(actor, countOrders.warehouseId),
        or(isNull(countOrders.assigneeId), eq(countOrders.assigneeId, actor.userId)),
      ),
    )
    .orderBy(asc(countOrders.createdAt))
    .limit(100);
  if (open.length === 0) return [];
  const ids = open.map((order) => order.id);
  const planned = await tx
    .select({
      orderId: countLocations.countOrderId,
      locationId: countLocations.locationId,
      code: warehouseLocations.code,
      status: countLocations.status,
    })
    .from(countLocations)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, countLocations.locationId))
    .where(inArray(countLocations.countOrderId, ids))
    .orderBy(asc(warehouseLocations.code));
  const chosen = await tx.select().from(countOrderSkus).where(inArray(countOrderSkus.countOrderId, ids));
  const onShelves = await skusOnShelves(
    tx,
    planned.map((row) => row.locationId),
  );
  const expectedOn = new Map<string, CountExpectedSku[]>();
  for (const item of onShelves)
    expectedOn.set(item.locationId, [
      ...(expectedOn.get(item.locationId) ?? []),
      {
        skuId: item.skuId,
        sellerSku: item.sellerSku,
        name: item.variation ? `${item.name} ${item.variation}` : item.name,
      },
    ]);
  return open.map((order) => {
    const only = new Set(chosen.filter((row) => row.countOrderId === order.id).map((row) => row.skuId));
    return {
      id: order.id,
      countNo: order.countNo,
      warehouseId: order.warehouseId,
      type: order.type,
      skuIds: [...only],
      locations: planned
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          locationId: row.locationId,
          code: row.code,
          status: row.status,
          expected: (expectedOn.get(row.locationId) ?? []).filter(
            (sku) => order.type !== 'product' || only.has(sku.skuId),
          ),
        })),
    };
  });
}

export interface CountSheetData {
  countNo: string;
  warehouse: string;
  type: CountDetail['type'];
  createdAt: Date;
  timeZone: string;
  locations: { code: string; skus: { skuCode: string; productName: string }[] }[];
}

/**
 * What the count sheets of the chosen check orders print: each planned location with the SKUs
 * the books have there now (for a count by product, only its SKUs), never their quantities.
 * None chosen answers 'counts.not_found'; an order out of sight too.
 */
export async function countSheetData(
  tx: TenantTx,
  actor: Actor,
  ids: readonly string[],
): Promise<CountSheetData[]> {
  const unique = [...new Set(ids)];
  const chosen = await tx
    .select({ order: countOrders, warehouse: warehouses })
    .from(countOrders)
    .innerJoin(warehouses, eq(warehouses.id, countOrders.warehouseId))
    .where(and(inArray(countOrders.id, unique), warehouseScope(actor, countOrders.warehouseId)))
    .orderBy(asc(countOrders.countNo));
  if (chosen.length === 0 || chosen.length !== unique.length) throw new AppError('counts.not_found');
  const orderIds = chosen.map((row) => row.order.id);
  const planned = await tx
    .select({
      orderId: countLocations.countOrderId,
      locationId: countLocations.locationId,
      code: warehouseLocations.code,
    })
    .from(countLocations)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, countLocations.locationId))
    .where(inArray(countLocations.countOrderId, orderIds))
    .orderBy(asc(warehouseLocations.code));
  const onShelves = await skusOnShelves(
    tx,
    planned.map((row) => row.locationId),
  );
  const bySku = await tx.select().from(countOrderSkus).where(inArray(countOrderSkus.countOrderId, orderIds));
  return chosen.map(({ order, warehouse }) => {
    const only = new Set(bySku.filter((row) => row.countOrderId === order.id).map((row) => row.skuId));
    return {
      countNo: order.countNo,
      warehouse: `${warehouse.code} · ${warehouse.name}`,
      type: order.type,
      createdAt: order.createdAt,
      timeZone: warehouse.timeZone,
      locations: planned
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          code: row.code,
          skus: onShelves
            .filter((item) => item.locationId === row.locationId && (only.size === 0 || only.has(item.skuId)))
            .map((item) => ({
              skuCode: item.sellerSku,
              productName: item.variation ? `${item.name} ${item.variation}` : item.name,
            })),
        })),
    };
  });
}
