/**
 * Writes movements into the ledger set-based: one movement or a thousand with the same few
 * statements, in the caller's transaction.
 *
 * 1. One query resolves the scope of every entry (warehouse in sight, SKU of the actor's seller,
 *    locations of that warehouse) and locks the balances they touch, ordered by warehouse then
 *    SKU id: every batch takes its balance locks in that one order, so two batches never wait
 *    on each other in a cycle, whatever order their entries come in.
 * 2. When an entry takes goods off a location, one more query reads the location stock and the
 *    lots with units left, after the balance locks: every ledger writer holds a SKU's balance
 *    lock before it changes that SKU's locations or lots, so what it reads stays true.
 * 3. The entries are checked in their order, each against the state the ones before it leave,
 *    so a batch is refused exactly where the same movements one by one would be: the refusal
 *    names the entry (its index) and why, and is found before the first write, leaving nothing
 *    behind and the caller's transaction usable.
 * 4. One statement writes it all: the balances (relative updates per warehouse and SKU), the
 *    movement rows, the location stock (net per location and SKU), the new lots and what was
 *    taken from older lots (oldest first, or newest first for a receipt taken back). The check
 *    constraints stay the backstop.
 *
 * A balance that does not exist yet cannot be locked; it starts from zero and is written by an
 * upsert. If another transaction creates it meanwhile, the upsert adds to what that one wrote:
 * quantities stay exact (every change is relative and none can go below zero from a start that
 * was not below zero); only which of two lots received in the same instant is the older may differ.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { StockBalanceView, StockSource } from '@shared/contract/inventory.js';
import { deltasOf, effectOf, type Deltas, type MovementKind } from '@shared/domain/stock.js';
import { AppError, type ErrorCode, type ErrorParams } from '@shared/errors.js';
import { executePrepared, rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { sellerScope } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';
import { locationStock, stockBalances, stockLots, stockMovements } from './inventory.tables.js';

/** One movement asked of the ledger; its kind says which locations it needs. */
export interface MovementRequest {
  kind: Exclude<MovementKind, 'transfer_out'>;
  warehouseId: string;
  skuId: string;
  /** Positive, or signed for adjust and count_correction. */
  quantity: number;
  fromLocationId: string | null;
  toLocationId: string | null;
  receivedAt?: Date;
  source: StockSource;
  reason: string;
}

export interface MovementResult {
  movementId: number;
  /** The balance right after this movement. */
  balance: StockBalanceView;
}

interface Balance {
  available: number;
  frozen: number;
  inTransit: number;
  /** The row exists (in the database, or written by an earlier entry of this batch). */
  exists: boolean;
}

interface Lot {
  id: string;
  /** Microseconds since the epoch: the FIFO order is (received at, id), as in the database. */
  receivedAt: number;
  remaining: number;
  /** A lot this batch adds: written with what is left of it, and the index of its movement. */
  added?: { received: number; receivedAtIso: string; entry: number };
}

interface Planned {
  request: MovementRequest;
  sellerId: string;
  deltas: Deltas;
  from: string | null;
  to: string | null;
}

interface ScopeRow {
  warehouses: string[] | null;
  skus: { id: string; sellerId: string }[] | null;
  locations: { id: string; warehouseId: string; code: string; visible: boolean }[] | null;
  balances:
    { warehouseId: string; skuId: string; available: number; frozen: number; inTransit: number }[] | null;
}

interface StockRow {
  locations: { locationId: string; skuId: string; quantity: number }[] | null;
  lots: { id: string; warehouseId: string; skuId: string; receivedAt: string; remaining: number }[] | null;
}

/**
 * A few movements go as prepared statements: their statements cost more to parse and plan than
 * to run, and the generic plan suits them. A big batch is planned for its own sizes.
 */
const PREPARED_UP_TO = 8;
async function run<T>(tx: TenantTx, entries: number, query: SQL): Promise<T[]> {
  return entries <= PREPARED_UP_TO ? executePrepared<T>(tx, query) : rowsOf<T>(await tx.execute(query));
}

const keyOf = (warehouseId: string, skuId: string) => `${warehouseId}/${skuId}`;
const placeOf = (locationId: string, skuId: string) => `${locationId}/${skuId}`;
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/**
 * Ids as one array parameter: `column = any(…)` is an index condition whatever the planner's
 * statistics say, so every statement reads only the rows it names, never a tenant's whole table.
 */
const uuids = (values: Iterable<string | null>) =>
  sql`${sql.param([...new Set([...values].filter((value): value is string => value !== null))])}::uuid[]`;

/** The refusal naming the bucket that would go below zero (the same as one movement's). */
function bucketRefusal(current: Balance, deltas: Deltas, size: number): [ErrorCode, ErrorParams] {
  if (current.frozen + deltas.frozen < 0)
    return ['inventory.insufficient_frozen', { frozen: current.frozen, quantity: size }];
  if (current.inTransit + deltas.inTransit < 0)
    return ['inventory.insufficient_in_transit', { inTransit: current.inTransit, quantity: size }];
  return ['inventory.insufficient_stock', { available: current.available, quantity: size }];
}

class Refusal {
  constructor(
    readonly entry: number,
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {}
}

/** Step 1: the scope of every entry and the balances it touches, locked in warehouse then SKU order. */
async function resolveAndLock(tx: TenantTx, actor: Actor, requests: MovementRequest[]) {
  const entries = requests.map((request) => ({
    w: request.warehouseId,
    s: request.skuId,
    f: request.fromLocationId,
    t: request.toLocationId,
  }));
  const visible = warehouseScope(actor, warehouses.id) ?? sql`true`;
  const ownSku = sellerScope(actor, skus.sellerId) ?? sql`true`;
  const locationVisible = warehouseScope(actor, warehouseLocations.warehouseId) ?? sql`true`;
  const warehouseIds = uuids(requests.map((request) => request.warehouseId));
  const skuIds = uuids(requests.map((request) => request.skuId));
  const locationIds = uuids(requests.flatMap((request) => [request.fromLocationId, request.toLocationId]));
  const [row] = await run<ScopeRow>(
    tx,
    requests.length,
    sql`
      with e as (select * from jsonb_to_recordset(${json(entries)}) as e(w uuid, s uuid, f uuid, t uuid)),
      wh as (select ${warehouses.id} as id from ${warehouses} where ${warehouses.id} = any(${warehouseIds}) and ${visible}),
      sk as (select ${skus.id} as id, ${skus.sellerId} as seller_id from ${skus} where ${skus.id} = any(${skuIds}) and ${ownSku}),
      locked as (
        select b.warehouse_id, b.sku_id, b.available, b.frozen, b.in_transit from ${stockBalances} b
        where b.warehouse_id = any(${warehouseIds}) and b.sku_id = any(${skuIds})
          and (b.warehouse_id, b.sku_id) in (select w, s from e)
          and b.warehouse_id in (select id from wh) and b.sku_id in (select id from sk)
        order by b.warehouse_id, b.sku_id
        for update of b)
      select
        (select json_agg(id) from wh) as warehouses,
        (select json_agg(json_build_object('id', id, 'sellerId', seller_id)) from sk) as skus,
        (select json_agg(json_build_object('id', ${warehouseLocations.id}, 'warehouseId', ${warehouseLocations.warehouseId},
                  'code', ${warehouseLocations.code}, 'visible', ${locationVisible}))
           from ${warehouseLocations} where ${warehouseLocations.id} = any(${locationIds})) as locations,
        (select json_agg(json_build_object('warehouseId', warehouse_id, 'skuId', sku_id, 'available', available,
                  'frozen', frozen, 'inTransit', in_transit)) from locked) as balances`,
  );
  return row;
}

/** The entries' scope in their order: the first entry out of scope is refused. */
function checkScope(requests: MovementRequest[], row: ScopeRow | undefined) {
  const inSight = new Set(row?.warehouses ?? []);
  const sellers = new Map((row?.skus ?? []).map((sku) => [sku.id, sku.sellerId]));
  const locations = new Map((row?.locations ?? []).map((location) => [location.id, location]));
  const codes = new Map<string, string>();
  const sellerIds = requests.map((request, index) => {
    if (!inSight.has(request.warehouseId)) throw new Refusal(index, 'warehouse.not_found');
    const sellerId = sellers.get(request.skuId);
    if (!sellerId) throw new Refusal(index, 'catalog.sku_not_found');
    for (const id of [request.fromLocationId, request.toLocationId]) {
      if (id === null) continue;
      const location = locations.get(id);
      if (!location || !location.visible) throw new Refusal(index, 'warehouse.location_not_found');
      if (location.warehouseId !== request.warehouseId)
        throw new Refusal(index, 'warehouse.location_other_warehouse', { code: location.code });
      codes.set(id, location.code);
    }
    return sellerId;
  });
  return { sellerIds, codes };
}

/** Step 2: location stock and lots with units left, for the entries that take goods off. */
async function readStock(tx: TenantTx, planned: Planned[]): Promise<StockRow> {
  const places = planned
    .filter((entry) => entry.from !== null)
    .map((entry) => ({ l: entry.from, s: entry.request.skuId }));
  const consuming = planned
    .filter((entry) => effectOf(entry.request.kind, entry.request.quantity).lots.startsWith('consume'))
    .map((entry) => ({ w: entry.request.warehouseId, s: entry.request.skuId }));
  if (places.length === 0 && consuming.length === 0) return { locations: [], lots: [] };
  const [row] = await run<StockRow>(
    tx,
    planned.length,
    sql`
      select
        (select json_agg(json_build_object('locationId', location_id, 'skuId', sku_id, 'quantity', quantity))
           from ${locationStock} where location_id = any(${uuids(places.map((place) => place.l))})
             and sku_id = any(${uuids(places.map((place) => place.s))})
             and (location_id, sku_id) in (select l, s from jsonb_to_recordset(${json(places)}) as p(l uuid, s uuid))) as locations,
        (select json_agg(json_build_object('id', id, 'warehouseId', warehouse_id, 'skuId', sku_id,
                  'receivedAt', (extract(epoch from received_at) * 1000000)::bigint::text, 'remaining', quantity_remaining))
           from ${stockLots} where quantity_remaining > 0 and warehouse_id = any(${uuids(consuming.map((key) => key.w))})
             and sku_id = any(${uuids(consuming.map((key) => key.s))})
             and (warehouse_id, sku_id) in (select w, s from jsonb_to_recordset(${json(consuming)}) as c(w uuid, s uuid))) as lots`,
  );
  return row ?? { locations: [], lots: [] };
}

const fifo = (a: Lot, b: Lot) => a.receivedAt - b.receivedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Takes `size` units from the key's lots, oldest first or newest first; answers what it took from which. */
function takeFromLots(lots: Lot[], size: number, newestFirst: boolean): void {
  const order = [...lots].sort(fifo);
  if (newestFirst) order.reverse();
  let left = size;
  for (const lot of order) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    lot.remaining -= take;
    left -= take;
  }
  // Lots always sum to the balance's total; a shortfall means the ledger was written around.
  if (left > 0) throw new Error(`stock lots out of step: consumed ${size - left} of ${size}`);
}

/**
 * Writes the movements in order, or refuses the first that cannot be made. `nameEntry` adds the
 * refused entry's index to the refusal's params (`entry`), for a batch.
 */
export async function writeMovements(
  tx: TenantTx,
  actor: Actor,
  requests: MovementRequest[],
  nameEntry: boolean,
): Promise<MovementResult[]> {
  if (requests.length === 0) return [];
  try {
    return await writeChecked(tx, actor, requests);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw new AppError(error.code, nameEntry ? { ...error.params, entry: error.entry } : error.params);
  }
}

async function writeChecked(
  tx: TenantTx,
  actor: Actor,
  requests: MovementRequest[],
): Promise<MovementResult[]> {
  const scope = await resolveAndLock(tx, actor, requests);
  const { sellerIds, codes } = checkScope(requests, scope);
  const planned: Planned[] = requests.map((request, index) => {
    const effect = effectOf(request.kind, request.quantity);
    const from = effect.location === 'out' || effect.location === 'between' ? request.fromLocationId : null;
    const to = effect.location === 'in' || effect.location === 'between' ? request.toLocationId : null;
    if (effect.location !== 'none' && (from ?? to) === null)
      throw new Error(`${request.kind} needs a location`);
    return {
      request,
      sellerId: sellerIds[index] ?? '',
      deltas: deltasOf(request.kind, request.quantity),
      from,
      to,
    };
  });

  const balances = new Map<string, Balance>();
  for (const row of scope?.balances ?? [])
    balances.set(keyOf(row.warehouseId, row.skuId), { ...row, exists: true });
  const existed = new Set(balances.keys());
  const stock = await readStock(tx, planned);
  const places = new Map<string, number>();
  for (const row of stock.locations ?? []) places.set(placeOf(row.locationId, row.skuId), row.quantity);
  const lots = new Map<string, Lot[]>();
  const lotsOf = (key: string) => lots.get(key) ?? lots.set(key, []).get(key) ?? [];
  const before = new Map<string, number>();
  for (const row of stock.lots ?? []) {
    lotsOf(keyOf(row.warehouseId, row.skuId)).push({
      id: row.id,
      receivedAt: Number(row.receivedAt),
      remaining: row.remaining,
    });
    before.set(row.id, row.remaining);
  }

  // Step 3: every entry checked in order against what the ones before it leave.
  const now = new Date();
  const results: MovementResult[] = [];
  planned.forEach(({ request, deltas, from, to }, index) => {
    const key = keyOf(request.warehouseId, request.skuId);
    const size = Math.abs(request.quantity);
    const current = balances.get(key) ?? { available: 0, frozen: 0, inTransit: 0, exists: false };
    const short =
      current.available + deltas.available < 0 ||
      current.frozen + deltas.frozen < 0 ||
      current.inTransit + deltas.inTransit < 0;
    if (from) {
      // Two things can run short: the balance first, then the location.
      if (current.exists && short) throw new Refusal(index, ...bucketRefusal(current, deltas, size));
      const there = places.get(placeOf(from, request.skuId)) ?? 0;
      if (there < size)
        throw new Refusal(index, 'inventory.insufficient_location_stock', {
          location: codes.get(from) ?? '',
          onLocation: there,
          quantity: size,
        });
      places.set(placeOf(from, request.skuId), there - size);
    } else if (short) throw new Refusal(index, ...bucketRefusal(current, deltas, size));
    const after: Balance = {
      available: current.available + deltas.available,
      frozen: current.frozen + deltas.frozen,
      inTransit: current.inTransit + deltas.inTransit,
      exists: true,
    };
    balances.set(key, after);
    if (to) places.set(placeOf(to, request.skuId), (places.get(placeOf(to, request.skuId)) ?? 0) + size);
    const lotEffect = effectOf(request.kind, request.quantity).lots;
    if (lotEffect === 'add') {
      const receivedAt = request.receivedAt ?? now;
      lotsOf(key).push({
        id: randomUUID(),
        receivedAt: receivedAt.getTime() * 1000,
        remaining: size,
        added: { received: size, receivedAtIso: receivedAt.toISOString(), entry: index },
      });
    } else if (lotEffect !== 'none') takeFromLots(lotsOf(key), size, lotEffect === 'consume_newest');
    results.push({
      movementId: 0,
      balance: {
        warehouseId: request.warehouseId,
        skuId: request.skuId,
        available: after.available,
        frozen: after.frozen,
        total: after.available + after.frozen,
        inTransit: after.inTransit,
      },
    });
  });

  const ids = await writeAll(tx, actor, planned, existed, lots, before);
  return results.map((result, index) => ({ ...result, movementId: ids[index] ?? 0 }));
}

/** Step 4: balances, movements, location stock and lots in one statement; answers the movement ids in order. */
async function writeAll(
  tx: TenantTx,
  actor: Actor,
  planned: Planned[],
  existed: Set<string>,
  lots: Map<string, Lot[]>,
  before: Map<string, number>,
): Promise<number[]> {
  const sums = new Map<string, { w: string; s: string; seller: string; a: number; f: number; t: number }>();
  const nets = new Map<string, { w: string; l: string; s: string; q: number }>();
  const net = (warehouseId: string, locationId: string, skuId: string, change: number) => {
    const place = placeOf(locationId, skuId);
    const row = nets.get(place) ?? { w: warehouseId, l: locationId, s: skuId, q: 0 };
    row.q += change;
    nets.set(place, row);
  };
  for (const { request, sellerId, deltas, from, to } of planned) {
    const key = keyOf(request.warehouseId, request.skuId);
    const sum = sums.get(key) ?? {
      w: request.warehouseId,
      s: request.skuId,
      seller: sellerId,
      a: 0,
      f: 0,
      t: 0,
    };
    sum.a += deltas.available;
    sum.f += deltas.frozen;
    sum.t += deltas.inTransit;
    sums.set(key, sum);
    const size = Math.abs(request.quantity);
    if (from) net(request.warehouseId, from, request.skuId, -size);
    if (to) net(request.warehouseId, to, request.skuId, size);
  }
  const ordered = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const updated = ordered.filter(([key]) => existed.has(key)).map(([, sum]) => sum);
  const inserted = ordered.filter(([key]) => !existed.has(key)).map(([, sum]) => sum);
  const movements = planned.map(({ request, sellerId, deltas, from, to }, index) => ({
    n: index + 1,
    w: request.warehouseId,
    s: request.skuId,
    seller: sellerId,
    kind: request.kind,
    q: request.quantity,
    a: deltas.available,
    f: deltas.frozen,
    t: deltas.inTransit,
    from,
    to,
    st: request.source.type,
    si: request.source.id,
    r: request.reason,
  }));
  const placed = [...nets.values()].filter((row) => row.q !== 0);
  const takenOff = placed.filter((row) => row.q < 0);
  const added: { id: string; w: string; s: string; at: string; q: number; left: number; n: number }[] = [];
  const taken: { id: string; take: number }[] = [];
  for (const [key, list] of lots) {
    const [w = '', s = ''] = key.split('/');
    for (const lot of list) {
      if (lot.added)
        added.push({
          id: lot.id,
          w,
          s,
          at: lot.added.receivedAtIso,
          q: lot.added.received,
          left: lot.remaining,
          n: lot.added.entry + 1,
        });
      else {
        const take = (before.get(lot.id) ?? lot.remaining) - lot.remaining;
        if (take > 0) taken.push({ id: lot.id, take });
      }
    }
  }
  const [row] = await run<{ ids: (string | number)[] }>(
    tx,
    planned.length,
    sql`
      with updated as (
        update ${stockBalances} b set available = b.available + u.a, frozen = b.frozen + u.f,
          in_transit = b.in_transit + u.t, updated_at = now()
        from jsonb_to_recordset(${json(updated)}) as u(w uuid, s uuid, a int, f int, t int)
        where b.warehouse_id = any(${uuids(updated.map((sum) => sum.w))}) and b.sku_id = any(${uuids(updated.map((sum) => sum.s))})
          and b.warehouse_id = u.w and b.sku_id = u.s and b.tenant_id = app_current_tenant()
        returning 1
      ),
      inserted as (
        insert into ${stockBalances} (warehouse_id, sku_id, seller_id, available, frozen, in_transit)
        select w, s, seller, a, f, t from jsonb_to_recordset(${json(inserted)}) as i(w uuid, s uuid, seller uuid, a int, f int, t int)
        order by w, s
        on conflict (tenant_id, warehouse_id, sku_id) do update set
          available = ${stockBalances}.available + excluded.available, frozen = ${stockBalances}.frozen + excluded.frozen,
          in_transit = ${stockBalances}.in_transit + excluded.in_transit, updated_at = now()
        returning 1
      ),
      -- Every other write reads this first, so the balances are written (and the new ones locked)
      -- before any location or lot: the lock order of every ledger writer.
      balanced as (select (select count(*) from updated) + (select count(*) from inserted) as n),
      m as (
        insert into ${stockMovements} (warehouse_id, sku_id, seller_id, kind, quantity, available_delta, frozen_delta,
          in_transit_delta, from_location_id, to_location_id, source_type, source_id, reason, actor_id)
        select w, s, seller, kind, q, a, f, t, "from", "to", st, si, r, ${actor.userId}::uuid
        from jsonb_to_recordset(${json(movements)}) as m(n int, w uuid, s uuid, seller uuid, kind varchar, q int, a int, f int,
          t int, "from" uuid, "to" uuid, st varchar, si varchar, r varchar), balanced
        order by m.n
        returning id
      ),
      numbered as (select id, row_number() over (order by id) as n from m),
      put as (
        insert into ${locationStock} (warehouse_id, location_id, sku_id, quantity)
        select w, l, s, q from jsonb_to_recordset(${json(placed.filter((p) => p.q > 0))}) as p(w uuid, l uuid, s uuid, q int), balanced
        on conflict (tenant_id, location_id, sku_id) do update set
          quantity = ${locationStock}.quantity + excluded.quantity, updated_at = now()
      ),
      took as (
        update ${locationStock} ls set quantity = ls.quantity + p.q, updated_at = now()
        from jsonb_to_recordset(${json(takenOff)}) as p(l uuid, s uuid, q int), balanced
        where ls.location_id = any(${uuids(takenOff.map((place) => place.l))}) and ls.sku_id = any(${uuids(takenOff.map((place) => place.s))})
          and ls.location_id = p.l and ls.sku_id = p.s and ls.tenant_id = app_current_tenant()
      ),
      new_lots as (
        insert into ${stockLots} (id, warehouse_id, sku_id, received_at, quantity_received, quantity_remaining, movement_id)
        select a.id, a.w, a.s, a.at, a.q, a.left, numbered.id
        from jsonb_to_recordset(${json(added)}) as a(id uuid, w uuid, s uuid, at timestamptz, q int, "left" int, n int)
        join numbered on numbered.n = a.n
      ),
      old_lots as (
        update ${stockLots} l set quantity_remaining = l.quantity_remaining - o.take
        from jsonb_to_recordset(${json(taken)}) as o(id uuid, take int), balanced
        where l.id = any(${uuids(taken.map((lot) => lot.id))}) and l.id = o.id and l.tenant_id = app_current_tenant()
      )
      select array_agg(id order by id) as ids from m`,
  );
  return (row?.ids ?? []).map(Number);
}
