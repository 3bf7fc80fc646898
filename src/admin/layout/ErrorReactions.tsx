/**
 * Shows the error catalogue (src/api/error-catalogue.ts) with antd: every failed call the client reports
 * becomes a notification titled 'system prompt'; a 401 with a token logs out and reloads after
 * 1.5 s; an expired token opens the 'login expired' dialog (once, however many calls fail).
 */
import { App } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clientHooks, type ApiError } from '@api/client.js';
import { LOGOUT_RELOAD_DELAY_MS, reactionTo } from '@api/error-catalogue.js';
import { logout } from '@api/modules/session.js';
import { sessionStore } from '@api/storage.js';
import type { Language } from '@shared/i18n/languages.js';
import { reloadPage } from './page-reload.js';

export function ErrorReactions({ language }: { language: Language }) {
  const { t } = useTranslation('shell');
  const { notification, modal } = App.useApp();
  const isExpiredOpen = useRef(false);
  const isReloadScheduled = useRef(false);

  useLayoutEffect(() => {
    const logOutAndReload = () => {
      if (isReloadScheduled.current) return;
      isReloadScheduled.current = true;
      sessionStore.clear();
      setTimeout(reloadPage, LOGOUT_RELOAD_DELAY_MS);
    };

    const showExpired = () => {
      if (isExpiredOpen.current) return;
      isExpiredOpen.current = true;
      modal.error({
        title: t('errors.expired_title'),
        content: t('errors.expired_content'),
        okText: t('errors.login_again'),
        keyboard: false,
        maskClosable: false,
        onOk: async () => {
          try {
            await logout();
          } catch {
            // The token is already dead on the server: clearing it here is what matters.
          }
          sessionStore.clear();
          reloadPage();
        },
      });
    };

    clientHooks.language = () => language;
    clientHooks.onError = (error: ApiError) => {
      const reaction = reactionTo(error, sessionStore.token() !== null);
      if (reaction.kind === 'expired-dialog') {
        showExpired();
        return;
      }
      const description = reaction.kind === 'notify' ? t(reaction.messageKey) : reaction.message;
      notification.error({ key: `api-error:${description}`, message: t('errors.title'), description });
      if (reaction.kind === 'notify' && reaction.logoutAndReload) logOutAndReload();
    };
  }, [language, modal, notification, t]);

  return null;
}
