/**
 * The failed sign-in attempts on the account since its last sign-in, which the server tells in
 * the sign-in's reply (as the admin shows them): shown above whichever screen follows the
 * sign-in until the worker taps OK. The server tells them once, so only this notice holds them.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FailedSignIns } from '@shared/contract/identity.js';
import { BCP47, resolveLanguage } from '@shared/i18n/languages.js';

export function FailedSignInsNotice({
  failedSignIns,
  onClose,
}: {
  failedSignIns: FailedSignIns;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(BCP47[resolveLanguage(i18n.language)], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(failedSignIns.lastAt));
  return (
    <div
      className="pda-feedback pda-feedback-warn pda-sign-in-notice"
      role="alert"
      data-testid="failed-sign-ins"
    >
      <span className="pda-feedback-text">
        <strong>{t('login.failedAttemptsTitle')}</strong>
        <span>{t('login.failedAttempts', { count: failedSignIns.count, time })}</span>
      </span>
      <Button size="large" onClick={onClose}>
        {t('common.ok')}
      </Button>
    </div>
  );
}
