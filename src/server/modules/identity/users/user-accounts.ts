/**
 * What creating and keeping user accounts takes, shared by the administrator's user screens
 * and a seller's staff screens: unique usernames, phones and emails, role and department
 * sets, passwords set by someone else, and the list view without secrets.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type { UserView } from '@shared/contract/system-admin.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { page } from '@server/http/reply.js';
import { hashPassword } from '../sign-in/credentials.js';
import type { UserRow } from '../sign-in/sign-in.queries.js';
import { departments, userDeparts, userRoles, users } from '../identity.tables.js';
import { isAccountLocked } from '../sign-in/account-lockout.js';
import { clearLoginLockouts } from '../sign-in/login-lockout.js';
import { assertNewPassword } from './password-rules.js';
import { revokeSessionsOf } from '../sign-in/session.service.js';
import { guardUnique, iso, offsetOf } from '@server/db/query-helpers.js';

/**
 * The user as lists show it: never the password hash or the lockout counters, only whether
 * wrong passwords locked its password sign-in (`isLocked`, given on list pages).
 */
export function toUserView(row: UserRow, isLocked?: boolean): UserView {
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    nickname: row.nickname,
    avatar: row.avatar,
    phone: row.phone,
    email: row.email,
    userRole: row.userRole,
    sellerId: row.sellerId,
    orgCode: row.orgCode,
    status: row.status,
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: iso(row.createdAt),
    ...(isLocked === undefined ? {} : { isLocked }),
  };
}

/** Users matching `where`, newest first, one page of them. */
export async function pageOfUsers(
  tx: TenantTx,
  where: SQL | undefined,
  input: { pageNo: number; pageSize: number },
): Promise<Page<UserView>> {
  const [counted] = await tx.select({ total: count() }).from(users).where(where);
  const rows = await tx
    .select({ user: users, isLocked: isAccountLocked(users.tenantId, users.username) })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.username))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  return page(
    rows.map((row) => toUserView(row.user, row.isLocked)),
    counted?.total ?? 0,
    input.pageNo,
    input.pageSize,
  );
}

export const USER_KEYS = {
  users_username_key: 'user.username_taken',
  users_phone_key: 'user.phone_taken',
  users_email_key: 'user.email_taken',
} as const;

/** Refuses a username, phone or email another account of the tenant already has. */
export async function assertAccountFree(
  tx: TenantTx,
  input: { username?: string; phone?: string | null; email?: string | null },
  exceptId?: string,
): Promise<void> {
  const other = exceptId ? ne(users.id, exceptId) : undefined;
  const taken = async (match: SQL) =>
    (await tx.select({ id: users.id }).from(users).where(and(match, other)).limit(1)).length > 0;
  if (input.username && (await taken(sql`lower(${users.username}) = lower(${input.username})`))) {
    throw new AppError('user.username_taken');
  }
  if (input.phone && (await taken(eq(users.phone, input.phone)))) throw new AppError('user.phone_taken');
  if (input.email && (await taken(sql`lower(${users.email}) = lower(${input.email})`))) {
    throw new AppError('user.email_taken');
  }
}

export type NewAccount = Omit<typeof users.$inferInsert, 'passwordHash' | 'tenantId' | 'id'> & {
  password: string;
};

/** Inserts an account; the password must pass the shared rule and is stored as an argon2id hash. */
export async function insertAccount(tx: TenantTx, actor: Actor, account: NewAccount): Promise<UserRow> {
  assertNewPassword(account.password, account.password);
  const { password, ...values } = account;
  const passwordHash = await hashPassword(password);
  const [row] = await guardUnique(
    () =>
      tx
        .insert(users)
        .values({ ...values, passwordHash, createdBy: actor.userId })
        .returning(),
    USER_KEYS,
  );
  if (!row) throw new AppError('common.internal');
  return row;
}

/** Updates an account's fields; a phone or email taken meanwhile answers like the pre-check. */
export async function guardedUpdate(
  tx: TenantTx,
  userId: string,
  values: Partial<Omit<typeof users.$inferInsert, 'tenantId' | 'id'>>,
): Promise<void> {
  await guardUnique(
    () =>
      tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId)),
    USER_KEYS,
  );
}

/** Role ids a user holds. */
export async function roleIdsOf(tx: TenantTx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.id);
}

/** Gives the user exactly these roles (already checked by the caller). */
export async function replaceRoles(tx: TenantTx, userId: string, roleIds: readonly string[]): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}

/** The departments with these ids, in the given order; 404 when one is not the tenant's. */
export async function departsByIds(
  tx: TenantTx,
  ids: readonly string[],
): Promise<{ id: string; orgCode: string }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: departments.id, orgCode: departments.orgCode })
    .from(departments)
    .where(inArray(departments.id, unique));
  if (rows.length !== unique.length) throw new AppError('depart.not_found');
  return unique.flatMap((id) => rows.filter((row) => row.id === id));
}

/** Puts the user in exactly these departments and keeps their current one if still among them. */
export async function replaceDeparts(
  tx: TenantTx,
  user: Pick<UserRow, 'id' | 'orgCode'>,
  departs: readonly { id: string; orgCode: string }[],
): Promise<void> {
  await tx.delete(userDeparts).where(eq(userDeparts.userId, user.id));
  if (departs.length > 0) {
    await tx.insert(userDeparts).values(departs.map((depart) => ({ userId: user.id, departId: depart.id })));
  }
  const orgCode = departs.some((depart) => depart.orgCode === user.orgCode)
    ? user.orgCode
    : (departs[0]?.orgCode ?? null);
  if (orgCode !== user.orgCode) await tx.update(users).set({ orgCode }).where(eq(users.id, user.id));
}

/**
 * Someone else sets this user's password (spec 01 §5 rules): the lockout is cleared and the
 * user's sessions end, except the caller's own when they reset their own account.
 */
export async function setPasswordOf(
  tx: TenantTx,
  actor: Actor,
  user: UserRow,
  input: { password: string; confirmpassword: string },
): Promise<void> {
  assertNewPassword(input.password, input.confirmpassword);
  await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  await clearLoginLockouts(tx, actor.tenantId, user.username);
  await revokeSessionsOf(tx, user.id, user.id === actor.userId ? actor.sessionId : undefined);
}
