/**
 * Everything the admin's screens share: the query cache, antd in the chosen language with the
 * theme from the settings drawer (in shades that can be read, theme.ts), and the error catalogue's reactions wired into the client.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@shared/i18n/languages.js';
import { useAriaRepairs } from './layout/aria-repairs.js';
import { ErrorReactions } from './layout/ErrorReactions.js';
import './layout/shell.css';
import { useSettings } from './settings/settings-store.js';
import { accessibleTheme } from './theme.js';

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

/** antd's own texts in the chosen language; without one (tests) antd's English defaults apply. */
export function AppProviders({
  language,
  antdLocale,
  children,
}: {
  language: Language;
  antdLocale?: Locale;
  children: ReactNode;
}) {
  const [queryClient] = useState(createQueryClient);
  const settings = useSettings();
  useColorWeak(settings.colorWeak);
  useAriaRepairs();
  const theme = useMemo(() => accessibleTheme(settings.primaryColor), [settings.primaryColor]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} theme={theme}>
        <AntApp>
          <ErrorReactions language={language} />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
