/**
 * Scanner settings of this device (scanner-settings.ts): the prefix and suffix its scanner adds,
 * the idle gap that ends a scan without Enter, and its stand-in for the GS1 separator. Saved in
 * this browser; every screen listens with them from its next start. A test scan below shows how
 * the saved settings read what the scanner sends.
 */
import { Button, Input } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassifiedScan } from '@shared/domain/scan.js';
import { PdaHeader } from '../kit/header.js';
import { QuantityStepper } from '../kit/quantity-stepper.js';
import { useWedgeScans } from '../kit/use-wedge-scans.js';
import {
  readScannerSettings,
  saveScannerSettings,
  SCANNER_DEFAULTS,
  SCANNER_LIMITS,
  type ScannerSettings,
} from '../scan/scanner-settings.js';

/** Listens with the saved settings and shows what the last scan read as. */
function ScanTest() {
  const { t } = useTranslation();
  const sink = useRef<HTMLInputElement>(null);
  const [last, setLast] = useState<ClassifiedScan | null>(null);
  useWedgeScans(sink, setLast);
  return (
    <div className="pda-scan-test">
      <input
        ref={sink}
        type="text"
        inputMode="none"
        aria-hidden="true"
        tabIndex={-1}
        autoComplete="off"
        className="pda-scan-sink"
      />
      <div className="pda-field-label">{t('settings.test')}</div>
      <div className="pda-feedback pda-feedback-ok" role="status" data-testid="scan-test">
        {last
          ? t('settings.testRead', { code: last.code, kind: last.candidates[0]?.kind ?? '-' })
          : t('settings.testPrompt')}
      </div>
    </div>
  );
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<ScannerSettings>(() => readScannerSettings());
  const [saved, setSaved] = useState(0);
  // While the idle gap's field refuses what was typed, Save waits: no other gap is saved for it.
  const [isIdleValid, setIdleValid] = useState(true);
  const change = (next: Partial<ScannerSettings>) => setSettings((current) => ({ ...current, ...next }));
  const save = (next: ScannerSettings) => {
    saveScannerSettings(next);
    setSettings(next);
    setSaved((count) => count + 1);
  };
  return (
    <div className="pda-screen pda-settings" data-testid="settings-screen">
      <PdaHeader title={t('settings.title')} />
      <div className="pda-field-label">{t('settings.prefix')}</div>
      <Input
        className="pda-manual-code"
        value={settings.prefix}
        maxLength={SCANNER_LIMITS.affix}
        onChange={(prefix) => change({ prefix })}
        aria-label={t('settings.prefix')}
      />
      <div className="pda-field-label">{t('settings.suffix')}</div>
      <Input
        className="pda-manual-code"
        value={settings.suffix}
        maxLength={SCANNER_LIMITS.affix}
        onChange={(suffix) => change({ suffix })}
        aria-label={t('settings.suffix')}
      />
      <QuantityStepper
        label={t('settings.idleMs')}
        min={SCANNER_LIMITS.idleMin}
        max={SCANNER_LIMITS.idleMax}
        value={settings.idleMs}
        onChange={(idleMs) => change({ idleMs })}
        onValidity={setIdleValid}
      />
      <div className="pda-field-label">{t('settings.gsPlaceholder')}</div>
      <Input
        className="pda-manual-code"
        value={settings.gsPlaceholder}
        maxLength={1}
        onChange={(gsPlaceholder) => change({ gsPlaceholder })}
        aria-label={t('settings.gsPlaceholder')}
      />
      <p className="pda-hint">{t('settings.hint')}</p>
      <div className="pda-actions">
        <Button block size="large" color="primary" disabled={!isIdleValid} onClick={() => save(settings)}>
          {t('settings.save')}
        </Button>
        <Button block size="large" onClick={() => save(SCANNER_DEFAULTS)}>
          {t('settings.reset')}
        </Button>
      </div>
      {saved > 0 && (
        <div className="pda-feedback pda-feedback-ok" role="status" data-testid="settings-saved">
          {t('settings.saved')}
        </div>
      )}
      <ScanTest key={saved} />
    </div>
  );
}
