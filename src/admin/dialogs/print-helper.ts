/**
 * The print helper: prints a PDF (a waybill, a label) through a hidden
 * iframe, so the browser's print dialog opens on the PDF alone. The PDF is loaded as a blob
 * first, which keeps the iframe same-origin and printable even when the file comes from
 * elsewhere. Answers what happened; the caller tells the user.
 */
import { sessionStore } from '@api/storage.js';

export type PrintOutcome = 'printing' | 'not_loaded' | 'unavailable';

/** How long a PDF may take to render in the iframe before printing counts as impossible. */
export const PRINT_LOAD_TIMEOUT_MS = 20_000;
/** The iframe is kept a while after printing starts: removing it closes the print preview. */
export const PRINT_CLEANUP_MS = 60_000;

/** The PDF as a blob: given as one, or fetched (with the session token when it is ours). */
export async function pdfBlob(source: string | Blob): Promise<Blob> {
  if (source instanceof Blob) return source;
  const url = new URL(source, window.location.href);
  const headers = new Headers();
  const token = sessionStore.token();
  if (token && url.origin === window.location.origin) headers.set('X-Access-Token', token);
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`PDF answered ${response.status}`);
  return response.blob();
}

function hiddenFrame(target: Document): HTMLIFrameElement {
  const frame = target.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.title = 'print';
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  return frame;
}

/** Prints a PDF given by address or as a blob. */
export async function printPdf(source: string | Blob, target: Document = document): Promise<PrintOutcome> {
  if (target.readyState !== 'complete') return 'not_loaded';
  let objectUrl: string;
  try {
    objectUrl = URL.createObjectURL(await pdfBlob(source));
  } catch {
    return 'unavailable';
  }
  const frame = hiddenFrame(target);
  const cleanup = () => {
    frame.remove();
    URL.revokeObjectURL(objectUrl);
  };
  return new Promise<PrintOutcome>((resolve) => {
    const timer = setTimeout(() => {
      cleanup();
      resolve('unavailable');
    }, PRINT_LOAD_TIMEOUT_MS);
    frame.onload = () => {
      clearTimeout(timer);
      try {
        const view = frame.contentWindow;
        if (!view) throw new Error('no window');
        view.focus();
        view.print();
        setTimeout(cleanup, PRINT_CLEANUP_MS);
        resolve('printing');
      } catch {
        cleanup();
        resolve('unavailable');
      }
    };
    frame.src = objectUrl;
    target.body.appendChild(frame);
  });
}
