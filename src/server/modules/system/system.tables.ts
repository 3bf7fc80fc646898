import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Language } from '@shared/i18n/languages.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';

/** Dictionaries: the spec's status groups and choice lists, one item text per language. */
export const dicts = pgTable(
  'dicts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    dictName: varchar('dict_name', { length: 128 }).notNull(),
    description: varchar('description', { length: 500 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('dicts_code_key').on(table.tenantId, table.dictCode),
  ],
);

export const dictItems = pgTable(
  'dict_items',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    dictId: uuid('dict_id').notNull(),
    itemValue: varchar('item_value', { length: 64 }).notNull(),
    itemText: varchar('item_text', { length: 128 }).notNull(),
    texts: jsonb('texts').$type<Partial<Record<Language, string>>>().notNull().default({}),
    description: varchar('description', { length: 500 }),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('dict_items_value_key').on(table.tenantId, table.dictId, table.itemValue),
    foreignKey({
      columns: [table.tenantId, table.dictId],
      foreignColumns: [dicts.tenantId, dicts.id],
    }).onDelete('cascade'),
  ],
);

/** Login and visit log (spec 01 §7 /sys/loginfo, /sys/visitInfo). */
export const sysLogs = pgTable(
  'sys_logs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    logType: smallint('log_type').notNull(),
    userId: uuid('user_id'),
    username: varchar('username', { length: 32 }),
    ip: varchar('ip', { length: 64 }),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('sys_logs_time_idx').on(table.tenantId, table.logType, table.createdAt),
  ],
);

/**
 * Sliding-window limits (modules/system/rate-limit.ts): per key, the times of the hits that
 * still count; shared by every server node through the database.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  hits: timestamp('hits', { withTimezone: true }).array().notNull(),
  lastAccepted: boolean('last_accepted').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
