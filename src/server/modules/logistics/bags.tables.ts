/**
 * Bags of packed parcels and carrier hand-overs (migration 0025), per tenant under forced RLS.
 * A parcel (an order) is in one bag at most (bag_parcels' key) and handed over once
 * (handover_parcels' key). Bag and hand-over ids are made by the PDA, so a replayed op finds them.
 */
import { sql } from 'drizzle-orm';
import {
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
import type { BagDeliveryStatus, BagStatus } from '@shared/domain/bags.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { orders } from '../orders/index.js';
import { warehouses } from '../warehouse/index.js';
import { logisticsChannels } from './logistics.tables.js';

export const bags = pgTable(
  'bags',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    bagNo: varchar('bag_no', { length: 40 }).notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    /** The channel of its parcels: set by the first parcel, every later one must match. */
    channelId: uuid('channel_id'),
    status: varchar('status', { length: 16 }).$type<BagStatus>().notNull().default('open'),
    packageCount: integer('package_count').notNull().default(0),
    weightGrams: integer('weight_grams'),
    deliveryStatus: varchar('delivery_status', { length: 16 })
      .$type<BagDeliveryStatus>()
      .notNull()
      .default('pending'),
    handoverId: uuid('handover_id'),
    /** When it was handed over (the spec's delivery time). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedBy: uuid('opened_by').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      name: 'bags_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    foreignKey({
      name: 'bags_channel_fk',
      columns: [table.tenantId, table.channelId],
      foreignColumns: [logisticsChannels.tenantId, logisticsChannels.id],
    }),
    check('bags_status_check', sql`${table.status} in ('open', 'closed')`),
    check(
      'bags_delivery_status_check',
      sql`${table.deliveryStatus} in ('pending', 'pickup', 'delivery_success', 'delivery_fail')`,
    ),
    check('bags_package_count_check', sql`${table.packageCount} >= 0`),
    check('bags_weight_check', sql`${table.weightGrams} is null or ${table.weightGrams} > 0`),
    uniqueIndex('bags_no_key').on(table.tenantId, table.bagNo),
    index('bags_list_idx').on(table.tenantId, table.openedAt),
  ],
);

export const bagParcels = pgTable(
  'bag_parcels',
  {
    tenantId: tenantId(),
    orderId: uuid('order_id').notNull(),
    bagId: uuid('bag_id').notNull(),
    addedBy: uuid('added_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.orderId] }),
    foreignKey({
      name: 'bag_parcels_bag_fk',
      columns: [table.tenantId, table.bagId],
      foreignColumns: [bags.tenantId, bags.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bag_parcels_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    index('bag_parcels_bag_idx').on(table.tenantId, table.bagId),
  ],
);

export const handovers = pgTable(
  'handovers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    bagCount: integer('bag_count').notNull(),
    parcelCount: integer('parcel_count').notNull(),
    handedOverBy: uuid('handed_over_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      name: 'handovers_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
  ],
);

export const handoverParcels = pgTable(
  'handover_parcels',
  {
    tenantId: tenantId(),
    orderId: uuid('order_id').notNull(),
    handoverId: uuid('handover_id').notNull(),
    bagId: uuid('bag_id'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.orderId] }),
    foreignKey({
      name: 'handover_parcels_handover_fk',
      columns: [table.tenantId, table.handoverId],
      foreignColumns: [handovers.tenantId, handovers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'handover_parcels_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
  ],
);
