/**
 * The print helper adapter: finds the helper on the operator's computer (its fixed port, then the
 * spare one), and prints by posting a job with the PDFs in base64, then following the job until
 * each document is done or failed. The helper lives on the loopback address; Chrome asks the user
 * once per site before a page may reach it (Local Network Access).
 */
import {
  helperJob,
  helperRefusal,
  helperStatus,
  type HelperJob,
  type HelperPrinter,
  type HelperStatus,
} from '@shared/contract/print-helper.js';
import { isHelperVersionSupported, PRINT_HELPER } from '@shared/domain/print-helper.js';
import { pdfBlob } from '../dialogs/print-helper.js';
import type { DocumentOutcome, PrintAgent, PrintRequest, PrintResult } from './print-agent.js';

/** How long a helper may take to answer its status before it counts as absent. */
export const HELPER_PROBE_TIMEOUT_MS = 1500;
/** How often a job's state is asked for while it prints. */
export const HELPER_POLL_MS = 500;
/** How long to follow a job: a minute, plus 15 seconds a document. */
export const helperWaitMs = (documents: number) => 60_000 + documents * 15_000;

export type HelperProbe =
  | { state: 'ready'; base: string; status: HelperStatus }
  | { state: 'outdated'; base: string; status: HelperStatus }
  | { state: 'missing' };

export const helperBases = () => PRINT_HELPER.ports.map((port) => `http://127.0.0.1:${port}`);

// Chrome's Local Network Access: naming the target address space lets the browser ask the user
// instead of refusing. Other browsers ignore the option.
const LOOPBACK = { targetAddressSpace: 'loopback' } as RequestInit;

/** The helper refused the whole job (an unknown printer, a document too large…). */
export class HelperRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly printer?: string,
  ) {
    super(message);
  }
}

/** Looks for the helper on its ports; another program answering there does not count. */
export async function findPrintHelper(): Promise<HelperProbe> {
  for (const base of helperBases()) {
    try {
      const response = await fetch(`${base}/status`, {
        ...LOOPBACK,
        signal: AbortSignal.timeout(HELPER_PROBE_TIMEOUT_MS),
      });
      if (!response.ok) continue;
      const parsed = helperStatus.safeParse(await response.json());
      if (!parsed.success || parsed.data.name !== PRINT_HELPER.name) continue;
      return {
        state: isHelperVersionSupported(parsed.data.version) ? 'ready' : 'outdated',
        base,
        status: parsed.data,
      };
    } catch {
      // Nothing listens there, or the browser kept the page from reaching it.
    }
  }
  return { state: 'missing' };
}

/** The printer for a marketplace kind: the one chosen in settings, else the helper's default. */
export function choosePrinter(printers: HelperPrinter[], chosen: string | null): string | null {
  if (chosen) return chosen;
  return (printers.find((printer) => printer.isDefault) ?? printers[0])?.name ?? null;
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

async function readJob(response: Response): Promise<HelperJob> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = helperRefusal.safeParse(body);
    if (refusal.success) {
      throw new HelperRefused(refusal.data.error, refusal.data.message, refusal.data.printer);
    }
    throw new HelperRefused('unreadable', `The print plugin answered ${response.status}`);
  }
  return helperJob.parse(body);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The documents' outcomes from the helper's job, in the caller's ids. */
function outcomesOf(request: PrintRequest, job: HelperJob, helperIds: string[]): DocumentOutcome[] {
  return request.documents.map((document, index) => {
    const state = job.documents.find((entry) => entry.id === helperIds[index]);
    if (!state) return { id: document.id, status: 'failed', error: 'missing from the job' };
    if (state.status === 'done') return { id: document.id, status: 'printed' };
    if (state.status === 'failed') return { id: document.id, status: 'failed', error: state.error ?? '' };
    return { id: document.id, status: 'pending' };
  });
}

/** An agent printing through the helper at `base`. A refusal of the whole job rejects with its code. */
export function helperAgent(base: string): PrintAgent {
  return {
    via: 'helper',
    async print(request: PrintRequest, printer: string): Promise<PrintResult> {
      const jobId = request.jobId ?? crypto.randomUUID();
      // Our job id and the document's place in it: the helper's ids, unique however the caller names documents.
      const helperIds = request.documents.map((_, index) => `${jobId}:${index}`);
      const documents: { id: string; name: string; data: string }[] = [];
      const unreadable: DocumentOutcome[] = [];
      for (const [index, document] of request.documents.entries()) {
        try {
          const blob = document.blob ?? (await pdfBlob(document.url));
          documents.push({ id: helperIds[index] ?? '', name: document.id, data: await base64Of(blob) });
        } catch (error) {
          unreadable.push({ id: document.id, status: 'failed', error: String(error) });
        }
      }
      if (documents.length === 0) return { via: 'helper', printer, documents: unreadable };
      let job = await readJob(
        await fetch(`${base}/jobs`, {
          ...LOOPBACK,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            id: jobId,
            printer,
            title: request.title,
            ...(request.printType === undefined ? {} : { printType: request.printType }),
            documents,
          }),
        }),
      );
      const deadline = Date.now() + helperWaitMs(documents.length);
      while ((job.status === 'queued' || job.status === 'printing') && Date.now() < deadline) {
        await wait(HELPER_POLL_MS);
        job = await readJob(await fetch(`${base}/jobs/${encodeURIComponent(jobId)}`, LOOPBACK));
      }
      const outcomes = outcomesOf(request, job, helperIds);
      const failedEarly = new Map(unreadable.map((outcome) => [outcome.id, outcome]));
      return {
        via: 'helper',
        printer,
        documents: outcomes.map((outcome) => failedEarly.get(outcome.id) ?? outcome),
      };
    },
  };
}
