import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Depart, UserInfo } from '@shared/contract/identity.js';
import type { TenantTx } from '@server/db/client.js';
import { tenants } from '../../tenants/index.js';
import { departments, userDeparts, users } from '../identity.tables.js';

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
/**
 * What a request's actor is made of, read in one statement: the user, the department its
 * session works in and the permission codes of its roles (an administrator's are not read: it
 * holds every code). Undefined when the user is gone.
 */
export async function sessionActorRow(tx: TenantTx, userId: string, sessionId: string) {
  const [row] = await tx
    .select({
      user: users,
      sessionOrgCode: sql<string | null>`(select s.org_code from sessions s where s.id = ${sessionId})`,
      codes: sql<string[]>`case when ${users.userRole} = 'admin' then '{}'::text[] else coalesce((
          select array_agg(distinct p.perms)::text[] from user_roles ur
          join role_permissions rp on rp.role_id = ur.role_id
          join permissions p on p.id = rp.permission_id
          where ur.user_id = ${userId} and p.perms is not null and p.status = '1'
        ), '{}'::text[]) end`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
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
