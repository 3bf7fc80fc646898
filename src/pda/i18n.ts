/**
 * The PDA's translations: locales/<lang>/pda.json for its own words and errors.json for the
 * codes the server answers (rejections under 'needs attention'). Only the chosen language is
 * loaded; the service worker precaches every language's chunk, so switching works offline, and
 * a switch reloads the page as the admin's does (the queue is in IndexedDB and survives it).
 */
import { setUpI18n, storedLanguage } from '@api/i18n-setup.js';
import type { Language } from '@shared/i18n/languages.js';

export { i18next, storedLanguage, switchLanguage as switchPdaLanguage } from '@api/i18n-setup.js';

export const PDA_NAMESPACES = ['pda', 'errors'] as const;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{pda,errors}.json');

export function initPdaI18n(language: Language = storedLanguage()): Promise<Language> {
  return setUpI18n({ bundles, namespaces: PDA_NAMESPACES, defaultNS: 'pda', language });
}
