/**
 * The stock ledger (docs/architecture.md §5), per tenant under forced RLS. stock_movements holds one row per
 * change with its signed effect on the balance; stock_balances, location_stock and stock_lots
 * are kept by relative updates in the same transaction, and their check constraints make a
 * negative quantity impossible whatever the code does. Lots give stock its age (FIFO).
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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MovementKind } from '@shared/domain/stock.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { skus } from '../catalog/index.js';
import { warehouseLocations, warehouses } from '../warehouse/index.js';

export const stockBalances = pgTable(
  'stock_balances',
  {
    tenantId: tenantId(),
    warehouseId: uuid('warehouse_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    available: integer('available').notNull().default(0),
    frozen: integer('frozen').notNull().default(0),
    total: integer('total')
      .notNull()
      .generatedAlwaysAs(sql`available + frozen`),
    inTransit: integer('in_transit').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.warehouseId, table.skuId] }),
    index('stock_balances_seller_idx').on(table.tenantId, table.sellerId, table.warehouseId),
    index('stock_balances_sku_idx').on(table.tenantId, table.skuId),
    foreignKey({
      name: 'stock_balances_warehouse_fk',
      columns: [table.tenantId, table.warehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    foreignKey({
      name: 'stock_balances_sku_fk',
      columns: [table.tenantId, table.skuId, table.sellerId],
      foreignColumns: [skus.tenantId, skus.id, skus.sellerId],
    }),
    check('stock_balances_available_check', sql`${table.available} >= 0`),
    check('stock_balances_frozen_check', sql`${table.frozen} >= 0`),
    check('stock_balances_in_transit_check', sql`${table.inTransit} >= 0`),
  ],
);

/** What lies on each location; the sum over a warehouse's locations is the balance's total. */
export const locationStock = pgTable(
  'location_stock',
  {
    tenantId: tenantId(),
    warehouseId: uuid('warehouse_id').notNull(),
    locationId: uuid('location_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.locationId, table.skuId] }),
    index('location_stock_sku_idx').on(table.tenantId, table.warehouseId, table.skuId),
    foreignKey({
      name: 'location_stock_location_fk',
      columns: [table.tenantId, table.warehouseId, table.locationId],
      foreignColumns: [warehouseLocations.tenantId, warehouseLocations.warehouseId, warehouseLocations.id],
    }),
    foreignKey({
      name: 'location_stock_balance_fk',
      columns: [table.tenantId, table.warehouseId, table.skuId],
      foreignColumns: [stockBalances.tenantId, stockBalances.warehouseId, stockBalances.skuId],
    }),
    check('location_stock_quantity_check', sql`${table.quantity} >= 0`),
  ],
);

/** The ledger: every change of stock, with its effect, its source document, reason and actor. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    warehouseId: uuid('warehouse_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    kind: varchar('kind', { length: 20 }).$type<MovementKind>().notNull(),
    /** Units moved; signed only for adjust and count_correction. */
    quantity: integer('quantity').notNull(),
    availableDelta: integer('available_delta').notNull().default(0),
    frozenDelta: integer('frozen_delta').notNull().default(0),
    inTransitDelta: integer('in_transit_delta').notNull().default(0),
    fromLocationId: uuid('from_location_id'),
    toLocationId: uuid('to_location_id'),
    sourceType: varchar('source_type', { length: 32 }).notNull().default('manual'),
    sourceId: varchar('source_id', { length: 64 }),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    actorId: uuid('actor_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('stock_movements_warehouse_idx').on(table.tenantId, table.warehouseId, table.createdAt),
    index('stock_movements_sku_idx').on(table.tenantId, table.skuId, table.createdAt),
    index('stock_movements_seller_idx').on(table.tenantId, table.sellerId, table.createdAt),
    index('stock_movements_source_idx').on(table.tenantId, table.sourceType, table.sourceId),
    // What moved on a location since a count (modules/counts): by location and time.
    index('stock_movements_from_location_idx')
      .on(table.tenantId, table.fromLocationId, table.createdAt)
      .where(sql`${table.fromLocationId} is not null`),
    index('stock_movements_to_location_idx')
      .on(table.tenantId, table.toLocationId, table.createdAt)
      .where(sql`${table.toLocationId} is not null`),
    foreignKey({
      name: 'stock_movements_balance_fk',
      columns: [table.tenantId, table.warehouseId, table.skuId],
      foreignColumns: [stockBalances.tenantId, stockBalances.warehouseId, stockBalances.skuId],
    }),
    foreignKey({
      name: 'stock_movements_from_location_fk',
      columns: [table.tenantId, table.warehouseId, table.fromLocationId],
      foreignColumns: [warehouseLocations.tenantId, warehouseLocations.warehouseId, warehouseLocations.id],
    }),
    foreignKey({
      name: 'stock_movements_to_location_fk',
      columns: [table.tenantId, table.warehouseId, table.toLocationId],
      foreignColumns: [warehouseLocations.tenantId, warehouseLocations.warehouseId, warehouseLocations.id],
    }),
    check(
      'stock_movements_kind_check',
      sql`${table.kind} in ('receipt', 'shelve_move', 'move', 'reserve', 'release', 'issue', 'adjust', 'freeze', 'unfreeze', 'transfer_out', 'transfer_in', 'count_correction', 'return', 'destroy', 'receipt_undo', 'shelve_undo', 'transfer_short')`,
    ),
    check('stock_movements_quantity_check', sql`${table.quantity} <> 0`),
  ],
);

/** One lot per receipt into a warehouse; decreases of physical stock consume the oldest first. */
export const stockLots = pgTable(
  'stock_lots',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    warehouseId: uuid('warehouse_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    quantityReceived: integer('quantity_received').notNull(),
    quantityRemaining: integer('quantity_remaining').notNull(),
    /** The movement that brought the lot in. */
    movementId: bigint('movement_id', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('stock_lots_fifo_idx')
      .on(table.tenantId, table.warehouseId, table.skuId, table.receivedAt)
      .where(sql`${table.quantityRemaining} > 0`),
    foreignKey({
      name: 'stock_lots_balance_fk',
      columns: [table.tenantId, table.warehouseId, table.skuId],
      foreignColumns: [stockBalances.tenantId, stockBalances.warehouseId, stockBalances.skuId],
    }),
    foreignKey({
      name: 'stock_lots_movement_fk',
      columns: [table.tenantId, table.movementId],
      foreignColumns: [stockMovements.tenantId, stockMovements.id],
    }),
    check('stock_lots_received_check', sql`${table.quantityReceived} > 0`),
    check(
      'stock_lots_remaining_check',
      sql`${table.quantityRemaining} >= 0 and ${table.quantityRemaining} <= ${table.quantityReceived}`,
    ),
  ],
);
