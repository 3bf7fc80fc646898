/**
 * The browser fallback: each PDF in turn through a hidden frame and the browser's print dialog.
 * The browser cannot choose the printer; the user does, in the dialog.
 */
import type { PrintOutcome } from '../dialogs/print-helper.js';
import type { DocumentOutcome, PrintAgent, PrintRequest, PrintResult } from './print-agent.js';

/** Prints one PDF and tells the user when it cannot (the hidden-frame print with its own prompts). */
export type PrintOnePdf = (source: string | Blob) => Promise<PrintOutcome>;

export function browserAgent(printOne: PrintOnePdf): PrintAgent {
  return {
    via: 'browser',
    async print(request: PrintRequest): Promise<PrintResult> {
      const documents: DocumentOutcome[] = [];
      for (const document of request.documents) {
        const outcome = await printOne(document.blob ?? document.url);
        documents.push(
          outcome === 'printing'
            ? { id: document.id, status: 'browser' }
            : outcome === 'not_loaded'
              ? { id: document.id, status: 'not_loaded' }
              : { id: document.id, status: 'failed', error: 'unavailable' },
        );
      }
      return { via: 'browser', documents };
    },
  };
}
