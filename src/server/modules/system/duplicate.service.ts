import { sql, type SQL } from 'drizzle-orm';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { owningSeller } from '../../access/seller-scope.js';
import { WAREHOUSE_ROLES } from '@shared/domain/roles.js';
import { meetsPermission, type Actor } from '../../http/actor.js';

/**
 * Where a value must be unique, as the table's unique key says: in the whole tenant, among the
 * system's own rows (column null), in a warehouse or a dictionary the form names (scopeId,
 * checked visible to the actor), or among the actor's own seller's rows.
 */
type Scope =
  | { kind: 'tenant' }
  | { kind: 'system'; column: string }
  | { kind: 'warehouse'; column: string }
  | { kind: 'dict'; column: string }
  | { kind: 'seller'; column: string };

/**
 * How a value is compared, as the unique key compares what the contract stores: exactly,
 * lower-cased on both sides (a unique index on lower(column)), or upper-cased first (codes the
 * contract upper-cases before storing, under a plain unique key), or as the contract stores a
 * barcode (GTINs to 14 digits, other codes upper-cased; one that cannot be a barcode is taken
 * by nothing).
 */
type Folding = 'exact' | 'lower' | 'upper' | 'barcode';

/**
 * The fields the duplicate check may look at, each with the permissions of the forms that
 * check it (adding or editing that kind of record): the check tells whether a value exists in
 * the tenant, so only someone who may make such a record may ask. Table, field and scope names
 * from the client are only ever keys into this list, never SQL.
 */
interface Checkable {
  column: string;
  /** The column naming the record dataId is (default id): a barcode row names its SKU. */
  recordColumn?: string;
  folding: Folding;
  permissions: readonly PermissionCode[];
  scope: Scope;
}

const TENANT: Scope = { kind: 'tenant' };
const IN_WAREHOUSE: Scope = { kind: 'warehouse', column: 'warehouse_id' };
const OWN_SELLER: Scope = { kind: 'seller', column: 'seller_id' };

const USER_FORM = [PERMISSIONS.userAdd, PERMISSIONS.userEdit];
const CHECKABLE: Record<string, Record<string, Checkable>> = {
  users: {
    username: { column: 'username', folding: 'lower', permissions: USER_FORM, scope: TENANT },
    phone: { column: 'phone', folding: 'exact', permissions: USER_FORM, scope: TENANT },
    email: { column: 'email', folding: 'lower', permissions: USER_FORM, scope: TENANT },
  },
  roles: {
    // roles_code_key: per seller, the system's roles (seller_id null) among themselves.
    role_code: {
      column: 'role_code',
      folding: 'exact',
      permissions: [PERMISSIONS.roleAdd, PERMISSIONS.roleEdit],
      scope: { kind: 'system', column: 'seller_id' },
    },
  },
  departments: {
    org_code: {
      column: 'org_code',
      folding: 'exact',
      permissions: [PERMISSIONS.departAdd, PERMISSIONS.departEdit],
      scope: TENANT,
    },
  },
  dicts: {
    dict_code: {
      column: 'dict_code',
      folding: 'exact',
      permissions: [PERMISSIONS.dictAdd, PERMISSIONS.dictEdit],
      scope: TENANT,
    },
  },
  dict_items: {
    // dict_items_value_key: per dictionary; the value is set once, when the item is added.
    item_value: {
      column: 'item_value',
      folding: 'exact',
      permissions: [PERMISSIONS.dictAdd],
      scope: { kind: 'dict', column: 'dict_id' },
    },
  },
  permissions: {
    perms: {
      column: 'perms',
      folding: 'exact',
      permissions: [PERMISSIONS.permissionAdd, PERMISSIONS.permissionEdit],
      scope: TENANT,
    },
  },
  warehouses: {
    code: {
      column: 'code',
      folding: 'upper',
      permissions: [PERMISSIONS.warehouseAdd, PERMISSIONS.warehouseEdit],
      scope: TENANT,
    },
  },
  warehouse_partitions: {
    code: { column: 'code', folding: 'upper', permissions: [PERMISSIONS.locationEdit], scope: IN_WAREHOUSE },
  },
  warehouse_locations: {
    code: { column: 'code', folding: 'upper', permissions: [PERMISSIONS.locationEdit], scope: IN_WAREHOUSE },
  },
  skus: {
    // skus_seller_sku_key and skus_local_code_key: per seller, exactly as typed (trimmed).
    seller_sku: {
      column: 'seller_sku',
      folding: 'exact',
      permissions: [PERMISSIONS.productEdit],
      scope: OWN_SELLER,
    },
    local_code: {
      column: 'local_code',
      folding: 'exact',
      permissions: [PERMISSIONS.productEdit],
      scope: OWN_SELLER,
    },
  },
  sku_barcodes: {
    // sku_barcodes_pkey: per seller, as the contract stores it; a barcode row belongs to a SKU.
    barcode: {
      column: 'barcode',
      recordColumn: 'sku_id',
      folding: 'barcode',
      permissions: [PERMISSIONS.productEdit],
      scope: OWN_SELLER,
    },
  },
  logistics_channels: {
    name: { column: 'name', folding: 'exact', permissions: [PERMISSIONS.channelEdit], scope: TENANT },
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
  sys_dict_item: 'dict_items',
  sys_permission: 'permissions',
};

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The warehouse rule of src/server/modules/warehouse/warehouse.access.ts (visibleWarehouse),
 * restated here: the warehouse module imports identity, which imports this module, so this
 * module cannot import the warehouse module. Warehouse managers and workers see only the
 * warehouses they are assigned to; everyone else in the tenant sees all of them.
 */
async function seesWarehouse(tx: TenantTx, actor: Actor, warehouseId: string): Promise<boolean> {
  const isBound = !actor.isAdmin && WAREHOUSE_ROLES.includes(actor.userRole);
  const assigned = isBound
    ? sql` and id in (select warehouse_id from warehouse_staff where user_id = ${actor.userId}::uuid)`
    : sql``;
  const found = await tx.execute(sql`select 1 from warehouses where id = ${warehouseId}::uuid${assigned}`);
  return rowsOf(found).length > 0;
}

/**
 * The scope's condition. The scope named by the client must be visible to the actor (a
 * warehouse as the warehouse screens see it, a dictionary of the tenant); a seller's is always
 * the actor's own seller, and naming another seller is refused.
 */
async function scopeCondition(
  tx: TenantTx,
  actor: Actor,
  scope: Scope,
  scopeId: string | undefined,
): Promise<SQL> {
  switch (scope.kind) {
    case 'tenant':
      return sql``;
    case 'system':
      return sql` and ${sql.identifier(scope.column)} is null`;
    case 'seller': {
      const sellerId = owningSeller(actor);
      if (scopeId !== undefined && scopeId !== sellerId) throw new AppError('common.forbidden');
      return sql` and ${sql.identifier(scope.column)} = ${sellerId}::uuid`;
    }
    case 'warehouse': {
      if (scopeId === undefined) throw new AppError('duplicate.check_not_allowed');
      if (!(await seesWarehouse(tx, actor, scopeId))) throw new AppError('warehouse.not_found');
      return sql` and ${sql.identifier(scope.column)} = ${scopeId}::uuid`;
    }
    case 'dict': {
      if (scopeId === undefined) throw new AppError('duplicate.check_not_allowed');
      const found = rowsOf(await tx.execute(sql`select 1 from dicts where id = ${scopeId}::uuid`));
      if (found.length === 0) throw new AppError('dict.not_found');
      return sql` and ${sql.identifier(scope.column)} = ${scopeId}::uuid`;
    }
  }
}

function matchOf(field: Checkable, value: string): SQL {
  const column = sql.identifier(field.column);
  if (field.folding === 'lower') return sql`lower(${column}) = lower(${value})`;
  if (field.folding === 'barcode') {
    const stored = normaliseBarcode(value);
    return stored === null ? sql`false` : sql`${column} = ${stored}`;
  }
  return sql`${column} = ${field.folding === 'upper' ? value.toUpperCase() : value}`;
}

/**
 * GET /sys/duplicate/check: is this value already taken where it must be unique (other than by
 * record dataId)? Refused unless the actor may add or edit that kind of record and sees the
 * scope the value is unique in.
 */
export async function checkDuplicate(
  tx: TenantTx,
  actor: Actor,
  input: { tableName: string; fieldName: string; fieldVal: string; dataId?: string; scopeId?: string },
): Promise<null> {
  const table = ALIASES[input.tableName] ?? input.tableName;
  const fields = Object.hasOwn(CHECKABLE, table) ? CHECKABLE[table] : undefined;
  const fieldName = snakeCase(input.fieldName);
  const field = fields && Object.hasOwn(fields, fieldName) ? fields[fieldName] : undefined;
  if (!field) throw new AppError('duplicate.check_not_allowed');
  if (!meetsPermission(actor, { anyOf: field.permissions })) throw new AppError('common.forbidden');
  const scope = await scopeCondition(tx, actor, field.scope, input.scopeId);
  const exclude =
    input.dataId && /^[0-9a-f-]{36}$/i.test(input.dataId)
      ? sql` and ${sql.identifier(field.recordColumn ?? 'id')} <> ${input.dataId}::uuid`
      : sql``;
  const result = await tx.execute(
    sql`select 1 from ${sql.identifier(table)} where ${matchOf(field, input.fieldVal.trim())}${scope}${exclude} limit 1`,
  );
  if (rowsOf(result).length > 0) throw new AppError('duplicate.value_exists');
  return null;
}
