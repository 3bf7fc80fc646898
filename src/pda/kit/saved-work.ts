/**
 * A scanning screen's working context: where the worker is (the order, the box, the SKU, the
 * location, as ids) and the scans they can still undo. It is kept in the device's database on
 * every change, so a reload (offline too) resumes where the worker was; it belongs to the worker
 * and the warehouse that made it (another worker or warehouse starts afresh), and it is removed
 * once there is nothing left to resume. The screen rebuilds its step from the ids against the
 * device's data as it is now.
 */
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { sessionStore } from '@api/storage.js';
import { PDA_OP_TYPES } from '@shared/contract/pda.js';
import { readMeta, writeMeta, type Json, type JsonObject, type PdaDatabase } from '../data/db.js';
import type { UndoableScan } from '../undo/undo-data.js';
import { afterPaint } from './after-paint.js';

export type WorkScreen = 'receive' | 'shelve' | 'count' | 'transfer' | 'pick' | 'pack';

const json: z.ZodType<Json> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]),
);

const savedWork = z.object({
  workerId: z.string().nullable(),
  warehouseId: z.string(),
  step: z.record(z.string(), json).nullable(),
  undo: z.array(
    z.object({
      label: z.string(),
      op: z.looseObject({
        seq: z.number().int(),
        opId: z.string(),
        type: z.enum(PDA_OP_TYPES),
        payload: z.record(z.string(), json),
        createdAt: z.string(),
      }),
    }),
  ),
});

export interface Work {
  /** The screen's step as ids; null at the screen's first step. */
  step: JsonObject | null;
  undo: UndoableScan[];
}

const metaKey = (screen: WorkScreen) => `work.${screen}`;
const workerId = () => sessionStore.userInfo()?.id ?? null;

/** The context this worker left on this screen in this warehouse, if any. */
export async function loadWork(
  db: PdaDatabase,
  screen: WorkScreen,
  warehouseId: string,
): Promise<Work | null> {
  const parsed = savedWork.safeParse(await readMeta(db, metaKey(screen)));
  if (!parsed.success) return null;
  const saved = parsed.data;
  if (saved.workerId !== workerId() || saved.warehouseId !== warehouseId) return null;
  return {
    step: saved.step,
    undo: saved.undo.map((scan) => ({ label: scan.label, op: scan.op })),
  };
}

/** Keeps the context, or removes it when there is nothing to resume. */
export async function saveWork(db: PdaDatabase, screen: WorkScreen, warehouseId: string, work: Work) {
  if (work.step === null && work.undo.length === 0) {
    await db.meta.delete(metaKey(screen));
    return;
  }
  const value = {
    workerId: workerId(),
    warehouseId,
    step: work.step,
    undo: work.undo.map((scan) => ({ label: scan.label, op: scan.op })),
  };
  await writeMeta(db, metaKey(screen), value);
}

/**
 * Restores the screen's context once on mount (`restore` rebuilds the step), then keeps it on
 * every change, after its frame. Answers whether the restore is done: until then the screen
 * holds its scans. A screen that keeps no work passes null: it is ready at once, nothing is kept.
 */
export function useSavedWork(
  db: PdaDatabase,
  screen: WorkScreen | null,
  warehouseId: string,
  work: Work,
  restore: (saved: Work) => Promise<void>,
): boolean {
  const [isReady, setReady] = useState(screen === null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (screen === null) return undefined;
    let isCurrent = true;
    loadWork(db, screen, warehouseId)
      .then((saved) => (saved && isCurrent ? restoreRef.current(saved) : undefined))
      .catch((error: unknown) => console.error('PDA saved work could not be restored', error))
      .finally(() => {
        if (isCurrent) setReady(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [db, screen, warehouseId]);

  // Written once the change's frame is painted (a scan's feedback never waits for the device's
  // database); a newer change calls off a write not yet made, and leaving the screen makes it now.
  const pending = useRef<(() => void) | null>(null);
  const serialised = JSON.stringify(work.step);
  useEffect(() => {
    if (!isReady || screen === null) return undefined;
    const save = () => {
      if (pending.current === save) pending.current = null;
      const step = JSON.parse(serialised) as JsonObject | null;
      saveWork(db, screen, warehouseId, { step, undo: work.undo }).catch((error: unknown) =>
        console.error('PDA saved work could not be kept', error),
      );
    };
    pending.current = save;
    return afterPaint(save);
  }, [db, screen, warehouseId, isReady, serialised, work.undo]);
  useEffect(() => () => pending.current?.(), []);

  return isReady;
}
