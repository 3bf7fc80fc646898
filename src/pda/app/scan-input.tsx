/**
 * Where scans come in on a screen: the hardware scanner as keyboard input (listenForScans on
 * an off-screen `inputmode="none"` sink, note §1.3) and an on-screen field for typing a code
 * by hand. Both hand the screen the same classified scan.
 */
import { Button, Input } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyScan, type ClassifiedScan } from '../../shared/domain/scan.js';
import { listenForScans } from '../scan/keyboard-wedge.js';

export interface ScanInputProps {
  onScan: (scan: ClassifiedScan) => void;
  /** While false (an error waits for OK), scans are ignored. */
  enabled?: boolean;
}

export function ScanInput({ onScan, enabled = true }: ScanInputProps) {
  const { t } = useTranslation();
  const sink = useRef<HTMLInputElement>(null);
  const handler = useRef(onScan);
  const isEnabled = useRef(enabled);
  const [typed, setTyped] = useState('');
  handler.current = onScan;
  isEnabled.current = enabled;

  useLayoutEffect(() => {
    const input = sink.current;
    if (!input) return undefined;
    input.focus({ preventScroll: true });
    return listenForScans(input, (scan) => {
      if (isEnabled.current) handler.current(classifyScan(scan.raw));
    });
  }, []);

  useEffect(() => {
    if (enabled) sink.current?.focus({ preventScroll: true });
  }, [enabled]);

  const submit = () => {
    const code = typed.trim();
    if (!code || !isEnabled.current) return;
    setTyped('');
    handler.current(classifyScan(code));
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
    </div>
  );
}
