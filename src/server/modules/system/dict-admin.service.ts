/**
 * Administering dictionaries and their items (/sys/dict/*, /sys/dictItem/*). Codes and item
 * values are what stored data refers to, so they are set once at add; names, texts, order
 * and status can change. GET /sys/dict/getDictItems/{code} reads what is kept here.
 */
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  DictAddInput,
  DictEditInput,
  DictItemAddInput,
  DictItemEditInput,
  DictItemView,
  DictView,
} from '@shared/contract/system-admin.js';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { dictItems, dicts } from './system.tables.js';

type DictRow = typeof dicts.$inferSelect;
type DictItemRow = typeof dictItems.$inferSelect;

function toDictView(row: DictRow): DictView {
  return {
    id: row.id,
    dictCode: row.dictCode,
    dictName: row.dictName,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDictItemView(row: DictItemRow): DictItemView {
  return {
    id: row.id,
    dictId: row.dictId,
    itemValue: row.itemValue,
    itemText: row.itemText,
    texts: row.texts,
    description: row.description,
    sortOrder: row.sortOrder,
    status: row.status,
  };
}

function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A unique key taken by a concurrent request answers like the pre-check did. */
async function guardUnique<T>(work: () => Promise<T>, code: ErrorCode): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = error instanceof Error && typeof error.cause === 'object' ? error.cause : error;
    if (cause && typeof cause === 'object' && 'code' in cause && cause.code === '23505')
      throw new AppError(code);
    throw error;
  }
}

async function dictById(tx: TenantTx, id: string): Promise<DictRow> {
  const [row] = await tx.select().from(dicts).where(eq(dicts.id, id));
  if (!row) throw new AppError('dict.not_found');
  return row;
}

/** GET /sys/dict/list: dictionaries by code, a page at a time. */
export async function listDicts(
  tx: TenantTx,
  _actor: Actor,
  input: { pageNo: number; pageSize: number; dictCode?: string; dictName?: string },
): Promise<Page<DictView>> {
  const filters = [
    input.dictCode ? ilike(dicts.dictCode, contains(input.dictCode)) : undefined,
    input.dictName ? ilike(dicts.dictName, contains(input.dictName)) : undefined,
  ].filter((filter): filter is SQL => filter !== undefined);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [counted] = await tx.select({ total: count() }).from(dicts).where(where);
  const rows = await tx
    .select()
    .from(dicts)
    .where(where)
    .orderBy(asc(dicts.dictCode))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  return page(rows.map(toDictView), counted?.total ?? 0, input.pageNo, input.pageSize);
}

/** POST /sys/dict/add: a new dictionary; its code is unique in the tenant. */
export async function addDict(tx: TenantTx, _actor: Actor, input: DictAddInput): Promise<DictView> {
  const [taken] = await tx.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, input.dictCode));
  if (taken) throw new AppError('dict.code_taken');
  const [row] = await guardUnique(
    () =>
      tx
        .insert(dicts)
        .values({
          dictCode: input.dictCode,
          dictName: input.dictName,
          description: input.description ?? null,
        })
        .returning(),
    'dict.code_taken',
  );
  if (!row) throw new AppError('common.internal');
  return toDictView(row);
}

/** PUT /sys/dict/edit: name and description. */
export async function editDict(tx: TenantTx, _actor: Actor, input: DictEditInput): Promise<DictView> {
  await dictById(tx, input.id);
  const [row] = await tx
    .update(dicts)
    .set({
      dictName: input.dictName,
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: new Date(),
    })
    .where(eq(dicts.id, input.id))
    .returning();
  if (!row) throw new AppError('dict.not_found');
  return toDictView(row);
}

/** GET /sys/dictItem/list: one dictionary's items in display order, a page at a time. */
export async function listDictItems(
  tx: TenantTx,
  _actor: Actor,
  input: { pageNo: number; pageSize: number; dictId: string; itemText?: string },
): Promise<Page<DictItemView>> {
  await dictById(tx, input.dictId);
  const where = and(
    eq(dictItems.dictId, input.dictId),
    input.itemText ? ilike(dictItems.itemText, contains(input.itemText)) : undefined,
  );
  const [counted] = await tx.select({ total: count() }).from(dictItems).where(where);
  const rows = await tx
    .select()
    .from(dictItems)
    .where(where)
    .orderBy(asc(dictItems.sortOrder), asc(dictItems.itemValue))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  return page(rows.map(toDictItemView), counted?.total ?? 0, input.pageNo, input.pageSize);
}

/** POST /sys/dictItem/add: an item whose value is new in its dictionary. */
export async function addDictItem(
  tx: TenantTx,
  _actor: Actor,
  input: DictItemAddInput,
): Promise<DictItemView> {
  const dict = await dictById(tx, input.dictId);
  const [taken] = await tx
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(eq(dictItems.dictId, dict.id), eq(dictItems.itemValue, input.itemValue)));
  if (taken) throw new AppError('dict.item_value_taken');
  const [row] = await guardUnique(
    () =>
      tx
        .insert(dictItems)
        .values({
          dictId: dict.id,
          itemValue: input.itemValue,
          itemText: input.itemText,
          texts: input.texts ?? {},
          description: input.description ?? null,
          sortOrder: input.sortOrder ?? 0,
          status: input.status ?? 1,
        })
        .returning(),
    'dict.item_value_taken',
  );
  if (!row) throw new AppError('common.internal');
  return toDictItemView(row);
}

/** PUT /sys/dictItem/edit: texts, order and status of an item; its value stays. */
export async function editDictItem(
  tx: TenantTx,
  _actor: Actor,
  input: DictItemEditInput,
): Promise<DictItemView> {
  const [row] = await tx
    .update(dictItems)
    .set({
      itemText: input.itemText,
      ...(input.texts !== undefined ? { texts: input.texts } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      updatedAt: new Date(),
    })
    .where(eq(dictItems.id, input.id))
    .returning();
  if (!row) throw new AppError('dict.item_not_found');
  return toDictItemView(row);
}
