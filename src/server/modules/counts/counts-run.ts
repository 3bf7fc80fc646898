/**
 * A run of location counts (a PDA batch's consecutive 'count.location' ops of one check order)
 * applied with a few statements instead of half a dozen per count: the check order locked once,
 * the locations read once, the book at each count's moment read for every count in one statement
 * (so from one snapshot, as each count's own read was), then the lines of the locations replaced
 * with one delete and one insert, the locations' rounds in one update and the order's status once.
 *
 * Counting writes no movement, so a count in the run does not change what a later one reads: each
 * count's book and variances are what they would have been one at a time. A location counted more
 * than once in the run (a recount) ends as it would have one at a time: its last count's lines,
 * its round raised once per count. Only what is proven clean goes this way, as in the receiving
 * run (inbound-receive-run.ts): the run stops before the first count it cannot prove would be
 * applied (another check order, one not assigned to the counter, a location outside the order or
 * its warehouse or already passed, an unknown SKU, a SKU outside a product count). The caller
 * applies that count by countLocation, which refuses it with its usual code, and goes on.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { countLocationInput, type CountLocationView } from '@shared/contract/counts.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { TenantTx } from '../../db/client.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import { warehouseLocations, warehouseScope } from '../warehouse/index.js';
import { lockCountOrder } from './counts.access.js';
import { booksSince, countedLines, type BookRow } from './counts-book.js';
import { clampCountedAt } from './counts.service.js';
import { countLines, countLocations, countOrderSkus, countOrders } from './counts.tables.js';

type LineRow = typeof countLines.$inferInsert;

/**
 * Applies the leading counts of `raws` it can prove clean, together, and answers their views in
 * order; the counts from index `views.length` on are the caller's, one at a time. Runs in the
 * caller's transaction (a savepoint of it).
 */
export async function countLocationRun(
  tx: TenantTx,
  actor: Actor,
  raws: readonly unknown[],
): Promise<CountLocationView[]> {
  const inputs = [];
  for (const raw of raws) {
    const parsed = countLocationInput.safeParse(raw);
    if (!parsed.success || (inputs[0] && parsed.data.countOrderId !== inputs[0].countOrderId)) break;
    inputs.push(parsed.data);
  }
  const first = inputs[0];
  if (!first) return [];
  const order = await lockCountOrder(tx, actor, first.countOrderId);
  if (order.status === 'counted') return [];
  if (order.assigneeId && order.assigneeId !== actor.userId && !hasPermission(actor, PERMISSIONS.countEdit))
    return [];
  // The locations the run counts, whether the order plans each, and whether a variance of it
  // was passed (countLocation's read, for all of them at once).
  const locations = await tx
    .select({
      id: warehouseLocations.id,
      warehouseId: warehouseLocations.warehouseId,
      plannedId: countLocations.id,
      round: countLocations.round,
      isPassed: sql<boolean>`exists (select 1 from ${countLines} x where x.count_location_id = ${countLocations.id} and x.state = 'passed')`,
    })
    .from(warehouseLocations)
    .leftJoin(
      countLocations,
      sql`${countLocations.countOrderId} = ${order.id} and ${countLocations.locationId} = ${warehouseLocations.id}`,
    )
    .where(
      sql`${inArray(warehouseLocations.id, [...new Set(inputs.map((input) => input.locationId))])} and ${warehouseScope(actor, warehouseLocations.warehouseId)}`,
    );
  const locationOf = new Map(locations.map((location) => [location.id, location]));
  const chosen =
    order.type === 'product'
      ? new Set(
          (
            await tx
              .select({ skuId: countOrderSkus.skuId })
              .from(countOrderSkus)
              .where(eq(countOrderSkus.countOrderId, order.id))
          ).map((row) => row.skuId),
        )
      : null;
  const books = await booksSince(
    tx,
    inputs.map((input) => ({
      locationId: input.locationId,
      since: clampCountedAt(input.countedAt, order),
      skuIds: input.lines.map((line) => line.skuId),
    })),
  );
  const booksOf = new Map<number, BookRow[]>();
  for (const row of books) booksOf.set(row.idx, [...(booksOf.get(row.idx) ?? []), row]);

  const views: CountLocationView[] = [];
  // Per planned location the run counted: its last count's lines, rounds added, moment, position.
  const counted = new Map<
    string,
    { lines: LineRow[]; round: number; countedAt: Date; position: number | null }
  >();
  for (const [index, input] of inputs.entries()) {
    const location = locationOf.get(input.locationId);
    if (!location || location.warehouseId !== order.warehouseId) break;
    const { plannedId, round } = location;
    if (plannedId === null || round === null || location.isPassed) break;
    const rows = booksOf.get(index) ?? [];
    const scanned = rows.filter((row) => row.is_counted);
    if (scanned.some((row) => row.seller_id === null)) break;
    if (chosen && scanned.some((row) => !chosen.has(row.sku_id))) break;
    const quantities = new Map(input.lines.map((line) => [line.skuId, line.quantity]));
    const before = counted.get(plannedId);
    const nextRound = (before?.round ?? round) + 1;
    const lines = countedLines(rows, quantities, (skuId) => !chosen || chosen.has(skuId), {
      countOrderId: order.id,
      countLocationId: plannedId,
      locationId: location.id,
      round: nextRound,
    });
    const position = rows[0]?.position ?? null;
    counted.set(plannedId, {
      lines,
      round: nextRound,
      countedAt: clampCountedAt(input.countedAt, order),
      position: position === null ? null : Number(position),
    });
    views.push({ countOrderId: order.id, locationId: location.id, round: nextRound, lines: lines.length });
  }
  if (views.length === 0) return [];

  const planned = [...counted.keys()];
  await tx.delete(countLines).where(inArray(countLines.countLocationId, planned));
  const lines = [...counted.values()].flatMap((entry) => entry.lines);
  if (lines.length > 0) await tx.insert(countLines).values(lines);
  await tx.execute(sql`
    update ${countLocations} as c
    set status = 'counted', round = v.round, counted_at = v.counted_at, counted_by = ${actor.userId},
        ledger_position = v.position, updated_at = now()
    from (values ${sql.join(
      [...counted].map(
        ([id, entry]) =>
          sql`(${id}::uuid, ${entry.round}::int, ${entry.countedAt.toISOString()}::timestamptz, ${entry.position}::bigint)`,
      ),
      sql`, `,
    )}) as v(id, round, counted_at, position)
    where c.id = v.id`);
  if (order.status === 'to_count')
    await tx
      .update(countOrders)
      .set({ status: 'counting', startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(countOrders.id, order.id));
  return views;
}
