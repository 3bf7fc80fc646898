/**
 * A seller's own staff accounts (/agent/user/*). Everything is scoped by the actor's seller:
 * another seller's staff and roles answer 404 as if they did not exist.
 */
import { and, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  SetPasswordInput,
  StaffAddInput,
  StaffEditInput,
  UserView,
} from '@shared/contract/system-admin.js';
import { USER_STATUS } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { baseRoleId } from '../roles/menu-catalog.service.js';
import { departsOf, type UserRow } from '../sign-in/sign-in.queries.js';
import { roles, userRoles, users } from '../identity.tables.js';
import { revokeSessionsOf } from '../sign-in/session.service.js';
import { allOf, contains } from '@server/db/query-helpers.js';
import { heldPermissionIds, permissionsByRole } from '../roles/grants.js';
import {
  assertAccountFree,
  guardedUpdate,
  insertAccount,
  pageOfUsers,
  replaceDeparts,
  replaceRoles,
  setPasswordOf,
  toUserView,
} from './user-accounts.js';

/** The seller the actor works for; accounts outside a seller have no staff. */
export function sellerScope(actor: Actor): string {
  if (!actor.sellerId) throw new AppError('common.forbidden');
  return actor.sellerId;
}

function staffOf(sellerId: string): SQL | undefined {
  return and(eq(users.userRole, 'seller_staff'), eq(users.sellerId, sellerId));
}

/** One of the actor's seller's staff, or 404. */
export async function ownStaff(tx: TenantTx, actor: Actor, match: SQL): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(match, staffOf(sellerScope(actor))));
  if (!row) throw new AppError('user.not_found');
  return row;
}

/**
 * Checks that every role id is one of the actor's seller's roles (404 otherwise). Staff who
 * manage staff hand out only roles within what they hold themselves.
 */
export async function assertOwnRoles(
  tx: TenantTx,
  actor: Actor,
  roleIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, unique), eq(roles.sellerId, sellerScope(actor))));
  if (rows.length !== unique.length) throw new AppError('role.not_found');
  if (actor.userId !== actor.sellerId) {
    const held = await heldPermissionIds(tx, actor.userId);
    for (const granted of (await permissionsByRole(tx, unique)).values()) {
      for (const id of granted) if (!held.has(id)) throw new AppError('user.role_not_allowed');
    }
  }
  return unique;
}

/** Staff who manage staff cannot take over a colleague who holds more than they do. */
async function assertNotAbove(tx: TenantTx, actor: Actor, staff: UserRow): Promise<void> {
  if (actor.userId === actor.sellerId || actor.userId === staff.id) return;
  const held = await heldPermissionIds(tx, actor.userId);
  for (const id of await heldPermissionIds(tx, staff.id)) {
    if (!held.has(id)) throw new AppError('user.role_not_allowed');
  }
}

/** GET /agent/user/store/list: the seller's staff, a page at a time. */
export async function listStaff(
  tx: TenantTx,
  actor: Actor,
  input: { pageNo: number; pageSize: number; username?: string; realname?: string },
): Promise<Page<UserView>> {
  const where = allOf([
    staffOf(sellerScope(actor)),
    input.username ? ilike(users.username, contains(input.username)) : undefined,
    input.realname ? ilike(users.realname, contains(input.realname)) : undefined,
  ]);
  return pageOfUsers(tx, where, input);
}

/**
 * POST /agent/user/store/add: a seller staff account of the actor's seller, in the seller's
 * departments, holding the base seller staff role plus the chosen seller roles.
 */
export async function addStaff(tx: TenantTx, actor: Actor, input: StaffAddInput): Promise<UserView> {
  const sellerId = sellerScope(actor);
  await assertAccountFree(tx, input);
  const chosen = await assertOwnRoles(tx, actor, input.roleIds ?? []);
  const departs = await departsOf(tx, sellerId);
  const user = await insertAccount(tx, actor, {
    username: input.username,
    password: input.password,
    realname: input.realname,
    nickname: input.nickname ?? '',
    phone: input.phone ?? null,
    email: input.email ?? null,
    userRole: 'seller_staff',
    sellerId,
    orgCode: departs[0]?.orgCode ?? null,
    status: USER_STATUS.normal,
  });
  const base = await baseRoleId(tx, 'seller_staff');
  await replaceRoles(tx, user.id, [...(base ? [base] : []), ...chosen]);
  await replaceDeparts(tx, user, departs);
  return toUserView({ ...user, orgCode: departs[0]?.orgCode ?? null });
}

/** PUT /agent/user/store/edit: details, seller roles (the base role stays) and frozen or not. */
export async function editStaff(tx: TenantTx, actor: Actor, input: StaffEditInput): Promise<UserView> {
  const staff = await ownStaff(tx, actor, eq(users.id, input.id));
  await assertNotAbove(tx, actor, staff);
  if (input.status === USER_STATUS.frozen && staff.id === actor.userId)
    throw new AppError('user.cannot_freeze_self');
  await assertAccountFree(tx, { phone: input.phone, email: input.email }, staff.id);
  const chosen = input.roleIds ? await assertOwnRoles(tx, actor, input.roleIds) : null;
  await guardedUpdate(tx, staff.id, {
    realname: input.realname,
    ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
  });
  if (chosen) {
    const kept = await tx
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, staff.id), isNull(roles.sellerId)));
    await replaceRoles(tx, staff.id, [...kept.map((row) => row.id), ...chosen]);
  }
  if (input.status === USER_STATUS.frozen) await revokeSessionsOf(tx, staff.id);
  const [row] = await tx.select().from(users).where(eq(users.id, staff.id));
  if (!row) throw new AppError('user.not_found');
  return toUserView(row);
}

/** PUT /agent/user/updatePassword: the seller sets a staff member's password. */
export async function setStaffPassword(tx: TenantTx, actor: Actor, input: SetPasswordInput): Promise<null> {
  const staff = await ownStaff(tx, actor, sql`lower(${users.username}) = lower(${input.username})`);
  await assertNotAbove(tx, actor, staff);
  await setPasswordOf(tx, actor, staff, input);
  return null;
}

/** GET /sys/seller/useRole/querySellUserRole: the seller roles one of the seller's staff holds. */
export async function staffRoleIds(tx: TenantTx, actor: Actor, input: { userId: string }): Promise<string[]> {
  const staff = await ownStaff(tx, actor, eq(users.id, input.userId));
  const rows = await tx
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, staff.id), eq(roles.sellerId, sellerScope(actor))));
  return rows.map((row) => row.id);
}
