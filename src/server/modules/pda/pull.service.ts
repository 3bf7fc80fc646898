/**
 * Pull (research note §3.6, §3.10): reference data for offline scan checks, as changes since a
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
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_INBOUND_STATUSES } from '../../../shared/domain/inbound.js';
import {
  PULL_SCOPES,
  type PullChange,
  type PullQuery,
  type PullReply,
  type PullScope,
} from '../../../shared/contract/pda.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { products, sellerScope, skuBarcodes, skus } from '../catalog/index.js';
import { inboundBoxes, inboundBoxLines, inboundOrders } from '../inbound/index.js';
import { warehouseLocations, warehouseScope } from '../warehouse/index.js';
import { pdaChanges, pdaDevices, type PdaEntity as Entity } from './pda.tables.js';

const ENTITY_OF: Record<PullScope, Entity> = {
  locations: 'location',
  skus: 'sku',
  inbound_orders: 'inbound_order',
};

/** Ids changed since the cursor, per entity; null for a full pull. */
async function changedIds(tx: TenantTx, cursor: string | null): Promise<Map<Entity, string[]> | null> {
  if (cursor === null) return null;
  const rows = await tx
    .selectDistinct({ entity: pdaChanges.entity, entityId: pdaChanges.entityId })
    .from(pdaChanges)
    .where(sql`${pdaChanges.xid} >= ${cursor}::xid8`);
  const byEntity = new Map<Entity, string[]>();
  for (const row of rows) {
    byEntity.set(row.entity, [...(byEntity.get(row.entity) ?? []), row.entityId]);
  }
  return byEntity;
}

/** `column in ids` for a delta, nothing more for a full pull. */
const among = (column: Parameters<typeof inArray>[0], ids: string[] | null): SQL | undefined =>
  ids === null ? undefined : inArray(column, ids);

async function pullLocations(tx: TenantTx, actor: Actor, ids: string[] | null): Promise<PullChange[]> {
  const rows = await tx
    .select({
      id: warehouseLocations.id,
      warehouseId: warehouseLocations.warehouseId,
      code: warehouseLocations.code,
      locationType: warehouseLocations.locationType,
    })
    .from(warehouseLocations)
    .where(and(warehouseScope(actor, warehouseLocations.warehouseId), among(warehouseLocations.id, ids)))
    .orderBy(asc(warehouseLocations.code));
  return rows.map((data) => ({ entity: 'location', op: 'upsert', key: data.id, data }));
}

async function pullSkus(tx: TenantTx, actor: Actor, ids: string[] | null): Promise<PullChange[]> {
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
    .where(and(sellerScope(actor, skus.sellerId), among(skus.id, ids)))
    .orderBy(asc(skus.sysCode));
  return rows.map((data) => ({ entity: 'sku', op: 'upsert', key: data.id, data }));
}

async function pullInboundOrders(tx: TenantTx, actor: Actor, ids: string[] | null): Promise<PullChange[]> {
  const orders = await tx
    .select()
    .from(inboundOrders)
    .where(
      and(
        warehouseScope(actor, inboundOrders.warehouseId),
        sellerScope(actor, inboundOrders.sellerId),
        inArray(inboundOrders.status, [...OPEN_INBOUND_STATUSES]),
        among(inboundOrders.id, ids),
      ),
    )
    .orderBy(asc(inboundOrders.inboundNo));
  if (orders.length === 0) return [];
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

const PULLERS: Record<Entity, (tx: TenantTx, actor: Actor, ids: string[] | null) => Promise<PullChange[]>> = {
  location: pullLocations,
  sku: pullSkus,
  inbound_order: pullInboundOrders,
};

/** Reference data of the actor's warehouses changed since the cursor, with tombstones. */
export async function pullChanges(tx: TenantTx, actor: Actor, query: PullQuery): Promise<PullReply> {
  // First, before reading anything: see the comment at the top.
  const [snapshot] = rowsOf<{ cursor: string }>(
    await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor`),
  );
  if (!snapshot) throw new Error('no snapshot');
  const cursor = query.cursor ? query.cursor : null;
  const changed = await changedIds(tx, cursor);
  const scopes = query.scope && query.scope.length > 0 ? query.scope : [...PULL_SCOPES];
  const changes: PullChange[] = [];
  for (const scope of [...new Set(scopes)]) {
    const entity = ENTITY_OF[scope];
    const ids = changed === null ? null : (changed.get(entity) ?? []);
    if (ids !== null && ids.length === 0) continue;
    const upserts = await PULLERS[entity](tx, actor, ids);
    changes.push(...upserts);
    if (ids !== null) {
      const present = new Set(upserts.map((change) => change.key));
      for (const key of ids.filter((id) => !present.has(id))) changes.push({ entity, op: 'delete', key });
    }
  }
  let lastProcessedSeq: number | null = null;
  if (query.deviceId) {
    const [device] = await tx
      .select({ lastSeq: pdaDevices.lastSeq })
      .from(pdaDevices)
      .where(eq(pdaDevices.deviceId, query.deviceId));
    lastProcessedSeq = device?.lastSeq ?? 0;
  }
  return { cursor: snapshot.cursor, reset: cursor === null, hasMore: false, lastProcessedSeq, changes };
}
