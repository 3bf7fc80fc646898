/**
 * Stock transfers between two warehouses of a tenant, under forced RLS: the transfer with its
 * audit and stage, and its lines (SKU, the outbound location it leaves from, the quantity sent,
 * the quantity received so far at the inbound warehouse, and what never arrived with its reason).
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
import type { TransferShortReason, TransferStage, TransferStatus } from '@shared/domain/transfers.js';
import { createdAt, tenantId } from '../../db/columns.js';
import { skus } from '../catalog/index.js';
import { warehouses } from '../warehouse/index.js';

export const stockTransfers = pgTable(
  'stock_transfers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    fromWarehouseId: uuid('from_warehouse_id').notNull(),
    toWarehouseId: uuid('to_warehouse_id').notNull(),
    status: varchar('status', { length: 16 }).$type<TransferStatus>().notNull().default('to_audit'),
    stage: varchar('stage', { length: 16 }).$type<TransferStage>().notNull().default('waiting'),
    note: varchar('note', { length: 255 }).notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    auditorId: uuid('auditor_id'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    refuseReason: varchar('refuse_reason', { length: 255 }).notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** Who ended receiving (with what never arrived recorded short), and their note. */
    closedBy: uuid('closed_by'),
    arrivalNote: varchar('arrival_note', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('stock_transfers_batch_key').on(table.tenantId, table.batchNo),
    index('stock_transfers_list_idx').on(table.tenantId, table.createdAt),
    foreignKey({
      name: 'stock_transfers_from_fk',
      columns: [table.tenantId, table.fromWarehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    foreignKey({
      name: 'stock_transfers_to_fk',
      columns: [table.tenantId, table.toWarehouseId],
      foreignColumns: [warehouses.tenantId, warehouses.id],
    }),
    check('stock_transfers_status_check', sql`${table.status} in ('to_audit', 'audited', 'refused')`),
    check('stock_transfers_stage_check', sql`${table.stage} in ('waiting', 'in_transit', 'received')`),
    check('stock_transfers_warehouses_check', sql`${table.fromWarehouseId} <> ${table.toWarehouseId}`),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    transferId: uuid('transfer_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    fromLocationId: uuid('from_location_id').notNull(),
    quantity: integer('quantity').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    /** Units that never arrived, recorded when receiving ended, and why. */
    shortQuantity: integer('short_quantity').notNull().default(0),
    shortReason: varchar('short_reason', { length: 16 })
      .$type<TransferShortReason | ''>()
      .notNull()
      .default(''),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('stock_transfer_lines_transfer_idx').on(table.tenantId, table.transferId),
    foreignKey({
      name: 'stock_transfer_lines_transfer_fk',
      columns: [table.tenantId, table.transferId],
      foreignColumns: [stockTransfers.tenantId, stockTransfers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'stock_transfer_lines_sku_fk',
      columns: [table.tenantId, table.skuId, table.sellerId],
      foreignColumns: [skus.tenantId, skus.id, skus.sellerId],
    }),
    check('stock_transfer_lines_quantity_check', sql`${table.quantity} > 0`),
    check(
      'stock_transfer_lines_received_check',
      sql`${table.receivedQuantity} >= 0 and ${table.shortQuantity} >= 0 and ${table.receivedQuantity} + ${table.shortQuantity} <= ${table.quantity}`,
    ),
    check(
      'stock_transfer_lines_short_reason_check',
      sql`${table.shortReason} in ('', 'lost', 'damaged', 'not_sent', 'other')`,
    ),
  ],
);
