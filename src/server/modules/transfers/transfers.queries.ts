/**
 * Reading transfers: the list (the transfers of the warehouses the actor sees, newest first),
 * one transfer with its lines and differences, and the handheld's transfers to receive.
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  TransferDetail,
  TransferListQuery,
  TransferRow,
  TransferTask,
} from '@shared/contract/transfers.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { users } from '../identity/index.js';
import { products, skuBarcodes, skus } from '../catalog/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';
import { auditableBy, transferScope } from './transfers.service.js';
import { stockTransferLines, stockTransfers } from './transfers.tables.js';

const fromWarehouse = alias(warehouses, 'from_warehouse');
const toWarehouse = alias(warehouses, 'to_warehouse');
/** Lines (SKUs of transfers) sent to the handheld at most: a warehouse's in-transit work. */
const TRANSFER_TASK_LINES = 5000;

/** Transfers matching `where`, newest first, as list rows. */
async function listTransfersWhere(
  tx: TenantTx,
  actor: Actor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<TransferRow[]> {
  const rows = await tx
    .select({
      transfer: stockTransfers,
      fromCode: fromWarehouse.code,
      toCode: toWarehouse.code,
      auditorName: sql<string>`coalesce(${users.realname}, '')`,
      quantity: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})`,
      receivedQuantity: sql<number>`(select coalesce(sum(l.received_quantity), 0)::int from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})`,
      shortQuantity: sql<number>`(select coalesce(sum(l.short_quantity), 0)::int from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})`,
      isAuditable: auditableBy(actor),
    })
    .from(stockTransfers)
    .innerJoin(fromWarehouse, eq(fromWarehouse.id, stockTransfers.fromWarehouseId))
    .innerJoin(toWarehouse, eq(toWarehouse.id, stockTransfers.toWarehouseId))
    .leftJoin(users, eq(users.id, stockTransfers.auditorId))
    .where(where)
    .orderBy(desc(stockTransfers.createdAt), desc(stockTransfers.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.transfer.id,
    batchNo: row.transfer.batchNo,
    fromWarehouseCode: row.fromCode,
    toWarehouseCode: row.toCode,
    status: row.transfer.status,
    stage: row.transfer.stage,
    quantity: Number(row.quantity),
    receivedQuantity: Number(row.receivedQuantity),
    shortQuantity: Number(row.shortQuantity),
    auditorName: row.auditorName,
    auditedAt: iso(row.transfer.auditedAt),
    refuseReason: row.transfer.refuseReason,
    createdAt: iso(row.transfer.createdAt),
    isAuditable: row.isAuditable,
  }));
}

export async function listTransfers(
  tx: TenantTx,
  actor: Actor,
  query: TransferListQuery,
): Promise<Page<TransferRow>> {
  const where = allOf([
    transferScope(actor),
    query.status ? eq(stockTransfers.status, query.status) : undefined,
  ]);
  const rows = await listTransfersWhere(tx, actor, where, query.pageSize, offsetOf(query));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stockTransfers)
    .where(where);
  return page(rows, counted?.n ?? 0, query.pageNo, query.pageSize);
}

/** One transfer the actor sees, with its lines: sent, received, and what never arrived. */
export async function transferDetail(tx: TenantTx, actor: Actor, id: string): Promise<TransferDetail> {
  const where = and(eq(stockTransfers.id, id), transferScope(actor));
  const [head] = await listTransfersWhere(tx, actor, where, 1, 0);
  const [transfer] = await tx
    .select({
      note: stockTransfers.note,
      arrivalNote: stockTransfers.arrivalNote,
      receivedAt: stockTransfers.receivedAt,
    })
    .from(stockTransfers)
    .where(where);
  if (!head || !transfer) throw new AppError('transfers.not_found');
  const lines = await tx
    .select({
      id: stockTransferLines.id,
      skuId: stockTransferLines.skuId,
      sellerSku: skus.sellerSku,
      name: products.name,
      fromLocationCode: warehouseLocations.code,
      quantity: stockTransferLines.quantity,
      receivedQuantity: stockTransferLines.receivedQuantity,
      shortQuantity: stockTransferLines.shortQuantity,
      shortReason: stockTransferLines.shortReason,
    })
    .from(stockTransferLines)
    .innerJoin(skus, eq(skus.id, stockTransferLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockTransferLines.fromLocationId))
    .where(eq(stockTransferLines.transferId, id))
    .orderBy(asc(skus.sellerSku), asc(stockTransferLines.id));
  return {
    ...head,
    note: transfer.note,
    arrivalNote: transfer.arrivalNote,
    receivedAt: iso(transfer.receivedAt),
    lines,
  };
}

/**
 * The transfers in transit to the warehouses the actor works in, for the handheld: each SKU
 * with its codes, the units sent and those received or written off so far.
 */
export async function listTransferTasks(tx: TenantTx, actor: Actor): Promise<TransferTask[]> {
  const rows = await tx
    .select({
      id: stockTransfers.id,
      batchNo: stockTransfers.batchNo,
      fromWarehouseCode: fromWarehouse.code,
      toWarehouseId: stockTransfers.toWarehouseId,
      skuId: stockTransferLines.skuId,
      sellerSku: skus.sellerSku,
      name: products.name,
      barcodes: sql<
        string[]
      >`coalesce((select array_agg(b.barcode order by b.barcode) from ${skuBarcodes} b where b.sku_id = ${skus.id}), '{}')`,
      quantity: sql<number>`sum(${stockTransferLines.quantity})::int`,
      receivedQuantity: sql<number>`sum(${stockTransferLines.receivedQuantity} + ${stockTransferLines.shortQuantity})::int`,
    })
    .from(stockTransfers)
    .innerJoin(fromWarehouse, eq(fromWarehouse.id, stockTransfers.fromWarehouseId))
    .innerJoin(stockTransferLines, eq(stockTransferLines.transferId, stockTransfers.id))
    .innerJoin(skus, eq(skus.id, stockTransferLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(stockTransfers.stage, 'in_transit'), warehouseScope(actor, stockTransfers.toWarehouseId)))
    .groupBy(
      stockTransfers.id,
      stockTransfers.batchNo,
      fromWarehouse.code,
      stockTransfers.toWarehouseId,
      stockTransferLines.skuId,
      skus.id,
      skus.sellerSku,
      products.name,
    )
    .orderBy(asc(stockTransfers.batchNo), asc(skus.sellerSku))
    .limit(TRANSFER_TASK_LINES);
  const tasks = new Map<string, TransferTask>();
  for (const row of rows) {
    const task = tasks.get(row.id) ?? {
      id: row.id,
      batchNo: row.batchNo,
      fromWarehouseCode: row.fromWarehouseCode,
      toWarehouseId: row.toWarehouseId,
      lines: [],
    };
    task.lines.push({
      skuId: row.skuId,
      sellerSku: row.sellerSku,
      name: row.name,
      barcodes: row.barcodes,
      quantity: Number(row.quantity),
      receivedQuantity: Number(row.receivedQuantity),
    });
    tasks.set(row.id, task);
  }
  return [...tasks.values()];
}
