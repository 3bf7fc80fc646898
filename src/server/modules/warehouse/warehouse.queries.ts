/**
 * Locations with their derived status. What lies on a location is the inventory module's to
 * say: it is passed in as a LocationOccupancy (SQL over the location's id, summed per row), so
 * the status is always current and never stored, and this module never reads stock tables.
 * The SQL filter by status keeps the rule of locationStatus() in src/shared/domain/warehouse.ts.
 */
import { asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type { LocationView } from '@shared/contract/warehouse.js';
import { locationStatus, type LocationStatus, type LocationType } from '@shared/domain/warehouse.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { warehouseScope } from './warehouse.access.js';
import { warehouseLocations as l, warehousePartitions, warehouses } from './warehouse.tables.js';

/** What lies on a location, as SQL over its id column: given by the module that keeps stock. */
export interface LocationOccupancy {
  /** Units on the location, over all its SKUs (an int). */
  units(locationId: AnyPgColumn): SQL<number>;
  /** SKUs with units on the location (an int). */
  skuCount(locationId: AnyPgColumn): SQL<number>;
}

function statusIs(occupancy: LocationOccupancy, status: LocationStatus): SQL {
  const occupied = occupancy.units(l.id);
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

export function locationsWhere(
  actor: Actor,
  filter: LocationFilter,
  occupancy: LocationOccupancy,
): SQL | undefined {
  return allOf([
    warehouseScope(actor, l.warehouseId),
    filter.ids ? inArray(l.id, filter.ids) : undefined,
    filter.warehouseId ? eq(l.warehouseId, filter.warehouseId) : undefined,
    filter.partitionId ? eq(l.partitionId, filter.partitionId) : undefined,
    filter.code ? ilike(l.code, contains(filter.code)) : undefined,
    filter.exactCode ? eq(l.code, filter.exactCode) : undefined,
    filter.locationType ? eq(l.locationType, filter.locationType) : undefined,
    filter.status ? statusIs(occupancy, filter.status) : undefined,
  ]);
}

export async function locationPage(
  tx: TenantTx,
  where: SQL | undefined,
  input: { pageNo: number; pageSize: number },
  occupancy: LocationOccupancy,
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
        quantity: occupancy.units(l.id),
        skuCount: occupancy.skuCount(l.id),
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
