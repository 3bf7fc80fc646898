/**
 * Where scans come in on a screen: the hardware scanner as keyboard input (listenForScans on
 * an off-screen `inputmode="none"` sink), an on-screen field for typing a code by
 * hand, and the camera for phones and PDAs without a scanner. All three hand the
 * screen the same classified scan.
 *
 * The sink holds focus whenever nothing else does, so a scanner that types through the input
 * method always has a field to type into.
 *
 * Nothing scanned is dropped: scans reach the screen one at a time, in the order they came, each
 * after the previous one's outcome is on the screen. A scan that comes while an error waits for
 * OK (or while the previous scan is still being looked up) waits in line, is shown as waiting,
 * and is handed on once the worker taps OK.
 */
import { Button, Input } from 'antd-mobile';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { classifyScan, type ClassifiedScan } from '@shared/domain/scan.js';
import type { CameraOverlayProps } from './camera-overlay.js';
import { setHeldScans, useHeldScans } from './held-scans.js';
import { classifyDeviceScan, useWedgeScans } from './use-wedge-scans.js';

/** Where the camera's chunk cannot load (an old precache after an update): say so, never crash. */
function CameraLoadFailed({ onClose }: CameraOverlayProps) {
  const { t } = useTranslation();
  return (
    <div className="pda-feedback pda-feedback-error pda-camera-load-failed" role="alert">
      {t('camera.error.failed')}
      <Button onClick={onClose}>{t('camera.close')}</Button>
    </div>
  );
}

/** The camera's screen and detector load only when the worker opens it (first load stays small). */
const CameraOverlay = lazy(() =>
  import('./camera-overlay.js').then(
    (module) => ({ default: module.CameraOverlay }),
    () => ({ default: CameraLoadFailed }),
  ),
);

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
      />
    </svg>
  );
}

/**
 * A code typed by hand, and the camera's button. Memoised with the text it holds: the scan line
 * renders again after every scan, and these controls (and their words) need not with it.
 */
const ManualEntry = memo(function ManualEntry({
  sink,
  onCode,
  isCameraEnabled,
  onOpenCamera,
}: {
  sink: RefObject<HTMLInputElement | null>;
  onCode: (scan: ClassifiedScan) => void;
  isCameraEnabled: boolean;
  onOpenCamera: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const submit = () => {
    const code = typed.trim();
    if (!code) return;
    setTyped('');
    onCode(classifyScan(code));
    sink.current?.focus({ preventScroll: true });
  };
  return (
    <>
      <Input
        className="pda-manual-code"
        placeholder={t('scan.manualPlaceholder')}
        value={typed}
        onChange={setTyped}
        onEnterPress={submit}
        clearable
        aria-label={t('scan.manualPlaceholder')}
      />
      <Button color="primary" fill="outline" onClick={submit} disabled={!typed.trim()}>
        {t('scan.enter')}
      </Button>
      <Button
        className="pda-camera-open"
        color="primary"
        fill="outline"
        onClick={onOpenCamera}
        disabled={!isCameraEnabled}
        aria-label={t('camera.open')}
      >
        <CameraIcon />
      </Button>
    </>
  );
});

export interface ScanInputProps {
  /** Handles one scan; a promise keeps the next scan waiting until it settles. */
  onScan: (scan: ClassifiedScan) => void | Promise<unknown>;
  /** While false (an error waits for OK), scans wait in line and are shown as waiting. */
  enabled?: boolean;
}

/**
 * Hands scans to `onScan` one at a time, in arrival order. The next one goes only after the
 * previous one settled and the screen rendered its outcome (the effect runs after the commit),
 * so it meets the screen's current step; while `enabled` is false they wait.
 */
function useScanLine(onScan: ScanInputProps['onScan'], enabled: boolean) {
  const handler = useRef(onScan);
  const isEnabled = useRef(enabled);
  const line = useRef<ClassifiedScan[]>([]);
  /** Scans handed on, and of those the ones whose outcome the screen has rendered. */
  const started = useRef(0);
  const rendered = useRef(0);
  const [waiting, setWaiting] = useState<string[]>([]);
  const [settled, setSettled] = useState(0);
  handler.current = onScan;
  isEnabled.current = enabled;

  const run = useCallback((scan: ClassifiedScan) => {
    started.current += 1;
    let outcome: void | Promise<unknown> = undefined;
    try {
      outcome = handler.current(scan);
    } catch (error) {
      console.error('PDA scan handler failed', error);
    }
    void Promise.resolve(outcome)
      .catch((error: unknown) => console.error('PDA scan handler failed', error))
      .finally(() => setSettled((count) => count + 1));
  }, []);

  const take = useCallback(
    (scan: ClassifiedScan) => {
      if (started.current > rendered.current || !isEnabled.current || line.current.length > 0) {
        line.current.push(scan);
        setWaiting(line.current.map((item) => item.code || item.raw));
        return;
      }
      run(scan);
    },
    [run],
  );

  useEffect(() => {
    rendered.current = settled;
    if (!enabled || started.current > settled) return;
    const next = line.current.shift();
    if (!next) return;
    setWaiting(line.current.map((item) => item.code || item.raw));
    run(next);
  }, [enabled, settled, run]);

  // The banner of the message they wait behind names them (held-scans.ts).
  useEffect(() => setHeldScans(waiting), [waiting]);
  useEffect(() => () => setHeldScans([]), []);

  return { take, waiting };
}

function UnreadNote({ text, onUse, onDismiss }: { text: string; onUse: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pda-feedback pda-feedback-warn pda-unread" role="alert" data-testid="scan-unread">
      <span>{t('scan.unread', { text })}</span>
      <Button size="small" color="primary" onClick={onUse}>
        {t('scan.useUnread')}
      </Button>
      <Button size="small" onClick={onDismiss}>
        {t('scan.dismissUnread')}
      </Button>
    </div>
  );
}

/** The scans held while no message's banner names them (a step that takes no scans yet). */
function WaitingNote({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const { banners } = useHeldScans();
  if (banners > 0) return null;
  return (
    <div className="pda-scans-waiting" role="status" data-testid="scans-waiting">
      {t('scan.waiting', { count: codes.length, codes: codes.join(', ') })}
    </div>
  );
}

/**
 * The scan line and its controls. It renders again after every scan (the line moves on), so
 * what it shows each time translates nothing: the words are in the parts below it.
 */
export function ScanInput({ onScan, enabled = true }: ScanInputProps) {
  const sink = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  /** Input that arrived but could not be read as a scan: shown until used or dismissed. */
  const [unread, setUnread] = useState<string | null>(null);
  const { take, waiting } = useScanLine(onScan, enabled);

  useLayoutEffect(() => {
    sink.current?.focus({ preventScroll: true });
  }, []);
  useWedgeScans(sink, take, setUnread);

  const handleUseUnread = () => {
    if (unread !== null) take(classifyDeviceScan(unread));
    setUnread(null);
    sink.current?.focus({ preventScroll: true });
  };

  // Focus let go of (a quantity field after a count, a field the worker tapped away from) comes
  // back to the sink: a scanner that types through the input method needs a focused field.
  useEffect(() => {
    const input = sink.current;
    if (!input) return undefined;
    const doc = input.ownerDocument;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (doc.activeElement === null || doc.activeElement === doc.body)
          input.focus({ preventScroll: true });
      }, 0);
    };
    doc.addEventListener('focusout', handleFocusOut);
    return () => {
      doc.removeEventListener('focusout', handleFocusOut);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (enabled) sink.current?.focus({ preventScroll: true });
    // A blocking message waits for OK on the screen: the camera steps aside so it can be read.
    else setCameraOpen(false);
  }, [enabled]);

  const openCamera = useCallback(() => setCameraOpen(true), []);
  const cameraCode = (code: string) => take(classifyScan(code));
  const closeCamera = () => {
    setCameraOpen(false);
    sink.current?.focus({ preventScroll: true });
  };

  return (
    <div className="pda-scan-input">
      <input
        ref={sink}
        type="text"
        inputMode="none"
        aria-hidden="true"
        tabIndex={-1}
        autoComplete="off"
        className="pda-scan-sink"
      />
      <ManualEntry sink={sink} onCode={take} isCameraEnabled={enabled} onOpenCamera={openCamera} />
      {unread !== null && (
        <UnreadNote text={unread} onUse={handleUseUnread} onDismiss={() => setUnread(null)} />
      )}
      {waiting.length > 0 && !enabled && <WaitingNote codes={waiting} />}
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraOverlay onCode={cameraCode} onClose={closeCamera} />
        </Suspense>
      )}
    </div>
  );
}
