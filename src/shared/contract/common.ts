import { z } from 'zod';

/**
 * True when the text can be stored as it is: no NUL (PostgreSQL refuses it in text and jsonb)
 * and no unpaired UTF-16 surrogate (it has no UTF-8 form, so it would be silently replaced).
 */
export function isStorableText(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

/** The rule a field breaks when it holds text that cannot be stored (errors:validation.invalid_characters). */
export const UNSTORABLE_TEXT_RULE = 'invalid_characters';

/**
 * Every string of the contract starts here, so no path, query or body string reaches a service
 * with a NUL or an unpaired surrogate (tests walk every route's schema for strings that do not).
 */
export function string(): z.ZodString {
  return z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_RULE });
}

/** The reply envelope every JSON answer uses (docs/architecture.md §3). */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    message: string(),
    code: z.union([z.number(), string()]),
    result,
    timestamp: z.number(),
  });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: string(),
  code: string(),
  status: z.number(),
  params: z.record(string(), z.union([string(), z.number()])).optional(),
  fields: z.array(z.object({ path: string(), rule: string(), message: string() })).optional(),
  result: z.null(),
  timestamp: z.number(),
});

export const MAX_PAGE_SIZE = 200;

/** pageNo / pageSize as the spec's lists take them; strings from the query are coerced. */
export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  _t: string().max(20).optional(),
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
export const cacheBuster = z.object({ _t: string().max(20).optional() });

export const uuid = string().uuid();
export const idParam = z.object({ id: uuid });
export const idQuery = z.object({ id: uuid, _t: string().max(20).optional() });

/**
 * `a,b,c` in a query (so a GET link can name many rows) → the distinct uuids, from one to `max`;
 * anything else is refused as 'id_list'.
 */
export function uuidList(max: number) {
  return string()
    .max(max * 37)
    .transform((value, context) => {
      const ids = [
        ...new Set(
          value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        ),
      ];
      if (ids.length === 0 || ids.length > max || ids.some((id) => !uuid.safeParse(id).success)) {
        context.addIssue({ code: 'custom', message: 'id_list' });
        return z.NEVER;
      }
      return ids;
    });
}

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
  return string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value), { message: 'control_characters' });
}
export function requiredText(max: number) {
  return text(max).min(1);
}

/**
 * An amount as a form takes it, in the currency's major unit, for a contract amount kept in
 * minor units from 0 to `maxMinor`: at most `decimals` decimals and the same bounds in the major
 * unit, so 1.234 yuan or -2 is refused with its reason instead of being rounded or clamped.
 */
export function majorAmount(maxMinor: number, decimals: number) {
  const whole = z
    .number()
    .min(0)
    .max(maxMinor / 10 ** decimals);
  return decimals === 0 ? whole.int() : whole.multipleOf(10 ** -decimals);
}
