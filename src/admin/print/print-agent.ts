/**
 * What printing asks of a print agent, whichever prints: the local print helper (straight to the
 * printer chosen for the marketplace kind) or the browser (its print dialog, one document at a
 * time). Each document gets its own outcome, so a batch screen can show what printed and what not.
 */
import type { PrintType } from '@shared/domain/print-helper.js';
import type { PrinterKind } from '../dialogs/printer-store.js';

export type PrintDocument = {
  /** The caller's id for the document (an order number, a label file id); outcomes carry it back. */
  id: string;
} & ({ url: string; blob?: never } | { blob: Blob; url?: never });

export interface PrintRequest {
  /** The marketplace kind: picks the default printer chosen in Printer settings. */
  kind: PrinterKind;
  /** Shown in the printer's queue. */
  title: string;
  /** The paper the helper prints on (Printer settings' print type); the helper's default 6 when absent. */
  printType?: PrintType;
  documents: PrintDocument[];
  /**
   * Our print job id (a server print job's id, say). A job re-sent with the same id is not printed
   * twice by the helper; a reprint is a new job. Made up when absent.
   */
  jobId?: string;
}

/**
 * - printed: the helper printed it (or saved it, for its folder printer);
 * - pending: the helper has it but had not finished when we stopped waiting;
 * - browser: the browser's print dialog opened on it;
 * - failed: not printed, `error` says why;
 * - cancelled: the user chose not to print;
 * - not_loaded: the page had not finished loading.
 */
export type DocumentPrintStatus = 'printed' | 'pending' | 'browser' | 'failed' | 'cancelled' | 'not_loaded';

export interface DocumentOutcome {
  id: string;
  status: DocumentPrintStatus;
  error?: string;
}

export interface PrintResult {
  via: 'helper' | 'browser' | 'none';
  /** The printer the helper printed on. */
  printer?: string;
  documents: DocumentOutcome[];
}

export interface PrintAgent {
  via: 'helper' | 'browser';
  print(request: PrintRequest, printer: string): Promise<PrintResult>;
}

/** Every document of a request with the same outcome. */
export function sameOutcome(
  request: PrintRequest,
  via: PrintResult['via'],
  status: DocumentPrintStatus,
  error?: string,
): PrintResult {
  return {
    via,
    documents: request.documents.map((document) => ({
      id: document.id,
      status,
      ...(error ? { error } : {}),
    })),
  };
}
