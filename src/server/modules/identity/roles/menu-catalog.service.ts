/**
 * Keeps a tenant's permissions in step with the product's menu catalogue and gives every
 * user role its base role. New catalogue entries are granted to their roles when first
 * added; later changes an administrator made to grants are left alone.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { USER_ROLES, type UserRole } from '@shared/domain/roles.js';
import { MENU_CATALOG } from '@shared/menu.js';
import type { TenantTx } from '@server/db/client.js';
import { translatorFor } from '@server/i18n.js';
import { permissions, rolePermissions, roles } from '../identity.tables.js';

/** Ensures one base role per user role (role code = user role). Returns their ids by code. */
export async function ensureBaseRoles(tx: TenantTx): Promise<Map<UserRole, string>> {
  const t = translatorFor('en-US');
  for (const code of USER_ROLES) {
    await tx
      .insert(roles)
      .values({ roleCode: code, roleName: t(`dict:user_role.${code}`), description: null })
      .onConflictDoNothing();
  }
  const rows = await tx
    .select({ id: roles.id, code: roles.roleCode })
    .from(roles)
    .where(isNull(roles.sellerId));
  return new Map(
    rows
      .filter((row) => (USER_ROLES as readonly string[]).includes(row.code))
      .map((row) => [row.code as UserRole, row.id]),
  );
}

export async function syncMenuCatalog(tx: TenantTx): Promise<void> {
  const roleIds = await ensureBaseRoles(tx);
  const t = translatorFor('en-US');
  const idByKey = new Map<string, string>();
  for (const entry of MENU_CATALOG) {
    const parentId = entry.parentKey ? idByKey.get(entry.parentKey) : undefined;
    const values = {
      catalogKey: entry.key,
      parentId: parentId ?? null,
      name: t(`menu:${entry.key}`),
      url: entry.path ?? null,
      component: entry.component ?? null,
      redirect: entry.redirect ?? null,
      menuType: entry.menuType,
      perms: entry.perms ?? null,
      icon: entry.icon ?? null,
      sortNo: entry.sortNo,
      hidden: entry.hidden ?? false,
      isRoute: entry.isRoute ?? true,
      alwaysShow: entry.alwaysShow ?? false,
      keepAlive: entry.keepAlive ?? false,
      isLeaf: !MENU_CATALOG.some((child) => child.parentKey === entry.key),
    };
    const [existing] = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.catalogKey, entry.key));
    if (existing) {
      await tx
        .update(permissions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(permissions.id, existing.id));
      idByKey.set(entry.key, existing.id);
      continue;
    }
    const [inserted] = await tx.insert(permissions).values(values).returning({ id: permissions.id });
    if (!inserted) continue;
    idByKey.set(entry.key, inserted.id);
    for (const role of entry.roles) {
      const roleId = roleIds.get(role);
      if (roleId)
        await tx.insert(rolePermissions).values({ roleId, permissionId: inserted.id }).onConflictDoNothing();
    }
  }
}

/** The base role of a user role, for new users. */
export async function baseRoleId(tx: TenantTx, role: UserRole): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.roleCode, role), isNull(roles.sellerId)));
  return row?.id;
}
