/**
 * antd's and dayjs's texts for the chosen language only: loaded before the first render, so a
 * page never carries the other five languages' packs.
 */
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
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
  const dayjsLocale = DAYJS_LOCALES[language];
  const [antd] = await Promise.all([ANTD_LOCALES[language](), dayjsLocale.load()]);
  dayjs.locale(dayjsLocale.name);
  return antd.default;
}
