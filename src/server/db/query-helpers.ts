/**
 * Small pieces the stock modules' queries share: list filters, paging, timestamps, and turning
 * a constraint PostgreSQL enforced (a unique key taken by a concurrent request, a check that
 * caught a negative quantity, a row still referenced) into the refusal the pre-check gives.
 */
import { and, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { TenantTx } from './client.js';

/** The conditions of a list filter, or undefined when none applies. */
export function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/** An ILIKE pattern matching `value` anywhere, with the wildcards in `value` taken literally. */
export function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An ILIKE pattern matching what begins with `value`, with the wildcards in `value` taken literally. */
export function startsWith(value: string): string {
  return `${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function offsetOf(input: { pageNo: number; pageSize: number }): number {
  return (input.pageNo - 1) * input.pageSize;
}

/** Timestamps travel as ISO strings. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? new Date(date).toISOString() : null;
}

export interface PgErrorLike {
  code: string;
  constraint?: string;
}

/** The PostgreSQL error inside what a query threw (Drizzle wraps it in `cause`), if any. */
export function pgErrorOf(error: unknown): PgErrorLike | null {
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
 * Runs `work`; a violation of one of the named constraints (unique 23505, foreign key 23503,
 * check 23514) becomes that refusal. Anything else is rethrown unchanged.
 */
export async function refuseOnConstraint<T>(
  work: () => Promise<T>,
  byConstraint: Record<string, ErrorCode | AppError>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg && ['23505', '23503', '23514'].includes(pg.code)) {
      const refusal = byConstraint[pg.constraint ?? ''];
      if (refusal instanceof AppError) throw refusal;
      if (refusal) throw new AppError(refusal);
    }
    throw error;
  }
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

/**
 * Inserts many rows as one JSON parameter (json_populate_recordset), not one parameter per
 * value: a page of a hundred orders of thirty columns is one small statement to build and
 * plan instead of three thousand placeholders. Columns not in the rows keep their defaults
 * (the tenant among them). Answers the `returning` columns of each row, in order.
 */
export async function insertJsonRows<T extends Record<string, unknown>>(
  tx: TenantTx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning: readonly string[] = [],
): Promise<T[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {});
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key}`);
    return column.name;
  });
  const json = rows.map((row) =>
    Object.fromEntries(
      keys.map((key, index): [string, unknown] => {
        const value = row[key];
        return [names[index] ?? key, value instanceof Date ? value.toISOString() : value];
      }),
    ),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const back = returning.map((key) => columns[key]?.name ?? key);
  const result = await tx.execute(sql`
    insert into ${table} (${list})
    select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(json)}::json)
    ${
      back.length > 0
        ? sql`returning ${sql.join(
            back.map((name) => sql.identifier(name)),
            sql`, `,
          )}`
        : sql``
    }`);
  return result.rows as T[];
}
