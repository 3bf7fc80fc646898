/**
 * Stock transfers between warehouses: creation with its lines, the audit, the list, and the
 * PDA's receipt of a transfer's SKU at the inbound warehouse (op 'transfer.receive').
 */
import { z } from 'zod';
import { TRANSFER_LIMITS as LIMITS, TRANSFER_STAGES, TRANSFER_STATUSES } from '../domain/transfers.js';
import { pageQuery, string, text, uuid } from './common.js';

const quantity = z.number().int().min(1).max(LIMITS.quantity);

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
  auditorName: string(),
  auditedAt: string().nullable(),
  refuseReason: string(),
  createdAt: string(),
});
export type TransferRow = z.infer<typeof transferRow>;

export const transferChange = z.object({
  id: string(),
  batchNo: string(),
  status: z.enum(TRANSFER_STATUSES),
  stage: z.enum(TRANSFER_STAGES),
});
export type TransferChange = z.infer<typeof transferChange>;
