import { readdirSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isStorableText, string, text } from './common.js';
import { uncheckedStrings } from './string-audit.js';

describe('isStorableText', () => {
  it('takes any well-formed text, including characters outside the basic plane', () => {
    for (const value of ['', 'abc', '棉衬衫 ผ้าไหม', 'tab\tline\n', '😀', 'a😀b', '\uffff'])
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
  });

  it('refuses NUL and unpaired surrogates wherever they stand', () => {
    for (const value of ['\u0000', 'a\u0000b', '\ud800', 'a\ud800b', 'a\ud800', '\udc00', 'x\udc00\ud800y'])
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
  });
});

describe('string()', () => {
  it('refuses unstorable text with the invalid_characters rule, and keeps its other checks', () => {
    const schema = z.object({ name: string().max(3) });
    expect(schema.safeParse({ name: 'a\u0000' }).error?.issues).toMatchObject([
      { path: ['name'], message: 'invalid_characters' },
    ]);
    expect(schema.safeParse({ name: 'a\ud800' }).success).toBe(false);
    expect(schema.safeParse({ name: 'abcd' }).success).toBe(false);
    expect(schema.safeParse({ name: 'ab' }).success).toBe(true);
    expect(text(10).safeParse('a\u0000').success).toBe(false);
  });
});

describe('uncheckedStrings', () => {
  it('finds plain strings wherever a schema nests them', () => {
    const nested = z.strictObject({
      ok: string(),
      id: z.uuid(),
      when: z.iso.datetime(),
      name: z.string(),
      list: z.array(z.object({ code: z.string().max(3) })),
      either: z.union([z.literal(''), z.string()]).optional(),
      map: z.record(z.string(), string()),
      piped: z.string().transform((value) => value.length),
      lazy: z.lazy(() => z.string()),
      link: z.url(),
    });
    expect(uncheckedStrings(nested).sort()).toEqual(
      ['either', 'lazy', 'link', 'list[].code', 'map{}', 'name', 'piped'].sort(),
    );
  });

  it('finds none in any schema the contract exports', async () => {
    const folder = new URL('.', import.meta.url);
    const modules = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(modules.length).toBeGreaterThan(10);
    const unchecked: string[] = [];
    let schemas = 0;
    for (const name of modules) {
      const exports = (await import(new URL(name, folder).href)) as Record<string, unknown>;
      for (const [exportName, value] of Object.entries(exports)) {
        if (typeof value !== 'object' || value === null || !('_zod' in value)) continue;
        schemas += 1;
        for (const path of uncheckedStrings(value as z.ZodType))
          unchecked.push(`${name} ${exportName} ${path}`);
      }
    }
    expect(schemas).toBeGreaterThan(100);
    expect(unchecked).toEqual([]);
  });
});
