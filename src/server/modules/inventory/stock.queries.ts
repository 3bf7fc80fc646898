/**
 * The stock screens' reads: the stock list with age buckets from the lots, stock per location,
 * and receipt and issue records of the last 90 days. Sellers see only their own stock and
 * warehouse staff only their warehouses; both filters are part of every query.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '@shared/contract/common.js';
import type {
  LocationStockQuery,
  LocationStockRow,
  StockListQuery,
  StockRecord,
  StockRecordsQuery,
  StockRow,
} from '@shared/contract/inventory.js';
import { RECORDS_WINDOW_DAYS } from '@shared/domain/stock.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { sellerFilter } from '../../access/seller-scope.js';
import { products, skus, skuSearch } from '../catalog/index.js';
import { users } from '../identity/index.js';
import {
  visibleWarehouse,
  warehouseLocations,
  warehousePartitions,
  warehouses,
  warehouseScope,
} from '../warehouse/index.js';
import { locationStock, stockBalances as b, stockLots, stockMovements as m } from './inventory.tables.js';

const searchOf = (values: string[] | undefined, column: Parameters<typeof skuSearch>[0]) =>
  values && values.length > 0 ? skuSearch(column, values) : undefined;

interface Ages {
  lt30: number;
  '30_90': number;
  '90_180': number;
  gt180: number;
  oldest: Date | null;
}

/** Remaining units of each (warehouse, SKU) by stock-age bucket (src/shared/domain/stock.ts). */
async function agesOf(
  tx: TenantTx,
  pairs: { warehouseId: string; skuId: string }[],
): Promise<Map<string, Ages>> {
  const ages = new Map<string, Ages>();
  if (pairs.length === 0) return ages;
  const older = (days: number) => sql`${stockLots.receivedAt} <= now() - make_interval(days => ${days})`;
  const newer = (days: number) => sql`${stockLots.receivedAt} > now() - make_interval(days => ${days})`;
  const bucket = (condition: SQL) =>
    sql<number>`coalesce(sum(${stockLots.quantityRemaining}) filter (where ${condition}), 0)::int`;
  const rows = await tx
    .select({
      warehouseId: stockLots.warehouseId,
      skuId: stockLots.skuId,
      lt30: bucket(newer(30)),
      from30: bucket(and(older(30), newer(90)) ?? sql`false`),
      from90: bucket(and(older(90), newer(180)) ?? sql`false`),
      gt180: bucket(older(180)),
      oldest: sql<Date | null>`min(${stockLots.receivedAt})`,
    })
    .from(stockLots)
    .where(
      and(
        gt(stockLots.quantityRemaining, 0),
        inArray(stockLots.warehouseId, [...new Set(pairs.map((pair) => pair.warehouseId))]),
        inArray(stockLots.skuId, [...new Set(pairs.map((pair) => pair.skuId))]),
      ),
    )
    .groupBy(stockLots.warehouseId, stockLots.skuId);
  for (const row of rows) {
    ages.set(`${row.warehouseId}/${row.skuId}`, {
      lt30: row.lt30,
      '30_90': row.from30,
      '90_180': row.from90,
      gt180: row.gt180,
      oldest: row.oldest ? new Date(row.oldest) : null,
    });
  }
  return ages;
}

async function locationCodesOf(tx: TenantTx, pairs: { warehouseId: string; skuId: string }[]) {
  const codes = new Map<string, string[]>();
  if (pairs.length === 0) return codes;
  const rows = await tx
    .select({
      warehouseId: locationStock.warehouseId,
      skuId: locationStock.skuId,
      code: warehouseLocations.code,
    })
    .from(locationStock)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, locationStock.locationId))
    .where(
      and(
        gt(locationStock.quantity, 0),
        inArray(locationStock.skuId, [...new Set(pairs.map((pair) => pair.skuId))]),
      ),
    )
    .orderBy(asc(warehouseLocations.code));
  for (const row of rows) {
    const key = `${row.warehouseId}/${row.skuId}`;
    codes.set(key, [...(codes.get(key) ?? []), row.code]);
  }
  return codes;
}

/** GET /inventory/stock/list: balances per warehouse and SKU with ages, shelves and the safety flag. */
export async function listStock(tx: TenantTx, actor: Actor, input: StockListQuery): Promise<Page<StockRow>> {
  if (input.warehouseId) await visibleWarehouse(tx, actor, input.warehouseId);
  const where = allOf([
    warehouseScope(actor, b.warehouseId),
    sellerFilter(actor, b.sellerId, input.sellerId || undefined),
    input.warehouseId ? eq(b.warehouseId, input.warehouseId) : undefined,
    searchOf(input.skuSearch, b.skuId),
    input.belowSafety === true
      ? sql`${skus.safetyStock} > 0 and ${b.available} < ${skus.safetyStock}`
      : undefined,
    typeof input.stockAge === 'number'
      ? sql`exists (select 1 from ${stockLots} where ${stockLots.warehouseId} = ${b.warehouseId} and ${stockLots.skuId} = ${b.skuId}
          and ${stockLots.quantityRemaining} > 0 and ${stockLots.receivedAt} <= now() - make_interval(days => ${input.stockAge}))`
      : undefined,
  ]);
  const base = () =>
    tx
      .select({
        balance: b,
        warehouseCode: warehouses.code,
        warehouseName: warehouses.name,
        sellerName: users.realname,
        productId: products.id,
        productName: products.name,
        photo: sql<string | null>`${products.photos}[1]`,
        sku: skus,
      })
      .from(b)
      .innerJoin(skus, eq(skus.id, b.skuId))
      .innerJoin(products, eq(products.id, skus.productId))
      .innerJoin(warehouses, eq(warehouses.id, b.warehouseId))
      .innerJoin(users, eq(users.id, b.sellerId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(warehouses.code), asc(skus.sysCode))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx.select({ n: count() }).from(b).innerJoin(skus, eq(skus.id, b.skuId)).where(where),
  ]);
  const pairs = rows.map((row) => ({ warehouseId: row.balance.warehouseId, skuId: row.balance.skuId }));
  const [ages, shelves] = await Promise.all([agesOf(tx, pairs), locationCodesOf(tx, pairs)]);
  const records = rows.map((row): StockRow => {
    const key = `${row.balance.warehouseId}/${row.balance.skuId}`;
    const age = ages.get(key);
    return {
      warehouseId: row.balance.warehouseId,
      skuId: row.balance.skuId,
      available: row.balance.available,
      frozen: row.balance.frozen,
      total: row.balance.total,
      inTransit: row.balance.inTransit,
      warehouseCode: row.warehouseCode,
      warehouseName: row.warehouseName,
      sellerId: row.balance.sellerId,
      sellerName: row.sellerName,
      productId: row.productId,
      productName: row.productName,
      photo: row.photo,
      sellerSku: row.sku.sellerSku,
      sysCode: row.sku.sysCode,
      customCode: row.sku.customCode,
      localCode: row.sku.localCode,
      variation: row.sku.variation,
      safetyStock: row.sku.safetyStock,
      isBelowSafety: row.sku.safetyStock > 0 && row.balance.available < row.sku.safetyStock,
      cost: row.sku.cost,
      costCurrency: row.sku.costCurrency,
      locationCodes: shelves.get(key) ?? [],
      ages: {
        lt30: age?.lt30 ?? 0,
        '30_90': age?.['30_90'] ?? 0,
        '90_180': age?.['90_180'] ?? 0,
        gt180: age?.gt180 ?? 0,
      },
      oldestReceivedAt: iso(age?.oldest ?? null),
    };
  });
  return page(records, total?.n ?? 0, input.pageNo, input.pageSize);
}

/** GET /inventory/stock/locations: what lies on each location, one row per location and SKU. */
export async function listLocationStock(
  tx: TenantTx,
  actor: Actor,
  input: LocationStockQuery,
): Promise<Page<LocationStockRow>> {
  if (input.warehouseId) await visibleWarehouse(tx, actor, input.warehouseId);
  const l = warehouseLocations;
  const where = allOf([
    gt(locationStock.quantity, 0),
    warehouseScope(actor, locationStock.warehouseId),
    sellerFilter(actor, skus.sellerId, input.sellerId || undefined),
    input.warehouseId ? eq(locationStock.warehouseId, input.warehouseId) : undefined,
    input.locationId ? eq(locationStock.locationId, input.locationId) : undefined,
    input.partitionId ? eq(l.partitionId, input.partitionId) : undefined,
    input.locationCode ? eq(l.code, input.locationCode) : undefined,
    input.locationType ? eq(l.locationType, input.locationType) : undefined,
    searchOf(input.skuSearch, locationStock.skuId),
  ]);
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        warehouseId: locationStock.warehouseId,
        warehouseCode: warehouses.code,
        locationId: locationStock.locationId,
        locationCode: l.code,
        locationType: l.locationType,
        partitionCode: warehousePartitions.code,
        skuId: locationStock.skuId,
        sellerId: skus.sellerId,
        sellerSku: skus.sellerSku,
        sysCode: skus.sysCode,
        productName: products.name,
        variation: skus.variation,
        quantity: locationStock.quantity,
      })
      .from(locationStock)
      .innerJoin(l, eq(l.id, locationStock.locationId))
      .innerJoin(warehouses, eq(warehouses.id, locationStock.warehouseId))
      .innerJoin(skus, eq(skus.id, locationStock.skuId))
      .innerJoin(products, eq(products.id, skus.productId))
      .leftJoin(warehousePartitions, eq(warehousePartitions.id, l.partitionId))
      .where(where)
      .orderBy(asc(warehouses.code), asc(l.code), asc(skus.sysCode))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx
      .select({ n: count() })
      .from(locationStock)
      .innerJoin(l, eq(l.id, locationStock.locationId))
      .innerJoin(skus, eq(skus.id, locationStock.skuId))
      .where(where),
  ]);
  return page(rows, total?.n ?? 0, input.pageNo, input.pageSize);
}

/** GET /inventory/stock/records: movements of the last 90 days, newest first (spec 02 §9). */
export async function listStockRecords(
  tx: TenantTx,
  actor: Actor,
  input: StockRecordsQuery,
): Promise<Page<StockRecord>> {
  if (input.warehouseId) await visibleWarehouse(tx, actor, input.warehouseId);
  const fromLocation = alias(warehouseLocations, 'from_location');
  const toLocation = alias(warehouseLocations, 'to_location');
  const where = allOf([
    sql`${m.createdAt} >= now() - make_interval(days => ${RECORDS_WINDOW_DAYS})`,
    input.from ? sql`${m.createdAt} >= ${input.from}` : undefined,
    input.to ? sql`${m.createdAt} <= ${input.to}` : undefined,
    warehouseScope(actor, m.warehouseId),
    sellerFilter(actor, m.sellerId, input.sellerId || undefined),
    input.warehouseId ? eq(m.warehouseId, input.warehouseId) : undefined,
    input.kind ? eq(m.kind, input.kind) : undefined,
    input.direction === 'in' ? gt(sql`${m.availableDelta} + ${m.frozenDelta}`, 0) : undefined,
    input.direction === 'out' ? lt(sql`${m.availableDelta} + ${m.frozenDelta}`, 0) : undefined,
    input.sourceId ? eq(m.sourceId, input.sourceId) : undefined,
    searchOf(input.skuSearch, m.skuId),
  ]);
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        movement: m,
        warehouseCode: warehouses.code,
        sellerSku: skus.sellerSku,
        sysCode: skus.sysCode,
        productName: products.name,
        fromLocationCode: fromLocation.code,
        toLocationCode: toLocation.code,
        actorName: users.realname,
      })
      .from(m)
      .innerJoin(warehouses, eq(warehouses.id, m.warehouseId))
      .innerJoin(skus, eq(skus.id, m.skuId))
      .innerJoin(products, eq(products.id, skus.productId))
      .leftJoin(fromLocation, eq(fromLocation.id, m.fromLocationId))
      .leftJoin(toLocation, eq(toLocation.id, m.toLocationId))
      .leftJoin(users, eq(users.id, m.actorId))
      .where(where)
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx.select({ n: count() }).from(m).where(where),
  ]);
  const records = rows.map((row): StockRecord => ({
    id: row.movement.id,
    kind: row.movement.kind,
    warehouseId: row.movement.warehouseId,
    warehouseCode: row.warehouseCode,
    skuId: row.movement.skuId,
    sellerId: row.movement.sellerId,
    sellerSku: row.sellerSku,
    sysCode: row.sysCode,
    productName: row.productName,
    quantity: row.movement.quantity,
    availableDelta: row.movement.availableDelta,
    frozenDelta: row.movement.frozenDelta,
    inTransitDelta: row.movement.inTransitDelta,
    fromLocationCode: row.fromLocationCode,
    toLocationCode: row.toLocationCode,
    sourceType: row.movement.sourceType,
    sourceId: row.movement.sourceId,
    reason: row.movement.reason,
    actorName: row.actorName,
    createdAt: iso(row.movement.createdAt),
  }));
  return page(records, total?.n ?? 0, input.pageNo, input.pageSize);
}
