/**
 * Blind counting against local data. The open check orders the worker may count (their locations
 * and, for a count by product, their SKUs; never a book quantity) are fetched from `GET
 * /api/pda/counts` when the device is online and kept in the device's `countTasks` table (a row per
 * task, data/task-lists.ts), so counting works offline with what was last fetched; locations and
 * SKUs come from the pulled reference tables. Each location of a task names the SKUs the books had
 * there when it was fetched (never how many), so the worker is asked for each: counted, or
 * confirmed as none here (counted 0, explicitly). Finishing a location queues one 'count.location'
 * op with every SKU counted and its quantity (0 included), and in the same Dexie transaction marks
 * the location counted in the task's row (outbox.enqueue). The server computes the variances; an
 * SKU on its book that the op does not list is reported as not counted, never as 0.
 */
import { z } from 'zod';
import { getParsed } from '@api/client.js';
import { countTask, type CountExpectedSku, type CountTask } from '@shared/contract/counts.js';
import { pdaSku } from '@shared/contract/pda.js';
import { findByCode, type OutboxOp, type PdaDatabase } from '../data/db.js';
import { countTaskRows, countTasksOf } from '../data/task-lists.js';
import { findLocation, type LocationData } from '../reference/locations.js';
import type { SkuData } from '../reference/skus.js';
import { enqueue } from '../sync/outbox.js';

const tasks = z.array(countTask);

/** The open check orders from the server (online only). */
export const fetchCountTasks = (): Promise<CountTask[]> => getParsed('/pda/counts', tasks);

/** Keeps the fetched tasks on the device for offline counting. */
export async function saveCountTasks(db: PdaDatabase, fetched: CountTask[]): Promise<void> {
  await db.transaction('rw', db.countTasks, async () => {
    await db.countTasks.clear();
    await db.countTasks.bulkPut(countTaskRows(fetched));
  });
}

/** The check orders of the warehouse on the device. */
export async function loadCountTasks(db: PdaDatabase, warehouseId: string): Promise<CountTask[]> {
  return countTasksOf(await db.countTasks.where('warehouseId').equals(warehouseId).sortBy('position'));
}

/** Locations of the task still to count (not counted, or sent back for a recount). */
export function leftToCount(task: CountTask): number {
  return task.locations.filter((location) => location.status !== 'counted').length;
}

export type CountLocationTarget =
  | { kind: 'location'; location: LocationData }
  | { kind: 'other_warehouse' }
  | { kind: 'not_in_count' }
  | { kind: 'not_found' };

/** A location scan in the task: one of its locations, or why not. */
export async function findCountLocation(
  db: PdaDatabase,
  task: CountTask,
  code: string,
): Promise<CountLocationTarget> {
  const found = await findLocation(db, task.warehouseId, code);
  if (found.kind !== 'location') return found;
  return task.locations.some((location) => location.locationId === found.location.id)
    ? found
    : { kind: 'not_in_count' };
}

/** A SKU scan: the SKU, or why it cannot be counted in this task. */
export async function findCountSku(
  db: PdaDatabase,
  task: CountTask,
  code: string,
): Promise<{ kind: 'sku'; sku: SkuData } | { kind: 'not_in_count'; sku: SkuData } | { kind: 'unknown' }> {
  const rows = await findByCode(db, 'skus', code);
  const sku = rows.map((row) => pdaSku.safeParse(row.data)).find((parsed) => parsed.success)?.data;
  if (!sku) return { kind: 'unknown' };
  if (task.type === 'product' && !task.skuIds.includes(sku.id)) return { kind: 'not_in_count', sku };
  return { kind: 'sku', sku };
}

/** The SKUs counted so far on a location, by id; 0 is an explicit 'none here'. */
export type Counted = Record<string, number>;

/** The SKUs the task expects on the location (which ones, never how many). */
export function expectedOn(task: CountTask, locationId: string): CountExpectedSku[] {
  return task.locations.find((location) => location.locationId === locationId)?.expected ?? [];
}

/** The expected SKUs neither counted nor confirmed as none yet. */
export function notCountedYet(expected: readonly CountExpectedSku[], counted: Counted): CountExpectedSku[] {
  return expected.filter((sku) => counted[sku.skuId] === undefined);
}

export async function loadSkus(db: PdaDatabase, ids: string[]): Promise<Map<string, SkuData>> {
  const rows = await db.skus.bulkGet(ids);
  const found = new Map<string, SkuData>();
  for (const row of rows) {
    const parsed = pdaSku.safeParse(row?.data);
    if (parsed.success) found.set(parsed.data.id, parsed.data);
  }
  return found;
}

/**
 * Queues the location's count (every SKU counted, with its quantity, 0 for one confirmed as none
 * here; nothing counted is an empty location) and marks the location counted in the device's copy
 * of the task, atomically.
 */
export async function finishLocation(
  db: PdaDatabase,
  input: { task: CountTask; locationId: string; counted: Counted; sessionId?: string; now?: Date },
): Promise<OutboxOp> {
  const countedAt = (input.now ?? new Date()).toISOString();
  return enqueue(
    db,
    {
      type: 'count.location',
      payload: {
        countOrderId: input.task.id,
        locationId: input.locationId,
        countedAt,
        lines: Object.entries(input.counted)
          .filter(([, quantity]) => quantity >= 0)
          .map(([skuId, quantity]) => ({ skuId, quantity })),
      },
      ...(input.sessionId ? { sessionId: input.sessionId } : {}),
    },
    {
      effectTables: [db.countTasks],
      effect: async () => {
        const row = await db.countTasks.get(input.task.id);
        if (!row) return;
        const locations = row.task.locations.map((location) =>
          location.locationId === input.locationId ? { ...location, status: 'counted' as const } : location,
        );
        await db.countTasks.put({ ...row, task: { ...row.task, locations } });
      },
    },
  );
}
