/**
 * No number box of the admin changes what was typed (a new transfer's '-2' was once saved as
 * 1). antd's InputNumber clamps to `min`/`max` and rounds to `precision` on blur, silently; the
 * admin's forms refuse out-of-range input with the shared contract's rule (`contractRule`,
 * `contractProblem` in rules.ts) instead. A box that must clamp is allowed only with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ADMIN = join(import.meta.dirname, '..', '..');

/** `file` (under src/admin) → why its InputNumber may clamp; a file without a written reason is checked. Empty: none may. */
const ALLOWED: Record<string, string> = {};

const CLAMPING = /(?:^|\s)(min|max|precision)=/;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

/** The attribute text of each `<InputNumber …>` opening tag (braces followed, so `=>` inside a prop is not its end). */
function inputNumberTags(source: string): string[] {
  const tags: string[] = [];
  const opening = /<InputNumber\b/g;
  for (let match = opening.exec(source); match; match = opening.exec(source)) {
    let index = match.index + match[0].length;
    // A type argument: <InputNumber<number> …
    if (source[index] === '<') index = source.indexOf('>', index) + 1;
    let depth = 0;
    const start = index;
    for (; index < source.length; index += 1) {
      const char = source[index];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    tags.push(source.slice(start, index));
  }
  return tags;
}

describe('number boxes of the admin', () => {
  it('finds the attributes of a tag, past arrow functions and type arguments', () => {
    const tags = inputNumberTags(
      '<InputNumber<number> onChange={(v) => set(v)} min={1} />\n<InputNumber style={{ width: 1 }} />',
    );
    expect(tags).toHaveLength(2);
    expect(CLAMPING.test(tags[0] ?? '')).toBe(true);
    expect(CLAMPING.test(tags[1] ?? '')).toBe(false);
  });

  it('never clamps or rounds what was typed (no min, max or precision on an InputNumber)', () => {
    const clamping = sources(ADMIN).flatMap((file) => {
      const name = relative(ADMIN, file);
      if (ALLOWED[name]?.trim()) return [];
      return inputNumberTags(readFileSync(file, 'utf8'))
        .filter((tag) => CLAMPING.test(tag))
        .map((tag) => `${name}: <InputNumber${tag.replace(/\s+/g, ' ')}>`);
    });
    expect(clamping).toEqual([]);
  });
});
