/**
 * Download tasks live in PostgreSQL per tenant (forced RLS), one row per export a user asked
 * for; the file itself is in the file store under `downloads/<user>/<task>.xlsx` until the
 * retention job deletes both. The row keeps the asker's access as it was when they asked
 * (`actor`): the export runs later, in a job, with exactly those rights.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DownloadStatus, ExportKind } from '@shared/domain/downloads.js';
import { createdAt, tenantId } from '../../db/columns.js';
import { users } from '../identity/index.js';

/** The asker's access, frozen at the time of asking. */
export interface TaskActor {
  sessionId: string;
  username: string;
  userRole: string;
  sellerId: string | null;
  orgCode: string | null;
  permissions: string[];
  isAdmin: boolean;
  language: string;
  /** Whose clock the file's times show (absent on tasks asked before it was kept: UTC). */
  timeZone?: string;
}

export const downloadTasks = pgTable(
  'download_tasks',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: varchar('kind', { length: 32 }).$type<ExportKind>().notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    actor: jsonb('actor').$type<TaskActor>().notNull(),
    status: varchar('status', { length: 16 }).$type<DownloadStatus>().notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    fileKey: varchar('file_key', { length: 200 }),
    fileName: varchar('file_name', { length: 200 }),
    fileBytes: integer('file_bytes'),
    rowCount: integer('row_count'),
    errorCode: varchar('error_code', { length: 64 }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('download_tasks_user_idx').on(table.tenantId, table.userId, table.createdAt),
    index('download_tasks_expiry_idx').on(table.expiresAt),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    check('download_tasks_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check('download_tasks_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
