import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH } from '@api/modules/session.js';
import { queryKeys } from '@api/query-keys.js';
import { sessionStore } from '@api/storage.js';
import type { FailedSignIns, LoginResult } from '@shared/contract/identity.js';
import { BCP47, resolveLanguage } from '@shared/i18n/languages.js';

/**
 * Where the signed-in shell sent the visitor from (its redirect to the login page keeps the
 * page and its query in the navigation state): a path of this site only, never the login pages.
 */
export function returnPathOf(state: unknown): string | null {
  const from: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'from') : null;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return null;
  if (from === '/' || from.startsWith('/user')) return null;
  return from;
}

/**
 * What follows a successful login: the token and user info are stored, the previous user's
 * cached data is dropped, the user is told of the failed sign-in attempts on the account since
 * the last sign-in (the server tells them once), and a user of several departments picks one
 * before going on — back to the page that asked for the login (a marketplace's return to
 * /shopifyAuth with its query), or to the home page.
 */
export function useLoginCompletion() {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const { t, i18n } = useTranslation('auth');
  const [pending, setPending] = useState<LoginResult | null>(null);

  // The notice stays until closed: it is the one time the user hears of the attempts.
  const tellFailedSignIns = ({ count, lastAt }: FailedSignIns) => {
    const time = new Intl.DateTimeFormat(BCP47[resolveLanguage(i18n.language)], {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(lastAt));
    notification.warning({
      key: 'failed-sign-ins',
      message: t('login.failed_attempts_title'),
      description: t('login.failed_attempts', { count, time }),
      duration: 0,
    });
  };

  const goOn = () => navigate(returnPathOf(state) ?? HOME_PATH, { replace: true });

  const complete = (result: LoginResult) => {
    sessionStore.save(result.token, result.userInfo);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.branding.all[0] });
    if (result.failedSignIns) tellFailedSignIns(result.failedSignIns);
    if (result.multiDepart === 2) {
      setPending(result);
      return;
    }
    goOn();
  };

  const finish = () => {
    setPending(null);
    goOn();
  };

  return { complete, pending, finish };
}
