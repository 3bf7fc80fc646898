/**
 * The admin's translations: locales/<lang>/<namespace>.json, loaded for the chosen language
 * only. The choice is kept under the language key of spec 01 §9; changing it reloads the page.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../api/storage.js';
import { BCP47, resolveLanguage, type Language } from '../shared/i18n/languages.js';

export const NAMESPACES = [
  'shell',
  'auth',
  'system',
  'errors',
  'messages',
  'menu',
  'dict',
  'inventory',
  'inbound',
] as const;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

async function loadBundle(language: Language, namespace: string): Promise<Record<string, unknown>> {
  const loader = bundles[`../../locales/${language}/${namespace}.json`];
  return loader ? (await loader()).default : {};
}

export function storedLanguage(): Language {
  return resolveLanguage(localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language);
}

export async function initI18n(language: Language = storedLanguage()): Promise<Language> {
  const resources: Record<string, Record<string, unknown>> = {};
  await Promise.all(
    NAMESPACES.map(async (namespace) => {
      resources[namespace] = await loadBundle(language, namespace);
    }),
  );
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: resources },
    ns: [...NAMESPACES],
    defaultNS: 'shell',
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
