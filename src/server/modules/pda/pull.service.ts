/**
 * Pull (docs/research/pda-offline.md §3.6, §3.10): reference data for offline scan checks, as changes since a
 * cursor, with tombstones. Triggers (migration 0006) write a pda_changes row, stamped with the
 * writing transaction's id (pg_current_xact_id()), whenever a location, a SKU or its barcodes,
 * or an inbound order, box or line changes.
 *
 * Why a transaction-id cursor: a sequence or a timestamp is taken before commit, so a
 * transaction that started earlier but commits later would land behind a cursor a device has
 * already passed, and its change would never be pulled. The cursor here is the xmin of the
 * pull's snapshot, taken first: every transaction with a smaller id had finished when the pull
 * began, so its changes are visible to the pull's later statements (or are older than the
 * cursor already). Transactions still running have ids >= the cursor, so the next pull, which
 * reads `xid >= cursor`, sees them once committed. Nothing is missed; a change may be sent
 * twice, which is harmless because every change is an upsert of the current row or a delete.
 * Changes name only the entity: the pull reads the current row, and a row gone or out of the
 * device's scope (an order stored, a location of another warehouse) becomes a tombstone.
 *
 * Paging: a reply holds at most PDA_LIMITS.pullPage changes. The first page of a pull takes
 * the snapshot xmin X as above; the pull then goes on page by page by keyset, entity by entity
 * (locations, SKUs, inbound orders) and by id within one, each page in its own transaction.
 * A page that is not the last answers `hasMore` and a cursor naming X and the last id sent
 * (`X.f.E.K` for a full pull, `X.d.F.E.K` for a delta since F: see PULL_CURSOR in the
 * contract); the last page answers `X` alone. Whatever a transaction committed while the pages
 * were read (a row inserted behind the keyset, a row deleted after it was sent) has an id >= X,
 * so the next pull, from X, sends it again: the guarantee above holds across pages. Only the
 * first page of a full pull says `reset` (the device empties its tables then, and only then).
 *
 * Pruning (prune.service.ts): pda_changes rows older than 30 days are deleted, and
 * pda_prune_marks keeps per tenant the largest xid pruned. A cursor at or below it may have
 * skipped a pruned change, so such a pull (or a delta page in progress when the prune ran)
 * answers the first page of a full pull instead, with `reset`. The pages of a full pull in
 * progress are never restarted: they read the tables, and the cluster's oldest running
 * transaction (which pins a snapshot's xmin) may be older than a prune mark for as long as it
 * runs, which would restart a full pull at every page. The mark is read after the
 * page's changes: a prune that committed before that read is seen by it, and one that commits
 * after it removed nothing this page read. A cursor above the database's next transaction id
 * (a database restored from a backup) also answers a full pull.
 */
import { and, asc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { OPEN_INBOUND_STATUSES } from '@shared/domain/inbound.js';
import {
  PDA_LIMITS,
  PULL_CURSOR,
  PULL_SCOPES,
  type PullChange,
  type PullQuery,
  type PullReply,
  type PullScope,
} from '@shared/contract/pda.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { sellerScope } from '../../access/seller-scope.js';
import { products, skuBarcodes, skus } from '../catalog/index.js';
import { inboundBoxes, inboundBoxLines, inboundOrders } from '../inbound/index.js';
import { locationOccupancy } from '../inventory/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';
import { deviceWithKey } from './device-key.js';
import { pdaChanges, pdaPruneMarks, type PdaEntity as Entity } from './pda.tables.js';

/** The pull's entity order; a cursor names an entity by its index here. */
const ENTITIES = ['location', 'sku', 'inbound_order'] as const satisfies readonly Entity[];

const ENTITY_OF: Record<PullScope, Entity> = {
  locations: 'location',
  skus: 'sku',
  inbound_orders: 'inbound_order',
};

/** Where a pull in progress stands: the entity (index) and the last id sent of it. */
interface Position {
  entity: number;
  after: string | null;
}

/** A cursor as the device sent it back (PULL_CURSOR in the contract). */
type Cursor =
  | { kind: 'done'; xmin: bigint }
  | { kind: 'full'; xmin: bigint; at: Position }
  | { kind: 'delta'; xmin: bigint; from: bigint; at: Position };

/** The cursor of the query, already validated by the route's schema; null for a full pull. */
export function parseCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const match = PULL_CURSOR.exec(value);
  if (!match?.[1]) throw new Error(`bad pull cursor ${value}`);
  const xmin = BigInt(match[1]);
  if (match[3] === undefined || match[4] === undefined) return { kind: 'done', xmin };
  const at = { entity: Number(match[3]), after: match[4] };
  return match[2] === undefined
    ? { kind: 'full', xmin, at }
    : { kind: 'delta', xmin, from: BigInt(match[2]), at };
}

function formatCursor(cursor: Cursor): string {
  if (cursor.kind === 'done') return `${cursor.xmin}`;
  // A page with more to come sent at least one change, so it names the last id sent.
  if (cursor.at.after === null) throw new Error('a pull in progress names the last id sent');
  const at = `${cursor.at.entity}.${cursor.at.after}`;
  return cursor.kind === 'full' ? `${cursor.xmin}.f.${at}` : `${cursor.xmin}.d.${cursor.from}.${at}`;
}

/** Rows by keyset (after an id, at most `limit`) for a full pull, or the given ids for a delta. */
type Slice = { ids: string[] } | { after: string | null; limit: number };

const sliceOf = (column: AnyPgColumn, slice: Slice): SQL | undefined =>
  'ids' in slice ? inArray(column, slice.ids) : slice.after === null ? undefined : gt(column, slice.after);
const limitOf = (slice: Slice): number => ('ids' in slice ? slice.ids.length : slice.limit);

async function pullLocations(tx: TenantTx, actor: Actor, slice: Slice): Promise<PullChange[]> {
  const rows = await tx
    .select({
      id: warehouseLocations.id,
      warehouseId: warehouseLocations.warehouseId,
      code: warehouseLocations.code,
      locationType: warehouseLocations.locationType,
      capacity: warehouseLocations.capacity,
      quantity: locationOccupancy.units(warehouseLocations.id),
    })
    .from(warehouseLocations)
    .where(and(warehouseScope(actor, warehouseLocations.warehouseId), sliceOf(warehouseLocations.id, slice)))
    .orderBy(asc(warehouseLocations.id))
    .limit(limitOf(slice));
  return rows.map((data) => ({ entity: 'location', op: 'upsert', key: data.id, data }));
}

async function pullSkus(tx: TenantTx, actor: Actor, slice: Slice): Promise<PullChange[]> {
  const rows = await tx
    .select({
      id: skus.id,
      sellerId: skus.sellerId,
      sellerSku: skus.sellerSku,
      sysCode: skus.sysCode,
      name: products.name,
      variation: skus.variation,
      barcodes: sql<
        string[]
      >`coalesce((select array_agg(b.barcode order by b.barcode) from ${skuBarcodes} b where b.sku_id = ${skus.id}), '{}')`,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(sellerScope(actor, skus.sellerId), sliceOf(skus.id, slice)))
    .orderBy(asc(skus.id))
    .limit(limitOf(slice));
  return rows.map((data) => ({ entity: 'sku', op: 'upsert', key: data.id, data }));
}

async function pullInboundOrders(tx: TenantTx, actor: Actor, slice: Slice): Promise<PullChange[]> {
  const rows = await tx
    .select({
      order: inboundOrders,
      overReceipt: { unit: warehouses.overReceiptUnit, value: warehouses.overReceiptTolerance },
    })
    .from(inboundOrders)
    .innerJoin(warehouses, eq(warehouses.id, inboundOrders.warehouseId))
    .where(
      and(
        warehouseScope(actor, inboundOrders.warehouseId),
        sellerScope(actor, inboundOrders.sellerId),
        inArray(inboundOrders.status, [...OPEN_INBOUND_STATUSES]),
        sliceOf(inboundOrders.id, slice),
      ),
    )
    .orderBy(asc(inboundOrders.id))
    .limit(limitOf(slice));
  if (rows.length === 0) return [];
  const orders = rows.map((row) => row.order);
  const toleranceOf = new Map(rows.map((row) => [row.order.id, row.overReceipt]));
  const orderIds = orders.map((order) => order.id);
  const boxes = await tx
    .select()
    .from(inboundBoxes)
    .where(inArray(inboundBoxes.orderId, orderIds))
    .orderBy(asc(inboundBoxes.boxNo));
  const lines = await tx.select().from(inboundBoxLines).where(inArray(inboundBoxLines.orderId, orderIds));
  return orders.map((order) => ({
    entity: 'inbound_order',
    op: 'upsert',
    key: order.id,
    data: {
      id: order.id,
      inboundNo: order.inboundNo,
      warehouseId: order.warehouseId,
      sellerId: order.sellerId,
      status: order.status,
      receivingLocationId: order.receivingLocationId,
      overReceipt: toleranceOf.get(order.id) ?? { unit: 'units', value: 0 },
      boxes: boxes
        .filter((box) => box.orderId === order.id)
        .map((box) => ({
          id: box.id,
          boxNo: box.boxNo,
          isFinished: box.finishedAt !== null,
          lines: lines
            .filter((line) => line.boxId === box.id)
            .map((line) => ({
              skuId: line.skuId,
              shipQuantity: line.shipQuantity,
              receivedQuantity: line.receivedQuantity,
              shelvedQuantity: line.shelvedQuantity,
              damagedQuantity: line.damagedQuantity,
            })),
        })),
    },
  }));
}

const PULLERS: Record<Entity, (tx: TenantTx, actor: Actor, slice: Slice) => Promise<PullChange[]>> = {
  location: pullLocations,
  sku: pullSkus,
  inbound_order: pullInboundOrders,
};

/**
 * The next changes of one entity after a keyset position, one per id in id order: for a full
 * pull its rows in the actor's scope; for a delta the ids changed since `from`, each the current
 * row or a tombstone.
 */
type Source = (entity: Entity, after: string | null, limit: number) => Promise<PullChange[]>;

const fullSource =
  (tx: TenantTx, actor: Actor): Source =>
  (entity, after, limit) =>
    PULLERS[entity](tx, actor, { after, limit });

const deltaSource =
  (tx: TenantTx, actor: Actor, from: bigint): Source =>
  async (entity, after, limit) => {
    const rows = await tx
      .selectDistinct({ entityId: pdaChanges.entityId })
      .from(pdaChanges)
      .where(
        and(
          eq(pdaChanges.entity, entity),
          gte(pdaChanges.xid, sql`${from.toString()}::xid8`),
          after === null ? undefined : gt(pdaChanges.entityId, after),
        ),
      )
      .orderBy(asc(pdaChanges.entityId))
      .limit(limit);
    const ids = rows.map((row) => row.entityId);
    if (ids.length === 0) return [];
    const upserts = new Map(
      (await PULLERS[entity](tx, actor, { ids })).map((change) => [change.key, change]),
    );
    return ids.map((key) => upserts.get(key) ?? { entity, op: 'delete', key });
  };

/**
 * One page: from the position on, entity by entity, up to `pageSize` changes. One change more
 * is asked each time, so `hasMore` is exact (never an empty last page).
 */
async function readPage(
  source: Source,
  entities: ReadonlySet<Entity>,
  start: Position,
  pageSize: number,
): Promise<{ changes: PullChange[]; at: Position; hasMore: boolean }> {
  const changes: PullChange[] = [];
  let at = start;
  for (let index = start.entity; index < ENTITIES.length; index += 1) {
    const entity = ENTITIES[index];
    if (entity === undefined || !entities.has(entity)) continue;
    const room = pageSize - changes.length;
    const next = await source(entity, index === start.entity ? start.after : null, room + 1);
    const taken = next.slice(0, room);
    changes.push(...taken);
    const last = taken.at(-1);
    if (last) at = { entity: index, after: last.key };
    if (next.length > room) return { changes, at, hasMore: true };
  }
  return { changes, at, hasMore: false };
}

/** The largest xid pruned from the tenant's change log, if any was. */
async function prunedThrough(tx: TenantTx): Promise<bigint | null> {
  const [mark] = await tx
    .select({ through: sql<string>`${pdaPruneMarks.changesThrough}::text` })
    .from(pdaPruneMarks);
  return mark ? BigInt(mark.through) : null;
}

export interface PullOptions {
  /** Changes per reply; PDA_LIMITS.pullPage unless a test asks for less. */
  pageSize?: number;
}

/**
 * One page of the reference data of the actor's warehouses changed since the cursor, with
 * tombstones; with a device id, that device's last applied seq, if the caller presents its key.
 */
export async function pullChanges(
  tx: TenantTx,
  actor: Actor,
  query: PullQuery & { deviceKey?: string | undefined },
  options: PullOptions = {},
): Promise<PullReply> {
  const pageSize = Math.max(1, options.pageSize ?? PDA_LIMITS.pullPage);
  // First, before reading anything: see the comment at the top.
  const [snapshot] = rowsOf<{ xmin: string; xmax: string }>(
    await tx.execute(
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
    ),
  );
  if (!snapshot) throw new Error('no snapshot');
  const xmin = BigInt(snapshot.xmin);
  const scopes = query.scope && query.scope.length > 0 ? query.scope : [...PULL_SCOPES];
  const entities = new Set(scopes.map((scope) => ENTITY_OF[scope]));
  const start: Position = { entity: 0, after: null };

  let cursor = parseCursor(query.cursor);
  // A cursor from the future: the database went back (restored), its changes are unknown.
  if (cursor !== null && cursor.xmin > BigInt(snapshot.xmax)) cursor = null;

  let page: Awaited<ReturnType<typeof readPage>> | null = null;
  let next: Cursor | null = null;
  if (cursor !== null) {
    if (cursor.kind === 'full') {
      page = await readPage(fullSource(tx, actor), entities, cursor.at, pageSize);
      next = cursor;
    } else {
      const from = cursor.kind === 'delta' ? cursor.from : cursor.xmin;
      const at = cursor.kind === 'delta' ? cursor.at : start;
      page = await readPage(deltaSource(tx, actor, from), entities, at, pageSize);
      next = cursor.kind === 'delta' ? cursor : { kind: 'delta', xmin, from, at };
    }
    // After the page's reads: see "Pruning" at the top. A full pull in progress reads the tables,
    // not the change log, so a prune cannot make it miss anything: only deltas start over.
    if (cursor.kind !== 'full') {
      const through = await prunedThrough(tx);
      const oldest = cursor.kind === 'delta' ? cursor.from : cursor.xmin;
      if (through !== null && oldest <= through) page = null;
    }
  }
  const reset = page === null;
  if (page === null) {
    page = await readPage(fullSource(tx, actor), entities, start, pageSize);
    next = { kind: 'full', xmin, at: start };
  }
  if (next === null) throw new Error('no cursor');
  const reply = page.hasMore ? { ...next, at: page.at } : { kind: 'done' as const, xmin: next.xmin };

  // The device's seq is its own: told only to a caller presenting its key, as a push must.
  const lastProcessedSeq = query.deviceId
    ? (await deviceWithKey(tx, query.deviceId, query.deviceKey, { lock: false })).lastSeq
    : null;
  return {
    cursor: formatCursor(reply),
    reset,
    hasMore: page.hasMore,
    lastProcessedSeq,
    changes: page.changes,
  };
}
