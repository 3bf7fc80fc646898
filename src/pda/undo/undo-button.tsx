/**
 * The 'Undo last scan' button of the scanning screens: it names the scan it takes back, asks
 * once, queues the compensating op (undo-data.ts) and hands the screen the undone scan so it
 * can show the counts as they are now. Scans are undone newest first, as far back as this
 * screen's visit goes.
 */
import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../app/kit.js';
import { usePdaServices } from '../app/sync-context.js';
import { undoScan, type UndoableScan } from './undo-data.js';

/** The most scans one screen remembers for undo. */
const UNDO_DEPTH = 50;

/** The scans of this screen that can still be undone, newest last. */
export function useUndoStack() {
  const [scans, setScans] = useState<UndoableScan[]>([]);
  const remember = useCallback((scan: UndoableScan) => {
    setScans((current) => [...current, scan].slice(-UNDO_DEPTH));
  }, []);
  const forget = useCallback((scan: UndoableScan) => {
    setScans((current) => current.filter((item) => item.op.opId !== scan.op.opId));
  }, []);
  /** Forgets the scans that can no longer be undone (those of a finished box). */
  const forgetWhere = useCallback((test: (scan: UndoableScan) => boolean) => {
    setScans((current) => current.filter((item) => !test(item)));
  }, []);
  /** The stack as the screen kept it before a reload. */
  const restore = useCallback((saved: UndoableScan[]) => setScans(saved.slice(-UNDO_DEPTH)), []);
  return { scans, last: scans.at(-1) ?? null, remember, forget, forgetWhere, restore };
}

export interface UndoButtonProps {
  last: UndoableScan | null;
  /** Called once the undo is queued with its local effect. */
  onUndone: (scan: UndoableScan) => void | Promise<void>;
  onFailed: (error: unknown) => void;
}

export function UndoButton({ last, onUndone, onFailed }: UndoButtonProps) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [isBusy, setBusy] = useState(false);

  const undo = async () => {
    if (!last) return;
    const isSure = await confirmDialog({
      content: t('undo.confirm', { scan: last.label }),
      confirmText: t('undo.confirmOk'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return;
    setBusy(true);
    try {
      await undoScan(db, last.op);
      await onUndone(last);
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
