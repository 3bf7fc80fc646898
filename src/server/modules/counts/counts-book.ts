/**
 * What a count is compared with: the book at the moment the location was counted (what lies there
 * now less what the ledger moved on or off it since), and the lines a count makes from it. Shared
 * by one count at a time (countLocation) and a run of them (countLocationRun).
 */
import { sql } from 'drizzle-orm';
import { bookAtCount, varianceOf } from '@shared/domain/counts.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { skus } from '../catalog/index.js';
import { locationStock, stockMovements } from '../inventory/index.js';
import type { countLines } from './counts.tables.js';

export interface BookRow {
  /** The count's index among those asked for. */
  idx: number;
  sku_id: string;
  seller_id: string | null;
  seller_sku: string | null;
  on_location: number;
  moved_since: number;
  is_counted: boolean;
  position: string | null;
}

/**
 * The book at each count's moment, for one count or a run of them, in one statement (so all from
 * one snapshot, and one round trip: the count op's server path is measured by `bench/counts.ts`):
 * per count (`idx`, its index), each SKU that lies on its location now, moved on or off it since
 * the count's moment, or was counted, with the units there now, the net units the ledger moved
 * since, the SKU's seller (none: no such SKU) and the ledger's position.
 */
export async function booksSince(
  tx: TenantTx,
  counts: { locationId: string; since: Date; skuIds: string[] }[],
): Promise<BookRow[]> {
  const ops = JSON.stringify(
    counts.map((count, idx) => ({
      idx,
      location_id: count.locationId,
      since: count.since.toISOString(),
      counted: count.skuIds,
    })),
  );
  return rowsOf<BookRow>(
    await tx.execute(sql`
      with ops as (
        select * from jsonb_to_recordset(${ops}::jsonb)
          as o(idx int, location_id uuid, since timestamptz, counted uuid[])
      ), moved as (
        select o.idx, m.sku_id,
          sum(case when m.to_location_id = o.location_id then abs(m.quantity) else 0 end
            - case when m.from_location_id = o.location_id then abs(m.quantity) else 0 end)::int as units
        from ops o
        join ${stockMovements} m on m.created_at > o.since
          and (m.to_location_id = o.location_id or m.from_location_id = o.location_id)
        group by o.idx, m.sku_id
      ), keys as (
        select o.idx, n.sku_id from ops o
          join ${locationStock} n on n.location_id = o.location_id and n.quantity <> 0
        union select idx, sku_id from moved
        union select o.idx, unnest(o.counted) from ops o
      )
      select k.idx, k.sku_id, s.seller_id, s.seller_sku, coalesce(n.quantity, 0)::int as on_location,
        coalesce(m.units, 0)::int as moved_since, k.sku_id = any(o.counted) as is_counted,
        (select max(id)::text from ${stockMovements}) as position
      from keys k
      join ops o on o.idx = k.idx
      left join ${skus} s on s.id = k.sku_id
      left join ${locationStock} n on n.location_id = o.location_id and n.sku_id = k.sku_id and n.quantity <> 0
      left join moved m on m.idx = k.idx and m.sku_id = k.sku_id
      order by k.idx`),
  );
}

/** Where a count's lines go: the check order, the planned location, and the round they are of. */
export interface LineTarget {
  countOrderId: string;
  countLocationId: string;
  locationId: string;
  round: number;
}

/**
 * A count's lines from its book: each SKU in scope that was counted (0 included: the worker
 * confirmed none) against the book at count time; an SKU on the book that was not counted gets a
 * not-counted line (no quantity, no variance: never a 0); a SKU neither on the book nor counted
 * (or counted 0 where the book has none) has no line.
 */
export function countedLines(
  rows: readonly BookRow[],
  counted: ReadonlyMap<string, number>,
  inScope: (skuId: string) => boolean,
  target: LineTarget,
): (typeof countLines.$inferInsert)[] {
  return rows.flatMap((row): (typeof countLines.$inferInsert)[] => {
    if (!inScope(row.sku_id)) return [];
    const bookQuantity = bookAtCount(row.on_location, row.moved_since);
    const countedQuantity = counted.get(row.sku_id);
    const line = { ...target, skuId: row.sku_id, sellerId: row.seller_id ?? '', bookQuantity };
    if (countedQuantity === undefined)
      return bookQuantity === 0
        ? []
        : [
            {
              ...line,
              countedQuantity: null,
              movedSince: row.moved_since,
              variance: null,
              state: 'not_counted' as const,
            },
          ];
    if (bookQuantity === 0 && countedQuantity === 0) return [];
    const variance = varianceOf(countedQuantity, bookQuantity);
    return [
      {
        ...line,
        countedQuantity,
        movedSince: row.moved_since,
        variance,
        state: variance === 0 ? ('no_variance' as const) : ('pending' as const),
      },
    ];
  });
}
