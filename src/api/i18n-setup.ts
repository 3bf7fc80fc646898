/**
 * Translations in the browser, for the admin and the PDA alike: the chosen language is kept under
 * the language key, only its bundles are loaded, and changing it reloads the page.
 * Each app passes its own bundles (its `import.meta.glob`, so it ships only its namespaces).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BCP47, resolveLanguage, type Language } from '@shared/i18n/languages.js';
import { STORAGE_KEYS } from './storage.js';

export type LocaleBundles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

export function storedLanguage(): Language {
  return resolveLanguage(localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language);
}

/** Loads `namespaces` of `language` from `bundles` (keyed `../../locales/<lang>/<ns>.json`) into i18next. */
export async function setUpI18n(options: {
  bundles: LocaleBundles;
  namespaces: readonly string[];
  defaultNS: string;
  language: Language;
}): Promise<Language> {
  const { bundles, namespaces, language } = options;
  const resources: Record<string, Record<string, unknown>> = {};
  await Promise.all(
    namespaces.map(async (namespace) => {
      const loader = bundles[`../../locales/${language}/${namespace}.json`];
      resources[namespace] = loader ? (await loader()).default : {};
    }),
  );
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: resources },
    ns: [...namespaces],
    defaultNS: options.defaultNS,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = BCP47[language];
  return language;
}

/** Keeps the choice and reloads the page so every screen renders in the new language. */
export function switchLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEYS.language, language);
  window.location.reload();
}

export { i18next };
