/**
 * Seller roles: a seller names sets of permissions for their own staff. A seller role can
 * grant only what the seller holds (and, when a staff member manages roles, what that staff
 * member holds too). Another seller's roles answer 404.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type {
  PermissionTreeResult,
  RoleAddInput,
  RoleEditInput,
  RoleView,
  SaveRolePermissionInput,
} from '@shared/contract/system-admin.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { permissions, rolePermissions, roles } from '../identity.tables.js';
import { guardUnique } from '@server/db/query-helpers.js';
import { heldPermissionIds, replaceRolePermissions } from './grants.js';
import { permissionOptions, type Labels } from './permissions.service.js';
import { toRoleView } from './roles.service.js';
import { sellerScope } from '../users/seller-staff.service.js';

type RoleRow = typeof roles.$inferSelect;

async function ownRole(tx: TenantTx, actor: Actor, id: string, lock = false): Promise<RoleRow> {
  const query = tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.sellerId, sellerScope(actor))));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('role.not_found');
  return row;
}

async function codeTaken(tx: TenantTx, actor: Actor, roleCode: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.sellerId, sellerScope(actor)),
        eq(roles.roleCode, roleCode),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The permission ids a seller role of this actor may grant. */
export async function grantableIds(tx: TenantTx, actor: Actor): Promise<Set<string>> {
  const sellerId = sellerScope(actor);
  const seller = await heldPermissionIds(tx, sellerId);
  if (actor.userId === sellerId) return seller;
  const own = await heldPermissionIds(tx, actor.userId);
  return new Set([...seller].filter((id) => own.has(id)));
}

/** GET /sys/seller/role/queryall: the seller's roles. */
export async function sellerRoles(tx: TenantTx, actor: Actor): Promise<RoleView[]> {
  const rows = await tx
    .select()
    .from(roles)
    .where(eq(roles.sellerId, sellerScope(actor)))
    .orderBy(asc(roles.createdAt), asc(roles.roleCode));
  return rows.map(toRoleView);
}

/** POST /sys/seller/role/add: role codes are unique among the seller's roles. */
export async function addSellerRole(tx: TenantTx, actor: Actor, input: RoleAddInput): Promise<RoleView> {
  if (await codeTaken(tx, actor, input.roleCode)) throw new AppError('role.code_taken');
  const [row] = await guardUnique(
    () =>
      tx
        .insert(roles)
        .values({
          roleCode: input.roleCode,
          roleName: input.roleName,
          description: input.description ?? null,
          sellerId: sellerScope(actor),
        })
        .returning(),
    { roles_code_key: 'role.code_taken' },
  );
  if (!row) throw new AppError('common.internal');
  return toRoleView(row);
}

/** PUT /sys/seller/role/edit: name and description of one of the seller's roles. */
export async function editSellerRole(tx: TenantTx, actor: Actor, input: RoleEditInput): Promise<RoleView> {
  const role = await ownRole(tx, actor, input.id);
  const [row] = await tx
    .update(roles)
    .set({
      roleName: input.roleName,
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: new Date(),
    })
    .where(eq(roles.id, role.id))
    .returning();
  if (!row) throw new AppError('role.not_found');
  return toRoleView(row);
}

/** GET /sys/seller/role/checkRoleCode: refuses a code the seller already uses (other than role `id`). */
export async function checkSellerRoleCode(
  tx: TenantTx,
  actor: Actor,
  input: { roleCode: string; id?: string },
): Promise<null> {
  if (await codeTaken(tx, actor, input.roleCode, input.id)) throw new AppError('role.code_taken');
  return null;
}

/** GET /sys/seller/role/queryTreeList: the permissions the seller may grant, as a tree. */
export async function sellerPermissionTree(
  tx: TenantTx,
  actor: Actor,
  labels: Labels,
): Promise<PermissionTreeResult> {
  const ids = [...(await grantableIds(tx, actor))];
  if (ids.length === 0) return { treeList: [], ids: [] };
  const rows = await tx
    .select()
    .from(permissions)
    .where(inArray(permissions.id, ids))
    .orderBy(asc(permissions.sortNo), asc(permissions.name));
  return permissionOptions(rows, labels);
}

/** GET /sys/seller/permission/queryRolePermission: what one of the seller's roles grants. */
export async function sellerRolePermissionIds(
  tx: TenantTx,
  actor: Actor,
  input: { roleId: string },
): Promise<string[]> {
  const role = await ownRole(tx, actor, input.roleId);
  const rows = await tx
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, role.id));
  return rows.map((row) => row.id);
}

/** POST /sys/seller/permission/saveRolePermission: the role grants exactly these, all grantable. */
export async function saveSellerRolePermissions(
  tx: TenantTx,
  actor: Actor,
  input: SaveRolePermissionInput,
): Promise<null> {
  const role = await ownRole(tx, actor, input.roleId, true);
  const wanted = new Set(input.permissionIds);
  const grantable = await grantableIds(tx, actor);
  for (const id of wanted) {
    if (!grantable.has(id)) throw new AppError('role.permission_not_grantable');
  }
  const current = new Set(await sellerRolePermissionIds(tx, actor, { roleId: role.id }));
  await replaceRolePermissions(tx, role.id, current, wanted);
  return null;
}
