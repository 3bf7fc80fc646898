/** The transfer list: the transfers of the warehouses the actor sees, newest first. */
import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, sql } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type { TransferListQuery, TransferRow } from '@shared/contract/transfers.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { users } from '../identity/index.js';
import { warehouses } from '../warehouse/index.js';
import { transferScope } from './transfers.service.js';
import { stockTransferLines, stockTransfers } from './transfers.tables.js';

const fromWarehouse = alias(warehouses, 'from_warehouse');
const toWarehouse = alias(warehouses, 'to_warehouse');

export async function listTransfers(
  tx: TenantTx,
  actor: Actor,
  query: TransferListQuery,
): Promise<Page<TransferRow>> {
  const where = allOf([
    transferScope(actor),
    query.status ? eq(stockTransfers.status, query.status) : undefined,
  ]);
  const rows = await tx
    .select({
      transfer: stockTransfers,
      fromCode: fromWarehouse.code,
      toCode: toWarehouse.code,
      auditorName: sql<string>`coalesce(${users.realname}, '')`,
      quantity: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})`,
      receivedQuantity: sql<number>`(select coalesce(sum(l.received_quantity), 0)::int from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})`,
    })
    .from(stockTransfers)
    .innerJoin(fromWarehouse, eq(fromWarehouse.id, stockTransfers.fromWarehouseId))
    .innerJoin(toWarehouse, eq(toWarehouse.id, stockTransfers.toWarehouseId))
    .leftJoin(users, eq(users.id, stockTransfers.auditorId))
    .where(where)
    .orderBy(desc(stockTransfers.createdAt), desc(stockTransfers.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stockTransfers)
    .where(where);
  return page(
    rows.map((row) => ({
      id: row.transfer.id,
      batchNo: row.transfer.batchNo,
      fromWarehouseCode: row.fromCode,
      toWarehouseCode: row.toCode,
      status: row.transfer.status,
      stage: row.transfer.stage,
      quantity: Number(row.quantity),
      receivedQuantity: Number(row.receivedQuantity),
      auditorName: row.auditorName,
      auditedAt: iso(row.transfer.auditedAt),
      refuseReason: row.transfer.refuseReason,
      createdAt: iso(row.transfer.createdAt),
    })),
    counted?.n ?? 0,
    query.pageNo,
    query.pageSize,
  );
}
