/** Video tutorials live in PostgreSQL per tenant (forced RLS): each agent lists its own. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import type { VideoAudience } from '@shared/domain/videos.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';

export const tutorialVideos = pgTable(
  'tutorial_videos',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    audience: varchar('audience', { length: 16 }).$type<VideoAudience>().notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('tutorial_videos_audience_idx').on(table.tenantId, table.audience, table.sortNo),
    check('tutorial_videos_audience_check', sql`${table.audience} in ('seller', 'warehouse')`),
  ],
);
