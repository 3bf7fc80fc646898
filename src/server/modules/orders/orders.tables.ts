/**
 * Orders, their lines, status history, exceptions and reservations, per tenant under forced RLS.
 * An order belongs to one seller and ships from one warehouse; composite keys tie each line to a
 * SKU of that same seller. The platform's status is stored as the platform says it (normalised
 * spelling); the local and warehouse-side statuses change only through the transition tables
 * (src/shared/domain/order.ts), each change a history row. "Problem" is an open exception row.
 * A reservation row per order line and warehouse is written in the same transaction as the
 * ledger movement that froze its units (source 'order' and the order's id), and ends with the
 * movement that released or issued them: frozen stock is explained by rows, never a counter.
 *
 * Kept whole past 400 lines: the order's tables, indexes and RLS policies are one schema, read
 * with its keys and checks side by side (drizzle-kit generates the migrations from it).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  ExceptionReason,
  LocalStatus,
  OrderCurrency,
  OrderTag,
  OrderType,
  ParcelType,
  Platform,
  WarehouseStatus,
} from '@shared/domain/order.js';
import type { ReservationState, ShortageView } from '@shared/contract/orders.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { warehouses } from '../warehouse/index.js';

export const orderCounters = pgTable(
  'order_counters',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

export const orders = pgTable(
  'orders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** The platform's order number (Shopee's ordersn); for hand-entered orders what the seller typed. */
    orderNo: varchar('order_no', { length: 64 }).notNull(),
    /** Our own order id, from a counter per tenant and day. */
    systemNo: varchar('system_no', { length: 32 }).notNull(),
    sellerId: uuid('seller_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    platform: varchar('platform', { length: 16 }).$type<Platform>().notNull(),
    /** The marketplace shop's id; '' for orders entered by hand. */
    shopId: varchar('shop_id', { length: 255 }).notNull().default(''),
    shopName: varchar('shop_name', { length: 255 }).notNull().default(''),
    orderType: varchar('order_type', { length: 16 }).$type<OrderType>().notNull().default('stock'),
    platformStatus: varchar('platform_status', { length: 32 }).notNull().default(''),
    localStatus: varchar('local_status', { length: 24 }).$type<LocalStatus>().notNull(),
    warehouseStatus: varchar('warehouse_status', { length: 16 })
      .$type<WarehouseStatus>()
      .notNull()
      .default('none'),
    buyerName: varchar('buyer_name', { length: 255 }).notNull().default(''),
    recipientName: varchar('recipient_name', { length: 255 }).notNull().default(''),
    recipientPhone: varchar('recipient_phone', { length: 32 }).notNull().default(''),
    recipientAddress: varchar('recipient_address', { length: 500 }).notNull().default(''),
    buyerMessage: varchar('buyer_message', { length: 1000 }).notNull().default(''),
    sellerNote: varchar('seller_note', { length: 1000 }).notNull().default(''),
    warehouseNote: varchar('warehouse_note', { length: 1000 }).notNull().default(''),
    transferNote: varchar('transfer_note', { length: 1000 }).notNull().default(''),
    expressNote: varchar('express_note', { length: 1000 }).notNull().default(''),
    shipBy: timestamp('ship_by', { withTimezone: true }),
    /** When the buyer placed the order (the platform's create time); entry time by hand. */
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    trackingNo: varchar('tracking_no', { length: 64 }).notNull().default(''),
    logisticsChannel: varchar('logistics_channel', { length: 255 }).notNull().default(''),
    parcelType: varchar('parcel_type', { length: 16 }).$type<ParcelType>().notNull(),
    currency: varchar('currency', { length: 3 }).$type<OrderCurrency>().notNull(),
    /**
     * Minor units of the currency: what the buyer pays in all, the shipping charged and the
     * discounts, as the platform states them (a manual order: its lines' sum). Never recomputed
     * from the lines matched to SKUs.
     */
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    shippingAmount: bigint('shipping_amount', { mode: 'number' }).notNull().default(0),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    isPrinted: boolean('is_printed').notNull().default(false),
    isPicked: boolean('is_picked').notNull().default(false),
    isPacked: boolean('is_packed').notNull().default(false),
    isRefunded: boolean('is_refunded').notNull().default(false),
    isCharged: boolean('is_charged').notNull().default(false),
    isReissued: boolean('is_reissued').notNull().default(false),
    tags: text('tags')
      .array()
      .$type<OrderTag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Open exceptions, kept beside the rows so the problem tab is one index scan. */
    openExceptions: integer('open_exceptions').notNull().default(0),
    /** A merged order points at the combined order that ships it. */
    mergedIntoId: uuid('merged_into_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('orders_system_no_key').on(table.tenantId, table.systemNo),
    /** The sync's upsert key: one order per seller's shop and marketplace order number (hand-entered: shop ''). */
    unique('orders_shop_order_key').on(
      table.tenantId,
      table.sellerId,
      table.platform,
      table.shopId,
      table.orderNo,
    ),
    unique('orders_seller_key').on(table.tenantId, table.id, table.sellerId),
    index('orders_status_idx').on(table.tenantId, table.localStatus, table.orderedAt),
    index('orders_seller_idx').on(table.tenantId, table.sellerId, table.localStatus, table.orderedAt),
    index('orders_warehouse_idx').on(table.tenantId, table.warehouseId, table.localStatus, table.orderedAt),
    /**
     * The list: a page newest first and the tab counts read this index alone (index-only scans),
     * whatever tab, date range on the order time, seller or warehouse is asked for.
     */
    index('orders_list_idx')
      .on(
        table.tenantId,
        table.orderedAt,
        table.id,
        table.localStatus,
        table.openExceptions,
        table.sellerId,
        table.warehouseId,
      )
      .where(sql`${table.mergedIntoId} is null`),
    /** A shop's page newest first, and the part days of a date range in a shop. */
    index('orders_shop_list_idx')
      .on(table.tenantId, table.shopName, table.orderedAt, table.id, table.localStatus, table.openExceptions)
      .where(sql`${table.mergedIntoId} is null`),
    index('orders_order_no_idx').on(table.tenantId, table.orderNo),
    index('orders_tracking_idx')
      .on(table.tenantId, table.trackingNo)
      .where(sql`${table.trackingNo} <> ''`),
    index('orders_problem_idx')
      .on(table.tenantId, table.orderedAt)
      .where(sql`${table.openExceptions} > 0`),
    index('orders_ship_by_idx')
      .on(table.tenantId, table.shipBy)
      .where(sql`${table.localStatus} in ('to_review', 'pending_shipment')`),
    /** A tag filter's page newest first, over the tagged orders alone (the filter adds tags <> '{}'). */
    index('orders_tagged_idx')
      .on(table.tenantId, table.orderedAt, table.id)
      .where(sql`${table.mergedIntoId} is null and ${table.tags} <> '{}'::text[]`),
    /**
     * A date range on another time than the order time, counted from its index alone: migration
     * 0042 includes local_status, open_exceptions, seller_id and warehouse_id (drizzle has no
     * INCLUDE), so the count is an index-only scan.
     */
    index('orders_paid_list_idx')
      .on(table.tenantId, table.paidAt)
      .where(sql`${table.mergedIntoId} is null`),
    index('orders_ship_by_list_idx')
      .on(table.tenantId, table.shipBy)
      .where(sql`${table.mergedIntoId} is null`),
    index('orders_shipped_list_idx')
      .on(table.tenantId, table.shippedAt)
      .where(sql`${table.mergedIntoId} is null`),
    foreignKey({
      name: 'orders_seller_fk',
      columns: [table.tenantId, table.sellerId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'orders_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    foreignKey({
      name: 'orders_merged_into_fk',
      columns: [table.tenantId, table.mergedIntoId],
      foreignColumns: [table.tenantId, table.id],
    }),
    check('orders_open_exceptions_check', sql`${table.openExceptions} >= 0`),
    check(
      'orders_type_check',
      sql`${table.orderType} in ('stock', 'express', 'combined', 'test_purchase', 'distribution')`,
    ),
  ],
);

/**
 * The order list's tab counts, kept by triggers on orders (migration 0038): per seller,
 * warehouse, platform, shop, local status and problem (an open exception), in all and per UTC
 * day of the order time. A statement on orders appends what it moved to orderTabCountChanges and
 * folds the tenant's changes into the two counters when no other transaction is folding them;
 * a read sums the counters and the changes not yet folded. Merged orders count nowhere.
 */
const tabCountKey = () => ({
  tenantId: tenantId(),
  sellerId: uuid('seller_id').notNull(),
  warehouseId: uuid('warehouse_id').notNull(),
  platform: varchar('platform', { length: 16 }).$type<Platform>().notNull(),
  shopName: varchar('shop_name', { length: 255 }).notNull(),
  localStatus: varchar('local_status', { length: 24 }).$type<LocalStatus>().notNull(),
  isProblem: boolean('is_problem').notNull(),
  orderType: varchar('order_type', { length: 16 }).$type<OrderType>().notNull(),
  warehouseStatus: varchar('warehouse_status', { length: 16 }).$type<WarehouseStatus>().notNull(),
  parcelType: varchar('parcel_type', { length: 16 }).$type<ParcelType>().notNull(),
  /** The order's tags as stored: a tag filter sums the rows whose tags overlap or contain its own. */
  tags: text('tags').array().$type<OrderTag[]>().notNull(),
  orders: integer('orders').notNull(),
});

export const orderTabCounts = pgTable('order_tab_counts', tabCountKey(), (table) => [
  primaryKey({
    name: 'order_tab_counts_pk',
    columns: [
      table.tenantId,
      table.sellerId,
      table.warehouseId,
      table.platform,
      table.shopName,
      table.localStatus,
      table.isProblem,
      table.orderType,
      table.warehouseStatus,
      table.parcelType,
      table.tags,
    ],
  }),
]);

export const orderTabDayCounts = pgTable(
  'order_tab_day_counts',
  { ...tabCountKey(), day: date('day', { mode: 'string' }).notNull() },
  (table) => [
    primaryKey({
      name: 'order_tab_day_counts_pk',
      columns: [
        table.tenantId,
        table.day,
        table.sellerId,
        table.warehouseId,
        table.platform,
        table.shopName,
        table.localStatus,
        table.isProblem,
        table.orderType,
        table.warehouseStatus,
        table.parcelType,
        table.tags,
      ],
    }),
  ],
);

export const orderTabCountChanges = pgTable(
  'order_tab_count_changes',
  { ...tabCountKey(), day: date('day', { mode: 'string' }).notNull() },
  (table) => [index('order_tab_count_changes_day_idx').on(table.tenantId, table.day)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    itemId: varchar('item_id', { length: 255 }).notNull().default(''),
    variationId: varchar('variation_id', { length: 255 }).notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Minor units of the order's currency. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull().default(0),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('order_lines_order_key').on(table.tenantId, table.orderId, table.id),
    index('order_lines_order_idx').on(table.tenantId, table.orderId, table.position),
    index('order_lines_sku_idx').on(table.tenantId, table.skuId),
    foreignKey({
      name: 'order_lines_order_seller_fk',
      columns: [table.tenantId, table.orderId, table.sellerId],
      foreignColumns: [orders.tenantId, orders.id, orders.sellerId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_lines_sku_fk',
      columns: [table.tenantId, table.skuId, table.sellerId],
      foreignColumns: [skus.tenantId, skus.id, skus.sellerId],
    }),
    check('order_lines_quantity_check', sql`${table.quantity} > 0`),
    check('order_lines_price_check', sql`${table.unitPrice} >= 0`),
  ],
);

/**
 * A marketplace order's lines whose item is not paired to a SKU yet, as the platform sold them:
 * shown with the order (spec 02 §1, a problem order 'items not matched') until SKU matching
 * completes the order and its lines go to order_lines. Nothing is reserved for them.
 */
export const orderUnmatchedLines = pgTable(
  'order_unmatched_lines',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    itemId: varchar('item_id', { length: 255 }).notNull().default(''),
    variationId: varchar('variation_id', { length: 255 }).notNull().default(''),
    sellerSku: varchar('seller_sku', { length: 255 }).notNull().default(''),
    title: varchar('title', { length: 500 }).notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Minor units of the order's currency. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull().default(0),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('order_unmatched_lines_order_idx').on(table.tenantId, table.orderId, table.position),
    foreignKey({
      name: 'order_unmatched_lines_order_seller_fk',
      columns: [table.tenantId, table.orderId, table.sellerId],
      foreignColumns: [orders.tenantId, orders.id, orders.sellerId],
    }).onDelete('cascade'),
    check('order_unmatched_lines_quantity_check', sql`${table.quantity} > 0`),
    check('order_unmatched_lines_price_check', sql`${table.unitPrice} >= 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    tenantId: tenantId(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').notNull(),
    field: varchar('field', { length: 16 }).$type<'local' | 'warehouse' | 'platform'>().notNull(),
    fromStatus: varchar('from_status', { length: 32 }),
    toStatus: varchar('to_status', { length: 32 }).notNull(),
    note: varchar('note', { length: 255 }).notNull().default(''),
    actorId: uuid('actor_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('order_status_history_order_idx').on(table.tenantId, table.orderId, table.id),
    foreignKey({
      name: 'order_status_history_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    check('order_status_history_field_check', sql`${table.field} in ('local', 'warehouse', 'platform')`),
  ],
);

export const orderExceptions = pgTable(
  'order_exceptions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    reason: varchar('reason', { length: 32 }).$type<ExceptionReason>().notNull(),
    note: varchar('note', { length: 255 }).notNull().default(''),
    /** For out of stock: per SKU, what was needed and what was available. */
    shortages: jsonb('shortages')
      .$type<ShortageView[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    raisedBy: uuid('raised_by'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    resolution: varchar('resolution', { length: 32 }).notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('order_exceptions_order_idx').on(table.tenantId, table.orderId),
    /** One open exception per order and reason. */
    uniqueIndex('order_exceptions_open_key')
      .on(table.tenantId, table.orderId, table.reason)
      .where(sql`${table.resolvedAt} is null`),
    foreignKey({
      name: 'order_exceptions_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
  ],
);

export const orderReservations = pgTable(
  'order_reservations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    lineId: uuid('line_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    quantity: integer('quantity').notNull(),
    state: varchar('state', { length: 16 }).$type<ReservationState>().notNull().default('active'),
    reserveMovementId: bigint('reserve_movement_id', { mode: 'number' }),
    endMovementId: bigint('end_movement_id', { mode: 'number' }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('order_reservations_order_idx').on(table.tenantId, table.orderId),
    index('order_reservations_active_sku_idx')
      .on(table.tenantId, table.skuId, table.warehouseId)
      .where(sql`${table.state} = 'active'`),
    foreignKey({
      name: 'order_reservations_line_fk',
      columns: [table.tenantId, table.orderId, table.lineId],
      foreignColumns: [orderLines.tenantId, orderLines.orderId, orderLines.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_reservations_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    check('order_reservations_quantity_check', sql`${table.quantity} > 0`),
    check('order_reservations_state_check', sql`${table.state} in ('active', 'released', 'consumed')`),
  ],
);
