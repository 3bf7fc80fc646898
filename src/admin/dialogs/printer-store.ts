/**
 * Default printers: one printer name per
 * marketplace kind, plus the names this browser has seen. Kept in localStorage because a
 * printer belongs to the computer, not to the account.
 */
export const PRINTER_KINDS = ['shopee', 'lazada', 'tiktok', 'jd'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];
export type PrinterPreferences = Record<PrinterKind, string | null>;

export const PRINTERS_STORAGE_KEY = 'shell.printers';
export const KNOWN_PRINTERS_STORAGE_KEY = 'shell.printers.known';
const MAX_NAME = 128;

export function readPrinterPreferences(): PrinterPreferences {
  const empty: PrinterPreferences = { shopee: null, lazada: null, tiktok: null, jd: null };
  try {
    const stored = JSON.parse(localStorage.getItem(PRINTERS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    for (const kind of PRINTER_KINDS) {
      const value = stored[kind];
      if (typeof value === 'string' && value.trim()) empty[kind] = value.trim().slice(0, MAX_NAME);
    }
  } catch {
    // A broken entry counts as no choice.
  }
  return empty;
}

export function savePrinterPreferences(preferences: PrinterPreferences): void {
  localStorage.setItem(PRINTERS_STORAGE_KEY, JSON.stringify(preferences));
  const names = new Set([
    ...readKnownPrinters(),
    ...Object.values(preferences).filter((name) => name !== null),
  ]);
  localStorage.setItem(KNOWN_PRINTERS_STORAGE_KEY, JSON.stringify([...names]));
}

export function readKnownPrinters(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KNOWN_PRINTERS_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
