/**
 * Destroying stock by age (spec 02 §9: more than 7, 15, 30, 90, 180 days): returned or damaged
 * stock (on a location of type 'returns' or 'damaged') whose receipt lots are older than the age
 * chosen, listed per location and SKU, and destroyed through the ledger ('destroy').
 */
import { z } from 'zod';
import { pageQuery, string, text, uuid } from './common.js';

export const DESTROY_AGES = [7, 15, 30, 90, 180] as const;
export type DestroyAge = (typeof DESTROY_AGES)[number];
export const DESTROY_LIMITS = { lines: 200, quantity: 1_000_000, reason: 255 } as const;

const days = z.coerce
  .number()
  .int()
  .refine((value) => (DESTROY_AGES as readonly number[]).includes(value), { message: 'destroy_age' });

export const destroyListQuery = z.strictObject({
  ...pageQuery.shape,
  warehouseId: uuid,
  days,
});
export type DestroyListQuery = z.infer<typeof destroyListQuery>;

/** Returned or damaged units of a SKU on a location, and how many of them are old enough. */
export const destroyCandidate = z.object({
  locationId: string(),
  locationCode: string(),
  locationType: string(),
  skuId: string(),
  sellerSku: string(),
  name: string(),
  quantity: z.number().int(),
  /** Units older than the age chosen (by their receipt lots), that may be destroyed. */
  agedQuantity: z.number().int(),
  /** When the oldest of those units was received. */
  oldestReceivedAt: string(),
});
export type DestroyCandidate = z.infer<typeof destroyCandidate>;

export const destroyInput = z.strictObject({
  warehouseId: uuid,
  days,
  reason: text(DESTROY_LIMITS.reason).default(''),
  lines: z
    .array(
      z.strictObject({
        locationId: uuid,
        skuId: uuid,
        quantity: z.number().int().min(1).max(DESTROY_LIMITS.quantity),
      }),
    )
    .min(1)
    .max(DESTROY_LIMITS.lines),
});
export type DestroyInput = z.input<typeof destroyInput>;

export const destroyResult = z.object({ lines: z.number().int(), quantity: z.number().int() });
export type DestroyResult = z.infer<typeof destroyResult>;
