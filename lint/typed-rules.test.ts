/**
 * The type-checked rules on fixtures: each breaks once in typed-broken.ts, where the comment on
 * the line names it, and none in typed-clean.ts; and the project's config applies them to src.
 */
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { typedLanguageOptions, typedRules } from './typed-rules.js';

const root = process.cwd();
const fixtures = ['lint/fixtures/typed-broken.ts', 'lint/fixtures/typed-clean.ts'];
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: fixtures, languageOptions: typedLanguageOptions, rules: typedRules }],
});

/** The rules each line's `breaks` comment names. */
function expectedBreaks(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => {
      const named = /\/\/ breaks (.+)$/.exec(line)?.[1] ?? '';
      return named
        .split(',')
        .map((rule) => rule.trim())
        .filter(Boolean)
        .map((rule) => `${index + 1} @typescript-eslint/${rule}`);
    });
}

describe('the type-checked rules', () => {
  it('refuse each break once, where it is, and let the same work written safely through', async () => {
    const [broken, clean] = await eslint.lintFiles(fixtures);
    const found = (broken?.messages ?? []).map((message) => `${message.line} ${message.ruleId}`);
    expect(found.sort()).toEqual(expectedBreaks(fixtures[0] ?? '').sort());
    expect(new Set(found.map((entry) => entry.split(' ')[1]))).toEqual(new Set(Object.keys(typedRules)));
    expect(clean?.messages).toEqual([]);
  }, 120_000);

  it('are errors for every source file of src, tests left out', async () => {
    for (const file of [
      'src/server/app.ts',
      'src/admin/main.tsx',
      'src/pda/main.tsx',
      'src/sandbox/world.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
      for (const rule of Object.keys(typedRules)) expect([file, config.rules[rule]]).toEqual([file, [2]]);
    }
    const test = (await eslint.calculateConfigForFile('src/sandbox/world.test.ts')) as {
      rules: Record<string, unknown>;
    };
    expect(test.rules['@typescript-eslint/no-floating-promises']).toBeUndefined();
  });
});
