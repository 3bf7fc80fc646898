/**
 * A scanning screen's feedback: the outcome of the last scan as a coloured banner (and the
 * screen's tint), with its tone and vibration (feedback.ts) started in the same tick. An error
 * blocks further scans until the worker taps OK.
 */
import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signal, type FeedbackKind } from './feedback.js';

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

/** The last scan's outcome. Shown on every scan, so it translates nothing but an error's OK. */
export function FeedbackBanner({ flash, onOk }: { flash: Flash | null; onOk: () => void }) {
  if (!flash) return null;
  return (
    <div className={`pda-feedback pda-feedback-${flash.kind}`} role="alert" data-testid="feedback">
      <span>{flash.text}</span>
      {flash.kind === 'error' && <OkButton onOk={onOk} />}
    </div>
  );
}
