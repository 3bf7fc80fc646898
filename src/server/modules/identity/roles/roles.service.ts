/**
 * Tenant roles (those without a seller): the agent's own named sets of permissions. Base
 * roles (code = a user role) are the product's; they can be renamed and regranted but not
 * deleted, because new users and the menu catalogue rely on them.
 */
import { and, asc, count, desc, eq, ilike, isNull } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type { RoleAddInput, RoleEditInput, RoleView } from '@shared/contract/system-admin.js';
import { USER_ROLES } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { page } from '@server/http/reply.js';
import { roles, userRoles } from '../identity.tables.js';
import { allOf, contains, guardUnique, iso, offsetOf } from '@server/db/query-helpers.js';

type RoleRow = typeof roles.$inferSelect;

export function toRoleView(row: RoleRow): RoleView {
  return {
    id: row.id,
    roleCode: row.roleCode,
    roleName: row.roleName,
    description: row.description,
    sellerId: row.sellerId,
    createdAt: iso(row.createdAt),
  };
}

export function isBaseRole(row: Pick<RoleRow, 'roleCode' | 'sellerId'>): boolean {
  return row.sellerId === null && (USER_ROLES as readonly string[]).includes(row.roleCode);
}

/** A role of the tenant (not a seller's), or 404; locked when about to be deleted or regranted. */
export async function tenantRole(tx: TenantTx, id: string, lock = false): Promise<RoleRow> {
  const query = tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.sellerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('role.not_found');
  return row;
}

/** GET /sys/role/queryall: every tenant role, for the user form's role select. */
export async function allTenantRoles(tx: TenantTx, _actor: Actor): Promise<RoleView[]> {
  const rows = await tx
    .select()
    .from(roles)
    .where(isNull(roles.sellerId))
    .orderBy(asc(roles.createdAt), asc(roles.roleCode));
  return rows.map(toRoleView);
}

/** GET /sys/role/list: tenant roles a page at a time, filtered by name or code. */
export async function listTenantRoles(
  tx: TenantTx,
  _actor: Actor,
  input: { pageNo: number; pageSize: number; roleName?: string; roleCode?: string },
): Promise<Page<RoleView>> {
  const where = allOf([
    isNull(roles.sellerId),
    input.roleName ? ilike(roles.roleName, contains(input.roleName)) : undefined,
    input.roleCode ? ilike(roles.roleCode, contains(input.roleCode)) : undefined,
  ]);
  const [counted] = await tx.select({ total: count() }).from(roles).where(where);
  const rows = await tx
    .select()
    .from(roles)
    .where(where)
    .orderBy(desc(roles.createdAt), asc(roles.roleCode))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  return page(rows.map(toRoleView), counted?.total ?? 0, input.pageNo, input.pageSize);
}

/** POST /sys/role/add: role codes are unique among the tenant's roles. */
export async function addTenantRole(tx: TenantTx, _actor: Actor, input: RoleAddInput): Promise<RoleView> {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.roleCode, input.roleCode), isNull(roles.sellerId)));
  if (taken) throw new AppError('role.code_taken');
  const [row] = await guardUnique(
    () =>
      tx
        .insert(roles)
        .values({
          roleCode: input.roleCode,
          roleName: input.roleName,
          description: input.description ?? null,
        })
        .returning(),
    { roles_code_key: 'role.code_taken' },
  );
  if (!row) throw new AppError('common.internal');
  return toRoleView(row);
}

/** PUT /sys/role/edit: name and description; the code is the role's identity and stays. */
export async function editTenantRole(tx: TenantTx, _actor: Actor, input: RoleEditInput): Promise<RoleView> {
  await tenantRole(tx, input.id);
  const [row] = await tx
    .update(roles)
    .set({
      roleName: input.roleName,
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: new Date(),
    })
    .where(eq(roles.id, input.id))
    .returning();
  if (!row) throw new AppError('role.not_found');
  return toRoleView(row);
}

/** DELETE /sys/role/delete: only a role nobody holds, and never a base role. */
export async function deleteTenantRole(tx: TenantTx, _actor: Actor, input: { id: string }): Promise<null> {
  // The lock makes a concurrent assignment wait, so the in-use check below stays true.
  const role = await tenantRole(tx, input.id, true);
  if (isBaseRole(role)) throw new AppError('role.builtin');
  const [holder] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.roleId, role.id))
    .limit(1);
  if (holder) throw new AppError('role.in_use');
  await tx.delete(roles).where(eq(roles.id, role.id));
  return null;
}
