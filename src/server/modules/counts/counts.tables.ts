/**
 * Stock check orders (spec 02 §3), per tenant under forced RLS. A check order plans the
 * locations to count (count_locations); each location counted on a handheld writes one line per
 * SKU (count_lines) with the counted quantity, the book quantity at the moment of counting and
 * their variance; an SKU the books had there that the worker did not count has a line without a
 * counted quantity or a variance (state not_counted), never a counted 0. A manager passes or rejects each line; a pass posts a count_correction movement
 * through the ledger and keeps its id on the line.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CountLineState, CountLocationStatus, CountStatus, CountType } from '@shared/domain/counts.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { skus } from '../catalog/index.js';
import { warehouseLocations, warehouses } from '../warehouse/index.js';

/** The last check-order number handed out per tenant and day. */
export const countCounters = pgTable(
  'count_counters',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

export const countOrders = pgTable(
  'count_orders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    countNo: varchar('count_no', { length: 32 }).notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    type: varchar('type', { length: 16 }).$type<CountType>().notNull(),
    status: varchar('status', { length: 16 }).$type<CountStatus>().notNull().default('to_count'),
    assigneeId: uuid('assignee_id'),
    note: varchar('note', { length: 255 }).notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('count_orders_no_key').on(table.tenantId, table.countNo),
    index('count_orders_list_idx').on(table.tenantId, table.createdAt),
    foreignKey({
      name: 'count_orders_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    check('count_orders_type_check', sql`${table.type} in ('product', 'warehouse', 'location')`),
    check('count_orders_status_check', sql`${table.status} in ('to_count', 'counting', 'counted')`),
  ],
);

/** The SKUs a check order by product counts. */
export const countOrderSkus = pgTable(
  'count_order_skus',
  {
    tenantId: tenantId(),
    countOrderId: uuid('count_order_id').notNull(),
    skuId: uuid('sku_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.countOrderId, table.skuId] }),
    foreignKey({
      name: 'count_order_skus_order_fk',
      columns: [table.tenantId, table.countOrderId],
      foreignColumns: [countOrders.tenantId, countOrders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'count_order_skus_sku_fk',
      columns: [table.tenantId, table.skuId],
      foreignColumns: [skus.tenantId, skus.id],
    }),
  ],
);

export const countLocations = pgTable(
  'count_locations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    countOrderId: uuid('count_order_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    locationId: uuid('location_id').notNull(),
    status: varchar('status', { length: 16 }).$type<CountLocationStatus>().notNull().default('pending'),
    /** How many times it was counted (a recount makes it 2, …). */
    round: integer('round').notNull().default(0),
    /** When the handheld counted it (its clock, corrected and kept within the order's life). */
    countedAt: timestamp('counted_at', { withTimezone: true }),
    countedBy: uuid('counted_by'),
    /** The ledger's last movement id when the count reached the server. */
    ledgerPosition: bigint('ledger_position', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('count_locations_key').on(table.tenantId, table.countOrderId, table.locationId),
    foreignKey({
      name: 'count_locations_order_fk',
      columns: [table.tenantId, table.countOrderId],
      foreignColumns: [countOrders.tenantId, countOrders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'count_locations_location_fk',
      columns: [table.tenantId, table.warehouseId, table.locationId],
      foreignColumns: [warehouseLocations.tenantId, warehouseLocations.warehouseId, warehouseLocations.id],
    }),
    check('count_locations_status_check', sql`${table.status} in ('pending', 'counted', 'recount')`),
  ],
);

export const countLines = pgTable(
  'count_lines',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    countOrderId: uuid('count_order_id').notNull(),
    countLocationId: uuid('count_location_id').notNull(),
    locationId: uuid('location_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    /** None: not counted (an SKU on the book the worker neither counted nor confirmed as none). */
    countedQuantity: integer('counted_quantity'),
    /** What lay on the location at the moment of counting, by the ledger. */
    bookQuantity: integer('book_quantity').notNull(),
    /** Units the ledger moved onto (+) or off (−) the location between the count and its arrival. */
    movedSince: integer('moved_since').notNull().default(0),
    variance: integer('variance'),
    state: varchar('state', { length: 16 }).$type<CountLineState>().notNull(),
    round: integer('round').notNull(),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The count_correction movement a pass wrote. */
    correctionMovementId: bigint('correction_movement_id', { mode: 'number' }),
    /** Orders whose reservation the shortage took (they wait as out of stock). */
    affectedOrders: integer('affected_orders').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('count_lines_key').on(table.tenantId, table.countLocationId, table.skuId),
    index('count_lines_order_idx').on(table.tenantId, table.countOrderId),
    foreignKey({
      name: 'count_lines_location_fk',
      columns: [table.tenantId, table.countLocationId],
      foreignColumns: [countLocations.tenantId, countLocations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'count_lines_sku_fk',
      columns: [table.tenantId, table.skuId, table.sellerId],
      foreignColumns: [skus.tenantId, skus.id, skus.sellerId],
    }),
    check(
      'count_lines_state_check',
      sql`${table.state} in ('not_counted', 'no_variance', 'pending', 'passed', 'rejected')`,
    ),
    check('count_lines_counted_check', sql`${table.countedQuantity} >= 0`),
    check(
      'count_lines_variance_check',
      sql`${table.variance} = ${table.countedQuantity} - ${table.bookQuantity}`,
    ),
    // Not counted: no quantity, no variance, and nothing passed or without variance on it.
    check(
      'count_lines_uncounted_check',
      sql`(${table.countedQuantity} is null) = (${table.variance} is null) and (${table.countedQuantity} is not null or ${table.state} in ('not_counted', 'rejected'))`,
    ),
  ],
);
