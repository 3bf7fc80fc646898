/**
 * Inbound orders, their boxes, the boxes' SKU lines and the discrepancies found on receipt, per
 * tenant under forced RLS. A line carries its order's seller, and composite keys tie it to a SKU
 * of that same seller and to a box of that same order. Quantities change only by relative
 * updates; the checks keep shelved within received. The status column is written only from
 * inboundStatus() (src/shared/domain/inbound.ts). Inbound numbers come from a counter row per
 * tenant and day, never from max()+1. Receipt and shelving records are the ledger's movements
 * with source 'inbound' and the order's id.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  DiscrepancyKind,
  InboundStatus,
  TransportMode,
  WarehousingType,
} from '@shared/domain/inbound.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { warehouseLocations, warehouses } from '../warehouse/index.js';

export const inboundCounters = pgTable(
  'inbound_counters',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

export const inboundOrders = pgTable(
  'inbound_orders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    inboundNo: varchar('inbound_no', { length: 32 }).notNull(),
    sellerId: uuid('seller_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    /** The warehouse's receiving area, chosen when the order is made: goods are received onto it. */
    receivingLocationId: uuid('receiving_location_id').notNull(),
    transportMode: varchar('transport_mode', { length: 8 }).$type<TransportMode>().notNull(),
    expectedArrival: timestamp('expected_arrival', { withTimezone: true }),
    warehousingType: varchar('warehousing_type', { length: 16 }).$type<WarehousingType>().notNull(),
    shippingRemark: varchar('shipping_remark', { length: 500 }).notNull().default(''),
    status: varchar('status', { length: 16 }).$type<InboundStatus>().notNull().default('pending'),
    /** The last discrepancy's reason, shown beside an abnormal status. */
    abnormalReason: varchar('abnormal_reason', { length: 255 }).notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('inbound_orders_no_key').on(table.tenantId, table.inboundNo),
    unique('inbound_orders_seller_key').on(table.tenantId, table.id, table.sellerId),
    index('inbound_orders_warehouse_idx').on(
      table.tenantId,
      table.warehouseId,
      table.status,
      table.createdAt,
    ),
    index('inbound_orders_seller_idx').on(table.tenantId, table.sellerId, table.createdAt),
    foreignKey({
      name: 'inbound_orders_seller_fk',
      columns: [table.tenantId, table.sellerId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'inbound_orders_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    foreignKey({
      name: 'inbound_orders_receiving_location_fk',
      columns: [table.tenantId, table.warehouseId, table.receivingLocationId],
      foreignColumns: [warehouseLocations.tenantId, warehouseLocations.warehouseId, warehouseLocations.id],
    }),
    check('inbound_orders_transport_check', sql`${table.transportMode} in ('land', 'air', 'sea')`),
    check('inbound_orders_type_check', sql`${table.warehousingType} in ('normal', 'return', 'distribution')`),
    check(
      'inbound_orders_status_check',
      sql`${table.status} in ('pending', 'partial', 'abnormal', 'received', 'stored', 'not_received', 'cancelled')`,
    ),
  ],
);

export const inboundBoxes = pgTable(
  'inbound_boxes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    boxNo: varchar('box_no', { length: 64 }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('inbound_boxes_no_key').on(table.tenantId, table.orderId, table.boxNo),
    unique('inbound_boxes_order_key').on(table.tenantId, table.orderId, table.id),
    foreignKey({
      name: 'inbound_boxes_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [inboundOrders.tenantId, inboundOrders.id],
    }).onDelete('cascade'),
  ],
);

export const inboundBoxLines = pgTable(
  'inbound_box_lines',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    boxId: uuid('box_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    shipQuantity: integer('ship_quantity').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    shelvedQuantity: integer('shelved_quantity').notNull().default(0),
    damagedQuantity: integer('damaged_quantity').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('inbound_box_lines_sku_key').on(table.tenantId, table.boxId, table.skuId),
    index('inbound_box_lines_order_idx').on(table.tenantId, table.orderId, table.skuId),
    foreignKey({
      name: 'inbound_box_lines_box_fk',
      columns: [table.tenantId, table.orderId, table.boxId],
      foreignColumns: [inboundBoxes.tenantId, inboundBoxes.orderId, inboundBoxes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'inbound_box_lines_order_seller_fk',
      columns: [table.tenantId, table.orderId, table.sellerId],
      foreignColumns: [inboundOrders.tenantId, inboundOrders.id, inboundOrders.sellerId],
    }),
    foreignKey({
      name: 'inbound_box_lines_sku_fk',
      columns: [table.tenantId, table.skuId, table.sellerId],
      foreignColumns: [skus.tenantId, skus.id, skus.sellerId],
    }),
    check('inbound_box_lines_ship_check', sql`${table.shipQuantity} > 0`),
    check(
      'inbound_box_lines_received_check',
      sql`${table.receivedQuantity} >= 0 and ${table.damagedQuantity} >= 0`,
    ),
    check(
      'inbound_box_lines_shelved_check',
      sql`${table.shelvedQuantity} >= 0 and ${table.shelvedQuantity} <= ${table.receivedQuantity}`,
    ),
  ],
);

export const inboundDiscrepancies = pgTable(
  'inbound_discrepancies',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    boxId: uuid('box_id'),
    skuId: uuid('sku_id'),
    /** What was scanned when the SKU is unknown. */
    barcode: varchar('barcode', { length: 64 }),
    kind: varchar('kind', { length: 16 }).$type<DiscrepancyKind>().notNull(),
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', { length: 255 }).notNull(),
    /** File keys of the files module, at most five. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * An over-receipt the receiving itself recorded (one row per box line, kept at what the line
     * has received beyond what it shipped), not one a worker reported.
     */
    isFromReceipt: boolean('is_from_receipt').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('inbound_discrepancies_order_idx').on(table.tenantId, table.orderId),
    index('inbound_discrepancies_receipt_idx')
      .on(table.tenantId, table.orderId, table.boxId, table.skuId)
      .where(sql`${table.isFromReceipt}`),
    foreignKey({
      name: 'inbound_discrepancies_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [inboundOrders.tenantId, inboundOrders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'inbound_discrepancies_box_fk',
      columns: [table.tenantId, table.orderId, table.boxId],
      foreignColumns: [inboundBoxes.tenantId, inboundBoxes.orderId, inboundBoxes.id],
    }),
    check(
      'inbound_discrepancies_kind_check',
      sql`${table.kind} in ('short', 'over', 'unknown_sku', 'damaged')`,
    ),
    check('inbound_discrepancies_quantity_check', sql`${table.quantity} > 0`),
    check('inbound_discrepancies_photos_check', sql`cardinality(${table.photos}) <= 5`),
  ],
);
