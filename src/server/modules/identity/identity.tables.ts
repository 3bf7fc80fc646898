import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { UserRole } from '@shared/domain/roles.js';
import type { Language } from '@shared/i18n/languages.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';

/** Departments form a tree by parent; orgCode encodes the path (A01, A01A01, …) as the spec's calls use it. */
export const departments = pgTable(
  'departments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    parentId: uuid('parent_id'),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    departName: varchar('depart_name', { length: 128 }).notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    description: varchar('description', { length: 500 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    unique('departments_org_code_key').on(table.tenantId, table.orgCode),
    foreignKey({ columns: [table.tenantId, table.parentId], foreignColumns: [table.tenantId, table.id] }),
  ],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    username: varchar('username', { length: 32 }).notNull(),
    realname: varchar('realname', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }),
    phone: varchar('phone', { length: 16 }),
    email: varchar('email', { length: 128 }),
    passwordHash: text('password_hash').notNull(),
    userRole: varchar('user_role', { length: 32 }).$type<UserRole>().notNull(),
    /** The seller this user acts for: itself for a seller, the employer for seller staff. */
    sellerId: uuid('seller_id'),
    /** The department the user currently works in. */
    orgCode: varchar('org_code', { length: 64 }),
    status: smallint('status').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    language: varchar('language', { length: 8 }).$type<Language>(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('users_username_key').on(table.tenantId, sql`lower(${table.username})`),
    uniqueIndex('users_phone_key')
      .on(table.tenantId, table.phone)
      .where(sql`${table.phone} is not null`),
    uniqueIndex('users_email_key')
      .on(table.tenantId, sql`lower(${table.email})`)
      .where(sql`${table.email} is not null`),
    index('users_seller_idx').on(table.tenantId, table.sellerId),
    foreignKey({ columns: [table.tenantId, table.sellerId], foreignColumns: [table.tenantId, table.id] }),
  ],
);

export const userDeparts = pgTable(
  'user_departs',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    departId: uuid('depart_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId, table.departId] }),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.departId],
      foreignColumns: [departments.tenantId, departments.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Roles are named sets of permissions. A role with a seller is a seller role: that seller made
 * it for their own staff and can grant only what the seller has.
 */
export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    roleName: varchar('role_name', { length: 128 }).notNull(),
    description: varchar('description', { length: 500 }),
    sellerId: uuid('seller_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('roles_code_key').on(
      table.tenantId,
      sql`coalesce(${table.sellerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.roleCode,
    ),
    foreignKey({
      columns: [table.tenantId, table.sellerId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId, table.roleId] }),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.roleId],
      foreignColumns: [roles.tenantId, roles.id],
    }).onDelete('cascade'),
    index('user_roles_role_idx').on(table.tenantId, table.roleId),
  ],
);

/** menu_type: 0 top-level menu, 1 sub-menu, 2 button permission. */
export const permissions = pgTable(
  'permissions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    parentId: uuid('parent_id'),
    /** Stable key of the product's catalogue entry this row was seeded from; null for rows an admin added. */
    catalogKey: varchar('catalog_key', { length: 128 }),
    name: varchar('name', { length: 128 }).notNull(),
    titles: jsonb('titles').$type<Partial<Record<Language, string>>>().notNull().default({}),
    url: varchar('url', { length: 255 }),
    component: varchar('component', { length: 128 }),
    componentName: varchar('component_name', { length: 128 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: smallint('menu_type').notNull(),
    perms: varchar('perms', { length: 128 }),
    permsType: varchar('perms_type', { length: 8 }).notNull().default('1'),
    icon: varchar('icon', { length: 64 }),
    sortNo: integer('sort_no').notNull().default(0),
    isRoute: boolean('is_route').notNull().default(true),
    isLeaf: boolean('is_leaf').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('permissions_catalog_key').on(table.tenantId, table.catalogKey),
    uniqueIndex('permissions_perms_key')
      .on(table.tenantId, table.perms)
      .where(sql`${table.perms} is not null`),
    foreignKey({
      columns: [table.tenantId, table.parentId],
      foreignColumns: [table.tenantId, table.id],
    }).onDelete('cascade'),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: tenantId(),
    roleId: uuid('role_id').notNull(),
    permissionId: uuid('permission_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.roleId, table.permissionId] }),
    foreignKey({
      columns: [table.tenantId, table.roleId],
      foreignColumns: [roles.tenantId, roles.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.permissionId],
      foreignColumns: [permissions.tenantId, permissions.id],
    }).onDelete('cascade'),
  ],
);

/** Sessions hold only the SHA-256 of the token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    orgCode: varchar('org_code', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_idx').on(table.tenantId, table.userId),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);

/** One-time SMS codes, stored hashed, for phone login, registration and password retrieval. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    phone: varchar('phone', { length: 16 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('sms_codes_phone_idx').on(table.tenantId, table.phone, table.purpose, table.createdAt),
  ],
);

/**
 * Wrong passwords per account since its last sign-in (sign-in/account-lockout.ts, migration
 * 0035). Keyed by the tenant and the SHA-256 of the lower-cased username, never a user id, so a
 * username that exists nowhere is counted like a real one: not a tenant table for that reason.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    /** Attempts whose password was checked, each reserved before its check. */
    failures: integer('failures').notNull(),
    /** Failed attempts that no longer count: refused unchecked, or set aside by an unlock. */
    uncounted: integer('uncounted').notNull().default(0),
    /** The latest checked attempt: the wait before the next one runs from it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    lastChecked: boolean('last_checked').notNull().default(true),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    previousAt: timestamp('previous_at', { withTimezone: true }),
  },
  (table) => [check('login_failures_counts_check', sql`${table.failures} >= 0 and ${table.uncounted} >= 0`)],
);
