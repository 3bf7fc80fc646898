/**
 * antd's and dayjs's texts for the chosen language only, so a page never carries the other five
 * languages' packs. antd's load before the first render; dayjs (the library and its texts) with
 * the signed-in shell, which waits for them (`useDateLocale`): no page before sign-in shows a
 * date, and the login page's first load is about 3 KB gzipped lighter. A language change reloads
 * the page (spec 02 §9), so each is loaded once.
 */
import type { Locale } from 'antd/es/locale';
import type { Language } from '@shared/i18n/languages.js';

const ANTD_LOCALES: Record<Language, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/locale/zh_CN'),
  'en-US': () => import('antd/locale/en_US'),
  'th-TH': () => import('antd/locale/th_TH'),
  'vn-VN': () => import('antd/locale/vi_VN'),
  'zh-TC': () => import('antd/locale/zh_TW'),
  'ru-RU': () => import('antd/locale/ru_RU'),
};

const DAYJS_LOCALES: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn.js') },
  'en-US': { name: 'en', load: async () => undefined },
  'th-TH': { name: 'th', load: () => import('dayjs/locale/th.js') },
  'vn-VN': { name: 'vi', load: () => import('dayjs/locale/vi.js') },
  'zh-TC': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw.js') },
  'ru-RU': { name: 'ru', load: () => import('dayjs/locale/ru.js') },
};

export async function loadLocalePack(language: Language): Promise<Locale> {
  return (await ANTD_LOCALES[language]()).default;
}

const dateLocales = new Map<Language, { promise: Promise<void>; done: boolean }>();

/** Loads dayjs and its texts in `language` and makes them dayjs's global locale, once per language. */
export function loadDateLocale(language: Language): Promise<void> {
  const known = dateLocales.get(language);
  if (known) return known.promise;
  const dayjsLocale = DAYJS_LOCALES[language];
  const entry = { promise: Promise.resolve(), done: false };
  entry.promise = Promise.all([import('dayjs'), dayjsLocale.load()]).then(([{ default: dayjs }]) => {
    dayjs.locale(dayjsLocale.name);
    entry.done = true;
  });
  dateLocales.set(language, entry);
  return entry.promise;
}

/** Suspends (React Suspense) until dayjs speaks `language`; returns at once once it does. */
export function useDateLocale(language: Language): void {
  const promise = loadDateLocale(language);
  if (!dateLocales.get(language)?.done) throw promise;
}
