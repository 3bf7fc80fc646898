/**
 * Stock check orders (spec 02 §3, §4): the admin's list, creation, assignment, closing and the
 * review of variances, and the PDA's count of one location (op 'count.location'). The PDA never
 * receives a book quantity: counts are blind, and the variance is computed on the server.
 */
import { z } from 'zod';
import {
  COUNT_LIMITS as LIMITS,
  COUNT_LINE_STATES,
  COUNT_LOCATION_STATUSES,
  COUNT_STATUSES,
  COUNT_TYPES,
} from '../domain/counts.js';
import { pageQuery, string, text, uuid } from './common.js';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const uniqueIds = (max: number) =>
  z
    .array(uuid)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' });

export const countListQuery = z.strictObject({
  ...pageQuery.shape,
  status: blankOr(z.enum(COUNT_STATUSES)),
  warehouseId: blankOr(uuid),
  countNo: blankOr(text(32)),
});
export type CountListQuery = z.infer<typeof countListQuery>;

/** A manager plans a count: the warehouse's locations, some locations, or where some SKUs lie. */
export const createCountInput = z
  .strictObject({
    warehouseId: uuid,
    type: z.enum(COUNT_TYPES),
    locationIds: uniqueIds(LIMITS.locations).default([]),
    skuIds: uniqueIds(LIMITS.skus).default([]),
    assigneeId: uuid.nullable().default(null),
    note: text(LIMITS.note).default(''),
  })
  .superRefine((input, context) => {
    if (input.type === 'location' && input.locationIds.length === 0)
      context.addIssue({ code: 'custom', path: ['locationIds'], message: 'required' });
    if (input.type === 'product' && input.skuIds.length === 0)
      context.addIssue({ code: 'custom', path: ['skuIds'], message: 'required' });
  });
export type CreateCountInput = z.input<typeof createCountInput>;

export const assignCountInput = z.strictObject({ id: uuid, assigneeId: uuid.nullable() });
export type AssignCountInput = z.input<typeof assignCountInput>;

export const closeCountInput = z.strictObject({ id: uuid });
export type CloseCountInput = z.input<typeof closeCountInput>;

/** Pass (post the variance as a count correction) or reject (count the location again). */
export const reviewCountInput = z.strictObject({
  id: uuid,
  lineIds: uniqueIds(LIMITS.reviewLines).min(1),
  decision: z.enum(['pass', 'reject']),
});
export type ReviewCountInput = z.input<typeof reviewCountInput>;

/**
 * The PDA's count of one location: every SKU counted on it with its quantity, 0 when the worker
 * confirmed that none is there. An SKU the books have on the location that is not listed was not
 * counted (its line says so; it is never taken as 0). `countedAt` is when the worker finished the
 * location, by the device's clock corrected with the server's time.
 */
export const countLocationInput = z.strictObject({
  countOrderId: uuid,
  locationId: uuid,
  countedAt: z.iso.datetime({ offset: true }),
  lines: z
    .array(z.strictObject({ skuId: uuid, quantity: z.number().int().min(0).max(LIMITS.quantity) }))
    .max(LIMITS.linesPerLocation)
    .refine((lines) => new Set(lines.map((line) => line.skuId)).size === lines.length, {
      message: 'duplicate',
    }),
});
export type CountLocationInput = z.input<typeof countLocationInput>;

export const countLocationView = z.object({
  countOrderId: string(),
  locationId: string(),
  round: z.number().int(),
  lines: z.number().int(),
});
export type CountLocationView = z.infer<typeof countLocationView>;

export const countRow = z.object({
  id: string(),
  countNo: string(),
  warehouseId: string(),
  warehouseCode: string(),
  type: z.enum(COUNT_TYPES),
  status: z.enum(COUNT_STATUSES),
  assigneeId: string().nullable(),
  assigneeName: string(),
  note: string(),
  /** Locations counted of those planned. */
  countedLocations: z.number().int(),
  totalLocations: z.number().int(),
  /** Units counted (the check quantity). */
  checkQuantity: z.number().int(),
  /** Lines with a variance, still to review. */
  pendingLines: z.number().int(),
  varianceLines: z.number().int(),
  /** SKUs the books had on a counted location that were not counted (waiting for a recount). */
  uncountedLines: z.number().int(),
  createdAt: string(),
  closedAt: string().nullable(),
});
export type CountRow = z.infer<typeof countRow>;

export const countLineView = z.object({
  id: string(),
  locationId: string(),
  locationCode: string(),
  skuId: string(),
  sellerSku: string(),
  sysCode: string(),
  skuName: string(),
  /** Whether the worker counted the SKU (0 included) or left it uncounted. */
  isCounted: z.boolean(),
  /** None when not counted: an uncounted SKU is not a 0. */
  countedQuantity: z.number().int().nullable(),
  bookQuantity: z.number().int(),
  movedSince: z.number().int(),
  /** Counted minus book at count; none when not counted. */
  variance: z.number().int().nullable(),
  state: z.enum(COUNT_LINE_STATES),
  round: z.number().int(),
  affectedOrders: z.number().int(),
  reviewedAt: string().nullable(),
});
export type CountLineView = z.infer<typeof countLineView>;

export const countDetail = countRow.extend({
  locations: z.array(
    z.object({
      id: string(),
      locationId: string(),
      locationCode: string(),
      status: z.enum(COUNT_LOCATION_STATUSES),
      round: z.number().int(),
      countedAt: string().nullable(),
    }),
  ),
  lines: z.array(countLineView),
});
export type CountDetail = z.infer<typeof countDetail>;

export const reviewCountView = z.object({
  id: string(),
  passed: z.number().int(),
  rejected: z.number().int(),
  /** Orders that lost their reservation to a shortage and now wait as out of stock. */
  affectedOrders: z.number().int(),
});
export type ReviewCountView = z.infer<typeof reviewCountView>;

/** An SKU the books have on a location when the task was fetched: which one, never how many. */
export const countExpectedSku = z.object({ skuId: string(), sellerSku: string(), name: string() });
export type CountExpectedSku = z.infer<typeof countExpectedSku>;

/**
 * The handheld's open counts: what to count where, never how many units are expected. Each
 * location names the SKUs the books have there (for a count by product, the chosen ones), so the
 * worker is asked for each before finishing it.
 */
export const countTask = z.object({
  id: string(),
  countNo: string(),
  warehouseId: string(),
  type: z.enum(COUNT_TYPES),
  skuIds: z.array(string()),
  locations: z.array(
    z.object({
      locationId: string(),
      code: string(),
      status: z.enum(COUNT_LOCATION_STATUSES),
      expected: z.array(countExpectedSku).default([]),
    }),
  ),
});
export type CountTask = z.infer<typeof countTask>;

export const countSheetQuery = z.strictObject({
  ids: string()
    .max(37 * 50)
    .transform((value, context) => {
      const ids = value.split(',').filter(Boolean);
      if (ids.length === 0 || ids.some((id) => !uuid.safeParse(id).success))
        context.addIssue({ code: 'custom', message: 'ids_format' });
      return ids;
    }),
  lang: string().max(16).optional(),
  _t: string().max(20).optional(),
});
