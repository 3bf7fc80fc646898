import { sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { meetsPermission, type Actor } from '../../http/actor.js';

/**
 * The fields the duplicate check may look at, each with the permissions of the forms that
 * check it (adding or editing that kind of record): the check tells whether a value exists in
 * the tenant, so only someone who may make such a record may ask. Table and field names from
 * the client are only ever keys into this list, never SQL. Case-insensitive where uniqueness is.
 */
interface Checkable {
  column: string;
  caseInsensitive: boolean;
  permissions: readonly PermissionCode[];
}

const USER_FORM = [PERMISSIONS.userAdd, PERMISSIONS.userEdit];
const CHECKABLE: Record<string, Record<string, Checkable>> = {
  users: {
    username: { column: 'username', caseInsensitive: true, permissions: USER_FORM },
    phone: { column: 'phone', caseInsensitive: false, permissions: USER_FORM },
    email: { column: 'email', caseInsensitive: true, permissions: USER_FORM },
  },
  roles: {
    role_code: {
      column: 'role_code',
      caseInsensitive: false,
      permissions: [PERMISSIONS.roleAdd, PERMISSIONS.roleEdit],
    },
  },
  departments: {
    org_code: {
      column: 'org_code',
      caseInsensitive: false,
      permissions: [PERMISSIONS.departAdd, PERMISSIONS.departEdit],
    },
  },
  dicts: {
    dict_code: {
      column: 'dict_code',
      caseInsensitive: false,
      permissions: [PERMISSIONS.dictAdd, PERMISSIONS.dictEdit],
    },
  },
  permissions: {
    perms: {
      column: 'perms',
      caseInsensitive: false,
      permissions: [PERMISSIONS.permissionAdd, PERMISSIONS.permissionEdit],
    },
  },
};

/** Every permission that allows some duplicate check: the route's own requirement. */
export const DUPLICATE_CHECK_PERMISSIONS: readonly PermissionCode[] = [
  ...new Set(
    Object.values(CHECKABLE).flatMap((fields) => Object.values(fields).flatMap((f) => f.permissions)),
  ),
];

/** Aliases the spec's client uses (JeecgBoot-style table and field names). */
const ALIASES: Record<string, string> = {
  sys_user: 'users',
  sys_role: 'roles',
  sys_depart: 'departments',
  sys_dict: 'dicts',
  sys_permission: 'permissions',
};

/**
 * GET /sys/duplicate/check: is this value already taken in the tenant (other than by record
 * dataId)? Refused unless the actor may add or edit that kind of record.
 */
export async function checkDuplicate(
  tx: TenantTx,
  actor: Actor,
  input: { tableName: string; fieldName: string; fieldVal: string; dataId?: string },
): Promise<void> {
  const table = ALIASES[input.tableName] ?? input.tableName;
  const field = CHECKABLE[table]?.[input.fieldName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
  if (!field) throw new AppError('duplicate.check_not_allowed');
  if (!meetsPermission(actor, { anyOf: field.permissions })) throw new AppError('common.forbidden');
  const column = sql.identifier(field.column);
  const value = input.fieldVal.trim();
  const match = field.caseInsensitive ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value}`;
  const exclude =
    input.dataId && /^[0-9a-f-]{36}$/i.test(input.dataId) ? sql` and id <> ${input.dataId}::uuid` : sql``;
  const result = await tx.execute(
    sql`select 1 from ${sql.identifier(table)} where ${match}${exclude} limit 1`,
  );
  if (rowsOf(result).length > 0) throw new AppError('duplicate.value_exists');
}
