import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Depart, UserInfo } from '@shared/contract/identity.js';
import type { UserRole } from '@shared/domain/roles.js';
import type { Language } from '@shared/i18n/languages.js';
import { type TenantTx } from '@server/db/client.js';
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

/** A session found by its token's hash and, when its user is still there, what its actor is made of. */
export interface SessionActorRow {
  tenant_id: string;
  session_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  user_id: string | null;
  username: string | null;
  user_role: UserRole | null;
  seller_id: string | null;
  org_code: string | null;
  status: number | null;
  language: Language | null;
  /** The department the session works in (null: the user's own). */
  session_org_code: string | null;
  /** The permission codes of the user's roles; an administrator's are not read (it holds every code). */
  codes: string[];
}

/**
 * What a request's actor is made of: the token's session, its user, the department it works in
 * and the permission codes of the user's roles, read by the database function app_session_actor
 * (migration 0030) in the session's tenant. Sent as a prepared statement (queryPrepared): one
 * round trip, nothing parsed or planned after a connection's first. One row (SessionActorRow), or
 * none for an unknown token.
 */
export const SESSION_ACTOR = {
  name: 'app_session_actor',
  text: 'select * from app_session_actor($1)',
} as const;

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
