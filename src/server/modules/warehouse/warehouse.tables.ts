/**
 * Warehouses, their partitions (zones), locations (shelves) and staff assignments, per tenant
 * under forced RLS. A location's status is never stored: it follows from location_stock
 * (inventory module) and the capacity. Composite keys carry the warehouse so a partition or a
 * location can only ever belong to one warehouse of the same tenant.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { OverReceiptUnit } from '@shared/domain/inbound.js';
import type { LocationType } from '@shared/domain/warehouse.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { users } from '../identity/index.js';

export const warehouses = pgTable(
  'warehouses',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** Upper-case, unique in the tenant (DG01, BKK1). */
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    /** ISO 3166-1 alpha-2. */
    country: varchar('country', { length: 2 }).notNull(),
    address: varchar('address', { length: 500 }).notNull().default(''),
    /** IANA time zone: the warehouse's working day. */
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    contactName: varchar('contact_name', { length: 64 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 32 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Over-receipt tolerance: units, or a percentage of a line's shipped quantity (OverReceiptTolerance). */
    overReceiptUnit: varchar('over_receipt_unit', { length: 8 })
      .$type<OverReceiptUnit>()
      .notNull()
      .default('units'),
    overReceiptTolerance: integer('over_receipt_tolerance').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('warehouses_code_key').on(table.tenantId, table.code),
    check(
      'warehouses_over_receipt_check',
      sql`${table.overReceiptUnit} in ('units', 'percent') and ${table.overReceiptTolerance} >= 0 and ${table.overReceiptTolerance} <= case when ${table.overReceiptUnit} = 'percent' then 100 else 1000 end`,
    ),
  ],
);

export const warehousePartitions = pgTable(
  'warehouse_partitions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    warehouseId: uuid('warehouse_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('warehouse_partitions_code_key').on(table.tenantId, table.warehouseId, table.code),
    unique('warehouse_partitions_warehouse_key').on(table.tenantId, table.warehouseId, table.id),
    foreignKey({
      name: 'warehouse_partitions_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
  ],
);

export const warehouseLocations = pgTable(
  'warehouse_locations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    warehouseId: uuid('warehouse_id').notNull(),
    /** A location may lie outside any partition. */
    partitionId: uuid('partition_id'),
    /** The shelf code printed on the location's label; upper-case, unique in the warehouse. */
    code: varchar('code', { length: 32 }).notNull(),
    locationType: varchar('location_type', { length: 16 }).$type<LocationType>().notNull(),
    /** Units it holds when full; null for no limit. */
    capacity: integer('capacity'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('warehouse_locations_code_key').on(table.tenantId, table.warehouseId, table.code),
    unique('warehouse_locations_warehouse_key').on(table.tenantId, table.warehouseId, table.id),
    index('warehouse_locations_partition_idx').on(table.tenantId, table.partitionId),
    foreignKey({
      name: 'warehouse_locations_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    foreignKey({
      name: 'warehouse_locations_partition_fk',
      columns: [table.tenantId, table.warehouseId, table.partitionId],
      foreignColumns: [warehousePartitions.tenantId, warehousePartitions.warehouseId, warehousePartitions.id],
    }),
    check(
      'warehouse_locations_type_check',
      sql`${table.locationType} in ('receiving', 'storage', 'picking', 'returns', 'damaged', 'outbound')`,
    ),
    check('warehouse_locations_capacity_check', sql`${table.capacity} is null or ${table.capacity} > 0`),
  ],
);

/** Which warehouses a warehouse manager or worker works in; they see only those. */
export const warehouseStaff = pgTable(
  'warehouse_staff',
  {
    tenantId: tenantId(),
    warehouseId: uuid('warehouse_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.warehouseId, table.userId] }),
    index('warehouse_staff_user_idx').on(table.tenantId, table.userId),
    foreignKey({
      name: 'warehouse_staff_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'warehouse_staff_user_fk',
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);
