/**
 * Helpers the administration services share: what an actor may grant, list filters, trees,
 * and turning a unique-key race into the refusal the pre-check would have given.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError, type ErrorCode } from '../../../shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { permissions, rolePermissions, userRoles } from './identity.tables.js';

/** Timestamps travel as ISO strings. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** An ILIKE pattern matching `value` anywhere, with the wildcards in `value` taken literally. */
export function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The conditions of a list filter, or undefined when none applies. */
export function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

export function offsetOf(input: { pageNo: number; pageSize: number }): number {
  return (input.pageNo - 1) * input.pageSize;
}

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

/** Builds a forest from rows with parent ids; a row whose parent is not among them is a root. */
export function buildTree<R extends { id: string; parentId: string | null }, N>(
  rows: readonly R[],
  toNode: (row: R, children: N[] | undefined) => N,
): N[] {
  const present = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, R[]>();
  for (const row of rows) {
    const parent = row.parentId && present.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): N[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const children = build(row.id);
      return toNode(row, children.length > 0 ? children : undefined);
    });
  return build(null);
}

interface PgErrorLike {
  code: string;
  constraint?: string;
}

function pgErrorOf(error: unknown): PgErrorLike | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if (typeof current !== 'object') return null;
    const candidate = current as Partial<PgErrorLike> & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * Runs a write whose unique keys were checked first; if another request took the key in
 * between, answers the same refusal the check gives instead of a 500.
 */
export async function guardUnique<T>(
  work: () => Promise<T>,
  byConstraint: Record<string, ErrorCode>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === '23505') throw new AppError(byConstraint[pg.constraint ?? ''] ?? 'common.conflict');
    if (pg?.code === '23503') throw new AppError('common.not_found');
    throw error;
  }
}
