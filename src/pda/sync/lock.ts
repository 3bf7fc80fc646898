/**
 * Single flight across tabs: only one tab of the device pushes at a time, or the
 * server would see two requests for the same seqs. The Web Locks API does this where the
 * browser has it; elsewhere a lease row in the PDA database, taken in a Dexie transaction
 * (IndexedDB serialises those across tabs), with an expiry so a crashed tab cannot hold it.
 */
import { META_KEYS, type PdaDatabase } from '../data/db.js';

export const SYNC_LOCK_NAME = 'wms-pda-sync';

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

export interface SyncLock {
  /** Runs the task if nobody else is; `keepAlive` extends a lease during long work. */
  run<T>(task: (keepAlive: () => Promise<void>) => Promise<T>): Promise<LockOutcome<T>>;
}

/** The part of navigator.locks we use. */
export interface LockRequester {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<LockOutcome<unknown>>,
  ): Promise<LockOutcome<unknown>>;
}

/** A lock through the Web Locks API: `ifAvailable`, so a busy lock means "someone is syncing". */
export function webLock(locks: LockRequester, name = SYNC_LOCK_NAME): SyncLock {
  return {
    async run<T>(task: (keepAlive: () => Promise<void>) => Promise<T>): Promise<LockOutcome<T>> {
      let outcome: LockOutcome<T> = { acquired: false };
      await locks.request(name, { ifAvailable: true }, async (lock) => {
        if (lock === null) return outcome;
        outcome = { acquired: true, value: await task(async () => undefined) };
        return outcome;
      });
      return outcome;
    },
  };
}

interface Lease {
  owner: string;
  until: number;
}

function isLease(value: unknown): value is Lease {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Lease).owner === 'string' &&
    typeof (value as Lease).until === 'number'
  );
}

/** A lease in the `meta` table, for browsers and tests without navigator.locks. */
export function leaseLock(db: PdaDatabase, ttlMs = 60_000, now: () => number = Date.now): SyncLock {
  const owner = crypto.randomUUID();

  async function take(): Promise<boolean> {
    return db.transaction('rw', db.meta, async () => {
      const current = (await db.meta.get(META_KEYS.syncLease))?.value;
      if (isLease(current) && current.owner !== owner && current.until > now()) return false;
      await db.meta.put({ key: META_KEYS.syncLease, value: { owner, until: now() + ttlMs } });
      return true;
    });
  }

  async function release(): Promise<void> {
    await db.transaction('rw', db.meta, async () => {
      const current = (await db.meta.get(META_KEYS.syncLease))?.value;
      if (isLease(current) && current.owner === owner) await db.meta.delete(META_KEYS.syncLease);
    });
  }

  return {
    async run<T>(task: (keepAlive: () => Promise<void>) => Promise<T>): Promise<LockOutcome<T>> {
      if (!(await take())) return { acquired: false };
      try {
        return {
          acquired: true,
          value: await task(async () => {
            if (!(await take())) throw new Error('sync lease lost');
          }),
        };
      } finally {
        await release();
      }
    },
  };
}

/** Web Locks when the browser has them, else the lease. */
export function defaultLock(db: PdaDatabase): SyncLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? webLock(locks) : leaseLock(db);
}
