/**
 * Waves, per tenant under forced RLS (migration 0024). A wave groups ready orders of
 * one warehouse (wave_orders, each order in at most one wave still to pick it); what each line
 * got is kept in order_picks (logistics), under the staging location the units were moved to;
 * units that could not be picked are wave_shortages rows with their coded reason.
 */
import { sql } from 'drizzle-orm';
import {
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
import type { ShortPickReason, WaveOrderState, WaveStatus } from '@shared/domain/picking.js';
import { createdAt, tenantId, updatedAt } from '../../../db/columns.js';
import { orders } from '../../orders/index.js';
import { warehouses } from '../../warehouse/index.js';

/** The last wave number handed out per tenant and day. */
export const waveCounters = pgTable(
  'wave_counters',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

export const waves = pgTable(
  'waves',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    waveNo: varchar('wave_no', { length: 32 }).notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    status: varchar('status', { length: 16 }).$type<WaveStatus>().notNull().default('open'),
    /** Who took the wave on a handheld (or picked first). */
    pickerId: uuid('picker_id'),
    createdBy: uuid('created_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('waves_no_key').on(table.tenantId, table.waveNo),
    index('waves_list_idx').on(table.tenantId, table.warehouseId, table.status, table.createdAt),
    foreignKey({
      name: 'waves_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    check('waves_status_check', sql`${table.status} in ('open', 'picking', 'picked', 'short')`),
  ],
);

export const waveOrders = pgTable(
  'wave_orders',
  {
    tenantId: tenantId(),
    waveId: uuid('wave_id').notNull(),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    state: varchar('state', { length: 16 }).$type<WaveOrderState>().notNull().default('open'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.waveId, table.orderId] }),
    uniqueIndex('wave_orders_open_key')
      .on(table.tenantId, table.orderId)
      .where(sql`${table.state} = 'open'`),
    index('wave_orders_order_idx').on(table.tenantId, table.orderId),
    foreignKey({
      name: 'wave_orders_wave_fk',
      columns: [table.tenantId, table.waveId],
      foreignColumns: [waves.tenantId, waves.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'wave_orders_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    check('wave_orders_state_check', sql`${table.state} in ('open', 'picked', 'short', 'cancelled')`),
  ],
);

export const waveShortages = pgTable(
  'wave_shortages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    waveId: uuid('wave_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineId: uuid('line_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    /** The shelf the units were looked for on, when the worker was at one. */
    locationId: uuid('location_id'),
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', { length: 16 }).$type<ShortPickReason>().notNull(),
    reportedBy: uuid('reported_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('wave_shortages_wave_idx').on(table.tenantId, table.waveId),
    foreignKey({
      name: 'wave_shortages_wave_fk',
      columns: [table.tenantId, table.waveId],
      foreignColumns: [waves.tenantId, waves.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'wave_shortages_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    check('wave_shortages_quantity_check', sql`${table.quantity} > 0`),
    check('wave_shortages_reason_check', sql`${table.reason} in ('not_found', 'damaged', 'wrong_item')`),
  ],
);
