/** What an actor may grant: nobody hands out more permissions than their own roles give them. */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { permissions, rolePermissions, userRoles } from '../identity.tables.js';

/** Enabled permission ids a user holds through their roles. */
export async function heldPermissionIds(tx: TenantTx, userId: string): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(userRoles.userId, userId), eq(permissions.status, '1')));
  return new Set(rows.map((row) => row.id));
}

/** Permission ids each of the roles holds. */
export async function permissionsByRole(tx: TenantTx, roleIds: string[]): Promise<Map<string, Set<string>>> {
  const byRole = new Map<string, Set<string>>(roleIds.map((id) => [id, new Set<string>()]));
  if (roleIds.length === 0) return byRole;
  const rows = await tx
    .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  for (const row of rows) byRole.get(row.roleId)?.add(row.permissionId);
  return byRole;
}

/**
 * Nobody hands out more than they hold: a non-administrator may add to a role only the
 * permissions their own roles give them.
 */
export async function assertGrantable(
  tx: TenantTx,
  actor: Actor,
  permissionIds: Iterable<string>,
): Promise<void> {
  if (actor.isAdmin) return;
  const held = await heldPermissionIds(tx, actor.userId);
  for (const id of permissionIds) {
    if (!held.has(id)) throw new AppError('role.permission_not_grantable');
  }
}

/** Replaces a role's permissions with exactly `wanted`. */
export async function replaceRolePermissions(
  tx: TenantTx,
  roleId: string,
  current: Set<string>,
  wanted: Set<string>,
): Promise<void> {
  const removed = [...current].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !current.has(id));
  if (removed.length > 0) {
    await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, removed)));
  }
  if (added.length > 0) {
    await tx
      .insert(rolePermissions)
      .values(added.map((permissionId) => ({ roleId, permissionId })))
      .onConflictDoNothing();
  }
}
