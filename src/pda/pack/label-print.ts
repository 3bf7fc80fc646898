/**
 * The parcel's label after packing, through the local print helper (src/print-helper) on the
 * pack station the PDA app runs on: the waybill PDF is read from the server
 * (`GET /api/waybill/label`), posted to the helper as a job on its default printer, and the
 * label counted printed (`POST /api/waybill/printed`). Where the server or the helper cannot be
 * reached (offline, no helper on this device), the label waits in a queue kept in the device's
 * `meta` table and prints when both are back (`printQueued`, on the pack screen and on the
 * browser's 'online' event). A handheld without a helper keeps its labels queued; the back
 * office prints them from the outbound list as before.
 */
import { z } from 'zod';
import { changeRequest, downloadBlob } from '@api/client.js';
import { helperStatus } from '@shared/contract/print-helper.js';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { readMeta, writeMeta, type PdaDatabase } from '../data/db.js';

export const LABEL_QUEUE_KEY = 'labelQueue';
const PROBE_TIMEOUT_MS = 1500;
const queueSchema = z.array(z.string());

/** Where the print helper listens on this device, or null when it does not answer. */
export interface LabelPrinter {
  /** Prints one PDF; rejects when it could not be handed to a printer. */
  print(jobId: string, pdf: Blob): Promise<void>;
}

// Chrome's Local Network Access: naming the target lets the browser ask instead of refusing.
const LOOPBACK = { targetAddressSpace: 'loopback' } as RequestInit;

function base64Of(blob: Blob): Promise<string> {
  return blob.arrayBuffer().then((buffer) => {
    let binary = '';
    const bytes = new Uint8Array(buffer);
    for (let index = 0; index < bytes.length; index += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    return btoa(binary);
  });
}

/** The print helper on its ports, printing on its default printer; null when none answers. */
export async function findLabelPrinter(): Promise<LabelPrinter | null> {
  for (const port of PRINT_HELPER.ports) {
    const base = `http://127.0.0.1:${port}`;
    try {
      const response = await fetch(`${base}/status`, {
        ...LOOPBACK,
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      const status = helperStatus.safeParse(await response.json());
      if (!response.ok || !status.success || status.data.name !== PRINT_HELPER.name) continue;
      const printer = (status.data.printers.find((entry) => entry.isDefault) ?? status.data.printers[0])
        ?.name;
      if (!printer) return null;
      return {
        async print(jobId, pdf) {
          const job = await fetch(`${base}/jobs`, {
            ...LOOPBACK,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              id: jobId,
              printer,
              title: jobId,
              printType: PRINT_HELPER.defaultPrintType,
              documents: [{ id: `${jobId}:0`, data: await base64Of(pdf) }],
            }),
          });
          if (!job.ok) throw new Error(`print helper answered ${job.status}`);
        },
      };
    } catch {
      // Nothing listens there, or the browser kept the page from reaching it.
    }
  }
  return null;
}

export async function queuedLabels(db: PdaDatabase): Promise<string[]> {
  const parsed = queueSchema.safeParse(await readMeta(db, LABEL_QUEUE_KEY));
  return parsed.success ? parsed.data : [];
}

async function setQueue(db: PdaDatabase, change: (queue: string[]) => string[]): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await writeMeta(db, LABEL_QUEUE_KEY, change(await queuedLabels(db)));
  });
}

export type LabelOutcome = 'printed' | 'queued';

export interface LabelDeps {
  findPrinter: () => Promise<LabelPrinter | null>;
  readLabel: (orderId: string) => Promise<Blob>;
  markPrinted: (orderId: string) => Promise<void>;
}

const markPrintedReply = z.object({ count: z.number() });

export const realLabelDeps: LabelDeps = {
  findPrinter: findLabelPrinter,
  readLabel: (orderId) => downloadBlob('/waybill/label', { orderId }),
  markPrinted: async (orderId) => {
    await changeRequest('POST', '/waybill/printed', markPrintedReply, {
      orderIds: [orderId],
      isPrinted: true,
    });
  },
};

async function printOne(orderId: string, deps: LabelDeps): Promise<boolean> {
  try {
    const printer = await deps.findPrinter();
    if (!printer) return false;
    const pdf = await deps.readLabel(orderId);
    await printer.print(`pda-label-${orderId}-${Date.now()}`, pdf);
    await deps.markPrinted(orderId);
    return true;
  } catch {
    return false;
  }
}

/** Prints the parcel's label now if the helper and the server answer; else it waits in the queue. */
export async function printLabel(
  db: PdaDatabase,
  orderId: string,
  deps: LabelDeps = realLabelDeps,
): Promise<LabelOutcome> {
  if (await printOne(orderId, deps)) return 'printed';
  await setQueue(db, (queue) => (queue.includes(orderId) ? queue : [...queue, orderId]));
  return 'queued';
}

/** Prints the labels that wait, in order; answers how many printed (the rest still wait). */
export async function printQueued(db: PdaDatabase, deps: LabelDeps = realLabelDeps): Promise<number> {
  let printed = 0;
  for (const orderId of await queuedLabels(db)) {
    if (!(await printOne(orderId, deps))) break;
    printed += 1;
    await setQueue(db, (queue) => queue.filter((id) => id !== orderId));
  }
  return printed;
}
