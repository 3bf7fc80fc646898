import { z } from 'zod';

/** The reply envelope every JSON answer uses (DESIGN §3). */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.union([z.number(), z.string()]),
    result,
    timestamp: z.number(),
  });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  status: z.number(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fields: z.array(z.object({ path: z.string(), rule: z.string(), message: z.string() })).optional(),
  result: z.null(),
  timestamp: z.number(),
});

export const MAX_PAGE_SIZE = 200;

/** pageNo / pageSize as the spec's lists take them; strings from the query are coerced. */
export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  _t: z.string().max(20).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageResult<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

/** The `_t` cache-buster that GET requests carry; accepted everywhere and ignored. */
export const cacheBuster = z.object({ _t: z.string().max(20).optional() });

export const uuid = z.string().uuid();
export const idParam = z.object({ id: uuid });
export const idQuery = z.object({ id: uuid, _t: z.string().max(20).optional() });

/** True when the text holds a control character other than tab, line feed and carriage return. */
export function hasControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/** Text a person typed: trimmed, bounded, no control characters. */
export function text(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value), { message: 'control_characters' });
}
export function requiredText(max: number) {
  return text(max).min(1);
}
