/**
 * Reading a pulled reference row's data through its contract schema: null for a missing row or
 * for data the schema refuses. Used by the reads in this folder and by the receive and shelve
 * flows' own reads of orders, boxes and SKUs.
 */
import type { z } from 'zod';
import type { ReferenceRow } from '../data/db.js';

/** A row's data as the schema reads it, or null. */
export function parseRow<T>(schema: z.ZodType<T>, row: ReferenceRow | undefined): T | null {
  if (!row) return null;
  const parsed = schema.safeParse(row.data);
  return parsed.success ? parsed.data : null;
}

/** Data (a row's, or a missing row's undefined) as the schema reads it, or null. */
export function parse<T>(schema: z.ZodType<T>, data: unknown): T | null {
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
