/**
 * Stock transfers between warehouses: creation with its lines, the audit, the list and the
 * detail with its differences, and the PDA's side at the inbound warehouse: the transfers in
 * transit to receive, a SKU's units received onto a location (op 'transfer.receive') and the end
 * of receiving, what never arrived recorded short with its reason (op 'transfer.finish').
 */
import { z } from 'zod';
import {
  TRANSFER_LIMITS as LIMITS,
  TRANSFER_SHORT_REASONS,
  TRANSFER_STAGES,
  TRANSFER_STATUSES,
} from '../domain/transfers.js';
import { pageQuery, string, text, uuid } from './common.js';

/** Units of a line: a whole number from 1, refused out of range (never clamped); the admin's form checks it too. */
export const transferQuantity = z.number().int().min(1).max(LIMITS.quantity);
const quantity = transferQuantity;

export const createTransferInput = z.strictObject({
  fromWarehouseId: uuid,
  toWarehouseId: uuid,
  note: text(LIMITS.note).default(''),
  lines: z
    .array(z.strictObject({ skuId: uuid, locationId: uuid, quantity }))
    .min(1)
    .max(LIMITS.lines),
});
export type CreateTransferInput = z.input<typeof createTransferInput>;

export const auditTransferInput = z.strictObject({
  id: uuid,
  decision: z.enum(['pass', 'refuse']),
  reason: text(LIMITS.note).default(''),
});
export type AuditTransferInput = z.input<typeof auditTransferInput>;

/** Units of one SKU of the transfer arrived on a location of the inbound warehouse. */
export const receiveTransferInput = z.strictObject({
  transferId: uuid,
  skuId: uuid,
  locationId: uuid,
  quantity,
});
export type ReceiveTransferInput = z.input<typeof receiveTransferInput>;

/**
 * Receiving ends: every unit of the transfer not received by then is recorded short with the
 * reason given for its SKU (`reason` for the SKUs not named), and written off in transit.
 */
export const finishTransferInput = z.strictObject({
  transferId: uuid,
  reason: z.enum(TRANSFER_SHORT_REASONS).default('lost'),
  reasons: z
    .array(z.strictObject({ skuId: uuid, reason: z.enum(TRANSFER_SHORT_REASONS) }))
    .max(LIMITS.lines)
    .default([]),
  note: text(LIMITS.note).default(''),
});
export type FinishTransferInput = z.input<typeof finishTransferInput>;

/** A transfer in transit to a warehouse the handheld works in: what to scan, never another's. */
export const transferTask = z.object({
  id: string(),
  batchNo: string(),
  fromWarehouseCode: string(),
  toWarehouseId: string(),
  lines: z.array(
    z.object({
      skuId: string(),
      sellerSku: string(),
      name: string(),
      barcodes: z.array(string()),
      quantity: z.number().int(),
      receivedQuantity: z.number().int(),
    }),
  ),
});
export type TransferTask = z.infer<typeof transferTask>;

export const transferDetailQuery = z.strictObject({ id: uuid, _t: string().max(20).optional() });
export type TransferDetailQuery = z.infer<typeof transferDetailQuery>;

export const transferListQuery = z.strictObject({
  ...pageQuery.shape,
  status: z.union([z.literal(''), z.enum(TRANSFER_STATUSES)]).optional(),
});
export type TransferListQuery = z.infer<typeof transferListQuery>;

export const transferRow = z.object({
  id: string(),
  batchNo: string(),
  fromWarehouseCode: string(),
  toWarehouseCode: string(),
  status: z.enum(TRANSFER_STATUSES),
  stage: z.enum(TRANSFER_STAGES),
  quantity: z.number().int(),
  receivedQuantity: z.number().int(),
  /** Units recorded as never arrived when receiving ended. */
  shortQuantity: z.number().int(),
  auditorName: string(),
  auditedAt: string().nullable(),
  refuseReason: string(),
  createdAt: string(),
  /**
   * The signed-in user may pass or refuse it (with the audit permission): it waits for its
   * audit, someone else made it, and its outbound warehouse is one they work in.
   */
  isAuditable: z.boolean(),
});
export type TransferRow = z.infer<typeof transferRow>;

/** One transfer with its lines: sent, received, and what never arrived with its reason. */
export const transferDetail = transferRow.extend({
  note: string(),
  arrivalNote: string(),
  receivedAt: string().nullable(),
  lines: z.array(
    z.object({
      id: string(),
      skuId: string(),
      sellerSku: string(),
      name: string(),
      fromLocationCode: string(),
      quantity: z.number().int(),
      receivedQuantity: z.number().int(),
      shortQuantity: z.number().int(),
      shortReason: z.union([z.literal(''), z.enum(TRANSFER_SHORT_REASONS)]),
    }),
  ),
});
export type TransferDetail = z.infer<typeof transferDetail>;

export const transferChange = z.object({
  id: string(),
  batchNo: string(),
  status: z.enum(TRANSFER_STATUSES),
  stage: z.enum(TRANSFER_STAGES),
});
export type TransferChange = z.infer<typeof transferChange>;
