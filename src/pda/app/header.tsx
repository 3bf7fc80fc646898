/**
 * The bar on every screen after login: online or offline, how many scans wait for the server,
 * when the device last synced, and a way to sync now. A stopped sync (login expired, app too
 * old) shows here too, so the worker knows the queue is waiting.
 */
import { Button, NavBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePdaServices, useSyncStatus } from './sync-context.js';

function clock(at: number | null, locale: string): string {
  if (at === null) return '—';
  return new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

export function PdaHeader({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const { engine } = usePdaServices();
  const status = useSyncStatus();
  const navigate = useNavigate();
  const location = useLocation();
  const isHome = location.pathname === '/';
  return (
    <header className="pda-header">
      <NavBar backIcon={!isHome} back={isHome ? null : t('nav.back')} onBack={() => navigate('/')}>
        {title}
      </NavBar>
      <div className="pda-status" role="status" aria-live="polite">
        <span className={status.isOnline ? 'pda-online' : 'pda-offline'} data-testid="network">
          {status.isOnline ? t('status.online') : t('status.offline')}
        </span>
        <span data-testid="queued">{t('status.queued', { count: status.queuedCount })}</span>
        <span data-testid="last-sync">
          {t('status.lastSync', { time: clock(status.lastSyncAt, i18n.language) })}
        </span>
        <Button
          size="mini"
          fill="outline"
          loading={status.isSyncing}
          onClick={() => void engine.resume()}
          aria-label={t('status.syncNow')}
        >
          {t('status.syncNow')}
        </Button>
      </div>
      {status.problem && (
        <div className="pda-problem" role="alert">
          {t(`problem.${status.problem.kind}`)}
        </div>
      )}
      {status.attention.length > 0 && !location.pathname.startsWith('/attention') && (
        <button type="button" className="pda-attention-link" onClick={() => navigate('/attention')}>
          {t('attention.banner', { count: status.attention.length })}
        </button>
      )}
    </header>
  );
}
