/**
 * Logistics channels, waybills, their stored labels and the batches that arrange and print
 * them — per tenant under forced RLS.
 *
 * A carrier channel's app key, secret and tokens are one AES-256-GCM sealed blob (the shops'
 * secret box), never a readable column. A waybill is one per order; its label's bytes live in
 * `waybill_labels` (downloaded once from the platform or carrier, or rendered by us, and every
 * reprint reads those bytes). A batch holds one row per order with that order's outcome, so a
 * batch of hundreds reports each failure by order.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  ArrangeStatus,
  BatchItemOutcome,
  CarrierCode,
  ChannelAuthStatus,
  ChannelKind,
  LabelStatus,
  LabelSource,
  LogisticsPlatform,
  WaybillBatchKind,
  WaybillBatchState,
} from '@shared/domain/logistics.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { orders } from '../orders/index.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const logisticsChannels = pgTable(
  'logistics_channels',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    kind: varchar('kind', { length: 16 }).$type<ChannelKind>().notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    companyName: varchar('company_name', { length: 128 }).notNull().default(''),
    companyCode: varchar('company_code', { length: 32 }).notNull().default(''),
    /** Marketplace channels: whose logistics. */
    platform: varchar('platform', { length: 16 }).$type<LogisticsPlatform>(),
    /** Carrier channels: which adapter. */
    carrier: varchar('carrier', { length: 16 }).$type<CarrierCode>(),
    authStatus: varchar('auth_status', { length: 16 })
      .$type<ChannelAuthStatus>()
      .notNull()
      .default('unauthorised'),
    /** Why the last authorisation check failed, as an error code ('' when it passed). */
    authError: varchar('auth_error', { length: 64 }).notNull().default(''),
    /** Carrier channels: { appKey, appSecret, token? } sealed; null for marketplace channels. */
    secrets: bytea('secrets'),
    /** The app key's last four characters, to tell keys apart without showing them. */
    keyHint: varchar('key_hint', { length: 8 }).notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Warehouses that may ship by it; null: every warehouse. */
    warehouseIds: uuid('warehouse_ids').array(),
    /** Shops that may ship by it; null: every shop (and hand-entered orders). */
    shopIds: uuid('shop_ids').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('logistics_channels_name_key').on(table.tenantId, table.name),
    check(
      'logistics_channels_kind_check',
      sql`(${table.kind} = 'marketplace' and ${table.platform} is not null and ${table.carrier} is null)
        or (${table.kind} = 'carrier' and ${table.carrier} is not null and ${table.platform} is null)`,
    ),
  ],
);

export const waybills = pgTable(
  'waybills',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    /** The channel it ships by; null for a parcel self-shipped outside our channels. */
    channelId: uuid('channel_id'),
    arrangeStatus: varchar('arrange_status', { length: 16 })
      .$type<ArrangeStatus>()
      .notNull()
      .default('to_arrange'),
    trackingNo: varchar('tracking_no', { length: 64 }).notNull().default(''),
    carrierName: varchar('carrier_name', { length: 128 }).notNull().default(''),
    /** The carrier's sort or route code printed on our own label. */
    sortCode: varchar('sort_code', { length: 32 }).notNull().default(''),
    /** Why arranging failed: an error code, and the platform's or carrier's own words. */
    arrangeError: varchar('arrange_error', { length: 64 }).notNull().default(''),
    arrangeMessage: varchar('arrange_message', { length: 500 }).notNull().default(''),
    arrangeAttempts: integer('arrange_attempts').notNull().default(0),
    labelStatus: varchar('label_status', { length: 16 }).$type<LabelStatus>().notNull().default('none'),
    labelError: varchar('label_error', { length: 64 }).notNull().default(''),
    labelMessage: varchar('label_message', { length: 500 }).notNull().default(''),
    labelAttempts: integer('label_attempts').notNull().default(0),
    /** 'platform', 'carrier', 'ours' (rendered here) or 'upload' (a PDF uploaded by hand). */
    labelSource: varchar('label_source', { length: 16 }).$type<LabelSource>().notNull().default(''),
    /** The parcel's weight when packed, in grams. */
    weightGrams: integer('weight_grams'),
    printCount: integer('print_count').notNull().default(0),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** Seller logistics: when the tracking number reached the marketplace; its refusal when it did not. */
    trackingPushedAt: timestamp('tracking_pushed_at', { withTimezone: true }),
    pushError: varchar('push_error', { length: 500 }).notNull().default(''),
    arrangedAt: timestamp('arranged_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('waybills_order_key').on(table.tenantId, table.orderId),
    index('waybills_tracking_idx')
      .on(table.tenantId, table.trackingNo)
      .where(sql`${table.trackingNo} <> ''`),
    /** A tracking number names one parcel of its channel: a carrier's repeat is refused (0037). */
    uniqueIndex('waybills_channel_tracking_key')
      .on(table.tenantId, table.channelId, table.trackingNo)
      .where(sql`${table.trackingNo} <> ''`),
    index('waybills_channel_idx').on(table.tenantId, table.channelId),
    check(
      'waybills_channel_check',
      sql`${table.channelId} is not null or ${table.arrangeStatus} = 'self_shipped'`,
    ),
    foreignKey({
      name: 'waybills_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'waybills_channel_fk',
      columns: [table.tenantId, table.channelId],
      foreignColumns: [logisticsChannels.tenantId, logisticsChannels.id],
    }),
  ],
);

export const waybillLabels = pgTable(
  'waybill_labels',
  {
    tenantId: tenantId(),
    waybillId: uuid('waybill_id').notNull(),
    pdf: bytea('pdf').notNull(),
    pages: integer('pages').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.waybillId] }),
    foreignKey({
      name: 'waybill_labels_waybill_fk',
      columns: [table.tenantId, table.waybillId],
      foreignColumns: [waybills.tenantId, waybills.id],
    }).onDelete('cascade'),
  ],
);

export const waybillBatches = pgTable(
  'waybill_batches',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    kind: varchar('kind', { length: 16 }).$type<WaybillBatchKind>().notNull(),
    state: varchar('state', { length: 16 }).$type<WaybillBatchState>().notNull().default('queued'),
    /** Arrange batches: the channel chosen for orders that had none. */
    channelId: uuid('channel_id'),
    total: integer('total').notNull(),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Print batches: the merged PDF, kept until the batch is printed and a day has passed. */
    pdf: bytea('pdf'),
    errorMessage: varchar('error_message', { length: 500 }).notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('waybill_batches_creator_idx').on(table.tenantId, table.createdBy, table.createdAt),
  ],
);

export const waybillBatchItems = pgTable(
  'waybill_batch_items',
  {
    tenantId: tenantId(),
    batchId: uuid('batch_id').notNull(),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    outcome: varchar('outcome', { length: 16 }).$type<BatchItemOutcome>().notNull().default('pending'),
    errorCode: varchar('error_code', { length: 64 }).notNull().default(''),
    /** What the error's message names (an order number, a platform). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** The platform's or carrier's own words. */
    message: varchar('message', { length: 500 }).notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.batchId, table.orderId] }),
    index('waybill_batch_items_position_idx').on(table.tenantId, table.batchId, table.position),
    foreignKey({
      name: 'waybill_batch_items_batch_fk',
      columns: [table.tenantId, table.batchId],
      foreignColumns: [waybillBatches.tenantId, waybillBatches.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Where each order line's units were picked from (admin outbound, or the PDA's pick): the
 * hand-over issues the reservation from these locations, so the stock leaves the shelf it was
 * taken from, once.
 */
export const orderPicks = pgTable(
  'order_picks',
  {
    tenantId: tenantId(),
    orderId: uuid('order_id').notNull(),
    lineId: uuid('line_id').notNull(),
    locationId: uuid('location_id').notNull(),
    quantity: integer('quantity').notNull(),
    pickedBy: uuid('picked_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.orderId, table.lineId, table.locationId] }),
    foreignKey({
      name: 'order_picks_order_fk',
      columns: [table.tenantId, table.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    check('order_picks_quantity_check', sql`${table.quantity} > 0`),
  ],
);
