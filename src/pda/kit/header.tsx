/**
 * The bar on every screen after login: the screen's title (its heading) between a Back button
 * and Sync now, then online or offline, how many scans wait for the server and when the device
 * last synced, on one line. A stopped sync (login expired, app too old) shows here too, so the
 * worker knows the queue is waiting. The title bar is the app's own rather than antd-mobile's
 * NavBar, whose back link is a `div` that takes no focus and whose button role has no name.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePdaServices, useSyncStatus } from '../shell/sync-context.js';

function clock(at: number | null, locale: string): string {
  if (at === null) return '—';
  return new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/**
 * Sync now's label, "Syncing…" while a run is under way: words that do not move. An animation
 * would ask the page's main thread for a frame for as long as the sync runs (antd-mobile's
 * DotLoading animates SVG attributes; even a transform animation was restyled on the main thread
 * frame after frame in Chromium at 4 × CPU), and on a slow handheld those frames sit between a
 * scan and its feedback. Both labels hold the same grid cell, so the button keeps the width of the
 * longer and nothing beside it moves when a run starts or ends; the hidden one is out of the
 * button's name.
 */
function SyncLabel({ isSyncing }: { isSyncing: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="pda-sync-label">
      <span className={isSyncing ? 'pda-sync-off' : undefined} aria-hidden={isSyncing || undefined}>
        {t('status.syncNow')}
      </span>
      <span className={isSyncing ? undefined : 'pda-sync-off'} aria-hidden={!isSyncing || undefined}>
        {t('status.syncing')}
      </span>
    </span>
  );
}

function BackArrow() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.4" d="M15 4 7 12l8 8" />
    </svg>
  );
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
      <div className="pda-nav">
        <div className="pda-nav-side">
          {!isHome && (
            <button type="button" className="pda-back" onClick={() => navigate('/')}>
              <BackArrow />
              <span>{t('nav.back')}</span>
            </button>
          )}
        </div>
        <h1 className="pda-nav-title">{title}</h1>
        <div className="pda-nav-side pda-nav-end">
          {/*
           * Sync now stays enabled while a sync runs (a tap joins the run under way) and says so
           * at full contrast: antd-mobile's loading state dims the button to 2.2:1 and fades it
           * back over 0.15 s, unreadable in the field.
           */}
          <Button
            size="mini"
            fill="outline"
            className="pda-sync-now"
            onClick={() => void engine.resume()}
            aria-busy={status.isSyncing}
          >
            <SyncLabel isSyncing={status.isSyncing} />
          </Button>
        </div>
      </div>
      <div className="pda-status" role="status" aria-live="polite">
        <span className={status.isOnline ? 'pda-online' : 'pda-offline'} data-testid="network">
          {status.isOnline ? t('status.online') : t('status.offline')}
        </span>
        <span data-testid="queued">{t('status.queued', { count: status.queuedCount })}</span>
        <span data-testid="last-sync">
          {t('status.lastSync', { time: clock(status.lastSyncAt, i18n.language) })}
        </span>
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
