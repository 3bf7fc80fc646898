/**
 * A scanning screen's feedback: the outcome of the last scan as a coloured banner (and the
 * screen's tint), with its tone and vibration (feedback.ts) started in the same tick. An error
 * blocks further scans until the worker taps OK; the scans that come meanwhile are named on the
 * error's banner (held-scans.ts), since the banner's own words are about the earlier code.
 */
import { Button } from 'antd-mobile';
import { useCallback, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signal, type FeedbackKind } from './feedback.js';
import { showHeldInBanner, useHeldScans } from './held-scans.js';

export interface Flash {
  kind: FeedbackKind;
  text: string;
}

export function useScanFeedback() {
  const [flash, setFlash] = useState<Flash | null>(null);
  const tell = useCallback((kind: FeedbackKind, text: string) => {
    signal(kind);
    setFlash({ kind, text });
  }, []);
  const clear = useCallback(() => setFlash(null), []);
  return { flash, tell, clear, isBlocked: flash?.kind === 'error' };
}

/** The class that tints the screen with the last scan's outcome. */
export const flashClass = (flash: Flash | null) => `pda-screen pda-flash-${flash?.kind ?? 'none'}`;

function OkButton({ onOk }: { onOk: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="large" color="danger" onClick={onOk}>
      {t('common.ok')}
    </Button>
  );
}

/** The codes scanned while the error shows, which wait for its OK: the newest last. */
function HeldScans() {
  const { t } = useTranslation();
  const { codes } = useHeldScans();
  useLayoutEffect(() => showHeldInBanner(), []);
  if (codes.length === 0) return null;
  return (
    <span className="pda-feedback-held" role="status" data-testid="scans-held">
      {t('scan.waiting', { count: codes.length, codes: codes.join(', ') })}
    </span>
  );
}

/** The last scan's outcome. Shown on every scan, so it translates nothing but an error's parts. */
export function FeedbackBanner({ flash, onOk }: { flash: Flash | null; onOk: () => void }) {
  if (!flash) return null;
  const isError = flash.kind === 'error';
  return (
    <div className={`pda-feedback pda-feedback-${flash.kind}`} role="alert" data-testid="feedback">
      {isError ? (
        <span className="pda-feedback-text">
          <span>{flash.text}</span>
          <HeldScans />
        </span>
      ) : (
        <span>{flash.text}</span>
      )}
      {isError && <OkButton onOk={onOk} />}
    </div>
  );
}
