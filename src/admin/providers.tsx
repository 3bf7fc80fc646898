/**
 * Everything the admin's screens share: the query cache, antd in the chosen language with the
 * theme from the settings drawer, and the error catalogue's reactions wired into the client.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import thTH from 'antd/locale/th_TH';
import viVN from 'antd/locale/vi_VN';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/ru.js';
import 'dayjs/locale/th.js';
import 'dayjs/locale/vi.js';
import 'dayjs/locale/zh-cn.js';
import 'dayjs/locale/zh-tw.js';
import { useEffect, useState, type ReactNode } from 'react';
import type { Language } from '../shared/i18n/languages.js';
import { ErrorReactions } from './layout/ErrorReactions.js';
import './layout/shell.css';
import { useSettings } from './settings/settings-store.js';

const ANTD_LOCALES: Record<Language, Locale> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'th-TH': thTH,
  'vn-VN': viVN,
  'zh-TC': zhTW,
  'ru-RU': ruRU,
};

const DAYJS_LOCALES: Record<Language, string> = {
  'zh-CN': 'zh-cn',
  'en-US': 'en',
  'th-TH': 'th',
  'vn-VN': 'vi',
  'zh-TC': 'zh-tw',
  'ru-RU': 'ru',
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The client already shows each failure once; a silent retry would show it twice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Colour-weak mode filters the whole page, as the setting drawer's switch promises. */
function useColorWeak(isColorWeak: boolean) {
  useEffect(() => {
    document.body.classList.toggle('colorWeak', isColorWeak);
  }, [isColorWeak]);
}

export function AppProviders({ language, children }: { language: Language; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const settings = useSettings();
  useColorWeak(settings.colorWeak);
  dayjs.locale(DAYJS_LOCALES[language]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ANTD_LOCALES[language]}
        theme={{ algorithm: antTheme.defaultAlgorithm, token: { colorPrimary: settings.primaryColor } }}
      >
        <AntApp>
          <ErrorReactions language={language} />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
