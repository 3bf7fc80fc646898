/**
 * The local print helper's constants, shared by the admin (which finds the helper on its ports and
 * checks its version) and the helper program itself, which reads the same JSON file: in the
 * repository from here, in the downloadable archive from a copy beside the program.
 */
import constants from './print-helper.json';

export interface PrintHelperConstants {
  /** The name the helper answers in GET /status; another program on the port answers otherwise. */
  name: string;
  /** The version this repository ships in /downloads/print-plugin.zip. */
  version: string;
  /** The oldest helper the admin still prints through; older ones get the upgrade prompt. */
  minimumVersion: string;
  /** A fixed port and a spare one, tried in order (like C-Lodop's 8000 and 18000). */
  ports: readonly number[];
  /** The largest PDF the helper accepts, in bytes. */
  maxDocumentBytes: number;
  maxDocumentsPerJob: number;
  /** Each print type's paper, as CUPS names it for `lp -o media=` (see PRINT_TYPES). */
  printTypes: Record<string, string>;
  /** The print type a computer prints with until someone chooses another (spec: 6). */
  defaultPrintType: number;
}

export const PRINT_HELPER: PrintHelperConstants = constants;

/**
 * The archives the admin offers for download by direct link (Common tools), served by the server
 * itself: the print plugin (the helper printing on this computer's printers), and the virtual
 * printer, the same helper offering only its folder printer, which saves each label as a PDF in a
 * folder instead of printing it (a computer without a label printer, or to test a template).
 */
export const PLUGIN_DOWNLOADS = {
  printPlugin: '/downloads/print-plugin.zip',
  virtualPrinter: '/downloads/virtual-printer.zip',
} as const;
export type PluginId = keyof typeof PLUGIN_DOWNLOADS;

/**
 * Print types (spec 01 §9 "the default print type in state is 6", spec 02 §9). The spec gives
 * only the number; we read it as the paper a document prints on, numbered as its ISO 216
 * A-series size: 6 is A6, the 100 × 150 mm thermal label every waybill here is (our own labels,
 * Shopee's thermal air waybill, TikTok Shop's A6), and the default; 5 and 4 are A5 and A4 sheets
 * for office printers. The print helper asks CUPS for that paper and fits each page to it.
 */
export const PRINT_TYPES = [6, 5, 4] as const;
export type PrintType = (typeof PRINT_TYPES)[number];
export const DEFAULT_PRINT_TYPE: PrintType = 6;

export function isPrintType(value: unknown): value is PrintType {
  return PRINT_TYPES.some((type) => type === value);
}

export type HelperPrinterKind = 'system' | 'folder';
export type HelperDocumentStatus = 'queued' | 'printing' | 'done' | 'failed';

/** Compares dotted versions numerically ('1.10.0' is later than '1.9.2'); a missing part counts as 0. */
export function compareVersions(left: string, right: string): number {
  const parts = (version: string) => version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const a = parts(left);
  const b = parts(right);
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** True when an installed helper is recent enough to print through. */
export function isHelperVersionSupported(version: string): boolean {
  return compareVersions(version, PRINT_HELPER.minimumVersion) >= 0;
}
