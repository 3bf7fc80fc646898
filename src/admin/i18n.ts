/**
 * The admin's translations, for the chosen language only (src/api/i18n-setup.ts): the
 * namespaces below load at start; a screen's own namespace ('orders') loads when the screen
 * first asks for it, so the login page does not carry it (the order import's 'order-import' too).
 */
import { setUpI18n, storedLanguage } from '@api/i18n-setup.js';
import type { Language } from '@shared/i18n/languages.js';

export { i18next, storedLanguage, switchLanguage } from '@api/i18n-setup.js';

export const NAMESPACES = ['shell', 'auth', 'errors', 'messages'] as const;

/**
 * The signed-in shell's common namespaces: the shell waits for them before its first render
 * (ProtectedShell), so the login page does not carry them (about 14 KB gzipped: the menu's
 * titles and the system screens' common texts among them, which no page before sign-in shows).
 */
export const SHELL_NAMESPACES = ['system', 'menu', 'questions', 'dict', 'inventory', 'inbound'] as const;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

export function initI18n(language: Language = storedLanguage()): Promise<Language> {
  return setUpI18n({ bundles, namespaces: NAMESPACES, defaultNS: 'shell', language });
}
