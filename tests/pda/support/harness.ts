/** Shared set-up of the sync tests: a fresh PDA database per test and engines over it. */
import type { OutboxOp, PdaDatabase } from '@pda/data/db.js';
import { SyncEngine, type SyncEngineOptions } from '@pda/sync/engine.js';
import { leaseLock, type LockOutcome, type LockRequester } from '@pda/sync/lock.js';
import { enqueue } from '@pda/sync/outbox.js';
import { httpTransport } from '@pda/sync/transport.js';
import { BASE_URL } from './fake-server.js';

export function freshName(): string {
  return `pda-sync-${crypto.randomUUID()}`;
}

export function engineOver(db: PdaDatabase, options: Partial<SyncEngineOptions> = {}): SyncEngine {
  return new SyncEngine({
    db,
    transport: httpTransport({ baseUrl: BASE_URL, token: () => 'device-token' }),
    lock: leaseLock(db),
    backoffBaseMs: 1_000,
    random: () => 0.5,
    isOnline: () => true,
    ...options,
  });
}

/** Queues `count` receive ops; `reject` names the seqs the fake server refuses, with the code. */
export async function queueReceives(
  db: PdaDatabase,
  count: number,
  reject: Record<number, string> = {},
): Promise<OutboxOp[]> {
  const ops: OutboxOp[] = [];
  for (let seq = 1; seq <= count; seq += 1) {
    const code = reject[seq];
    ops.push(await enqueue(db, { type: 'inbound.receive', payload: code ? { reject: code } : { n: seq } }));
  }
  return ops;
}

/** navigator.locks as the browser behaves with `ifAvailable`: shared by every "tab". */
export function fakeLockManager(): LockRequester {
  const held = new Set<string>();
  return {
    async request(name, _options, callback): Promise<LockOutcome<unknown>> {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}
