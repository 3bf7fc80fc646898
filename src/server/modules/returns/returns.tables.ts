/**
 * Returns and refused receipts under forced RLS (migration 0026): the parcel (return tracking
 * number, the order it was matched to and that order's seller — none while unmatched — postage,
 * weight, status, who received, matched and finished it) and each inspected item (SKU, quantity,
 * condition, outcome, the location it was put back on and the ledger movement that did it).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import type { ItemCondition, ItemOutcome, ReturnKind, ReturnStatus } from '@shared/domain/returns.js';
import { tenantId, updatedAt } from '../../db/columns.js';
import { skus } from '../catalog/index.js';
import { orders } from '../orders/index.js';
import { warehouseLocations, warehouses } from '../warehouse/index.js';

export const returns = pgTable(
  'returns',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    warehouseId: uuid('warehouse_id').notNull(),
    orderId: uuid('order_id'),
    sellerId: uuid('seller_id'),
    kind: varchar('kind', { length: 16 }).$type<ReturnKind>().notNull().default('return'),
    status: varchar('status', { length: 24 }).$type<ReturnStatus>().notNull().default('returned_unprocessed'),
    returnTrackingNo: varchar('return_tracking_no', { length: 64 }).notNull(),
    originalTrackingNo: varchar('original_tracking_no', { length: 64 }).notNull().default(''),
    postageCents: integer('postage_cents').notNull().default(0),
    weightGrams: integer('weight_grams').notNull().default(0),
    note: varchar('note', { length: 255 }).notNull().default(''),
    receivedBy: uuid('received_by').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    matchedBy: uuid('matched_by'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    finishedBy: uuid('finished_by'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('returns_tracking_key').on(table.tenantId, table.returnTrackingNo),
    index('returns_list_idx').on(table.tenantId, table.receivedAt),
    index('returns_order_idx')
      .on(table.tenantId, table.orderId)
      .where(sql`${table.orderId} is not null`),
    foreignKey({
      name: 'returns_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    foreignKey({
      name: 'returns_order_fk',
      columns: [table.tenantId, table.orderId, table.sellerId],
      foreignColumns: [orders.tenantId, orders.id, orders.sellerId],
    }),
    check('returns_kind_check', sql`${table.kind} in ('return', 'refused')`),
    check(
      'returns_status_check',
      sql`${table.status} in ('returned_unprocessed', 'returned_processed', 'return_failed')`,
    ),
    check('returns_order_seller_check', sql`(${table.orderId} is null) = (${table.sellerId} is null)`),
    check('returns_postage_check', sql`${table.postageCents} >= 0`),
    check('returns_weight_check', sql`${table.weightGrams} >= 0`),
  ],
);

export const returnItems = pgTable(
  'return_items',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    returnId: uuid('return_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    skuId: uuid('sku_id'),
    sellerId: uuid('seller_id'),
    quantity: integer('quantity').notNull(),
    condition: varchar('condition', { length: 16 }).$type<ItemCondition>().notNull(),
    outcome: varchar('outcome', { length: 16 }).$type<ItemOutcome>().notNull(),
    locationId: uuid('location_id'),
    movementId: bigint('movement_id', { mode: 'number' }),
    inspectedBy: uuid('inspected_by').notNull(),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('return_items_return_idx').on(table.tenantId, table.returnId),
    foreignKey({
      name: 'return_items_return_fk',
      columns: [table.tenantId, table.returnId],
      foreignColumns: [returns.tenantId, returns.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'return_items_sku_fk',
      columns: [table.tenantId, table.skuId, table.sellerId],
      foreignColumns: [skus.tenantId, skus.id, skus.sellerId],
    }),
    foreignKey({
      name: 'return_items_location_fk',
      columns: [table.tenantId, table.warehouseId, table.locationId],
      foreignColumns: [warehouseLocations.tenantId, warehouseLocations.warehouseId, warehouseLocations.id],
    }),
    check('return_items_quantity_check', sql`${table.quantity} > 0`),
    check('return_items_condition_check', sql`${table.condition} in ('good', 'damaged', 'wrong_item')`),
    check('return_items_outcome_check', sql`${table.outcome} in ('reshelved', 'destroyed')`),
    check(
      'return_items_reshelved_check',
      sql`(${table.outcome} = 'reshelved') = (${table.locationId} is not null) and (${table.outcome} = 'destroyed' or (${table.condition} = 'good' and ${table.movementId} is not null))`,
    ),
  ],
);
