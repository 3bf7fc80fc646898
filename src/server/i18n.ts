/**
 * Server-side translation: the same locales/<lang>/<namespace>.json files the web apps use,
 * loaded once at start. Replies carry messages in the caller's language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/i18n/languages.js';

export const LOCALES_DIR = fileURLToPath(new URL('../../locales', import.meta.url));
export const SERVER_NAMESPACES = ['errors', 'messages', 'menu', 'dict'] as const;

type Resources = Record<string, Record<string, unknown>>;

function loadResources(): Record<Language, Resources> {
  const resources = {} as Record<Language, Resources>;
  for (const language of LANGUAGES) {
    const dir = join(LOCALES_DIR, language);
    const bundle: Resources = {};
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      bundle[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<
        string,
        unknown
      >;
    }
    resources[language] = bundle;
  }
  return resources;
}

let instance: i18n | undefined;

function translator(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: loadResources(),
      lng: DEFAULT_LANGUAGE,
      fallbackLng: 'en-US',
      ns: [...SERVER_NAMESPACES],
      defaultNS: 'messages',
      initImmediate: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
  }
  return instance;
}

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** `t('errors:auth.bad_credentials')` in one language. */
export function translatorFor(language: Language): Translate {
  const fixed = translator().getFixedT(language);
  return (key, params) => fixed(key, params ?? {});
}

export function hasTranslation(language: Language, key: string): boolean {
  return translator().exists(key, { lng: language, fallbackLng: false });
}
