/**
 * Writes one movement into the ledger: the balance, the locations, the lots and the movement
 * row, in the caller's transaction. Lock order is always the balance row first, so every change
 * of one SKU in one warehouse is serialised by that row and two changes never wait on each
 * other in a cycle. Every refusal is found before the first write (a conditional update, or a
 * check under the balance lock), so a refused movement leaves nothing behind and the caller's
 * transaction usable without a savepoint. Quantities change only by relative updates; the check
 * constraints stay as the backstop.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { StockBalanceView, StockSource } from '@shared/contract/inventory.js';
import { deltasOf, effectOf, type Deltas, type MovementKind } from '@shared/domain/stock.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { locationStock, stockBalances, stockLots, stockMovements } from './inventory.tables.js';

export interface LedgerEntry {
  kind: MovementKind;
  warehouseId: string;
  skuId: string;
  sellerId: string;
  /** Positive, or signed for adjust and count_correction. */
  quantity: number;
  /** Where goods come off (out, between). */
  fromLocationId: string | null;
  /** Where goods go on (in, between). */
  toLocationId: string | null;
  receivedAt?: Date;
  source: StockSource;
  reason: string;
  actorId: string;
  /** Shelf codes for refusals. */
  locationCodes: Map<string, string>;
}

export interface LedgerResult {
  movementId: number;
  balance: StockBalanceView;
}

interface BalanceRow {
  available: number;
  frozen: number;
  total: number;
  in_transit: number;
}

interface WrittenRow extends BalanceRow {
  movement_id: string | number;
}

const NOTHING: BalanceRow = { available: 0, frozen: 0, total: 0, in_transit: 0 };

/** The refusal naming the bucket that would go below zero. */
function refusalFor(current: BalanceRow = NOTHING, deltas: Deltas, size: number): AppError {
  if (current.frozen + deltas.frozen < 0)
    return new AppError('inventory.insufficient_frozen', { frozen: current.frozen, quantity: size });
  if (current.in_transit + deltas.inTransit < 0)
    return new AppError('inventory.insufficient_in_transit', {
      inTransit: current.in_transit,
      quantity: size,
    });
  return new AppError('inventory.insufficient_stock', { available: current.available, quantity: size });
}

const balanceKey = (entry: LedgerEntry) =>
  and(eq(stockBalances.warehouseId, entry.warehouseId), eq(stockBalances.skuId, entry.skuId));

/** Locks the balance row (first, always) and answers it; undefined when there is none yet. */
async function lockBalance(tx: TenantTx, entry: LedgerEntry): Promise<BalanceRow | undefined> {
  const [row] = rowsOf<BalanceRow>(
    await tx.execute(
      sql`select available, frozen, total, in_transit from ${stockBalances} where ${balanceKey(entry)} for update`,
    ),
  );
  return row;
}

/** What lies on the location; read after the balance lock, so no writer can change it meanwhile. */
async function onLocation(tx: TenantTx, entry: LedgerEntry, locationId: string): Promise<number> {
  const [row] = await tx
    .select({ quantity: locationStock.quantity })
    .from(locationStock)
    .where(and(eq(locationStock.locationId, locationId), eq(locationStock.skuId, entry.skuId)));
  return row?.quantity ?? 0;
}

/**
 * The balance change, the movement row and (for goods in) the new lot in one statement. With
 * `guard`, the balance changes only where no bucket goes below zero, and no row comes back.
 */
async function writeBalanceAndMovement(
  tx: TenantTx,
  entry: LedgerEntry,
  deltas: Deltas,
  where: { from: string | null; to: string | null; addsLot: boolean; guard: boolean },
): Promise<WrittenRow | undefined> {
  const size = Math.abs(entry.quantity);
  const receivedAt = (entry.receivedAt ?? new Date()).toISOString();
  // A lot received earlier than the balance's FIFO lower bound lowers it (migration 0031).
  const fifoFrom = where.addsLot
    ? sql`, fifo_from = case when fifo_from is null then null else least(fifo_from, ${receivedAt}::timestamptz) end`
    : sql``;
  const balance: SQL = where.guard
    ? sql`update ${stockBalances} set available = available + ${deltas.available}, frozen = frozen + ${deltas.frozen},
            in_transit = in_transit + ${deltas.inTransit}, updated_at = now()${fifoFrom}
          where ${balanceKey(entry)} and available + ${deltas.available} >= 0 and frozen + ${deltas.frozen} >= 0
            and in_transit + ${deltas.inTransit} >= 0
          returning *`
    : sql`insert into ${stockBalances} (warehouse_id, sku_id, seller_id, available, frozen, in_transit)
          values (${entry.warehouseId}, ${entry.skuId}, ${entry.sellerId}, ${deltas.available}, ${deltas.frozen}, ${deltas.inTransit})
          on conflict (tenant_id, warehouse_id, sku_id) do update set
            available = ${stockBalances}.available + excluded.available, frozen = ${stockBalances}.frozen + excluded.frozen,
            in_transit = ${stockBalances}.in_transit + excluded.in_transit, updated_at = now()${fifoFrom}
          returning *`;
  const lot = where.addsLot
    ? sql`, lot as (insert into ${stockLots} (warehouse_id, sku_id, received_at, quantity_received, quantity_remaining, movement_id)
          select b.warehouse_id, b.sku_id, ${receivedAt}::timestamptz, ${size}::int,
            ${size}::int, m.id from b, m)`
    : sql``;
  const [row] = rowsOf<WrittenRow>(
    await tx.execute(sql`
      with b as (${balance}),
      m as (
        insert into ${stockMovements} (warehouse_id, sku_id, seller_id, kind, quantity, available_delta, frozen_delta,
          in_transit_delta, from_location_id, to_location_id, source_type, source_id, reason, actor_id)
        select b.warehouse_id, b.sku_id, b.seller_id, ${entry.kind}::varchar, ${entry.quantity}::int,
          ${deltas.available}::int, ${deltas.frozen}::int, ${deltas.inTransit}::int, ${where.from}::uuid, ${where.to}::uuid,
          ${entry.source.type}::varchar, ${entry.source.id}::varchar, ${entry.reason}::varchar, ${entry.actorId}::uuid
        from b
        returning id
      )${lot}
      select b.available, b.frozen, b.total, b.in_transit, m.id as movement_id from b, m`),
  );
  return row;
}

async function putOn(tx: TenantTx, entry: LedgerEntry, locationId: string, size: number): Promise<void> {
  await tx
    .insert(locationStock)
    .values({ warehouseId: entry.warehouseId, locationId, skuId: entry.skuId, quantity: size })
    .onConflictDoUpdate({
      target: [locationStock.tenantId, locationStock.locationId, locationStock.skuId],
      set: { quantity: sql`${locationStock.quantity} + ${size}`, updatedAt: sql`now()` },
    });
}

async function takeOff(tx: TenantTx, entry: LedgerEntry, locationId: string, size: number): Promise<void> {
  await tx
    .update(locationStock)
    .set({ quantity: sql`${locationStock.quantity} - ${size}`, updatedAt: sql`now()` })
    .where(and(eq(locationStock.locationId, locationId), eq(locationStock.skuId, entry.skuId)));
}

/**
 * Takes `size` units from the oldest lots first (first in, first out), or from the newest first
 * when a receipt is taken back.
 */
async function consumeLots(
  tx: TenantTx,
  entry: LedgerEntry,
  size: number,
  newestFirst: boolean,
): Promise<void> {
  const order = newestFirst ? sql.raw('received_at desc, id desc') : sql.raw('received_at, id');
  const taken = rowsOf<{ take: number }>(
    await tx.execute(sql`
      with locked as (
        select id, quantity_remaining, received_at from ${stockLots}
        where warehouse_id = ${entry.warehouseId} and sku_id = ${entry.skuId} and quantity_remaining > 0
        order by ${order}
        for update
      ), ranked as (
        select id, quantity_remaining,
          coalesce(sum(quantity_remaining) over (order by ${order} rows between unbounded preceding and 1 preceding), 0) as before
        from locked
      ), taken as (
        select id, least(quantity_remaining, ${size} - before)::int as take from ranked where before < ${size}
      )
      update ${stockLots} l set quantity_remaining = l.quantity_remaining - taken.take
      from taken where l.id = taken.id and l.tenant_id = app_current_tenant()
      returning taken.take`),
  );
  const consumed = taken.reduce((sum, row) => sum + Number(row.take), 0);
  // Lots always sum to the balance's total; a shortfall means the ledger was written around.
  if (consumed !== size) throw new Error(`stock lots out of step: consumed ${consumed} of ${size}`);
}

function toResult(entry: LedgerEntry, row: WrittenRow): LedgerResult {
  return {
    movementId: Number(row.movement_id),
    balance: {
      warehouseId: entry.warehouseId,
      skuId: entry.skuId,
      available: row.available,
      frozen: row.frozen,
      total: row.total,
      inTransit: row.in_transit,
    },
  };
}

/** Writes one movement: balance, movement row, locations and lots. The caller checked scope. */
export async function writeMovement(tx: TenantTx, entry: LedgerEntry): Promise<LedgerResult> {
  const effect = effectOf(entry.kind, entry.quantity);
  const deltas = deltasOf(entry.kind, entry.quantity);
  const size = Math.abs(entry.quantity);
  const from = effect.location === 'out' || effect.location === 'between' ? entry.fromLocationId : null;
  const to = effect.location === 'in' || effect.location === 'between' ? entry.toLocationId : null;
  if (effect.location !== 'none' && (from ?? to) === null) throw new Error(`${entry.kind} needs a location`);
  const decreases = deltas.available < 0 || deltas.frozen < 0 || deltas.inTransit < 0;
  const where = { from, to, addsLot: effect.lots === 'add' };

  let written: WrittenRow | undefined;
  if (from) {
    // Two things can run short (the balance and the location): check both under the lock first.
    const current = await lockBalance(tx, entry);
    if (
      current &&
      decreases &&
      (current.available + deltas.available < 0 || current.frozen + deltas.frozen < 0)
    )
      throw refusalFor(current, deltas, size);
    const there = current ? await onLocation(tx, entry, from) : 0;
    if (there < size)
      throw new AppError('inventory.insufficient_location_stock', {
        location: entry.locationCodes.get(from) ?? '',
        onLocation: there,
        quantity: size,
      });
    written = await writeBalanceAndMovement(tx, entry, deltas, { ...where, guard: true });
    await takeOff(tx, entry, from, size);
  } else {
    // Only the balance can run short: the guarded update is the check and the lock in one.
    written = await writeBalanceAndMovement(tx, entry, deltas, { ...where, guard: decreases });
    if (!written) {
      const [current] = rowsOf<BalanceRow>(
        await tx.execute(
          sql`select available, frozen, total, in_transit from ${stockBalances} where ${balanceKey(entry)}`,
        ),
      );
      throw refusalFor(current, deltas, size);
    }
  }
  if (!written) throw new Error('the balance change returned no row');
  if (to) await putOn(tx, entry, to, size);
  if (effect.lots === 'consume' || effect.lots === 'consume_newest')
    await consumeLots(tx, entry, size, effect.lots === 'consume_newest');
  return toResult(entry, written);
}

/** Locks the balances of one SKU in several warehouses in id order, so crossing transfers never deadlock. */
export async function lockBalancesInOrder(
  tx: TenantTx,
  skuId: string,
  warehouseIds: string[],
): Promise<void> {
  const ordered = [...new Set(warehouseIds)].sort();
  await tx.execute(
    sql`select 1 from ${stockBalances} where sku_id = ${skuId} and warehouse_id in ${ordered} order by warehouse_id for update`,
  );
}

/**
 * Records in-transit units at a warehouse with no goods moving yet (the far side of a transfer).
 * Same kind as its cause, so the records show why the in-transit quantity rose.
 */
export async function writeInTransit(
  tx: TenantTx,
  entry: Omit<LedgerEntry, 'fromLocationId' | 'toLocationId' | 'receivedAt'>,
): Promise<void> {
  const size = Math.abs(entry.quantity);
  await writeBalanceAndMovement(
    tx,
    { ...entry, quantity: size, fromLocationId: null, toLocationId: null },
    { available: 0, frozen: 0, inTransit: size },
    { from: null, to: null, addsLot: false, guard: false },
  );
}

/** A (warehouse, SKU) pair as one string key. */
export function balanceKeyOf(warehouseId: string, skuId: string): string {
  return `${warehouseId}:${skuId}`;
}

/**
 * Locks the balances of many (warehouse, SKU) pairs in (warehouse, SKU) order, the one order
 * every batch takes them in, and answers each one's available units (a pair with no balance yet
 * has none). The caller decides what it can take from them while it holds the locks.
 */
export async function lockBalancesAvailable(
  tx: TenantTx,
  pairs: readonly { warehouseId: string; skuId: string }[],
): Promise<Map<string, number>> {
  const unique = [
    ...new Map(pairs.map((pair) => [balanceKeyOf(pair.warehouseId, pair.skuId), pair])).values(),
  ];
  if (unique.length === 0) return new Map();
  const rows = rowsOf<{ warehouse_id: string; sku_id: string; available: number }>(
    await tx.execute(sql`
      select b.warehouse_id, b.sku_id, b.available from ${stockBalances} b
      join unnest(${sql.param(unique.map((pair) => pair.warehouseId))}::uuid[], ${sql.param(unique.map((pair) => pair.skuId))}::uuid[]) as k(warehouse_id, sku_id)
        on b.warehouse_id = k.warehouse_id and b.sku_id = k.sku_id
      order by b.warehouse_id, b.sku_id
      for update of b`),
  );
  return new Map(rows.map((row) => [balanceKeyOf(row.warehouse_id, row.sku_id), Number(row.available)]));
}

export interface HoldEntry {
  warehouseId: string;
  skuId: string;
  quantity: number;
  source: StockSource;
  reason: string;
}

/**
 * Many movements of one holding kind (reserve: available to frozen) at once, on balances the
 * caller locked with lockBalancesAvailable and found enough in: each balance changes by one
 * relative update guarded against going below zero (the check constraints stay the backstop),
 * and each entry gets its movement row, numbered in the entries' order. A guard that fails means
 * the caller took more than it had locked: that throws, and the caller's transaction is aborted.
 * Answers the movement ids in the entries' order.
 */
export async function writeHolds(
  tx: TenantTx,
  kind: Extract<MovementKind, 'reserve'>,
  actorId: string,
  entries: readonly HoldEntry[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  const deltas = deltasOf(kind, 1);
  const totals = new Map<string, { warehouseId: string; skuId: string; quantity: number }>();
  for (const entry of entries) {
    if (entry.quantity <= 0) throw new Error('a hold moves a positive quantity');
    const key = balanceKeyOf(entry.warehouseId, entry.skuId);
    const total = totals.get(key) ?? { warehouseId: entry.warehouseId, skuId: entry.skuId, quantity: 0 };
    total.quantity += entry.quantity;
    totals.set(key, total);
  }
  const pairs = [...totals.values()];
  const changed = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with d as (
        select * from unnest(${sql.param(pairs.map((pair) => pair.warehouseId))}::uuid[], ${sql.param(pairs.map((pair) => pair.skuId))}::uuid[],
          ${sql.param(pairs.map((pair) => pair.quantity))}::int[]) as d(warehouse_id, sku_id, quantity)
      ), u as (
        update ${stockBalances} b set available = b.available + ${deltas.available}::int * d.quantity,
          frozen = b.frozen + ${deltas.frozen}::int * d.quantity, updated_at = now()
        from d where b.warehouse_id = d.warehouse_id and b.sku_id = d.sku_id
          and b.available + ${deltas.available}::int * d.quantity >= 0 and b.frozen + ${deltas.frozen}::int * d.quantity >= 0
        returning 1
      )
      select count(*)::int as n from u`),
  );
  if (Number(changed[0]?.n ?? 0) !== pairs.length)
    throw new Error(`a hold found ${changed[0]?.n ?? 0} of ${pairs.length} balances able to give it`);
  const written = rowsOf<{ id: string | number }>(
    await tx.execute(sql`
      insert into ${stockMovements} (warehouse_id, sku_id, seller_id, kind, quantity, available_delta, frozen_delta,
        in_transit_delta, source_type, source_id, reason, actor_id)
      select e.warehouse_id, e.sku_id, b.seller_id, ${kind}::varchar, e.quantity, ${deltas.available}::int * e.quantity,
        ${deltas.frozen}::int * e.quantity, 0, e.source_type, e.source_id, e.reason, ${actorId}::uuid
      from unnest(${sql.param(entries.map((entry) => entry.warehouseId))}::uuid[], ${sql.param(entries.map((entry) => entry.skuId))}::uuid[],
          ${sql.param(entries.map((entry) => entry.quantity))}::int[], ${sql.param(entries.map((entry) => entry.source.type))}::varchar[],
          ${sql.param(entries.map((entry) => entry.source.id))}::varchar[], ${sql.param(entries.map((entry) => entry.reason))}::varchar[])
        with ordinality as e(warehouse_id, sku_id, quantity, source_type, source_id, reason, position)
      join ${stockBalances} b on b.warehouse_id = e.warehouse_id and b.sku_id = e.sku_id
      order by e.position
      returning id`),
  );
  if (written.length !== entries.length) throw new Error('a hold wrote fewer movements than entries');
  // Identities are drawn in the order the rows go in: sorted, they are the entries' in order.
  return written.map((row) => Number(row.id)).sort((a, b) => a - b);
}
