/**
 * Default printers: one printer name per marketplace kind, the print type (the paper the
 * print helper prints on; 6, the 100 × 150 mm label, until someone chooses another), plus the
 * names this browser has seen. Kept in localStorage because a printer belongs to the computer,
 * not to the account.
 */
import { DEFAULT_PRINT_TYPE, isPrintType, type PrintType } from '@shared/domain/print-helper.js';

export const PRINTER_KINDS = ['shopee', 'lazada', 'tiktok', 'jd'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];
export type PrinterPreferences = Record<PrinterKind, string | null>;

export const PRINTERS_STORAGE_KEY = 'shell.printers';
export const KNOWN_PRINTERS_STORAGE_KEY = 'shell.printers.known';
export const PRINT_TYPE_STORAGE_KEY = 'shell.printType';
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

/** The print type chosen on this computer; the spec's default 6 when none (or nothing valid) is stored. */
export function readPrintType(): PrintType {
  const stored = Number(localStorage.getItem(PRINT_TYPE_STORAGE_KEY));
  return isPrintType(stored) ? stored : DEFAULT_PRINT_TYPE;
}

export function savePrintType(printType: PrintType): void {
  localStorage.setItem(PRINT_TYPE_STORAGE_KEY, String(printType));
}
