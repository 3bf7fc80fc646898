import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Depart, UserInfo } from '@shared/contract/identity.js';
import type { UserRole } from '@shared/domain/roles.js';
import type { Language } from '@shared/i18n/languages.js';
import { literal, type TenantTx } from '@server/db/client.js';
import { tenants } from '../../tenants/index.js';
import { departments, sessions, userDeparts, users } from '../identity.tables.js';

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
 * What a request's actor is made of, as two statements for readInOneMessage: the first sets
 * the tenant of the token's session (none for an unknown token, which then reads nothing), the
 * second reads in that tenant the session, its user, the department it works in and the
 * permission codes of the user's roles. One row (SessionActorRow), or none for an unknown token.
 */
export function sessionActorStatements(tokenHash: string): SQL[] {
  const hash = literal(tokenHash);
  return [
    sql`select set_config('app.tenant_id', coalesce((select f.tenant_id::text from app_find_session(${hash}) f), ''), true)`,
    sql`select f.tenant_id, f.session_id, f.expires_at, f.revoked_at, ${users.id} as user_id,
        ${users.username} as username, ${users.userRole} as user_role, ${users.sellerId} as seller_id,
        ${users.orgCode} as org_code, ${users.status} as status, ${users.language} as language,
        (select s.org_code from ${sessions} s where s.id = f.session_id) as session_org_code,
        case when ${users.userRole} = 'admin' then '{}'::text[] else coalesce((
          select array_agg(distinct p.perms)::text[] from user_roles ur
          join role_permissions rp on rp.role_id = ur.role_id
          join permissions p on p.id = rp.permission_id
          where ur.user_id = f.user_id and p.perms is not null and p.status = '1'
        ), '{}'::text[]) end as codes
      from app_find_session(${hash}) f left join ${users} on ${users.id} = f.user_id`,
  ];
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
