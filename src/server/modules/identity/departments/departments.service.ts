/**
 * Departments form a tree; orgCode spells the path the JeecgBoot way: roots A01, A02, …,
 * a child its parent's code plus A01, A02, … (after A99 comes B01). Codes are handed out
 * under a per-tenant lock so two concurrent adds never pick the same one.
 */
import { asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type {
  DepartAddInput,
  DepartEditInput,
  DepartNode,
  TreeOption,
} from '@shared/contract/system-admin.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { departments, userDeparts } from '../identity.tables.js';
import { contains, guardUnique } from '@server/db/query-helpers.js';
import { buildTree } from '../tree.js';

type DepartRow = typeof departments.$inferSelect;
type DepartView = Omit<DepartNode, 'children'>;

const SEGMENT = /^[A-Z]\d{2}$/;
const ORG_CODE_MAX = 64;

/** The next free code under `parentCode` given the codes of the siblings; null when none is left. */
export function nextOrgCode(parentCode: string, siblingCodes: readonly string[]): string | null {
  let last: string | null = null;
  for (const code of siblingCodes) {
    const segment = code.slice(parentCode.length);
    if (code.startsWith(parentCode) && SEGMENT.test(segment) && (last === null || segment > last))
      last = segment;
  }
  let next = 'A01';
  if (last) {
    const letter = last.charCodeAt(0);
    const number = Number(last.slice(1));
    if (number < 99) next = `${last[0]}${String(number + 1).padStart(2, '0')}`;
    else if (letter < 'Z'.charCodeAt(0)) next = `${String.fromCharCode(letter + 1)}01`;
    else return null;
  }
  const code = `${parentCode}${next}`;
  return code.length <= ORG_CODE_MAX ? code : null;
}

function toDepartView(row: DepartRow): DepartView {
  return {
    id: row.id,
    key: row.id,
    value: row.id,
    title: row.departName,
    orgCode: row.orgCode,
    departName: row.departName,
    parentId: row.parentId,
    sortNo: row.sortNo,
    description: row.description,
  };
}

async function allDeparts(tx: TenantTx): Promise<DepartRow[]> {
  return tx.select().from(departments).orderBy(asc(departments.sortNo), asc(departments.orgCode));
}

async function departById(tx: TenantTx, id: string, missing: 'depart.not_found' | 'depart.parent_not_found') {
  const [row] = await tx.select().from(departments).where(eq(departments.id, id));
  if (!row) throw new AppError(missing);
  return row;
}

/** GET /sys/sysDepart/queryTreeList: the whole department tree. */
export async function departTree(tx: TenantTx, _actor: Actor): Promise<DepartNode[]> {
  return buildTree<DepartRow, DepartNode>(await allDeparts(tx), (row, children) => ({
    ...toDepartView(row),
    ...(children ? { children } : {}),
  }));
}

/** GET /sys/sysDepart/queryIdTree: the tree for a department select (key and value are ids). */
export async function departIdTree(tx: TenantTx, _actor: Actor): Promise<TreeOption[]> {
  return buildTree<DepartRow, TreeOption>(await allDeparts(tx), (row, children) => ({
    key: row.id,
    value: row.id,
    title: row.departName,
    ...(children ? { children } : {}),
  }));
}

/** GET /sys/sysDepart/searchBy: departments whose name contains the key word, as a flat list. */
export async function searchDeparts(
  tx: TenantTx,
  _actor: Actor,
  input: { keyWord: string },
): Promise<DepartView[]> {
  const rows = await tx
    .select()
    .from(departments)
    .where(ilike(departments.departName, contains(input.keyWord)))
    .orderBy(asc(departments.orgCode))
    .limit(200);
  return rows.map(toDepartView);
}

/** POST /sys/sysDepart/add: under an existing parent (or as a root), with the next code. */
export async function addDepart(tx: TenantTx, actor: Actor, input: DepartAddInput): Promise<DepartView> {
  const parent = input.parentId ? await departById(tx, input.parentId, 'depart.parent_not_found') : null;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`departments:${actor.tenantId}`}))`);
  const siblings = await tx
    .select({ orgCode: departments.orgCode })
    .from(departments)
    .where(parent ? eq(departments.parentId, parent.id) : isNull(departments.parentId));
  const orgCode = nextOrgCode(
    parent?.orgCode ?? '',
    siblings.map((row) => row.orgCode),
  );
  if (!orgCode) throw new AppError('depart.too_many_children');
  const [row] = await guardUnique(
    () =>
      tx
        .insert(departments)
        .values({
          parentId: parent?.id ?? null,
          orgCode,
          departName: input.departName,
          sortNo: input.sortNo ?? 0,
          description: input.description ?? null,
        })
        .returning(),
    { departments_org_code_key: 'depart.code_taken' },
  );
  if (!row) throw new AppError('common.internal');
  return toDepartView(row);
}

/** PUT /sys/sysDepart/edit: name, order and description; the code and place in the tree stay. */
export async function editDepart(tx: TenantTx, _actor: Actor, input: DepartEditInput): Promise<DepartView> {
  await departById(tx, input.id, 'depart.not_found');
  const [row] = await tx
    .update(departments)
    .set({
      departName: input.departName,
      ...(input.sortNo !== undefined ? { sortNo: input.sortNo } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: new Date(),
    })
    .where(eq(departments.id, input.id))
    .returning();
  if (!row) throw new AppError('depart.not_found');
  return toDepartView(row);
}

/** DELETE /sys/sysDepart/delete: only a department with no sub-departments and no users. */
export async function deleteDepart(tx: TenantTx, _actor: Actor, input: { id: string }): Promise<null> {
  const [row] = await tx.select().from(departments).where(eq(departments.id, input.id)).for('update');
  if (!row) throw new AppError('depart.not_found');
  const [children] = await tx
    .select({ total: count() })
    .from(departments)
    .where(eq(departments.parentId, row.id));
  if ((children?.total ?? 0) > 0) throw new AppError('depart.has_children');
  const [members] = await tx
    .select({ total: count() })
    .from(userDeparts)
    .where(eq(userDeparts.departId, row.id));
  if ((members?.total ?? 0) > 0) throw new AppError('depart.has_users');
  await tx.delete(departments).where(eq(departments.id, row.id));
  return null;
}
