/**
 * Writes on a scan's path straight through IndexedDB, beside Dexie. A Dexie transaction runs
 * its callback in Dexie's own promise zone, which re-enters and leaves the zone around every
 * native await (at 4× CPU slow-down about 40 ms of a receiving scan's main-thread time went to
 * that machinery, a DevTools trace showed); a receiving scan's op and its effect are a handful
 * of gets and puts, which plain requests in one transaction do without it.
 *
 * Same database, same connection (Dexie's), same guarantees: one transaction over every store
 * it writes, so either all of it is stored or none; IndexedDB runs overlapping read-write
 * transactions in the order they were made, Dexie's and these alike. Dexie's live queries (the
 * sync engine's queued count) learn of the change from `Dexie.on.storagemutated`, as they do of
 * a write in another tab; the database keeps no cache of query results (`cache: 'disabled'` in
 * db.ts), so what they read is what is stored.
 */
import Dexie, { RangeSet } from 'dexie';
import type { PdaDatabase } from './db.js';

/** The stores of the PDA database, by their Dexie table names. */
export type StoreName = 'outbox' | 'meta' | 'boxes' | 'inboundOrders';

/**
 * One request's result. It settles in the request's own event, so the transaction is still
 * active then. Its failure is the caller's to await; it is marked handled here because a
 * request made before another that throws at once (an op IndexedDB cannot clone) fails with the
 * aborted transaction while nothing awaits it yet: `writeNatively` answers that failure.
 */
export function requested<T>(request: IDBRequest<T>): Promise<T> {
  const settled = new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
  settled.catch(() => undefined);
  return settled;
}

/**
 * A row of `store` by its key, or undefined. IndexedDB types every result `any`; the row's type
 * is the store's, as its Dexie table (db.ts) declares it, and the caller names that table's row.
 */
export function storedRow<Row>(store: IDBObjectStore, key: IDBValidKey): Promise<Row | undefined> {
  return requested(store.get(key) as IDBRequest<Row | undefined>);
}

/** Everything a store may hold, for the live queries' notice. */
const everyKey = () => new RangeSet(Dexie.minKey, Dexie.maxKey);

/** Tells Dexie's live queries, in this tab and the others, that these stores changed. */
function announce(db: PdaDatabase, stores: readonly StoreName[]): void {
  const parts: Record<string, RangeSet> = {};
  for (const store of stores) {
    const table = db.table(store);
    parts[`idb://${db.name}/${store}/`] = everyKey();
    parts[`idb://${db.name}/${store}/:dels`] = everyKey();
    for (const index of table.schema.indexes) parts[`idb://${db.name}/${store}/${index.name}`] = everyKey();
  }
  Dexie.on.storagemutated.fire(parts);
}

/**
 * Runs `work` in one read-write transaction over `stores`, answering its result once the
 * transaction has committed. If `work` throws, or a request fails, the transaction is aborted
 * and nothing of it is stored.
 */
export async function writeNatively<T>(
  db: PdaDatabase,
  stores: readonly StoreName[],
  work: (transaction: IDBTransaction) => Promise<T>,
): Promise<T> {
  if (!db.isOpen()) await db.open();
  const transaction = db.backendDB().transaction([...stores], 'readwrite');
  const committed = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  let result: T;
  try {
    result = await work(transaction);
  } catch (error) {
    try {
      transaction.abort();
    } catch {
      // Already aborted by the failed request.
    }
    await committed.catch(() => undefined);
    throw error;
  }
  await committed;
  announce(db, stores);
  return result;
}
