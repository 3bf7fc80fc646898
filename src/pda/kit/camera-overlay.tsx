/**
 * The full-screen camera for phones and PDAs without a scanner: the rear camera behind a
 * viewfinder, the torch where the camera has one, and a close button. Loaded with React.lazy
 * when the worker taps the camera button, so the PDA's first load carries none of it. Every
 * track is stopped when it closes or unmounts, and when the app goes to the background.
 */
import { Button, Popup, Switch } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cameraErrorCode,
  MediaCameraScanner,
  type CameraErrorCode,
  type CameraScanner,
} from '../scan/camera.js';
import { CAMERA_FORMATS } from '../scan/detector.js';

export interface CameraOverlayProps {
  /** A recognised code (already de-duplicated), as a hardware scanner would send it. */
  onCode: (code: string) => void;
  onClose: () => void;
  /** For tests; a MediaCameraScanner by default. */
  scanner?: CameraScanner;
}

const CONTINUOUS_KEY = 'pda.camera.continuous';

/** Errors a second try cannot fix: the page's address or the browser itself. */
const FINAL_ERRORS: ReadonlySet<CameraErrorCode> = new Set(['insecure', 'unsupported']);

function storedContinuous(): boolean {
  try {
    return localStorage.getItem(CONTINUOUS_KEY) === '1';
  } catch {
    return false;
  }
}

type Status = { name: 'starting' } | { name: 'scanning' } | { name: 'error'; code: CameraErrorCode };

export function CameraOverlay({ onCode, onClose, scanner: given }: CameraOverlayProps) {
  const { t } = useTranslation();
  const [scanner] = useState<CameraScanner>(() => given ?? new MediaCameraScanner());
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<Status>({ name: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [hasTorch, setHasTorch] = useState(false);
  const [torchOn, setTorchOn] = useState(false);
  const [continuous, setContinuous] = useState(storedContinuous);
  const [last, setLast] = useState<string | null>(null);
  const latest = useRef({ onCode, onClose, continuous });
  latest.current = { onCode, onClose, continuous };

  useEffect(() => {
    if (!video) return undefined;
    let live = true;
    setStatus({ name: 'starting' });
    setTorchOn(false);
    scanner
      .start(video, CAMERA_FORMATS, (read) => {
        if (!live) return;
        setLast(read.rawValue);
        latest.current.onCode(read.rawValue);
        if (!latest.current.continuous) latest.current.onClose();
      })
      .then(
        () => {
          if (!live) return;
          setStatus({ name: 'scanning' });
          setHasTorch(scanner.hasTorch);
        },
        (error: unknown) => {
          if (live) setStatus({ name: 'error', code: cameraErrorCode(error) });
        },
      );
    return () => {
      live = false;
      setHasTorch(false);
      void scanner.stop();
    };
  }, [scanner, video, attempt]);

  // A camera left running in the background drains the battery and blocks other apps.
  useEffect(() => {
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') latest.current.onClose();
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, []);

  const toggleTorch = async () => {
    const next = !torchOn;
    if (await scanner.setTorch(next)) setTorchOn(next);
  };

  const toggleContinuous = (on: boolean) => {
    setContinuous(on);
    try {
      localStorage.setItem(CONTINUOUS_KEY, on ? '1' : '0');
    } catch {
      // Private mode: the choice lasts until the camera closes.
    }
  };

  let message: string;
  if (status.name === 'error') message = t(`camera.error.${status.code}`);
  else if (status.name === 'starting') message = t('camera.starting');
  else if (last !== null) message = t('camera.scanned', { code: last });
  else message = t('camera.hint');

  return (
    <Popup
      visible
      position="bottom"
      bodyClassName="pda-camera"
      bodyStyle={{ height: '100%' }}
      onMaskClick={onClose}
      destroyOnClose
    >
      <div className="pda-camera-view" role="dialog" aria-label={t('camera.title')}>
        <video ref={setVideo} className="pda-camera-video" autoPlay muted playsInline />
        {status.name !== 'error' && (
          <div className="pda-camera-frame" aria-hidden="true">
            <div className="pda-camera-line" />
          </div>
        )}
        <div className="pda-camera-top">
          <span className="pda-camera-title">{t('camera.title')}</span>
          <button type="button" className="pda-camera-close" onClick={onClose} aria-label={t('camera.close')}>
            ×
          </button>
        </div>
      </div>
      <div className="pda-camera-bottom">
        <div
          className={status.name === 'error' ? 'pda-camera-message pda-camera-error' : 'pda-camera-message'}
          role={status.name === 'error' ? 'alert' : 'status'}
        >
          {message}
        </div>
        <div className="pda-camera-actions">
          {status.name === 'error' && !FINAL_ERRORS.has(status.code) && (
            <Button color="primary" onClick={() => setAttempt((value) => value + 1)}>
              {t('common.retry')}
            </Button>
          )}
          {hasTorch && status.name === 'scanning' && (
            <Button fill="outline" className="pda-camera-torch" onClick={() => void toggleTorch()}>
              {torchOn ? t('camera.torchOff') : t('camera.torchOn')}
            </Button>
          )}
          <label className="pda-camera-continuous">
            <Switch checked={continuous} onChange={toggleContinuous} aria-label={t('camera.continuous')} />
            <span>{t('camera.continuous')}</span>
          </label>
          <Button onClick={onClose}>{t('camera.close')}</Button>
        </div>
      </div>
    </Popup>
  );
}
