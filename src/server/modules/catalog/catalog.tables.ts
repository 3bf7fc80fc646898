/**
 * A seller's products, their SKUs and the SKUs' barcodes, per tenant under forced RLS. Every
 * row carries its seller, and composite keys tie a SKU to its product's seller and a barcode to
 * its SKU's seller, so no row can ever cross sellers. System codes come from one counter row
 * per tenant, never from max()+1.
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
  text,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Currency } from '@shared/domain/catalog.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { users } from '../identity/index.js';

export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    sellerId: uuid('seller_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** File keys of the files module, at most five. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Customs information. */
    hsCode: varchar('hs_code', { length: 16 }).notNull().default(''),
    declaredName: varchar('declared_name', { length: 128 }).notNull().default(''),
    /** Minor units of declaredCurrency. */
    declaredValue: integer('declared_value').notNull().default(0),
    declaredCurrency: varchar('declared_currency', { length: 3 }).$type<Currency>().notNull().default('CNY'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('products_seller_key').on(table.tenantId, table.sellerId, table.id),
    index('products_seller_idx').on(table.tenantId, table.sellerId, table.createdAt),
    foreignKey({
      name: 'products_seller_fk',
      columns: [table.tenantId, table.sellerId],
      foreignColumns: [users.tenantId, users.id],
    }),
    check('products_photos_check', sql`cardinality(${table.photos}) <= 5`),
    check('products_declared_value_check', sql`${table.declaredValue} >= 0`),
  ],
);

export const skus = pgTable(
  'skus',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    /** The seller's own code, unique per seller. */
    sellerSku: varchar('seller_sku', { length: 64 }).notNull(),
    /** Generated, unique in the tenant: S00000001. */
    sysCode: varchar('sys_code', { length: 16 }).notNull(),
    customCode: varchar('custom_code', { length: 64 }),
    /** Unique per seller ('Local SKUs must be unique'). */
    localCode: varchar('local_code', { length: 64 }),
    variation: varchar('variation', { length: 128 }).notNull().default(''),
    weightG: integer('weight_g'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /** Minor units of costCurrency. */
    cost: integer('cost'),
    costCurrency: varchar('cost_currency', { length: 3 }).$type<Currency>().notNull().default('CNY'),
    safetyStock: integer('safety_stock').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('skus_seller_key').on(table.tenantId, table.id, table.sellerId),
    unique('skus_sys_code_key').on(table.tenantId, table.sysCode),
    unique('skus_seller_sku_key').on(table.tenantId, table.sellerId, table.sellerSku),
    uniqueIndex('skus_local_code_key')
      .on(table.tenantId, table.sellerId, table.localCode)
      .where(sql`${table.localCode} is not null`),
    index('skus_product_idx').on(table.tenantId, table.productId),
    // The batch search matches seller SKUs in any case, and local and custom codes across sellers.
    index('skus_seller_sku_search_idx').on(table.tenantId, sql`lower(${table.sellerSku})`),
    index('skus_local_code_idx').on(table.tenantId, table.localCode),
    index('skus_custom_code_idx').on(table.tenantId, table.customCode),
    foreignKey({
      name: 'skus_product_fk',
      columns: [table.tenantId, table.sellerId, table.productId],
      foreignColumns: [products.tenantId, products.sellerId, products.id],
    }).onDelete('cascade'),
    check(
      'skus_measures_check',
      sql`coalesce(${table.weightG}, 0) >= 0 and coalesce(${table.lengthMm}, 0) >= 0 and coalesce(${table.widthMm}, 0) >= 0 and coalesce(${table.heightMm}, 0) >= 0`,
    ),
    check('skus_cost_check', sql`coalesce(${table.cost}, 0) >= 0`),
    check('skus_safety_stock_check', sql`${table.safetyStock} >= 0`),
  ],
);

/** Normalised barcodes (src/shared/domain/barcode.ts): one barcode names one SKU of a seller. */
export const skuBarcodes = pgTable(
  'sku_barcodes',
  {
    tenantId: tenantId(),
    sellerId: uuid('seller_id').notNull(),
    barcode: varchar('barcode', { length: 64 }).notNull(),
    skuId: uuid('sku_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'sku_barcodes_pkey', columns: [table.tenantId, table.sellerId, table.barcode] }),
    index('sku_barcodes_sku_idx').on(table.tenantId, table.skuId),
    index('sku_barcodes_barcode_idx').on(table.tenantId, table.barcode),
    foreignKey({
      name: 'sku_barcodes_sku_fk',
      columns: [table.tenantId, table.skuId, table.sellerId],
      foreignColumns: [skus.tenantId, skus.id, skus.sellerId],
    }).onDelete('cascade'),
  ],
);

/** The last system code number handed out in a tenant; incremented in place, row-locked. */
export const skuCounters = pgTable('sku_counters', {
  tenantId: tenantId().primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
});
