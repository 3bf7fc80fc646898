import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant column that leads every business table's keys; RLS policies filter on it. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .default(sql`app_current_tenant()`);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
