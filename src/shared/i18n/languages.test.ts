import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './languages.js';

describe('resolveLanguage', () => {
  it('accepts the spec codes as they are', () => {
    expect(resolveLanguage('vn-VN')).toBe('vn-VN');
    expect(resolveLanguage('zh-TC')).toBe('zh-TC');
  });

  it('maps BCP 47 tags and Accept-Language headers to the spec codes', () => {
    expect(resolveLanguage('vi-VN,vi;q=0.9')).toBe('vn-VN');
    expect(resolveLanguage('zh-TW')).toBe('zh-TC');
    expect(resolveLanguage('zh-Hant-HK')).toBe('zh-TC');
    expect(resolveLanguage('th')).toBe('th-TH');
    expect(resolveLanguage('en-GB,en;q=0.8')).toBe('en-US');
    expect(resolveLanguage('de-DE,ru;q=0.5')).toBe('ru-RU');
  });

  it('falls back to zh-CN for nothing or anything unknown', () => {
    expect(resolveLanguage(undefined)).toBe('zh-CN');
    expect(resolveLanguage('xx-YY')).toBe('zh-CN');
  });
});
