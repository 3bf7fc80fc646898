/**
 * Shops, their sync runs, what each marketplace order looked like when last synced, and the
 * marketplace items with their pairing to local SKUs — per tenant under forced RLS.
 *
 * A shop's tokens and keys are one AES-256-GCM sealed blob (secret-box.ts), never a readable
 * column. `marketplace_orders` keeps one fingerprint per shop order: a re-sync of an unchanged
 * order compares fingerprints and writes nothing; an order whose lines are not all matched to
 * SKUs waits there (state 'waiting', its normalised form kept; in the order list it is a problem
 * order with its paired lines) until matching completes and releases it.
 * `privacy_requests` records each privacy request a platform sent about a shop and what was
 * done; it holds ids and counts, never the customer's email or phone.
 * `webhook_deliveries` keeps, for as long as a notice could still be taken (webhook-window.ts),
 * the key of every notice a shop took, so the same notice is taken once.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MarketplacePlatform, ShopStatus, SyncRunState } from '@shared/domain/marketplaces.js';
import type { SyncOrderError, SyncTrigger } from '@shared/contract/shops.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { warehouses } from '../warehouse/index.js';
import type { MarketplaceOrder, PrivacyTopic } from './connector.js';
import type { WebhookDeliveryKind, WebhookDeliveryOutcome } from './webhook-window.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Where an interrupted sync stands: the window it was paging and the next page's cursor. */
export interface SyncResumePoint {
  windowFrom: string;
  windowTo: string;
  /** The whole run's end: later windows up to it still follow. */
  runTo: string;
  cursor: string | null;
}

export const shops = pgTable(
  'shops',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    sellerId: uuid('seller_id').notNull(),
    platform: varchar('platform', { length: 16 }).$type<MarketplacePlatform>().notNull(),
    alias: varchar('alias', { length: 64 }).notNull(),
    /** The platform's id of the shop, '' until authorised. */
    platformShopId: varchar('platform_shop_id', { length: 255 }).notNull().default(''),
    shopName: varchar('shop_name', { length: 255 }).notNull().default(''),
    status: varchar('status', { length: 16 }).$type<ShopStatus>().notNull().default('pending'),
    /** An error code (shop.*) saying why the shop stopped; '' when it did not. */
    statusReason: varchar('status_reason', { length: 64 }).notNull().default(''),
    warehouseId: uuid('warehouse_id').notNull(),
    /** The sealed grant (tokens, keys, platform extras); null until authorised. */
    secrets: bytea('secrets'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /** sha256 of the state of the authorisation under way, and when it lapses. */
    authStateHash: varchar('auth_state_hash', { length: 64 }),
    authStateExpiresAt: timestamp('auth_state_expires_at', { withTimezone: true }),
    authStartedBy: uuid('auth_started_by'),
    /** The end of the last completed sync window: the next one starts here, less the overlap. */
    syncedTo: timestamp('synced_to', { withTimezone: true }),
    /** Where a failed run stopped, so the next one resumes there instead of starting over. */
    resumePoint: jsonb('resume_point').$type<SyncResumePoint>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('shops_seller_idx').on(table.tenantId, table.sellerId),
    /** One connection per marketplace shop in a tenant. */
    uniqueIndex('shops_platform_shop_key')
      .on(table.tenantId, table.platform, table.platformShopId)
      .where(sql`${table.platformShopId} <> ''`),
    uniqueIndex('shops_auth_state_key')
      .on(table.authStateHash)
      .where(sql`${table.authStateHash} is not null`),
    /** The webhook's lookup across tenants (app_find_shops). */
    index('shops_platform_shop_idx').on(table.platform, table.platformShopId),
    foreignKey({
      columns: [table.tenantId, table.sellerId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    check('shops_status_check', sql`${table.status} in ('pending', 'active', 'paused', 'expired')`),
  ],
);

export const shopSyncRuns = pgTable(
  'shop_sync_runs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    shopId: uuid('shop_id').notNull(),
    trigger: varchar('trigger', { length: 16 }).$type<SyncTrigger>().notNull(),
    state: varchar('state', { length: 16 }).$type<SyncRunState>().notNull().default('running'),
    windowFrom: timestamp('window_from', { withTimezone: true }).notNull(),
    windowTo: timestamp('window_to', { withTimezone: true }).notNull(),
    pages: integer('pages').notNull().default(0),
    fetched: integer('fetched').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
    /** Orders the product could not store (each recorded in orderErrors); the run goes on. */
    failed: integer('failed').notNull().default(0),
    /** The first orders that could not be stored, each with what went wrong (at most 50). */
    orderErrors: jsonb('order_errors').$type<SyncOrderError[]>().notNull().default([]),
    errorCode: varchar('error_code', { length: 64 }).notNull().default(''),
    /** The platform's own words (never a token or key), for the history. */
    errorMessage: varchar('error_message', { length: 500 }).notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('shop_sync_runs_shop_idx').on(table.tenantId, table.shopId, table.startedAt),
    /** At most one run under way per shop, whichever server node took it. */
    uniqueIndex('shop_sync_runs_running_key')
      .on(table.tenantId, table.shopId)
      .where(sql`${table.state} = 'running'`),
    foreignKey({
      columns: [table.tenantId, table.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
  ],
);

export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    orderNo: varchar('order_no', { length: 64 }).notNull(),
    /** md5 of the normalised order: equal means nothing to write. */
    fingerprint: varchar('fingerprint', { length: 32 }).notNull(),
    platformUpdatedAt: timestamp('platform_updated_at', { withTimezone: true }).notNull(),
    /**
     * 'synced': written to the order list whole; 'waiting': a line's item is not matched to a SKU
     * yet (the order is listed with its paired lines as an unmatched_sku problem).
     */
    state: varchar('state', { length: 16 }).$type<'synced' | 'waiting' | 'failed'>().notNull(),
    /** 'failed': why the product could not store the order (kept with its payload for the next run). */
    error: varchar('error', { length: 500 }).notNull().default(''),
    /** The normalised order, kept while it waits so matching can release it without the platform. */
    payload: jsonb('payload').$type<MarketplaceOrder>(),
    /** When the buyer's details were redacted on request: every later sync of it stays redacted. */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
    /**
     * When a sync last re-read the order by number (a platform whose listing does not bring later
     * changes of older orders, Coupang): the longest unchecked open orders are re-read first.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.shopId, table.orderNo] }),
    // A sync window's stored orders, read at its start (held-orders.ts).
    index('marketplace_orders_updated_idx').on(table.tenantId, table.shopId, table.platformUpdatedAt),
    index('marketplace_orders_waiting_idx')
      .on(table.tenantId, table.shopId)
      .where(sql`${table.state} = 'waiting'`),
    // Orders a run could not store, retried by the next run (sync.service.ts retryFailedOrders).
    index('marketplace_orders_failed_idx')
      .on(table.tenantId, table.shopId)
      .where(sql`${table.state} = 'failed'`),
    foreignKey({
      columns: [table.tenantId, table.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    check('marketplace_orders_state_check', sql`${table.state} in ('synced', 'waiting', 'failed')`),
  ],
);

export const marketplaceItems = pgTable(
  'marketplace_items',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    sellerId: uuid('seller_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    platform: varchar('platform', { length: 16 }).$type<MarketplacePlatform>().notNull(),
    itemId: varchar('item_id', { length: 128 }).notNull(),
    variationId: varchar('variation_id', { length: 128 }).notNull(),
    sellerSku: varchar('seller_sku', { length: 128 }).notNull().default(''),
    barcode: varchar('barcode', { length: 64 }).notNull().default(''),
    title: varchar('title', { length: 500 }).notNull().default(''),
    skuId: uuid('sku_id'),
    matchedBy: varchar('matched_by', { length: 16 })
      .$type<'' | 'sku_code' | 'barcode' | 'hand'>()
      .notNull()
      .default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('marketplace_items_key').on(table.tenantId, table.shopId, table.itemId, table.variationId),
    index('marketplace_items_seller_idx').on(table.tenantId, table.sellerId, table.skuId),
    foreignKey({
      columns: [table.tenantId, table.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'marketplace_items_sku_fk',
      columns: [table.tenantId, table.skuId],
      foreignColumns: [skus.tenantId, skus.id],
    }),
    check('marketplace_items_matched_check', sql`(${table.skuId} is null) = (${table.matchedBy} = '')`),
  ],
);

/** What a privacy request changed: rows redacted or deleted, by table. */
export interface PrivacyOutcome {
  orders: number;
  marketplaceOrders: number;
  marketplaceItems: number;
  /** Whether the shop's sealed tokens were deleted (shop/redact). */
  isTokensDeleted: boolean;
}

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    shopId: uuid('shop_id').notNull(),
    /** The platform's id of the delivery (X-Shopify-Webhook-Id): a retry finds its row and does nothing. */
    deliveryId: varchar('delivery_id', { length: 128 }).notNull(),
    topic: varchar('topic', { length: 32 }).$type<PrivacyTopic>().notNull(),
    /** The customer's platform id; '' for shop/redact. */
    customerId: varchar('customer_id', { length: 64 }).notNull().default(''),
    /** The order ids the platform named (orders_to_redact, orders_requested). */
    requestedOrderNos: text('requested_order_nos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Our orders of the shop the request matched (by those ids or the customer's phone). */
    matchedOrderNos: text('matched_order_nos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    outcome: jsonb('outcome').$type<PrivacyOutcome>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('privacy_requests_delivery_key').on(table.tenantId, table.shopId, table.deliveryId),
    index('privacy_requests_shop_idx').on(table.tenantId, table.shopId, table.receivedAt),
    foreignKey({
      columns: [table.tenantId, table.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    check(
      'privacy_requests_topic_check',
      sql`${table.topic} in ('customers/data_request', 'customers/redact', 'shop/redact')`,
    ),
  ],
);

/**
 * A notice a shop took, by its key (the platform's delivery id, else the signed body's SHA-256),
 * kept until `expires_at`, when the notice would be refused as stale anyway; written in the
 * transaction of what the notice changes. Expired rows of a shop go when its next notice is taken.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    /** 'id:<the platform's delivery id>' or 'sha256:<hex of the signed body>'. */
    deliveryKey: varchar('delivery_key', { length: 160 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<WebhookDeliveryKind>().notNull(),
    outcome: varchar('outcome', { length: 24 }).$type<WebhookDeliveryOutcome>().notNull(),
    /** The time the platform stamped on the notice. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.shopId, table.deliveryKey] }),
    index('webhook_deliveries_expiry_idx').on(table.tenantId, table.shopId, table.expiresAt),
    foreignKey({
      columns: [table.tenantId, table.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    check('webhook_deliveries_kind_check', sql`${table.kind} in ('order', 'revoked', 'privacy')`),
    check(
      'webhook_deliveries_outcome_check',
      sql`${table.outcome} in ('taken', 'revocation_pending', 'revoked', 'revocation_refuted', 'revocation_unchecked')`,
    ),
  ],
);
