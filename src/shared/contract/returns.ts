/**
 * Returns and refused receipts (spec 02 §3, §4): the PDA's ops (receive a parcel, inspect an
 * item, finish), the expected returns a device keeps for checking scans offline, the admin's
 * list, detail and matching an unmatched return to its order by hand.
 */
import { z } from 'zod';
import {
  ITEM_CONDITIONS,
  ITEM_OUTCOMES,
  RETURN_KINDS,
  RETURN_LIMITS as LIMITS,
  RETURN_STATUSES,
} from '../domain/returns.js';
import { pageQuery, string, text, uuid } from './common.js';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const dateTime = z.iso.datetime({ offset: true });
const trackingNo = text(LIMITS.trackingNo);

/**
 * op 'return.receive': a parcel taken in. `returnId` is made on the device (the return's id from
 * then on). `orderId` is the order the device found among its expected returns, or null; the
 * server matches by the tracking numbers as well, and a parcel it cannot match is kept as an
 * unmatched return (status returned unprocessed, no order) for the admin to match by hand.
 */
export const receiveReturnInput = z.strictObject({
  returnId: uuid,
  warehouseId: uuid,
  returnTrackingNo: trackingNo.min(1),
  /** The order's own tracking number (from the packing slip or the original label); blank if unknown. */
  originalTrackingNo: trackingNo.default(''),
  orderId: uuid.nullable().default(null),
  postageCents: z.number().int().min(0).max(LIMITS.postageCents),
  weightGrams: z.number().int().min(0).max(LIMITS.weightGrams),
  note: text(LIMITS.note).default(''),
});
export type ReceiveReturnInput = z.input<typeof receiveReturnInput>;

/**
 * op 'return.item': units of one SKU inspected and dealt with. `itemId` is made on the device.
 * A re-shelved item names the location it was put on (kind 'return' in the ledger); a destroyed
 * one names none. A wrong item (not what the order shipped) may name its SKU or none.
 */
export const inspectReturnItemInput = z
  .strictObject({
    itemId: uuid,
    returnId: uuid,
    skuId: uuid.nullable().default(null),
    quantity: z.number().int().min(1).max(LIMITS.quantity),
    condition: z.enum(ITEM_CONDITIONS),
    outcome: z.enum(ITEM_OUTCOMES),
    locationId: uuid.nullable().default(null),
  })
  .superRefine((input, context) => {
    if (input.outcome === 'reshelved' && input.locationId === null)
      context.addIssue({ code: 'custom', path: ['locationId'], message: 'location_required' });
    if (input.outcome === 'destroyed' && input.locationId !== null)
      context.addIssue({ code: 'custom', path: ['locationId'], message: 'location_not_allowed' });
    if (input.condition !== 'wrong_item' && input.skuId === null)
      context.addIssue({ code: 'custom', path: ['skuId'], message: 'sku_required' });
  });
export type InspectReturnItemInput = z.input<typeof inspectReturnItemInput>;

/** op 'return.finish': processed (items dealt with), or failed (nothing usable came back). */
export const finishReturnInput = z.strictObject({
  returnId: uuid,
  outcome: z.enum(['processed', 'failed']),
  note: text(LIMITS.note).default(''),
});
export type FinishReturnInput = z.input<typeof finishReturnInput>;

/** The admin matches an unmatched return to an order by its order number or tracking number. */
export const matchReturnInput = z.strictObject({
  id: uuid,
  orderNo: text(LIMITS.trackingNo).min(1),
});
export type MatchReturnInput = z.input<typeof matchReturnInput>;

export const returnListQuery = z.strictObject({
  ...pageQuery.shape,
  status: blankOr(z.enum(RETURN_STATUSES)),
  warehouseId: blankOr(uuid),
  /** An order number, system order id, or either tracking number. */
  search: blankOr(text(LIMITS.trackingNo)),
  /** Only returns matching no order. */
  unmatched: z.enum(['true', 'false']).optional(),
  dateFrom: blankOr(dateTime),
  dateTo: blankOr(dateTime),
});
export type ReturnListQuery = z.infer<typeof returnListQuery>;

export const returnRow = z.object({
  id: string(),
  warehouseId: string(),
  warehouseCode: string(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  returnTrackingNo: string(),
  originalTrackingNo: string(),
  orderId: string().nullable(),
  orderNo: string(),
  systemNo: string(),
  sellerName: string(),
  postageCents: z.number().int(),
  weightGrams: z.number().int(),
  /** Units inspected so far: back on a shelf, destroyed. */
  reshelved: z.number().int(),
  destroyed: z.number().int(),
  receivedByName: string(),
  receivedAt: string(),
  finishedAt: string().nullable(),
});
export type ReturnRow = z.infer<typeof returnRow>;

export const returnItemView = z.object({
  id: string(),
  skuId: string().nullable(),
  sellerSku: string(),
  skuName: string(),
  quantity: z.number().int(),
  condition: z.enum(ITEM_CONDITIONS),
  outcome: z.enum(ITEM_OUTCOMES),
  locationCode: string(),
  inspectedByName: string(),
  inspectedAt: string(),
});
export type ReturnItemView = z.infer<typeof returnItemView>;

export const returnDetail = returnRow.extend({
  note: string(),
  finishedByName: string(),
  lines: z.array(
    z.object({ skuId: string(), sellerSku: string(), skuName: string(), quantity: z.number().int() }),
  ),
  items: z.array(returnItemView),
});
export type ReturnDetail = z.infer<typeof returnDetail>;

export const returnChange = z.object({
  id: string(),
  status: z.enum(RETURN_STATUSES),
  orderId: string().nullable(),
  orderNo: string(),
});
export type ReturnChange = z.infer<typeof returnChange>;

/**
 * GET /api/pda/returns: what a device checks a parcel against offline. `orders`: shipped orders
 * of the warehouse that may come back (with their lines and units already returned);
 * `returns`: returns of the warehouse received but not finished (inspection goes on, an
 * unmatched one once the admin matched it).
 */
export const expectedReturnOrder = z.object({
  orderId: string(),
  orderNo: string(),
  systemNo: string(),
  trackingNo: string(),
  localStatus: string(),
  lines: z.array(
    z.object({
      skuId: string(),
      sellerSku: string(),
      name: string(),
      quantity: z.number().int(),
      returned: z.number().int(),
    }),
  ),
});
export type ExpectedReturnOrder = z.infer<typeof expectedReturnOrder>;

export const openReturn = z.object({
  returnId: string(),
  returnTrackingNo: string(),
  orderId: string().nullable(),
});
export type OpenReturn = z.infer<typeof openReturn>;

export const expectedReturns = z.object({
  warehouseId: string(),
  orders: z.array(expectedReturnOrder),
  returns: z.array(openReturn),
});
export type ExpectedReturns = z.infer<typeof expectedReturns>;

export const expectedReturnsQuery = z.strictObject({
  warehouseId: uuid,
  _t: string().max(20).optional(),
});
