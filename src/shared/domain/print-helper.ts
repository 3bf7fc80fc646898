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
}

export const PRINT_HELPER: PrintHelperConstants = constants;

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
