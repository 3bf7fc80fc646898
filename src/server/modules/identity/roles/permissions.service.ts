/**
 * The tenant's menu and button permissions, and which of them each tenant role grants.
 * Rows seeded from the product catalogue carry a catalogKey and are brought back in step
 * with the catalogue at start; rows an administrator adds are theirs.
 */
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type {
  PermissionAddInput,
  PermissionEditInput,
  PermissionTreeResult,
  PermissionView,
  SaveRolePermissionInput,
  TreeOption,
} from '@shared/contract/system-admin.js';
import type { Language } from '@shared/i18n/languages.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import type { Translate } from '@server/i18n.js';
import { permissions, rolePermissions } from '../identity.tables.js';
import { titleOf } from '../sign-in/menu.service.js';
import { guardUnique } from '@server/db/query-helpers.js';
import { assertGrantable, replaceRolePermissions } from './grants.js';
import { buildTree } from '../tree.js';
import { tenantRole } from './roles.service.js';

type PermissionRow = typeof permissions.$inferSelect;

/** How the permission screens label rows: in the request's language. */
export interface Labels {
  language: Language;
  t: Translate;
}

export function toPermissionView(row: PermissionRow, labels: Labels): PermissionView {
  return {
    id: row.id,
    parentId: row.parentId,
    catalogKey: row.catalogKey,
    name: row.name,
    title: titleOf(row, labels.language, labels.t),
    titles: row.titles,
    url: row.url,
    component: row.component,
    componentName: row.componentName,
    redirect: row.redirect,
    menuType: row.menuType,
    perms: row.perms,
    permsType: row.permsType,
    icon: row.icon,
    sortNo: row.sortNo,
    isRoute: row.isRoute,
    isLeaf: row.isLeaf,
    keepAlive: row.keepAlive,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    internalOrExternal: row.internalOrExternal,
    status: row.status,
  };
}

async function allPermissions(tx: TenantTx, where?: SQL): Promise<PermissionRow[]> {
  return tx.select().from(permissions).where(where).orderBy(asc(permissions.sortNo), asc(permissions.name));
}

/** Permission rows as a tree select: key and value are ids, titles in the request language. */
export function permissionOptions(rows: readonly PermissionRow[], labels: Labels): PermissionTreeResult {
  const treeList = buildTree<PermissionRow, TreeOption>(rows, (row, children) => ({
    key: row.id,
    value: row.id,
    title: titleOf(row, labels.language, labels.t),
    ...(children ? { children } : {}),
  }));
  return { treeList, ids: rows.map((row) => row.id) };
}

/** GET /sys/permission/list: the tenant's whole permission tree. */
export async function permissionList(tx: TenantTx, _actor: Actor, labels: Labels): Promise<PermissionView[]> {
  return buildTree<PermissionRow, PermissionView>(await allPermissions(tx), (row, children) => ({
    ...toPermissionView(row, labels),
    ...(children ? { children } : {}),
  }));
}

/** GET /sys/permission/queryTreeList: the tree a role's grant screen ticks. */
export async function permissionTree(
  tx: TenantTx,
  _actor: Actor,
  labels: Labels,
): Promise<PermissionTreeResult> {
  return permissionOptions(await allPermissions(tx), labels);
}

/** GET /sys/permission/getSystemMenuList: the top-level menus. */
export async function systemMenus(tx: TenantTx, _actor: Actor, labels: Labels): Promise<PermissionView[]> {
  const rows = await allPermissions(tx, and(isNull(permissions.parentId), eq(permissions.menuType, 0)));
  return rows.map((row) => toPermissionView(row, labels));
}

/** GET /sys/permission/getSystemSubmenu: the direct children of one menu. */
export async function systemSubmenu(
  tx: TenantTx,
  _actor: Actor,
  input: { parentId: string },
  labels: Labels,
): Promise<PermissionView[]> {
  await permissionById(tx, input.parentId, 'permission.not_found');
  const rows = await allPermissions(tx, eq(permissions.parentId, input.parentId));
  return rows.map((row) => toPermissionView(row, labels));
}

async function permissionById(
  tx: TenantTx,
  id: string,
  missing: 'permission.not_found' | 'permission.parent_not_found',
): Promise<PermissionRow> {
  const [row] = await tx.select().from(permissions).where(eq(permissions.id, id));
  if (!row) throw new AppError(missing);
  return row;
}

async function assertPermsFree(tx: TenantTx, perms: string | undefined, exceptId?: string): Promise<void> {
  if (!perms) return;
  const [taken] = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.perms, perms), exceptId ? ne(permissions.id, exceptId) : undefined));
  if (taken) throw new AppError('permission.code_taken');
}

/** Keeps isLeaf true exactly for rows without children. */
async function refreshLeaf(tx: TenantTx, id: string | null): Promise<void> {
  if (!id) return;
  await tx
    .update(permissions)
    .set({ isLeaf: sql`not exists (select 1 from permissions c where c.parent_id = ${permissions.id})` })
    .where(eq(permissions.id, id));
}

function rowValues(input: PermissionAddInput) {
  return {
    parentId: input.parentId ?? null,
    name: input.name,
    titles: input.titles ?? {},
    url: input.url || null,
    component: input.component || null,
    componentName: input.componentName || null,
    redirect: input.redirect || null,
    menuType: input.menuType,
    perms: input.perms ?? null,
    permsType: input.permsType ?? '1',
    icon: input.icon || null,
    sortNo: input.sortNo ?? 0,
    isRoute: input.isRoute ?? input.menuType !== 2,
    hidden: input.hidden ?? false,
    keepAlive: input.keepAlive ?? false,
    alwaysShow: input.alwaysShow ?? false,
    internalOrExternal: input.internalOrExternal ?? false,
    status: input.status ?? '1',
  };
}

/** The columns an edit names; what it leaves out stays as it is. */
function patchOf(input: Omit<PermissionEditInput, 'id'>): Partial<ReturnType<typeof rowValues>> {
  const given = input as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(rowValues(input)).filter(([key]) => given[key] !== undefined),
  ) as Partial<ReturnType<typeof rowValues>>;
}

const PERMISSION_KEYS = { permissions_perms_key: 'permission.code_taken' } as const;

/** POST /sys/permission/add: under an existing parent, with a permission code no other row has. */
export async function addPermission(
  tx: TenantTx,
  _actor: Actor,
  input: PermissionAddInput,
  labels: Labels,
): Promise<PermissionView> {
  if (input.parentId) await permissionById(tx, input.parentId, 'permission.parent_not_found');
  await assertPermsFree(tx, input.perms);
  const [row] = await guardUnique(
    () => tx.insert(permissions).values(rowValues(input)).returning(),
    PERMISSION_KEYS,
  );
  if (!row) throw new AppError('common.internal');
  await refreshLeaf(tx, row.parentId);
  return toPermissionView(row, labels);
}

/** PUT /sys/permission/edit: the same rules, and a row never moves under itself. */
export async function editPermission(
  tx: TenantTx,
  _actor: Actor,
  input: PermissionEditInput,
  labels: Labels,
): Promise<PermissionView> {
  const current = await permissionById(tx, input.id, 'permission.not_found');
  if (input.parentId) {
    await permissionById(tx, input.parentId, 'permission.parent_not_found');
    const rows = await tx.select({ id: permissions.id, parentId: permissions.parentId }).from(permissions);
    const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
    for (let at: string | null | undefined = input.parentId; at; at = parentOf.get(at)) {
      if (at === current.id) throw new AppError('permission.parent_invalid');
    }
  }
  await assertPermsFree(tx, input.perms, current.id);
  const { id, ...fields } = input;
  const [row] = await guardUnique(
    () =>
      tx
        .update(permissions)
        .set({ ...patchOf(fields), updatedAt: new Date() })
        .where(eq(permissions.id, id))
        .returning(),
    PERMISSION_KEYS,
  );
  if (!row) throw new AppError('permission.not_found');
  await refreshLeaf(tx, current.parentId);
  await refreshLeaf(tx, row.parentId);
  return toPermissionView(row, labels);
}

/** GET /sys/permission/queryRolePermission: the permission ids a tenant role grants. */
export async function rolePermissionIds(
  tx: TenantTx,
  _actor: Actor,
  input: { roleId: string },
): Promise<string[]> {
  const role = await tenantRole(tx, input.roleId);
  const rows = await tx
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, role.id));
  return rows.map((row) => row.id);
}

/**
 * POST /sys/permission/saveRolePermission: the role grants exactly the given permissions.
 * Every id must be the tenant's; a non-administrator adds only what they hold themselves.
 */
export async function saveRolePermissions(
  tx: TenantTx,
  actor: Actor,
  input: SaveRolePermissionInput,
): Promise<null> {
  const role = await tenantRole(tx, input.roleId, true);
  const wanted = new Set(input.permissionIds);
  if (wanted.size > 0) {
    const found = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.id, [...wanted]));
    if (found.length !== wanted.size) throw new AppError('permission.not_found');
  }
  const current = new Set(await rolePermissionIds(tx, actor, { roleId: role.id }));
  await assertGrantable(
    tx,
    actor,
    [...wanted].filter((id) => !current.has(id)),
  );
  await replaceRolePermissions(tx, role.id, current, wanted);
  return null;
}
