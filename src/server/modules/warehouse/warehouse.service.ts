/**
 * Warehouses of a tenant and who works in them. Warehouse managers manage only the warehouses
 * they are assigned to (a warehouse one of them adds is assigned to them); agents all.
 */
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@shared/contract/common.js';
import {
  staffAssignBody,
  warehouseAddBody,
  warehouseEditBody,
  type StaffCandidatesQuery,
  type StaffRemoveInput,
  type StaffView,
  type WarehouseListQuery,
  type WarehouseOption,
  type WarehouseView,
} from '@shared/contract/warehouse.js';
import { OVER_RECEIPT_MAX, type OverReceiptUnit } from '@shared/domain/inbound.js';
import { WAREHOUSE_ROLES } from '@shared/domain/roles.js';
import { timeZoneOfCountry } from '@shared/domain/warehouse.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { allOf, contains, iso, offsetOf, refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { page } from '../../http/reply.js';
import { users } from '../identity/index.js';
import { isWarehouseBound, visibleWarehouse, warehouseScope, type WarehouseRow } from './warehouse.access.js';
import { warehouseLocations, warehousePartitions, warehouses, warehouseStaff } from './warehouse.tables.js';

const UNIQUE_CODE = { warehouses_code_key: 'warehouse.code_taken' } as const;

export function toWarehouseView(row: WarehouseRow): WarehouseView {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    country: row.country,
    address: row.address,
    timeZone: row.timeZone,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    isActive: row.isActive,
    overReceiptUnit: row.overReceiptUnit,
    overReceiptTolerance: row.overReceiptTolerance,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A percentage tolerance is at most 100 ('common.validation' on overReceiptTolerance). */
function assertTolerance(unit: OverReceiptUnit, tolerance: number): void {
  if (tolerance > OVER_RECEIPT_MAX[unit])
    throw new AppError('common.validation', {}, [{ path: 'overReceiptTolerance', rule: 'max' }]);
}

async function assertCodeFree(tx: TenantTx, code: string, exceptId?: string): Promise<void> {
  const [taken] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, code));
  if (taken && taken.id !== exceptId) throw new AppError('warehouse.code_taken', { code });
}

/** GET /warehouse/options: id, code, name and country of the active warehouses the actor may ship to or work in. */
export async function listWarehouseOptions(tx: TenantTx, actor: Actor): Promise<WarehouseOption[]> {
  return tx
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, country: warehouses.country })
    .from(warehouses)
    .where(and(eq(warehouses.isActive, true), warehouseScope(actor, warehouses.id)))
    .orderBy(asc(warehouses.code));
}

/** GET /warehouse/list: the warehouses the actor may see, a page at a time. */
export async function listWarehouses(
  tx: TenantTx,
  actor: Actor,
  input: WarehouseListQuery,
): Promise<Page<WarehouseView>> {
  const where = allOf([
    warehouseScope(actor, warehouses.id),
    input.code ? ilike(warehouses.code, contains(input.code)) : undefined,
    input.name ? ilike(warehouses.name, contains(input.name)) : undefined,
    typeof input.isActive === 'boolean' ? eq(warehouses.isActive, input.isActive) : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(warehouses)
      .where(where)
      .orderBy(asc(warehouses.code))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx.select({ n: count() }).from(warehouses).where(where),
  ]);
  return page(rows.map(toWarehouseView), total?.n ?? 0, input.pageNo, input.pageSize);
}

export async function getWarehouse(
  tx: TenantTx,
  actor: Actor,
  input: { id: string },
): Promise<WarehouseView> {
  return toWarehouseView(await visibleWarehouse(tx, actor, input.id));
}

/** POST /warehouse/add: code unique in the tenant; a warehouse manager who adds one works in it. */
export async function addWarehouse(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof warehouseAddBody>,
): Promise<WarehouseView> {
  const input = parseInput(warehouseAddBody, raw);
  const timeZone = input.timeZone ?? timeZoneOfCountry(input.country);
  if (timeZone === undefined)
    throw new AppError('common.validation', {}, [{ path: 'timeZone', rule: 'time_zone_of_country' }]);
  assertTolerance(input.overReceiptUnit, input.overReceiptTolerance);
  await assertCodeFree(tx, input.code);
  const [row] = await refuseOnConstraint(
    () =>
      tx
        .insert(warehouses)
        .values({ ...input, timeZone, createdBy: actor.userId })
        .returning(),
    UNIQUE_CODE,
  );
  if (!row) throw new AppError('warehouse.not_found');
  if (isWarehouseBound(actor))
    await tx.insert(warehouseStaff).values({ warehouseId: row.id, userId: actor.userId });
  return toWarehouseView(row);
}

export async function editWarehouse(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof warehouseEditBody>,
): Promise<WarehouseView> {
  const input = parseInput(warehouseEditBody, raw);
  const current = await visibleWarehouse(tx, actor, input.id);
  const { id, ...changes } = input;
  assertTolerance(
    changes.overReceiptUnit ?? current.overReceiptUnit,
    changes.overReceiptTolerance ?? current.overReceiptTolerance,
  );
  if (changes.code !== undefined && changes.code !== current.code) await assertCodeFree(tx, changes.code, id);
  const [row] = await refuseOnConstraint(
    () =>
      tx
        .update(warehouses)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(warehouses.id, id))
        .returning(),
    UNIQUE_CODE,
  );
  if (!row) throw new AppError('warehouse.not_found');
  return toWarehouseView(row);
}

/** DELETE /warehouse/delete: only a warehouse without partitions, locations or stock; else deactivate it. */
export async function deleteWarehouse(tx: TenantTx, actor: Actor, input: { id: string }): Promise<null> {
  const warehouse = await visibleWarehouse(tx, actor, input.id);
  const [used] = rowsOf<{ used: boolean }>(
    await tx.execute(
      sql`select exists (select 1 from ${warehousePartitions} where ${warehousePartitions.warehouseId} = ${warehouse.id})
        or exists (select 1 from ${warehouseLocations} where ${warehouseLocations.warehouseId} = ${warehouse.id}) as used`,
    ),
  );
  if (used?.used) throw new AppError('warehouse.in_use', { code: warehouse.code });
  await refuseOnConstraint(() => tx.delete(warehouses).where(eq(warehouses.id, warehouse.id)), {
    stock_balances_warehouse_fk: new AppError('warehouse.in_use', { code: warehouse.code }),
  });
  return null;
}

const staffColumns = {
  userId: users.id,
  username: users.username,
  realname: users.realname,
  userRole: users.userRole,
};

/** GET /warehouse/staff/list: who works in a warehouse. */
export async function listStaff(
  tx: TenantTx,
  actor: Actor,
  input: { warehouseId: string },
): Promise<StaffView[]> {
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  return tx
    .select(staffColumns)
    .from(warehouseStaff)
    .innerJoin(users, eq(users.id, warehouseStaff.userId))
    .where(eq(warehouseStaff.warehouseId, warehouse.id))
    .orderBy(asc(users.username));
}

/** GET /warehouse/staff/candidates: warehouse managers and workers who may be assigned. */
export async function listStaffCandidates(
  tx: TenantTx,
  _actor: Actor,
  input: StaffCandidatesQuery,
): Promise<Page<StaffView>> {
  const where = allOf([
    inArray(users.userRole, [...WAREHOUSE_ROLES]),
    input.keyword
      ? or(ilike(users.username, contains(input.keyword)), ilike(users.realname, contains(input.keyword)))
      : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    tx
      .select(staffColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.username))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  return page(rows, total?.n ?? 0, input.pageNo, input.pageSize);
}

/** POST /warehouse/staff/assign: only warehouse managers and workers can be assigned. */
export async function assignStaff(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof staffAssignBody>,
): Promise<StaffView[]> {
  const input = parseInput(staffAssignBody, raw);
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  const wanted = [...new Set(input.userIds)];
  const found = await tx
    .select({ id: users.id, userRole: users.userRole })
    .from(users)
    .where(inArray(users.id, wanted));
  if (found.length !== wanted.length) throw new AppError('warehouse.user_not_found');
  const wrong = found.find((user) => !WAREHOUSE_ROLES.includes(user.userRole));
  if (wrong) throw new AppError('warehouse.staff_role_invalid');
  await tx
    .insert(warehouseStaff)
    .values(wanted.map((userId) => ({ warehouseId: warehouse.id, userId })))
    .onConflictDoNothing();
  return listStaff(tx, actor, { warehouseId: warehouse.id });
}

/** DELETE /warehouse/staff/remove. */
export async function removeStaff(tx: TenantTx, actor: Actor, input: StaffRemoveInput): Promise<null> {
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  const removed = await tx
    .delete(warehouseStaff)
    .where(and(eq(warehouseStaff.warehouseId, warehouse.id), eq(warehouseStaff.userId, input.userId)))
    .returning({ userId: warehouseStaff.userId });
  if (removed.length === 0) throw new AppError('warehouse.user_not_found');
  return null;
}
