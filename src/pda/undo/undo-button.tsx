/**
 * The 'Undo last scan' button of the scanning screens: it names the scan it takes back, asks
 * once, queues the compensating op (undo-data.ts) and hands the screen the undone scan so it
 * can show the counts as they are now. Scans are undone newest first, as far back as this
 * screen's visit goes.
 */
import { Button } from 'antd-mobile';
import { startTransition, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../kit/kit.js';
import { usePdaServices } from '../shell/sync-context.js';
import { undoScan, type UndoableScan } from './undo-data.js';

/** The most scans one screen remembers for undo. */
const UNDO_DEPTH = 50;

/**
 * The scans of this screen that can still be undone, newest last. A scan is remembered once it
 * is stored, after its feedback, and shows on the button as a transition (a scan that comes
 * meanwhile renders first); the button's action takes the newest scan as it is when tapped
 * (`current`), so it never undoes an older one while the newest is on its way to the screen.
 */
export function useUndoStack() {
  const [scans, setScans] = useState<UndoableScan[]>([]);
  const latest = useRef<UndoableScan[]>([]);
  const change = useCallback((next: (current: UndoableScan[]) => UndoableScan[], isUrgent = true) => {
    const value = next(latest.current);
    latest.current = value;
    if (isUrgent) setScans(value);
    else startTransition(() => setScans(value));
  }, []);
  const remember = useCallback(
    (scan: UndoableScan) => change((current) => [...current, scan].slice(-UNDO_DEPTH), false),
    [change],
  );
  const forget = useCallback(
    (scan: UndoableScan) => change((current) => current.filter((item) => item.op.opId !== scan.op.opId)),
    [change],
  );
  /** Forgets the scans that can no longer be undone (those of a finished box). */
  const forgetWhere = useCallback(
    (test: (scan: UndoableScan) => boolean) => change((current) => current.filter((item) => !test(item))),
    [change],
  );
  /** The stack as the screen kept it before a reload. */
  const restore = useCallback((saved: UndoableScan[]) => change(() => saved.slice(-UNDO_DEPTH)), [change]);
  /** The newest scan now, rendered or not. */
  const current = useCallback(() => latest.current.at(-1) ?? null, []);
  return { scans, last: scans.at(-1) ?? null, current, remember, forget, forgetWhere, restore };
}

export interface UndoButtonProps {
  /** The newest scan as rendered: the button's words. */
  last: UndoableScan | null;
  /** The newest scan when the button is tapped (useUndoStack's `current`); `last` without it. */
  current?: () => UndoableScan | null;
  /** Called once the undo is queued with its local effect. */
  onUndone: (scan: UndoableScan) => void | Promise<void>;
  onFailed: (error: unknown) => void;
}

export function UndoButton({ last, current, onUndone, onFailed }: UndoButtonProps) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [isBusy, setBusy] = useState(false);

  const undo = async () => {
    const scan = current ? current() : last;
    if (!scan) return;
    const isSure = await confirmDialog({
      content: t('undo.confirm', { scan: scan.label }),
      confirmText: t('undo.confirmOk'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return;
    setBusy(true);
    try {
      await undoScan(db, scan.op);
      await onUndone(scan);
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      block
      size="large"
      color="warning"
      fill="outline"
      disabled={!last || isBusy}
      onClick={() => void undo()}
      data-testid="undo"
    >
      {last ? t('undo.button', { scan: last.label }) : t('undo.nothing')}
    </Button>
  );
}
