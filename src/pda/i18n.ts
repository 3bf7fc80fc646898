/**
 * The PDA's translations: locales/<lang>/pda.json for its own words and errors.json for the
 * codes the server answers (rejections under 'needs attention'). Only the chosen language is
 * loaded; the service worker precaches every language's chunk, so switching works offline.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../api/storage.js';
import { BCP47, resolveLanguage, type Language } from '../shared/i18n/languages.js';

export const PDA_NAMESPACES = ['pda', 'errors'] as const;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{pda,errors}.json');

export function storedLanguage(): Language {
  return resolveLanguage(localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language);
}

export async function initPdaI18n(language: Language = storedLanguage()): Promise<Language> {
  const resources: Record<string, Record<string, unknown>> = {};
  await Promise.all(
    PDA_NAMESPACES.map(async (namespace) => {
      const loader = bundles[`../../locales/${language}/${namespace}.json`];
      resources[namespace] = loader ? (await loader()).default : {};
    }),
  );
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: resources },
    ns: [...PDA_NAMESPACES],
    defaultNS: 'pda',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = BCP47[language];
  return language;
}

/** Keeps the choice and reloads, as the admin does; the queue is in IndexedDB and survives it. */
export function switchPdaLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEYS.language, language);
  window.location.reload();
}

export { i18next };
