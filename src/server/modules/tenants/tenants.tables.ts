import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { WebSite } from '@shared/contract/tenants.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';

/** A tenant is an agent: the operator of one white-labelled site (docs/architecture.md §4). */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  agentCode: varchar('agent_code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 128 }).notNull(),
  title: varchar('title', { length: 128 }).notNull(),
  logo: varchar('logo', { length: 512 }),
  iconUrl: varchar('icon_url', { length: 512 }),
  homeUrl: varchar('home_url', { length: 512 }),
  homeImg: varchar('home_img', { length: 512 }),
  friendName: varchar('friend_name', { length: 128 }),
  friendLink: varchar('friend_link', { length: 512 }),
  helpLink: varchar('help_link', { length: 512 }),
  beianhao: varchar('beianhao', { length: 128 }),
  chatJs: text('chat_js'),
  showAgentLink: boolean('show_agent_link').notNull().default(false),
  webSite: jsonb('web_site').$type<WebSite>(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Host names that resolve to a tenant; a domain belongs to one tenant only. */
export const tenantDomains = pgTable(
  'tenant_domains',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    domain: varchar('domain', { length: 253 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tenant_domains_domain_key').on(sql`lower(${table.domain})`),
    index('tenant_domains_tenant_idx').on(table.tenantId),
  ],
);
