/**
 * Partitions (zones) and locations (shelves) of a warehouse. Codes are unique in their
 * warehouse; a location's partition must be of the same warehouse (also a composite foreign
 * key). A location or partition still holding stock or history cannot be deleted.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@shared/contract/common.js';
import {
  locationAddBody,
  locationBatchBody,
  locationCodesBody,
  locationEditBody,
  partitionAddBody,
  partitionEditBody,
  type LocationByCodeQuery,
  type LocationListQuery,
  type LocationView,
  type PartitionView,
} from '@shared/contract/warehouse.js';
import { STAGING_LOCATION_CODE } from '@shared/domain/picking.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { visibleWarehouse } from './warehouse.access.js';
import { locationPage, locationsWhere, type LocationOccupancy } from './warehouse.queries.js';
import { warehouseLocations, warehousePartitions } from './warehouse.tables.js';

type PartitionRow = typeof warehousePartitions.$inferSelect;
type LocationRow = typeof warehouseLocations.$inferSelect;

// Partitions

async function visiblePartition(tx: TenantTx, actor: Actor, id: string): Promise<PartitionRow> {
  const [row] = await tx.select().from(warehousePartitions).where(eq(warehousePartitions.id, id));
  if (!row) throw new AppError('warehouse.partition_not_found');
  await visibleWarehouse(tx, actor, row.warehouseId).catch(() => {
    throw new AppError('warehouse.partition_not_found');
  });
  return row;
}

async function assertPartitionCodeFree(tx: TenantTx, warehouseId: string, code: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: warehousePartitions.id })
    .from(warehousePartitions)
    .where(and(eq(warehousePartitions.warehouseId, warehouseId), eq(warehousePartitions.code, code)));
  if (taken && taken.id !== exceptId) throw new AppError('warehouse.partition_code_taken', { code });
}

const PARTITION_CODE = { warehouse_partitions_code_key: 'warehouse.partition_code_taken' } as const;

/** GET /warehouse/partition/list: a warehouse's partitions with how many locations each has. */
export async function listPartitions(
  tx: TenantTx,
  actor: Actor,
  input: { warehouseId: string },
): Promise<PartitionView[]> {
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  return tx
    .select({
      id: warehousePartitions.id,
      warehouseId: warehousePartitions.warehouseId,
      code: warehousePartitions.code,
      name: warehousePartitions.name,
      locationCount: sql<number>`count(${warehouseLocations.id})::int`,
    })
    .from(warehousePartitions)
    .leftJoin(warehouseLocations, eq(warehouseLocations.partitionId, warehousePartitions.id))
    .where(eq(warehousePartitions.warehouseId, warehouse.id))
    .groupBy(warehousePartitions.tenantId, warehousePartitions.id)
    .orderBy(asc(warehousePartitions.code));
}

export async function addPartition(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof partitionAddBody>,
): Promise<PartitionView> {
  const input = parseInput(partitionAddBody, raw);
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  await assertPartitionCodeFree(tx, warehouse.id, input.code);
  const [row] = await refuseOnConstraint(
    () => tx.insert(warehousePartitions).values(input).returning(),
    PARTITION_CODE,
  );
  if (!row) throw new AppError('warehouse.partition_not_found');
  return { id: row.id, warehouseId: row.warehouseId, code: row.code, name: row.name, locationCount: 0 };
}

export async function editPartition(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof partitionEditBody>,
): Promise<PartitionView> {
  const input = parseInput(partitionEditBody, raw);
  const current = await visiblePartition(tx, actor, input.id);
  if (input.code !== undefined && input.code !== current.code)
    await assertPartitionCodeFree(tx, current.warehouseId, input.code, current.id);
  await refuseOnConstraint(
    () =>
      tx
        .update(warehousePartitions)
        .set({ code: input.code, name: input.name, updatedAt: new Date() })
        .where(eq(warehousePartitions.id, current.id)),
    PARTITION_CODE,
  );
  const partitions = await listPartitions(tx, actor, { warehouseId: current.warehouseId });
  const edited = partitions.find((partition) => partition.id === current.id);
  if (!edited) throw new AppError('warehouse.partition_not_found');
  return edited;
}

/** Only a partition without locations can be deleted. */
export async function deletePartition(tx: TenantTx, actor: Actor, input: { id: string }): Promise<null> {
  const partition = await visiblePartition(tx, actor, input.id);
  const inUse = new AppError('warehouse.partition_in_use', { code: partition.code });
  const [location] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(eq(warehouseLocations.partitionId, partition.id))
    .limit(1);
  if (location) throw inUse;
  await refuseOnConstraint(
    () => tx.delete(warehousePartitions).where(eq(warehousePartitions.id, partition.id)),
    {
      warehouse_locations_partition_fk: inUse,
    },
  );
  return null;
}

// Locations

async function assertPartitionOf(
  tx: TenantTx,
  warehouseId: string,
  partitionId: string | null,
): Promise<void> {
  if (partitionId === null) return;
  const [row] = await tx
    .select({ warehouseId: warehousePartitions.warehouseId })
    .from(warehousePartitions)
    .where(eq(warehousePartitions.id, partitionId));
  if (!row) throw new AppError('warehouse.partition_not_found');
  if (row.warehouseId !== warehouseId) throw new AppError('warehouse.partition_other_warehouse');
}

async function assertLocationCodesFree(
  tx: TenantTx,
  warehouseId: string,
  codes: string[],
  exceptId?: string,
) {
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) throw new AppError('warehouse.location_code_taken', { code });
    seen.add(code);
  }
  const taken = await tx
    .select({ id: warehouseLocations.id, code: warehouseLocations.code })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.warehouseId, warehouseId), inArray(warehouseLocations.code, codes)));
  const clash = taken.find((row) => row.id !== exceptId);
  if (clash) throw new AppError('warehouse.location_code_taken', { code: clash.code });
}

/**
 * POST /warehouse/location/checkCodes: the codes of a rack the warehouse already holds, in the
 * order asked, so the form names them before the rack is sent (addLocations still refuses them).
 */
export async function takenLocationCodes(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof locationCodesBody>,
): Promise<{ taken: string[] }> {
  const input = parseInput(locationCodesBody, raw);
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  const rows = await tx
    .select({ code: warehouseLocations.code })
    .from(warehouseLocations)
    .where(
      and(eq(warehouseLocations.warehouseId, warehouse.id), inArray(warehouseLocations.code, input.codes)),
    );
  const held = new Set(rows.map((row) => row.code));
  return { taken: [...new Set(input.codes)].filter((code) => held.has(code)) };
}

const LOCATION_REFUSALS = {
  warehouse_locations_code_key: 'warehouse.location_code_taken',
  warehouse_locations_partition_fk: 'warehouse.partition_other_warehouse',
} as const;

async function locationViews(
  tx: TenantTx,
  actor: Actor,
  ids: string[],
  occupancy: LocationOccupancy,
): Promise<LocationView[]> {
  const result = await locationPage(
    tx,
    locationsWhere(actor, { ids }, occupancy),
    { pageNo: 1, pageSize: ids.length },
    occupancy,
  );
  return result.records;
}

/** A location the actor may see, else 404. */
export async function visibleLocation(tx: TenantTx, actor: Actor, id: string): Promise<LocationRow> {
  const [row] = await tx.select().from(warehouseLocations).where(eq(warehouseLocations.id, id));
  if (!row) throw new AppError('warehouse.location_not_found');
  await visibleWarehouse(tx, actor, row.warehouseId).catch(() => {
    throw new AppError('warehouse.location_not_found');
  });
  return row;
}

/** GET /warehouse/location/list: locations with their derived status, a page at a time. */
export async function listLocations(
  tx: TenantTx,
  actor: Actor,
  input: LocationListQuery,
  occupancy: LocationOccupancy,
): Promise<Page<LocationView>> {
  if (input.warehouseId) await visibleWarehouse(tx, actor, input.warehouseId);
  return locationPage(tx, locationsWhere(actor, input, occupancy), input, occupancy);
}

/** GET /warehouse/location/queryByCode: a scanned shelf code in one warehouse. */
export async function locationByCode(
  tx: TenantTx,
  actor: Actor,
  input: LocationByCodeQuery,
  occupancy: LocationOccupancy,
): Promise<LocationView> {
  await visibleWarehouse(tx, actor, input.warehouseId);
  const result = await locationPage(
    tx,
    locationsWhere(actor, { warehouseId: input.warehouseId, exactCode: input.code }, occupancy),
    { pageNo: 1, pageSize: 1 },
    occupancy,
  );
  const [location] = result.records;
  if (!location) throw new AppError('warehouse.location_not_found');
  return location;
}

export async function addLocation(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof locationAddBody>,
  occupancy: LocationOccupancy,
): Promise<LocationView> {
  const input = parseInput(locationAddBody, raw);
  const [location] = await addLocations(
    tx,
    actor,
    {
      warehouseId: input.warehouseId,
      partitionId: input.partitionId,
      codes: [input.code],
      locationType: input.locationType,
      capacity: input.capacity,
    },
    occupancy,
  );
  if (!location) throw new AppError('warehouse.location_not_found');
  return location;
}

/** POST /warehouse/location/addBatch: all the codes or none. */
export async function addLocations(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof locationBatchBody>,
  occupancy: LocationOccupancy,
): Promise<LocationView[]> {
  const input = parseInput(locationBatchBody, raw);
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  await assertPartitionOf(tx, warehouse.id, input.partitionId);
  await assertLocationCodesFree(tx, warehouse.id, input.codes);
  const rows = await refuseOnConstraint(
    () =>
      tx
        .insert(warehouseLocations)
        .values(
          input.codes.map((code) => ({
            warehouseId: warehouse.id,
            partitionId: input.partitionId,
            code,
            locationType: input.locationType,
            capacity: input.capacity,
          })),
        )
        .returning({ id: warehouseLocations.id }),
    LOCATION_REFUSALS,
  );
  return locationViews(
    tx,
    actor,
    rows.map((row) => row.id),
    occupancy,
  );
}

export async function editLocation(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof locationEditBody>,
  occupancy: LocationOccupancy,
): Promise<LocationView> {
  const input = parseInput(locationEditBody, raw);
  const current = await visibleLocation(tx, actor, input.id);
  if (input.partitionId !== undefined) await assertPartitionOf(tx, current.warehouseId, input.partitionId);
  if (input.code !== undefined && input.code !== current.code)
    await assertLocationCodesFree(tx, current.warehouseId, [input.code], current.id);
  await refuseOnConstraint(
    () =>
      tx
        .update(warehouseLocations)
        .set({
          partitionId: input.partitionId,
          code: input.code,
          locationType: input.locationType,
          capacity: input.capacity,
          updatedAt: new Date(),
        })
        .where(eq(warehouseLocations.id, current.id)),
    LOCATION_REFUSALS,
  );
  const [view] = await locationViews(tx, actor, [current.id], occupancy);
  if (!view) throw new AppError('warehouse.location_not_found');
  return view;
}

/** Only a location that never held stock can be deleted: its history names it. */
export async function deleteLocation(tx: TenantTx, actor: Actor, input: { id: string }): Promise<null> {
  const location = await visibleLocation(tx, actor, input.id);
  const inUse = new AppError('warehouse.location_in_use', { code: location.code });
  await refuseOnConstraint(
    () => tx.delete(warehouseLocations).where(eq(warehouseLocations.id, location.id)),
    {
      location_stock_location_fk: inUse,
      stock_movements_from_location_fk: inUse,
      stock_movements_to_location_fk: inUse,
    },
  );
  return null;
}

/**
 * The warehouse's staging location (code PICKED, type 'outbound'), where picked units wait for
 * the hand-over; made on the warehouse's first pick. Two first picks at once both insert;
 * the loser's insert does nothing and it reads the winner's row.
 */
export async function stagingLocation(tx: TenantTx, warehouseId: string): Promise<string> {
  const find = async () => {
    const [row] = await tx
      .select({ id: warehouseLocations.id, type: warehouseLocations.locationType })
      .from(warehouseLocations)
      .where(
        and(
          eq(warehouseLocations.warehouseId, warehouseId),
          sql`(${warehouseLocations.locationType} = 'outbound' or ${warehouseLocations.code} = ${STAGING_LOCATION_CODE})`,
        ),
      )
      .orderBy(sql`${warehouseLocations.locationType} = 'outbound' desc`, warehouseLocations.code)
      .limit(1);
    return row;
  };
  let found = await find();
  if (!found) {
    await tx
      .insert(warehouseLocations)
      .values({ warehouseId, code: STAGING_LOCATION_CODE, locationType: 'outbound' })
      .onConflictDoNothing();
    found = await find();
  }
  if (!found || found.type !== 'outbound')
    throw new AppError('pick.staging_code_taken', { code: STAGING_LOCATION_CODE });
  return found.id;
}
