/**
 * Locations with their derived status. What lies on a location is summed from location_stock
 * (the inventory module's table) per row, so the status is always current and never stored;
 * the SQL filter by status keeps the rule of locationStatus() in src/shared/domain/warehouse.ts.
 */
import { asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/common.js';
import type { LocationView } from '../../../shared/contract/warehouse.js';
import { locationStatus, type LocationStatus, type LocationType } from '../../../shared/domain/warehouse.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { locationStock } from '../inventory/inventory.tables.js';
import { warehouseScope } from './warehouse.access.js';
import { warehouseLocations as l, warehousePartitions, warehouses } from './warehouse.tables.js';

/** Units on the location, over all its SKUs. */
const occupied = sql<number>`coalesce((select sum(${locationStock.quantity}) from ${locationStock} where ${locationStock.locationId} = ${l.id}), 0)::int`;
const skuCount = sql<number>`(select count(*) from ${locationStock} where ${locationStock.locationId} = ${l.id} and ${locationStock.quantity} > 0)::int`;

function statusIs(status: LocationStatus): SQL {
  if (status === 'idle') return sql`${occupied} = 0`;
  if (status === 'full')
    return sql`${occupied} > 0 and ${l.capacity} is not null and ${occupied} >= ${l.capacity}`;
  return sql`${occupied} > 0 and (${l.capacity} is null or ${occupied} < ${l.capacity})`;
}

export interface LocationFilter {
  ids?: string[];
  warehouseId?: string | '';
  partitionId?: string | '';
  code?: string;
  exactCode?: string;
  locationType?: LocationType | '';
  status?: LocationStatus | '';
}

export function locationsWhere(actor: Actor, filter: LocationFilter): SQL | undefined {
  return allOf([
    warehouseScope(actor, l.warehouseId),
    filter.ids ? inArray(l.id, filter.ids) : undefined,
    filter.warehouseId ? eq(l.warehouseId, filter.warehouseId) : undefined,
    filter.partitionId ? eq(l.partitionId, filter.partitionId) : undefined,
    filter.code ? ilike(l.code, contains(filter.code)) : undefined,
    filter.exactCode ? eq(l.code, filter.exactCode) : undefined,
    filter.locationType ? eq(l.locationType, filter.locationType) : undefined,
    filter.status ? statusIs(filter.status) : undefined,
  ]);
}

export async function locationPage(
  tx: TenantTx,
  where: SQL | undefined,
  input: { pageNo: number; pageSize: number },
): Promise<Page<LocationView>> {
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: l.id,
        warehouseId: l.warehouseId,
        warehouseCode: warehouses.code,
        partitionId: l.partitionId,
        partitionCode: warehousePartitions.code,
        code: l.code,
        locationType: l.locationType,
        capacity: l.capacity,
        quantity: occupied,
        skuCount,
      })
      .from(l)
      .innerJoin(warehouses, eq(warehouses.id, l.warehouseId))
      .leftJoin(warehousePartitions, eq(warehousePartitions.id, l.partitionId))
      .where(where)
      .orderBy(asc(warehouses.code), asc(l.code))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx.select({ n: count() }).from(l).where(where),
  ]);
  const records = rows.map((row) => ({ ...row, status: locationStatus(row.quantity, row.capacity) }));
  return page(records, total?.n ?? 0, input.pageNo, input.pageSize);
}
