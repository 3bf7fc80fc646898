import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../errors.js';
import { MENU_CATALOG } from '../menu.js';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.js';

const root = new URL('../../../locales/', import.meta.url);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

function load(language: string): Map<string, string> {
  const all = new Map<string, string>();
  const dir = new URL(`${language}/`, root);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Tree;
    for (const [key, value] of flatten(tree)) all.set(`${namespace}:${key}`, value);
  }
  return all;
}

const bundles = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)]));
const reference = bundles[DEFAULT_LANGUAGE] ?? new Map<string, string>();

describe('locales', () => {
  it('has a folder for each of the six languages and nothing else', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every key of zh-CN and no empty text', (language) => {
    const bundle = bundles[language] ?? new Map<string, string>();
    const missing = [...reference.keys()].filter((key) => !bundle.has(key));
    const extra = [...bundle.keys()].filter((key) => !reference.has(key));
    const empty = [...bundle.entries()].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
  });

  it.each(LANGUAGES)('%s keeps the interpolation placeholders of zh-CN', (language) => {
    const bundle = bundles[language] ?? new Map<string, string>();
    const placeholders = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
    const wrong = [...reference.entries()]
      .filter(
        ([key, text]) =>
          JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(bundle.get(key) ?? '')),
      )
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('translates every error code', () => {
    const missing = Object.keys(ERROR_STATUS).filter((code) => !reference.has(`errors:${code}`));
    expect(missing).toEqual([]);
  });

  it('titles every menu catalogue entry', () => {
    const missing = MENU_CATALOG.map((entry) => `menu:${entry.key}`).filter((key) => !reference.has(key));
    expect(missing).toEqual([]);
  });

  it('is translated for real: other languages differ from English in most texts', () => {
    const english = bundles['en-US'] ?? new Map<string, string>();
    for (const language of LANGUAGES.filter((code) => code !== 'en-US')) {
      const bundle = bundles[language] ?? new Map<string, string>();
      const same = [...english.entries()].filter(
        ([key, text]) => /[a-z]{4,}/i.test(text) && bundle.get(key) === text,
      );
      expect(
        same.length / english.size,
        `${language} copies English in ${same
          .map(([key]) => key)
          .slice(0, 5)
          .join(', ')}`,
      ).toBeLessThan(0.05);
    }
  });
});
