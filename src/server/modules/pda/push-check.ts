/**
 * Checking one pushed op on its own, no I/O: its shape by the contract, and every string of its
 * payload (and every key) storable by PostgreSQL, so a bad op is refused by itself
 * ('common.validation' naming the field) and never fails its batch (push.service.ts).
 */
import type { z } from 'zod';
import { pdaOp, pushRequest, type PdaOp } from '@shared/contract/pda.js';

/**
 * The first place in a value where a string (or a key) holds what PostgreSQL cannot store or a
 * UTF-16 string cannot encode: U+0000, or half of a surrogate pair. Null when there is none.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function unstorableAt(value: unknown, path = ''): string | null {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (typeof value === 'string') return isUnstorable(value) ? path || '(root)' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableAt(item, at(String(index)));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorable(key)) return at('(key)');
      const found = unstorableAt(item, at(key));
      if (found !== null) return found;
    }
  }
  return null;
}

type PushedOp = z.output<typeof pushRequest>['ops'][number];

/** An op of the batch: whole and ready to run, or refused as it came. */
export type CheckedOp =
  | { opId: string; seq: number; op: PdaOp; refusal: null }
  | {
      opId: string;
      seq: number;
      op: null;
      refusal: { code: 'common.validation'; params: { field: string } };
    };

/**
 * Checks one op on its own: its type, clock, session and every string of its payload. An op
 * that fails is refused by itself ('common.validation' naming the field) and never fails the
 * batch; its payload is not kept, since it may hold what the database cannot store.
 */
export function checkOp(raw: PushedOp): CheckedOp {
  const base = { opId: raw.opId, seq: raw.seq };
  const bad = unstorableAt(raw);
  const parsed = bad === null ? pdaOp.safeParse(raw) : null;
  if (parsed?.success) return { ...base, op: parsed.data, refusal: null };
  const field = bad ?? (parsed?.error.issues[0]?.path.map(String).join('.') || '(root)');
  return { ...base, op: null, refusal: { code: 'common.validation', params: { field } } };
}
