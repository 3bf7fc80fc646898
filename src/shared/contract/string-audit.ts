/**
 * Finds the strings of a schema that do not refuse unstorable text: every string a route takes
 * must come from the contract's `string()` (or carry its check), unless its format admits only
 * fixed ASCII shapes. The server refuses to register a route whose input has such a string.
 */
import type { z } from 'zod';
import { isStorableText } from './common.js';

/** Formats whose own pattern already admits neither NUL nor a surrogate. */
const STRICT_FORMATS = new Set(['uuid', 'guid', 'datetime', 'date', 'time', 'email', 'e164', 'ipv4', 'ipv6']);

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { fn?: unknown } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}

/** Zod's own definition of the schema, read as the fields this audit walks. */
function defOf(schema: z.ZodType): Def {
  return schema._zod.def as Def;
}

/** The paths (dotted, `[]` for an array's items, `{}` for a record's keys) of unchecked strings. */
export function uncheckedStrings(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const at = (child: z.ZodType | null | undefined, suffix: string) =>
    child
      ? uncheckedStrings(child, path ? `${path}${/^[[{]/.test(suffix) ? '' : '.'}${suffix}` : suffix, seen)
      : [];
  switch (def.type) {
    case 'string': {
      if (def.format && STRICT_FORMATS.has(def.format)) return [];
      const checked = (def.checks ?? []).some((check) => check._zod.def.fn === isStorableText);
      return checked ? [] : [path || '(root)'];
    }
    case 'object':
      return [
        ...Object.entries(def.shape ?? {}).flatMap(([key, child]) => at(child, key)),
        ...at(def.catchall, '*'),
      ];
    case 'array':
    case 'set':
      return at(def.element ?? def.valueType, '[]');
    case 'record':
    case 'map':
      return [...at(def.keyType, '{}'), ...at(def.valueType, '*')];
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, index) => at(item, `[${index}]`)), ...at(def.rest, '[]')];
    case 'union':
      return (def.options ?? []).flatMap((option) => uncheckedStrings(option, path, seen));
    case 'intersection':
      return [
        ...uncheckedStrings(def.left as z.ZodType, path, seen),
        ...uncheckedStrings(def.right as z.ZodType, path, seen),
      ];
    case 'pipe':
      return [
        ...uncheckedStrings(def.in as z.ZodType, path, seen),
        ...uncheckedStrings(def.out as z.ZodType, path, seen),
      ];
    case 'lazy':
      return def.getter ? uncheckedStrings(def.getter(), path, seen) : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
    case 'promise':
      return def.innerType ? uncheckedStrings(def.innerType, path, seen) : [];
    default:
      return [];
  }
}
