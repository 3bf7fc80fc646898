/**
 * App updates at a safe point only: the service worker is registered with
 * `registerType: 'prompt'`, checks hourly, and a waiting version is offered on the home
 * screen; it is applied only when the worker taps it, never in the middle of a task.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function UpdateOffer({ queuedCount }: { queuedCount: number }) {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (!registration.installing && navigator.onLine) void registration.update();
      }, CHECK_EVERY_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('PDA service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="pda-update" role="status">
      <span>{queuedCount > 0 ? t('update.waitQueue', { count: queuedCount }) : t('update.ready')}</span>
      <Button color="primary" size="small" onClick={() => void updateServiceWorker(true)}>
        {t('update.apply')}
      </Button>
    </div>
  );
}
