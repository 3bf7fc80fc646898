/**
 * The PDA's shared pieces around antd-mobile, accessible wherever a screen uses them (WCAG 2.1
 * AA, checked by axe-core in tests/e2e/a11y.test.ts):
 * - `PdaLocale`: antd-mobile's own words (a field's clear button) in the interface language, not
 *   its Chinese default;
 * - `QuantityStepper` (quantity-stepper.tsx, a module of its own so that it loads with the
 *   screens that use it, not with the first screen);
 * - `confirmDialog`: a confirmation whose dialog is named by its question, and which gives focus
 *   back where it was when it closes.
 */
import { ConfigProvider, Dialog } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import ruRU from 'antd-mobile/es/locales/ru-RU';
import thTH from 'antd-mobile/es/locales/th-TH';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@shared/i18n/languages.js';

const LOCALES: Record<Language, typeof enUS> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'th-TH': thTH,
  'vn-VN': viVN,
  'zh-TC': zhTW,
  'ru-RU': ruRU,
};

export function PdaLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en-US';
  return <ConfigProvider locale={LOCALES[language]}>{children}</ConfigProvider>;
}

/**
 * Dialog.confirm, with the dialog named by its question. Once closed, focus goes back to where it
 * was (the scan field, the button that asked): a scanner that types through the input method
 * needs a focused field, and antd-mobile leaves focus nowhere.
 */
export function confirmDialog(options: {
  content: string;
  confirmText: string;
  cancelText: string;
}): Promise<boolean> {
  const opener = document.activeElement;
  return Dialog.confirm({
    ...options,
    'aria-label': options.content,
    afterClose: () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    },
  });
}
