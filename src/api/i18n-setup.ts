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

/**
 * Reads a namespace not loaded at start from the same bundles, the first time a screen asks for
 * it (react-i18next suspends the screen meanwhile): a screen's own texts stay out of the pages
 * that do not show it, the login page first.
 */
function bundleBackend(bundles: LocaleBundles) {
  return {
    type: 'backend' as const,
    init: () => undefined,
    read(language: string, namespace: string, callback: (error: unknown, data?: object) => void) {
      const loader = bundles[`../../locales/${language}/${namespace}.json`];
      if (!loader) {
        callback(null, {});
        return;
      }
      loader().then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error),
      );
    },
  };
}

/**
 * Loads `namespaces` of `language` from `bundles` (keyed `../../locales/<lang>/<ns>.json`) into
 * i18next; any other namespace of the bundles loads when first used.
 */
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
  await i18next
    .use(initReactI18next)
    .use(bundleBackend(options.bundles))
    .init({
      lng: language,
      resources: { [language]: resources },
      // The namespaces above are given; others come from the backend when a screen asks.
      partialBundledLanguages: true,
      load: 'currentOnly',
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
