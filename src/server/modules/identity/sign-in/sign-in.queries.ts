import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Depart, UserInfo } from '@shared/contract/identity.js';
import type { TenantTx } from '@server/db/client.js';
import { tenants } from '../../tenants/index.js';
import {
  departments,
  permissions,
  rolePermissions,
  userDeparts,
  userRoles,
  users,
} from '../identity.tables.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(tx: TenantTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByUsername(tx: TenantTx, username: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function findUserByPhone(tx: TenantTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.phone, phone));
  return row;
}

/** Permission codes the user holds through its roles (buttons and API permissions). */
export async function permissionCodesOf(tx: TenantTx, userId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ perms: permissions.perms })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(userRoles.userId, userId), isNotNull(permissions.perms), eq(permissions.status, '1')));
  return rows.flatMap((row) => (row.perms ? [row.perms] : []));
}

export async function departsOf(tx: TenantTx, userId: string): Promise<Depart[]> {
  return tx
    .select({ id: departments.id, orgCode: departments.orgCode, departName: departments.departName })
    .from(userDeparts)
    .innerJoin(departments, eq(departments.id, userDeparts.departId))
    .where(eq(userDeparts.userId, userId))
    .orderBy(asc(departments.orgCode));
}

export async function agentCodeOf(tx: TenantTx): Promise<string> {
  const [row] = await tx.select({ agentCode: tenants.agentCode }).from(tenants);
  return row?.agentCode ?? '';
}

/** The user as the spec's userInfo; never the password hash or lockout counters. */
export function toUserInfo(user: UserRow, agentCode: string): UserInfo {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    nickname: user.nickname,
    avatar: user.avatar,
    phone: user.phone,
    email: user.email,
    userRole: user.userRole,
    orgCode: user.orgCode,
    sellerId: user.sellerId,
    status: user.status,
    tenantId: user.tenantId,
    agentCode,
  };
}

export async function usersByIds(tx: TenantTx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(users).where(inArray(users.id, ids));
}
