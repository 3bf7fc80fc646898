/**
 * Transfers between two warehouses of the tenant. A transfer is made (to audit) with its lines,
 * each checked against the units available at the outbound warehouse; an auditor other than its
 * maker passes it (every line leaves the outbound location through the ledger as transfer_out
 * and shows in transit at the inbound warehouse) or refuses it (nothing moves). At the inbound
 * warehouse each SKU is received onto a location (transfer_in: in transit down, available up),
 * never more than was sent (an over-arrival is refused: the extra units were never in transit);
 * the transfer is received when every unit is, or when the inbound warehouse ends receiving
 * short: what never arrived is recorded per line with its reason and written off in transit
 * (transfer_short), so no unit stays in transit for good.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  auditTransferInput,
  createTransferInput,
  finishTransferInput,
  receiveTransferInput,
  type AuditTransferInput,
  type CreateTransferInput,
  type FinishTransferInput,
  type ReceiveTransferInput,
  type TransferChange,
} from '@shared/contract/transfers.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { skus } from '../catalog/index.js';
import { stockBalances, transferIn, transferOut, writeOffInTransit } from '../inventory/index.js';
import { allocateArrivingStock } from '../orders/index.js';
import { isWarehouseBound, visibleWarehouse, warehouseScope } from '../warehouse/index.js';
import { stockTransferLines, stockTransfers } from './transfers.tables.js';

type TransferRecord = typeof stockTransfers.$inferSelect;

const source = (transfer: TransferRecord) => ({ type: 'transfer', id: transfer.id });
const changeOf = (transfer: TransferRecord, patch: Partial<TransferRecord> = {}): TransferChange => {
  const now = { ...transfer, ...patch };
  return { id: now.id, batchNo: now.batchNo, status: now.status, stage: now.stage };
};

/** The actor sees a transfer when they see either of its warehouses. */
export function transferScope(actor: Actor) {
  if (!isWarehouseBound(actor)) return undefined;
  return sql`(${warehouseScope(actor, stockTransfers.fromWarehouseId)} or ${warehouseScope(actor, stockTransfers.toWarehouseId)})`;
}

/**
 * Whether the actor may audit a transfer now (beside holding transferAudit): it waits for its
 * audit, someone else made it, and its outbound warehouse is one the actor works in (a pass
 * sends the stock out of it). The list's `isAuditable`; auditTransfer refuses the same cases.
 */
export function auditableBy(actor: Actor) {
  return sql<boolean>`(${stockTransfers.status} = 'to_audit' and ${stockTransfers.createdBy} <> ${actor.userId} and ${warehouseScope(actor, stockTransfers.fromWarehouseId) ?? sql`true`})`;
}

/** The transfer locked, if the actor sees one of its two warehouses; else 404. */
async function lockTransfer(tx: TenantTx, actor: Actor, id: string): Promise<TransferRecord> {
  const [row] = await tx
    .select()
    .from(stockTransfers)
    .where(and(eq(stockTransfers.id, id), transferScope(actor)))
    .for('update');
  if (!row) throw new AppError('transfers.not_found');
  return row;
}

/** Makes a transfer to audit; refuses the same warehouse twice and more than is available. */
export async function createTransfer(
  tx: TenantTx,
  actor: Actor,
  raw: CreateTransferInput,
): Promise<TransferChange> {
  const input = parseInput(createTransferInput, raw);
  if (input.fromWarehouseId === input.toWarehouseId) throw new AppError('inventory.same_warehouse');
  await visibleWarehouse(tx, actor, input.fromWarehouseId);
  await visibleWarehouse(tx, actor, input.toWarehouseId);
  const wanted = new Map<string, number>();
  for (const line of input.lines) wanted.set(line.skuId, (wanted.get(line.skuId) ?? 0) + line.quantity);
  const sellers = new Map<string, string>();
  for (const [skuId, quantity] of wanted) {
    const [sku] = await tx.select({ sellerId: skus.sellerId }).from(skus).where(eq(skus.id, skuId));
    if (!sku) throw new AppError('catalog.sku_not_found');
    sellers.set(skuId, sku.sellerId);
    const [balance] = await tx
      .select({ available: stockBalances.available })
      .from(stockBalances)
      .where(and(eq(stockBalances.warehouseId, input.fromWarehouseId), eq(stockBalances.skuId, skuId)));
    const available = balance?.available ?? 0;
    if (available < quantity) throw new AppError('inventory.insufficient_stock', { available, quantity });
  }
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const [made] = await tx
    .insert(stockTransfers)
    .values({
      batchNo: `TF${day}-${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      fromWarehouseId: input.fromWarehouseId,
      toWarehouseId: input.toWarehouseId,
      note: input.note,
      createdBy: actor.userId,
    })
    .returning();
  if (!made) throw new Error('the transfer was not written');
  await tx.insert(stockTransferLines).values(
    input.lines.map((line) => ({
      transferId: made.id,
      skuId: line.skuId,
      sellerId: sellers.get(line.skuId) ?? '',
      fromLocationId: line.locationId,
      quantity: line.quantity,
    })),
  );
  return changeOf(made);
}

/**
 * The audit: by anyone allowed to audit but the transfer's maker. A pass sends every line out of
 * the outbound warehouse (in transit at the inbound one); a refusal moves nothing.
 */
export async function auditTransfer(
  tx: TenantTx,
  actor: Actor,
  raw: AuditTransferInput,
): Promise<TransferChange> {
  const input = parseInput(auditTransferInput, raw);
  const transfer = await lockTransfer(tx, actor, input.id);
  if (transfer.status !== 'to_audit')
    throw new AppError('transfers.already_audited', { batchNo: transfer.batchNo });
  if (transfer.createdBy === actor.userId) throw new AppError('transfers.self_audit');
  // The outbound warehouse audits: a worker of the inbound one only neither passes nor refuses.
  await visibleWarehouse(tx, actor, transfer.fromWarehouseId);
  const audit = { auditorId: actor.userId, auditedAt: new Date() };
  if (input.decision === 'refuse') {
    await tx
      .update(stockTransfers)
      .set({ ...audit, status: 'refused', refuseReason: input.reason })
      .where(eq(stockTransfers.id, transfer.id));
    return changeOf(transfer, { status: 'refused' });
  }
  const lines = await tx
    .select()
    .from(stockTransferLines)
    .where(eq(stockTransferLines.transferId, transfer.id))
    .orderBy(asc(stockTransferLines.skuId), asc(stockTransferLines.id));
  for (const line of lines)
    await transferOut(tx, actor, {
      warehouseId: transfer.fromWarehouseId,
      toWarehouseId: transfer.toWarehouseId,
      skuId: line.skuId,
      locationId: line.fromLocationId,
      quantity: line.quantity,
      source: source(transfer),
      reason: transfer.batchNo,
    });
  await tx
    .update(stockTransfers)
    .set({ ...audit, status: 'audited', stage: 'in_transit' })
    .where(eq(stockTransfers.id, transfer.id));
  return changeOf(transfer, { status: 'audited', stage: 'in_transit' });
}

/**
 * The transfer locked for its inbound warehouse's work (receiving, ending it): it must be in
 * transit, and the actor must work at the inbound warehouse (seeing only the outbound one is
 * not enough).
 */
async function lockForArrival(tx: TenantTx, actor: Actor, id: string): Promise<TransferRecord> {
  const transfer = await lockTransfer(tx, actor, id);
  const [inbound] = await tx
    .select({ id: stockTransfers.id })
    .from(stockTransfers)
    .where(and(eq(stockTransfers.id, transfer.id), warehouseScope(actor, stockTransfers.toWarehouseId)));
  if (!inbound) throw new AppError('transfers.other_warehouse', { batchNo: transfer.batchNo });
  if (transfer.stage !== 'in_transit')
    throw new AppError('transfers.not_in_transit', { batchNo: transfer.batchNo });
  return transfer;
}

/** Units of a SKU of the transfer arrive on a location of the inbound warehouse (from the PDA). */
export async function receiveTransfer(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveTransferInput,
): Promise<TransferChange> {
  const input = parseInput(receiveTransferInput, raw);
  const transfer = await lockForArrival(tx, actor, input.transferId);
  const lines = await tx
    .select()
    .from(stockTransferLines)
    .where(and(eq(stockTransferLines.transferId, transfer.id), eq(stockTransferLines.skuId, input.skuId)))
    .orderBy(asc(stockTransferLines.id))
    .for('update');
  if (lines.length === 0) throw new AppError('transfers.sku_not_in_transfer', { batchNo: transfer.batchNo });
  const left = lines.reduce(
    (sum, line) => sum + line.quantity - line.receivedQuantity - line.shortQuantity,
    0,
  );
  if (input.quantity > left) throw new AppError('transfers.over_receipt', { left, quantity: input.quantity });
  await transferIn(tx, actor, {
    warehouseId: transfer.toWarehouseId,
    skuId: input.skuId,
    locationId: input.locationId,
    quantity: input.quantity,
    source: source(transfer),
    reason: transfer.batchNo,
  });
  // Units arrived at the destination are available there: orders waiting for the SKU take them.
  await allocateArrivingStock(tx, actor, { warehouseId: transfer.toWarehouseId, skuIds: [input.skuId] });
  let remaining = input.quantity;
  for (const line of lines) {
    const take = Math.min(remaining, line.quantity - line.receivedQuantity - line.shortQuantity);
    if (take <= 0) continue;
    remaining -= take;
    await tx
      .update(stockTransferLines)
      .set({ receivedQuantity: sql`${stockTransferLines.receivedQuantity} + ${take}` })
      .where(eq(stockTransferLines.id, line.id));
  }
  const [open] = await tx
    .select({
      left: sql<number>`coalesce(sum(quantity - received_quantity - short_quantity), 0)::int`,
    })
    .from(stockTransferLines)
    .where(eq(stockTransferLines.transferId, transfer.id));
  if (Number(open?.left ?? 0) > 0) return changeOf(transfer);
  await tx
    .update(stockTransfers)
    .set({ stage: 'received', receivedAt: sql`now()` })
    .where(eq(stockTransfers.id, transfer.id));
  return changeOf(transfer, { stage: 'received' });
}

/**
 * The transfer, when every unit of it arrived and none was recorded short: its receipts already
 * closed it (the last one does), so ending receiving afterwards has nothing left to record — the
 * handheld that queued the end behind its last receipt is answered done, not refused. Null for a
 * transfer still in transit, or one closed with differences (a second end of that is refused).
 */
async function receivedInFull(tx: TenantTx, actor: Actor, id: string): Promise<TransferRecord | null> {
  const transfer = await lockTransfer(tx, actor, id);
  if (transfer.stage !== 'received') return null;
  const [inbound] = await tx
    .select({ id: stockTransfers.id })
    .from(stockTransfers)
    .where(and(eq(stockTransfers.id, transfer.id), warehouseScope(actor, stockTransfers.toWarehouseId)));
  if (!inbound) throw new AppError('transfers.other_warehouse', { batchNo: transfer.batchNo });
  const [differences] = await tx
    .select({
      count: sql<number>`count(*) filter (where received_quantity <> quantity or short_quantity > 0)::int`,
    })
    .from(stockTransferLines)
    .where(eq(stockTransferLines.transferId, transfer.id));
  return Number(differences?.count ?? 0) === 0 ? transfer : null;
}

/**
 * Ends receiving at the inbound warehouse: every unit not received by now is recorded short on
 * its line with the reason given for its SKU (or the general one) and written off in transit
 * through the ledger (transfer_short); the transfer is then received, with its differences.
 * A transfer whose every unit had already arrived is answered received, with no difference.
 */
export async function finishTransfer(
  tx: TenantTx,
  actor: Actor,
  raw: FinishTransferInput,
): Promise<TransferChange & { shortQuantity: number }> {
  const input = parseInput(finishTransferInput, raw);
  const complete = await receivedInFull(tx, actor, input.transferId);
  if (complete) return { ...changeOf(complete), shortQuantity: 0 };
  const transfer = await lockForArrival(tx, actor, input.transferId);
  const lines = await tx
    .select()
    .from(stockTransferLines)
    .where(eq(stockTransferLines.transferId, transfer.id))
    .orderBy(asc(stockTransferLines.skuId), asc(stockTransferLines.id))
    .for('update');
  const reasons = new Map(input.reasons.map((item) => [item.skuId, item.reason]));
  for (const skuId of reasons.keys())
    if (!lines.some((line) => line.skuId === skuId))
      throw new AppError('transfers.sku_not_in_transfer', { batchNo: transfer.batchNo });
  let shortQuantity = 0;
  for (const line of lines) {
    const left = line.quantity - line.receivedQuantity - line.shortQuantity;
    if (left <= 0) continue;
    const reason = reasons.get(line.skuId) ?? input.reason;
    await writeOffInTransit(tx, actor, {
      warehouseId: transfer.toWarehouseId,
      skuId: line.skuId,
      quantity: left,
      source: source(transfer),
      reason: `${transfer.batchNo} ${reason}`,
    });
    await tx
      .update(stockTransferLines)
      .set({ shortQuantity: sql`${stockTransferLines.shortQuantity} + ${left}`, shortReason: reason })
      .where(eq(stockTransferLines.id, line.id));
    shortQuantity += left;
  }
  await tx
    .update(stockTransfers)
    .set({ stage: 'received', receivedAt: sql`now()`, closedBy: actor.userId, arrivalNote: input.note })
    .where(eq(stockTransfers.id, transfer.id));
  return { ...changeOf(transfer, { stage: 'received' }), shortQuantity };
}
