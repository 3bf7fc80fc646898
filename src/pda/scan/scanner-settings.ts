/**
 * This device's scanner setup: the prefix and suffix its scanner adds (to strip before a code is
 * read), the idle gap that ends a scan sent without a suffix, and the printable character its
 * profile puts where the GS1 separator was. Kept in this browser's localStorage (one device, one
 * scanner; read synchronously whenever a screen starts listening), never on the server.
 */
import { WEDGE_DEFAULTS } from '@shared/domain/scan.js';

export interface ScannerSettings {
  /** Characters the scanner sends before each code, stripped when a scan starts with them. */
  prefix: string;
  /** Characters the scanner sends after each code (before any Enter), stripped when it ends with them. */
  suffix: string;
  /** A pause this long after scanner-speed keys ends a scan without Enter or Tab, in ms. */
  idleMs: number;
  /** The printable stand-in for GS the scanner's profile sends (e.g. '~'); empty for none. */
  gsPlaceholder: string;
}

export const SCANNER_DEFAULTS: ScannerSettings = {
  prefix: '',
  suffix: '',
  idleMs: WEDGE_DEFAULTS.idleMs,
  gsPlaceholder: '',
};

/** What a device may set: short affixes, one placeholder character, an idle gap a scanner can keep. */
export const SCANNER_LIMITS = { affix: 8, idleMin: 30, idleMax: 1_000 } as const;

const STORAGE_KEY = 'pda-scanner-settings';

/** Settings as stored, each field checked; anything missing or out of bounds is the default. */
export function readScannerSettings(storage: Storage = localStorage): ScannerSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.length <= max ? value : '';
  const idle = stored.idleMs;
  return {
    prefix: text(stored.prefix, SCANNER_LIMITS.affix),
    suffix: text(stored.suffix, SCANNER_LIMITS.affix),
    idleMs:
      typeof idle === 'number' &&
      Number.isInteger(idle) &&
      idle >= SCANNER_LIMITS.idleMin &&
      idle <= SCANNER_LIMITS.idleMax
        ? idle
        : SCANNER_DEFAULTS.idleMs,
    gsPlaceholder: text(stored.gsPlaceholder, 1),
  };
}

export function saveScannerSettings(settings: ScannerSettings, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(settings));
}

/** The scan without the prefix and suffix the device's scanner adds. */
export function stripAffixes(raw: string, settings: Pick<ScannerSettings, 'prefix' | 'suffix'>): string {
  let code = raw;
  if (settings.prefix && code.startsWith(settings.prefix)) code = code.slice(settings.prefix.length);
  if (settings.suffix && code.endsWith(settings.suffix)) code = code.slice(0, -settings.suffix.length);
  return code;
}
