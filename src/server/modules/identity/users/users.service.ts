/**
 * The administrator's user screens. Besides the form rules, two rules keep the permission
 * model honest: only an administrator touches administrator accounts, and a non-administrator
 * assigns only roles that grant nothing beyond what they hold themselves (the base role of
 * the user's own role excepted, so an agent can still create sellers and warehouse staff).
 */
import { eq, ilike, inArray } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  FrozenBatchInput,
  SetPasswordInput,
  UserAddInput,
  UserEditInput,
  UserListFilter,
  UserView,
} from '@shared/contract/system-admin.js';
import { USER_STATUS, type UserRole } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { baseRoleId } from '../roles/menu-catalog.service.js';
import { findUserById, findUserByUsername, type UserRow } from '../sign-in/sign-in.queries.js';
import { roles, userDeparts, users } from '../identity.tables.js';
import { clearLoginLockouts } from '../sign-in/login-lockout.js';
import { revokeSessionsOf } from '../sign-in/session.service.js';
import { allOf, contains } from '@server/db/query-helpers.js';
import { heldPermissionIds, permissionsByRole } from '../roles/grants.js';
import {
  assertAccountFree,
  departsByIds,
  guardedUpdate,
  insertAccount,
  pageOfUsers,
  replaceDeparts,
  replaceRoles,
  roleIdsOf,
  setPasswordOf,
  toUserView,
} from './user-accounts.js';

/** GET /sys/user/list: every account of the tenant, a page at a time. */
export async function listUsers(tx: TenantTx, _actor: Actor, input: UserListFilter): Promise<Page<UserView>> {
  const where = allOf([
    input.username ? ilike(users.username, contains(input.username)) : undefined,
    input.realname ? ilike(users.realname, contains(input.realname)) : undefined,
    input.phone ? ilike(users.phone, contains(input.phone)) : undefined,
    input.userRole ? eq(users.userRole, input.userRole) : undefined,
    input.status ? eq(users.status, input.status) : undefined,
  ]);
  return pageOfUsers(tx, where, input);
}

/** Only an administrator creates, edits, freezes or resets administrator accounts. */
function assertManageable(actor: Actor, role: UserRole): void {
  if (role === 'admin' && !actor.isAdmin) throw new AppError('user.role_not_allowed');
}

async function userById(tx: TenantTx, id: string): Promise<UserRow> {
  const user = await findUserById(tx, id);
  if (!user) throw new AppError('user.not_found');
  return user;
}

/** The seller a seller staff account works for: a seller account of the tenant. */
async function sellerAccount(tx: TenantTx, sellerId: string | null | undefined): Promise<string> {
  const seller = sellerId ? await findUserById(tx, sellerId) : undefined;
  if (!seller || seller.userRole !== 'seller') throw new AppError('user.seller_not_found');
  return seller.id;
}

/**
 * Checks the roles a user is to hold: all the tenant's; a seller's role only for that
 * seller's staff; and for a non-administrator, nothing beyond what they hold.
 */
async function assertAssignable(
  tx: TenantTx,
  actor: Actor,
  roleIds: readonly string[],
  user: { userRole: UserRole; sellerId: string | null },
): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return;
  const rows = await tx.select().from(roles).where(inArray(roles.id, unique));
  if (rows.length !== unique.length) throw new AppError('role.not_found');
  const held = actor.isAdmin ? null : await heldPermissionIds(tx, actor.userId);
  const granted = held ? await permissionsByRole(tx, unique) : null;
  for (const role of rows) {
    if (role.sellerId !== null) {
      if (user.userRole !== 'seller_staff' || role.sellerId !== user.sellerId)
        throw new AppError('user.role_not_allowed');
      continue;
    }
    if (!held || role.roleCode === user.userRole) continue;
    for (const id of granted?.get(role.id) ?? []) {
      if (!held.has(id)) throw new AppError('user.role_not_allowed');
    }
  }
}

async function defaultRoles(tx: TenantTx, role: UserRole): Promise<string[]> {
  const id = await baseRoleId(tx, role);
  return id ? [id] : [];
}

/** POST /sys/user/add: a new account with its roles (the base role of its user role by default). */
export async function addUser(tx: TenantTx, actor: Actor, input: UserAddInput): Promise<UserView> {
  assertManageable(actor, input.userRole);
  await assertAccountFree(tx, input);
  const sellerId = input.userRole === 'seller_staff' ? await sellerAccount(tx, input.sellerId) : null;
  const departs = await departsByIds(tx, input.departIds ?? []);
  const roleIds = input.roleIds ?? (await defaultRoles(tx, input.userRole));
  await assertAssignable(tx, actor, roleIds, { userRole: input.userRole, sellerId });
  const user = await insertAccount(tx, actor, {
    username: input.username,
    password: input.password,
    realname: input.realname,
    nickname: input.nickname ?? '',
    phone: input.phone ?? null,
    email: input.email ?? null,
    userRole: input.userRole,
    sellerId,
    orgCode: departs[0]?.orgCode ?? null,
    status: USER_STATUS.normal,
  });
  // A seller acts for itself: its seller id is its own.
  if (input.userRole === 'seller')
    await tx.update(users).set({ sellerId: user.id }).where(eq(users.id, user.id));
  await replaceRoles(tx, user.id, roleIds);
  await replaceDeparts(tx, user, departs);
  return toUserView(await userById(tx, user.id));
}

/**
 * The roles a user keeps when their user role or seller changes and the form named no roles:
 * the old base role gives way to the new one, and roles of another seller go.
 */
async function carriedRoles(tx: TenantTx, user: UserRow, userRole: UserRole, sellerId: string | null) {
  const current = await roleIdsOf(tx, user.id);
  const rows = current.length > 0 ? await tx.select().from(roles).where(inArray(roles.id, current)) : [];
  const kept = rows
    .filter((role) => !(role.sellerId === null && role.roleCode === user.userRole))
    .filter((role) => role.sellerId === null || role.sellerId === sellerId)
    .map((role) => role.id);
  return [...kept, ...(await defaultRoles(tx, userRole))];
}

/** PUT /sys/user/edit: the same rules as add; a seller account keeps its role, it owns seller data. */
export async function editUser(tx: TenantTx, actor: Actor, input: UserEditInput): Promise<UserView> {
  const user = await userById(tx, input.id);
  assertManageable(actor, user.userRole);
  const userRole = input.userRole ?? user.userRole;
  assertManageable(actor, userRole);
  if (userRole !== user.userRole && (userRole === 'seller' || user.userRole === 'seller')) {
    throw new AppError('user.role_not_allowed');
  }
  await assertAccountFree(tx, { phone: input.phone, email: input.email }, user.id);
  let sellerId: string | null = null;
  if (userRole === 'seller') sellerId = user.id;
  if (userRole === 'seller_staff') sellerId = await sellerAccount(tx, input.sellerId ?? user.sellerId);
  const departs = input.departIds ? await departsByIds(tx, input.departIds) : null;
  const changed = userRole !== user.userRole || sellerId !== user.sellerId;
  const roleIds = input.roleIds ?? (changed ? await carriedRoles(tx, user, userRole, sellerId) : null);
  if (roleIds) await assertAssignable(tx, actor, roleIds, { userRole, sellerId });
  await guardedUpdate(tx, user.id, {
    realname: input.realname,
    ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    userRole,
    sellerId,
  });
  if (roleIds) await replaceRoles(tx, user.id, roleIds);
  if (departs) await replaceDeparts(tx, user, departs);
  return toUserView(await userById(tx, user.id));
}

/** GET /sys/user/queryUserRole: the role ids a user holds. */
export async function userRoleIds(tx: TenantTx, _actor: Actor, input: { userid: string }): Promise<string[]> {
  return roleIdsOf(tx, (await userById(tx, input.userid)).id);
}

/**
 * PUT /sys/user/frozenBatch: freezing ends the accounts' sessions at once; nobody freezes
 * themselves. Unfreezing also lifts the locks wrong passwords put on the accounts.
 */
export async function freezeUsers(tx: TenantTx, actor: Actor, input: FrozenBatchInput): Promise<null> {
  const ids = [...new Set(input.ids)];
  if (input.status === USER_STATUS.frozen && ids.includes(actor.userId))
    throw new AppError('user.cannot_freeze_self');
  const rows = await tx
    .select({ id: users.id, username: users.username, userRole: users.userRole })
    .from(users)
    .where(inArray(users.id, ids));
  if (rows.length !== ids.length) throw new AppError('user.not_found');
  for (const row of rows) assertManageable(actor, row.userRole);
  await tx.update(users).set({ status: input.status, updatedAt: new Date() }).where(inArray(users.id, ids));
  if (input.status === USER_STATUS.frozen) {
    for (const id of ids) await revokeSessionsOf(tx, id);
  } else {
    // Unfreezing is the administrator's unlock: wrong passwords no longer hold the user back.
    for (const row of rows) await clearLoginLockouts(tx, actor.tenantId, row.username);
  }
  return null;
}

/** GET /sys/user/checkOnlyUser: refuses a username the tenant already has (other than user `id`). */
export async function checkOnlyUser(
  tx: TenantTx,
  _actor: Actor,
  input: { username: string; id?: string },
): Promise<null> {
  const user = await findUserByUsername(tx, input.username);
  if (user && user.id !== input.id) throw new AppError('user.username_taken');
  return null;
}

/** PUT /sys/user/changPassword: an administrator sets another account's password. */
export async function changeUserPassword(tx: TenantTx, actor: Actor, input: SetPasswordInput): Promise<null> {
  const user = await findUserByUsername(tx, input.username);
  if (!user) throw new AppError('user.not_found');
  assertManageable(actor, user.userRole);
  await setPasswordOf(tx, actor, user, input);
  return null;
}

/** GET /sys/user/queryUserByDepId: the members of one department, a page at a time. */
export async function usersOfDepart(
  tx: TenantTx,
  _actor: Actor,
  input: { id: string; pageNo: number; pageSize: number },
): Promise<Page<UserView>> {
  await departsByIds(tx, [input.id]);
  const members = tx
    .select({ id: userDeparts.userId })
    .from(userDeparts)
    .where(eq(userDeparts.departId, input.id));
  return pageOfUsers(tx, inArray(users.id, members), input);
}
