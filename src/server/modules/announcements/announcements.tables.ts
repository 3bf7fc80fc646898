/**
 * Announcements live in PostgreSQL per tenant (forced RLS on tenant_id). One row per
 * announcement with its audience (everyone, roles or listed users); one read row per user who
 * has opened it, so unread state survives devices and server nodes.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MsgCategory, MsgType, Priority, SendStatus } from '@shared/domain/announcements.js';
import type { UserRole } from '@shared/domain/roles.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { users } from '../identity/index.js';

export const announcements = pgTable(
  'announcements',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** Spelled as the spec's calls spell it. */
    titile: varchar('titile', { length: 100 }).notNull(),
    /** Sanitised HTML: only the tags and addresses sanitize.ts allows are ever stored. */
    msgContent: text('msg_content').notNull().default(''),
    msgAbstract: varchar('msg_abstract', { length: 500 }).notNull().default(''),
    priority: varchar('priority', { length: 1 }).$type<Priority>().notNull().default('M'),
    msgCategory: varchar('msg_category', { length: 1 }).$type<MsgCategory>().notNull().default('1'),
    msgType: varchar('msg_type', { length: 8 }).$type<MsgType>().notNull().default('ALL'),
    roleCodes: text('role_codes')
      .array()
      .$type<UserRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    userIds: uuid('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    sendStatus: varchar('send_status', { length: 1 }).$type<SendStatus>().notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true }),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('announcements_status_idx').on(table.tenantId, table.sendStatus, table.sendTime),
    check('announcements_priority_check', sql`${table.priority} in ('L', 'M', 'H')`),
    check('announcements_category_check', sql`${table.msgCategory} in ('1', '2')`),
    check('announcements_type_check', sql`${table.msgType} in ('ALL', 'ROLE', 'USER')`),
    check('announcements_status_check', sql`${table.sendStatus} in ('0', '1', '2')`),
    check('announcements_released_check', sql`${table.sendStatus} = '0' or ${table.sendTime} is not null`),
  ],
);

export const announcementReads = pgTable(
  'announcement_reads',
  {
    tenantId: tenantId(),
    announcementId: uuid('announcement_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.announcementId, table.userId] }),
    index('announcement_reads_user_idx').on(table.tenantId, table.userId),
    foreignKey({
      columns: [table.tenantId, table.announcementId],
      foreignColumns: [announcements.tenantId, announcements.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);
