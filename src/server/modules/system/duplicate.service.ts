import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';

/**
 * The fields the duplicate check may look at: table and field names from the client are
 * only ever keys into this list, never SQL. Case-insensitive where uniqueness is.
 */
const CHECKABLE: Record<string, Record<string, { column: string; caseInsensitive: boolean }>> = {
  users: {
    username: { column: 'username', caseInsensitive: true },
    phone: { column: 'phone', caseInsensitive: false },
    email: { column: 'email', caseInsensitive: true },
  },
  roles: { role_code: { column: 'role_code', caseInsensitive: false } },
  departments: { org_code: { column: 'org_code', caseInsensitive: false } },
  dicts: { dict_code: { column: 'dict_code', caseInsensitive: false } },
  permissions: { perms: { column: 'perms', caseInsensitive: false } },
};

/** Aliases the spec's client uses (JeecgBoot-style table and field names). */
const ALIASES: Record<string, string> = {
  sys_user: 'users',
  sys_role: 'roles',
  sys_depart: 'departments',
  sys_dict: 'dicts',
  sys_permission: 'permissions',
};

/** GET /sys/duplicate/check: is this value already taken in the tenant (other than by record dataId)? */
export async function checkDuplicate(
  tx: TenantTx,
  _actor: Actor,
  input: { tableName: string; fieldName: string; fieldVal: string; dataId?: string },
): Promise<void> {
  const table = ALIASES[input.tableName] ?? input.tableName;
  const field = CHECKABLE[table]?.[input.fieldName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
  if (!field) throw new AppError('duplicate.check_not_allowed');
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
