/** The six interface languages of spec 01 §9, in the spec's own codes, zh-CN first as the default. */
export const LANGUAGES = ['zh-CN', 'en-US', 'th-TH', 'vn-VN', 'zh-TC', 'ru-RU'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** The BCP 47 tag for number and date formatting; the spec's vn-VN and zh-TC are not valid tags. */
export const BCP47: Record<Language, string> = {
  'zh-CN': 'zh-CN',
  'en-US': 'en-US',
  'th-TH': 'th-TH',
  'vn-VN': 'vi-VN',
  'zh-TC': 'zh-Hant-TW',
  'ru-RU': 'ru-RU',
};

const ALIASES: Record<string, Language> = {
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  en: 'en-US',
  th: 'th-TH',
  vi: 'vn-VN',
  'vi-vn': 'vn-VN',
  vn: 'vn-VN',
  'zh-tw': 'zh-TC',
  'zh-hk': 'zh-TC',
  'zh-mo': 'zh-TC',
  'zh-hant': 'zh-TC',
  'zh-hant-tw': 'zh-TC',
  ru: 'ru-RU',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks a supported language from a spec code, a BCP 47 tag or an Accept-Language header;
 * anything unknown falls back to the default, never to an error.
 */
export function resolveLanguage(input: string | null | undefined): Language {
  return matchLanguage(input) ?? DEFAULT_LANGUAGE;
}

/** The first supported language `input` names (a code, a tag or an Accept-Language list), or null. */
export function matchLanguage(input: string | null | undefined): Language | null {
  if (!input) return null;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (isLanguage(tag)) return tag;
    const lower = tag.toLowerCase();
    const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
    if (exact) return exact;
    if (/^zh-(hant|tw|hk|mo)\b/.test(lower)) return 'zh-TC';
    const alias = ALIASES[lower] ?? ALIASES[lower.split('-')[0] ?? ''];
    if (alias) return alias;
  }
  return null;
}
