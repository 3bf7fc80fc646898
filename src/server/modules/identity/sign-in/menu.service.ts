/**
 * The permission call (spec 01 §7): the user's menu tree in the spec's item shape, the
 * buttons granted (auth) and every button of the tenant (allAuth). Menu items the user may not
 * see are left out; an item granted without its parent brings its ancestors along. Screens that
 * work on the caller's own seller are never granted to a user who acts for no seller, and entries
 * bound to their roles (each role's order list) to no other role (an administrator holds every
 * other entry), so no menu entry leads to a screen that refuses or is not the role's.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MenuItem } from '@shared/contract/identity.js';
import type { Language } from '@shared/i18n/languages.js';
import { isBoundAwayFrom, isSellerScoped } from '@shared/menu.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import type { Translate } from '@server/i18n.js';
import { permissions, rolePermissions, userRoles } from '../identity.tables.js';

type PermissionRow = typeof permissions.$inferSelect;

export function titleOf(row: PermissionRow, language: Language, t: Translate): string {
  const own = row.titles[language];
  if (own) return own;
  if (row.catalogKey) {
    const key = `menu:${row.catalogKey}`;
    const translated = t(key);
    if (translated !== key && translated !== row.catalogKey) return translated;
  }
  return row.name;
}

async function grantedIds(tx: TenantTx, actor: Actor): Promise<Set<string> | 'all'> {
  if (actor.isAdmin) return 'all';
  const rows = await tx
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, actor.userId));
  return new Set(rows.map((row) => row.id));
}

export interface PermissionReply {
  menu: MenuItem[];
  auth: { action: string; describe: string; type: string }[];
  allAuth: { action: string; describe: string; type: string; status: string }[];
}

export async function userPermissions(
  tx: TenantTx,
  actor: Actor,
  language: Language,
  t: Translate,
): Promise<PermissionReply> {
  const all = await tx
    .select()
    .from(permissions)
    .where(eq(permissions.status, '1'))
    .orderBy(asc(permissions.sortNo), asc(permissions.name));
  const granted = await grantedIds(tx, actor);
  const isGranted = (row: PermissionRow) =>
    (granted === 'all' || granted.has(row.id)) &&
    (actor.sellerId !== null || !isSellerScoped(row.catalogKey)) &&
    !isBoundAwayFrom(row.catalogKey, actor.userRole);
  const byId = new Map(all.map((row) => [row.id, row]));

  const visible = new Set<string>();
  for (const row of all) {
    if (row.menuType === 2 || !isGranted(row)) continue;
    for (
      let current: PermissionRow | undefined = row;
      current;
      current = current.parentId ? byId.get(current.parentId) : undefined
    ) {
      visible.add(current.id);
    }
  }
  const buttons = all.filter((row) => row.menuType === 2 && row.perms);
  const grantedButtons = buttons.filter(isGranted);

  const toItem = (row: PermissionRow): MenuItem => {
    const children = all.filter(
      (child) => child.parentId === row.id && child.menuType !== 2 && visible.has(child.id),
    );
    const item: MenuItem = {
      path: row.url ?? '',
      name: (row.url ?? row.id).replace(/^\//, '').replace(/\//g, '-') || row.id,
      component: row.component ?? '',
      redirect: row.redirect,
      hidden: row.hidden,
      route: row.isRoute ? '1' : '0',
      alwaysShow: row.alwaysShow,
      meta: {
        title: titleOf(row, language, t),
        icon: row.icon,
        url: row.internalOrExternal ? row.url : null,
        permissionList: grantedButtons
          .filter((button) => button.parentId === row.id)
          .map((button) => ({
            action: button.perms ?? '',
            describe: titleOf(button, language, t),
            type: button.permsType,
          })),
        keepAlive: row.keepAlive,
        internalOrExternal: row.internalOrExternal,
      },
    };
    if (children.length > 0) item.children = children.map(toItem);
    return item;
  };

  return {
    menu: all.filter((row) => !row.parentId && row.menuType !== 2 && visible.has(row.id)).map(toItem),
    auth: grantedButtons.map((row) => ({
      action: row.perms ?? '',
      describe: titleOf(row, language, t),
      type: row.permsType,
    })),
    allAuth: buttons.map((row) => ({
      action: row.perms ?? '',
      describe: titleOf(row, language, t),
      type: row.permsType,
      status: row.status,
    })),
  };
}

/** Permission ids the given roles hold, for checks that a grant stays within them. */
export async function permissionIdsOfRoles(tx: TenantTx, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(and(inArray(rolePermissions.roleId, roleIds)));
  return new Set(rows.map((row) => row.id));
}
