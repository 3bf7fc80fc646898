/**
 * The PDA sync protocol's server state (docs/research/pda-offline.md §3.10), per tenant under forced RLS.
 * pda_devices holds each device's last applied seq and the hash of the key the server issued
 * to it at registration (a push must present the key, so no other user or device can push in
 * its name); its row is locked while a batch is applied, so one device's ops run one at a time
 * and in seq order. pda_processed_ops holds one row per
 * op, written in the same transaction as the op's effect: an op id found there was applied (or
 * refused) once and is answered from the row. pda_changes is the change log the pull reads; the
 * migration's triggers fill it with the writing transaction's id (see pull.service.ts).
 *
 * Retention (prune.service.ts, PDA_RETENTION): pda_changes rows are kept 30 days and
 * pda_processed_ops rows 90 days, then pruned by app_pda_prune (migration 0008). A device whose
 * pull cursor is older than the pruned changes gets a full pull (pda_prune_marks below). An op
 * replayed after its processed-op row was pruned is no longer known: its seq is at or below the
 * device's last_seq (pda_devices is never pruned), so it is answered 'pda.sequence_reused'
 * instead of 'duplicate', and is not applied twice. That is acceptable after 90 days, far past
 * any offline period a device is allowed; an undo naming a pruned op gets 'pda.undo_unknown'.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { StoredOpResult } from '@shared/contract/pda.js';
import { createdAt, tenantId } from '../../db/columns.js';

/** The kinds of reference data a change names. */
export type PdaEntity = 'location' | 'sku' | 'inbound_order';

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const pdaDevices = pgTable(
  'pda_devices',
  {
    tenantId: tenantId(),
    deviceId: varchar('device_id', { length: 64 }).notNull(),
    /** The user who pushed last. */
    userId: uuid('user_id').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /** SHA-256 (hex) of the device's key; null on rows made before devices registered. */
    keyHash: varchar('key_hash', { length: 64 }),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.deviceId] })],
);

export const pdaProcessedOps = pgTable(
  'pda_processed_ops',
  {
    tenantId: tenantId(),
    opId: uuid('op_id').notNull(),
    deviceId: varchar('device_id', { length: 64 }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    userId: uuid('user_id').notNull(),
    /** The op's payload as pushed: what an undo takes back. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** applied or rejected, with the effect or the code: what a replay answers. */
    result: jsonb('result').$type<StoredOpResult>().notNull(),
    /** The undo op that took this op back, once one did. */
    undoneByOpId: uuid('undone_by_op_id'),
    /** The device's clock when scanned: audit only. */
    createdAtDevice: timestamp('created_at_device', { withTimezone: true }),
    receivedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.opId] }),
    unique('pda_processed_ops_seq_key').on(table.tenantId, table.deviceId, table.seq),
  ],
);

export const pdaChanges = pgTable(
  'pda_changes',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The writing transaction (pg_current_xact_id()); the pull cursor compares with it. */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    entity: varchar('entity', { length: 16 }).$type<PdaEntity>().notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('pda_changes_xid_idx').on(table.tenantId, table.xid),
    check('pda_changes_entity_check', sql`${table.entity} in ('location', 'sku', 'inbound_order')`),
  ],
);

/**
 * Per tenant, how far pda_changes was pruned: the largest xid among the pruned changes. A pull
 * cursor at or below it may have skipped one of them, so such a device gets a full pull
 * (reset) instead of a delta (see pull.service.ts). Written only by app_pda_prune (migration
 * 0008), which runs as the owner across tenants; the app reads its tenant's row under RLS.
 */
export const pdaPruneMarks = pgTable(
  'pda_prune_marks',
  {
    tenantId: tenantId(),
    changesThrough: xid8('changes_through').notNull(),
    prunedAt: timestamp('pruned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId] })],
);
