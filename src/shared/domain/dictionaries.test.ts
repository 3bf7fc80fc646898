import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../i18n/languages.js';
import {
  DICTIONARIES,
  DICTIONARY_CODE_PATTERN,
  DICTIONARY_VALUE_MAX_LENGTH,
  DICTIONARY_VALUE_PATTERN,
} from './dictionaries.js';

type DictBundle = Record<string, Record<string, unknown>>;

const LOCALES = new URL('../../../locales/', import.meta.url);

function loadBundle(language: Language): DictBundle {
  const text = readFileSync(new URL(`${language}/dict.json`, LOCALES), 'utf8');
  return JSON.parse(text) as DictBundle;
}

const bundles = Object.fromEntries(LANGUAGES.map((language) => [language, loadBundle(language)])) as Record<
  Language,
  DictBundle
>;

/** Labels that are codes or numbers in every language (currency codes, day ranges), not words. */
function isCodeLike(label: string): boolean {
  return !/\p{L}{4,}/u.test(label.replace(/\b[A-Z]{2,5}\b/g, ''));
}

describe('dictionary catalogue', () => {
  it('has unique, well-formed codes', () => {
    const codes = DICTIONARIES.map((dictionary) => dictionary.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(DICTIONARY_CODE_PATTERN);
  });

  it('has unique, well-formed values in each dictionary', () => {
    for (const { code, values } of DICTIONARIES) {
      expect(values.length, code).toBeGreaterThan(0);
      expect(new Set(values).size, code).toBe(values.length);
      for (const value of values) {
        expect(value, code).toMatch(DICTIONARY_VALUE_PATTERN);
        expect(value.length, `${code}.${value}`).toBeLessThanOrEqual(DICTIONARY_VALUE_MAX_LENGTH);
        expect(value, code).not.toBe('_name');
      }
    }
  });

  it('has exactly the eleven user roles', () => {
    const roles = DICTIONARIES.find((dictionary) => dictionary.code === 'user_role');
    expect(roles?.values).toEqual([
      'admin',
      'agent_manager',
      'ware_manager',
      'ware_staff',
      'customer_service',
      'system_service',
      'seller',
      'seller_staff',
      'distributor',
      'supplier',
      'employee',
    ]);
  });

  it('keeps the platform order status in the marketplace upper-case codes', () => {
    const platform = DICTIONARIES.find((dictionary) => dictionary.code === 'platform_order_status');
    expect(platform?.values).toContain('READY_TO_SHIP');
    for (const value of platform?.values ?? []) expect(value).toMatch(/^[A-Z_]+$/);
  });
});

describe.each(LANGUAGES)('dict.json in %s', (language) => {
  const bundle = bundles[language];

  it('has exactly the catalogue dictionaries', () => {
    expect(Object.keys(bundle).sort()).toEqual(DICTIONARIES.map((dictionary) => dictionary.code).sort());
  });

  it('has a name and a non-empty label for every value, and nothing else', () => {
    for (const { code, values } of DICTIONARIES) {
      const entry = bundle[code] ?? {};
      expect(Object.keys(entry).sort(), `${language} ${code}`).toEqual(['_name', ...values].sort());
      for (const key of ['_name', ...values]) {
        const label = entry[key];
        expect(typeof label, `${language} ${code}.${key}`).toBe('string');
        expect(String(label).trim(), `${language} ${code}.${key}`).not.toBe('');
      }
    }
  });

  it.skipIf(language === 'en-US')('is a real translation, not a copy of English', () => {
    const english = bundles['en-US'];
    let compared = 0;
    const same: string[] = [];
    for (const { code, values } of DICTIONARIES) {
      for (const key of ['_name', ...values]) {
        const label = String(bundle[code]?.[key] ?? '');
        const englishLabel = String(english[code]?.[key] ?? '');
        if (isCodeLike(englishLabel)) continue;
        compared += 1;
        if (label.trim().toLowerCase() === englishLabel.trim().toLowerCase()) same.push(`${code}.${key}`);
      }
    }
    expect(compared).toBeGreaterThan(0);
    expect(same.length / compared, `labels equal to English: ${same.join(', ')}`).toBeLessThanOrEqual(0.1);
  });
});
