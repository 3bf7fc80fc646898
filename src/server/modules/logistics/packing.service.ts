/**
 * Pack, bag and hand over on the PDA, each op applied exactly once through the PDA
 * push (pda/push.service.ts), with the admin's outbound rules (outbound.service.ts: packOne,
 * deliverOne) rather than rules of its own:
 *
 * - Pack: the units scanned into a picked parcel must be exactly its lines (a wrong SKU or an
 *   extra unit refused: 'pack.items_mismatch'); then packOne (the weight kept on the waybill).
 *   An order cancelled after it was picked cannot be packed ('pack.cancelled'); its units are
 *   put back instead: a ledger 'move' from each pick's location to the location scanned, and its
 *   picks deleted, so nothing stays held for it.
 * - Bag: a bag (its number scanned or made on the device, under an id the device made) takes
 *   packed parcels of its warehouse and of one channel, each parcel in one bag at most; a parcel
 *   in a bag is 'bagged'. A closed bag has its weight and takes nothing more.
 * - Hand over: closed bags and loose packed parcels go to the carrier together; every parcel is
 *   delivered by deliverOne (its reservation issued through the ledger once, the order shipped),
 *   and each bag's delivery status becomes 'pickup' with its delivery time. All of it or nothing:
 *   a parcel that cannot go (cancelled meanwhile, not printed) refuses the whole hand-over, named.
 *   The marketplaces are told the tracking numbers after commit (pda.routes.ts, pushTracking).
 *
 * Locks: a bag's row before its orders' rows, orders in id order (lockOrders), so two devices
 * bagging or handing over the same parcels wait for each other instead of both succeeding.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  bagParcelInput,
  closeBagInput,
  handoverInput,
  openBagInput,
  packParcelInput,
  putBackInput,
  type BagDeliveryStatusBody,
  type BagDetail,
  type BagListQuery,
  type BagView,
  type PdaOutboundWork,
  type PdaParcel,
} from '@shared/contract/packing.js';
import type { Page } from '@shared/contract/common.js';
import { bagRefusal, PACKABLE_STATUSES, type BagRefusal } from '@shared/domain/bags.js';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { products, skuBarcodes, skus } from '../catalog/index.js';
import { moveStock } from '../inventory/index.js';
import {
  lockOrders,
  moveWarehouseStatus,
  orderLines,
  orders,
  orderScope,
  type OrderRecord,
} from '../orders/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';
import { bagParcels, bags, handoverParcels, handovers } from './bags.tables.js';
import { logisticsChannels, orderPicks, waybills } from './logistics.tables.js';
import { deliverOne, packOne } from './outbound.service.js';
import { waybillOf } from './waybills.service.js';

type BagRow = typeof bags.$inferSelect;

/** Bags the actor sees: those of their warehouses; a seller's people see none (bags mix sellers). */
function bagScope(actor: Actor): SQL | undefined {
  if (isSellerBound(actor)) return sql`false`;
  return warehouseScope(actor, bags.warehouseId);
}

async function lockBag(tx: TenantTx, actor: Actor, bagId: string): Promise<BagRow> {
  const [bag] = await tx
    .select()
    .from(bags)
    .where(and(eq(bags.id, bagId), bagScope(actor)))
    .for('update');
  if (!bag) throw new AppError('bag.not_found');
  return bag;
}

async function lockOrder(tx: TenantTx, actor: Actor, orderId: string): Promise<OrderRecord> {
  const [order] = await lockOrders(tx, actor, [orderId]);
  if (!order) throw new AppError('order.not_found');
  return order;
}

/** Cancelled, or waiting for the platform to decide a cancellation: not to be shipped. */
const isCancelled = (order: Pick<OrderRecord, 'localStatus'>) =>
  order.localStatus === 'cancelled' || order.localStatus === 'in_cancellation';

// --- pack -----------------------------------------------------------------------------

/** pack.pack: the scanned units must be the order's lines exactly; then the order is packed. */
export async function packParcel(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ orderId: string; orderNo: string; warehouseStatus: 'packed' }> {
  const input = parseInput(packParcelInput, raw);
  const order = await lockOrder(tx, actor, input.orderId);
  if (isCancelled(order)) throw new AppError('pack.cancelled', { orderNo: order.orderNo });
  const lines = await tx
    .select({
      skuId: orderLines.skuId,
      sku: skus.sellerSku,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .where(eq(orderLines.orderId, order.id))
    .groupBy(orderLines.skuId, skus.sellerSku);
  const scanned = new Map<string, number>();
  for (const item of input.items) scanned.set(item.skuId, (scanned.get(item.skuId) ?? 0) + item.quantity);
  for (const [skuId, quantity] of scanned) {
    const line = lines.find((entry) => entry.skuId === skuId);
    if (!line || quantity > line.quantity)
      throw new AppError('pack.items_mismatch', {
        orderNo: order.orderNo,
        sku: line?.sku ?? skuId.slice(0, 8),
      });
  }
  const short = lines.find((line) => (scanned.get(line.skuId) ?? 0) !== line.quantity);
  if (short) throw new AppError('pack.items_mismatch', { orderNo: order.orderNo, sku: short.sku });
  await packOne(tx, actor, order, input.weightGrams);
  return { orderId: order.id, orderNo: order.orderNo, warehouseStatus: 'packed' };
}

/**
 * pack.put_back: an order cancelled after it was picked gives its units back: each pick's units
 * move (ledger 'move') from where they were picked to the location scanned; its picks are
 * deleted, it leaves any bag, and its warehouse status returns to none.
 */
export async function putBackParcel(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ orderId: string; orderNo: string; units: number; locationId: string }> {
  const input = parseInput(putBackInput, raw);
  const order = await lockOrder(tx, actor, input.orderId);
  if (order.localStatus !== 'cancelled') throw new AppError('pack.not_cancelled', { orderNo: order.orderNo });
  const [location] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(
      and(eq(warehouseLocations.id, input.locationId), eq(warehouseLocations.warehouseId, order.warehouseId)),
    );
  if (!location) throw new AppError('warehouse.location_other_warehouse');
  const picks = await tx
    .select({
      lineId: orderPicks.lineId,
      locationId: orderPicks.locationId,
      quantity: orderPicks.quantity,
      skuId: orderLines.skuId,
    })
    .from(orderPicks)
    .innerJoin(orderLines, eq(orderLines.id, orderPicks.lineId))
    .where(eq(orderPicks.orderId, order.id))
    .orderBy(asc(orderPicks.locationId), asc(orderLines.skuId));
  if (picks.length === 0) throw new AppError('pack.nothing_to_put_back', { orderNo: order.orderNo });
  let units = 0;
  for (const pick of picks) {
    units += pick.quantity;
    if (pick.locationId === input.locationId) continue;
    await moveStock(tx, actor, {
      warehouseId: order.warehouseId,
      skuId: pick.skuId,
      fromLocationId: pick.locationId,
      toLocationId: input.locationId,
      quantity: pick.quantity,
      kind: 'move',
      source: { type: 'order_put_back', id: order.id },
      reason: order.orderNo,
    });
  }
  await tx.delete(orderPicks).where(eq(orderPicks.orderId, order.id));
  const [bagged] = await tx.delete(bagParcels).where(eq(bagParcels.orderId, order.id)).returning();
  if (bagged)
    await tx
      .update(bags)
      .set({ packageCount: sql`${bags.packageCount} - 1`, updatedAt: sql`now()` })
      .where(eq(bags.id, bagged.bagId));
  await moveWarehouseStatus(tx, actor, order, 'none');
  return { orderId: order.id, orderNo: order.orderNo, units, locationId: input.locationId };
}

// --- bag ------------------------------------------------------------------------------

/** bag.open: the bag under the device's id; a number another bag has is refused. */
export async function openBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; bagNo: string }> {
  const input = parseInput(openBagInput, raw);
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, input.warehouseId), warehouseScope(actor, warehouses.id)));
  if (!warehouse || isSellerBound(actor)) throw new AppError('warehouse.not_found');
  const made = await tx
    .insert(bags)
    .values({ id: input.bagId, bagNo: input.bagNo, warehouseId: input.warehouseId, openedBy: actor.userId })
    .onConflictDoNothing()
    .returning({ id: bags.id });
  if (made.length === 0) throw new AppError('bag.number_taken', { bagNo: input.bagNo });
  return { bagId: input.bagId, bagNo: input.bagNo };
}

const REFUSAL_CODES: Record<BagRefusal, ErrorCode> = {
  bag_closed: 'bag.closed',
  other_warehouse: 'bag.other_warehouse',
  other_channel: 'bag.other_channel',
  not_packed: 'bag.not_packed',
  already_bagged: 'bag.already_bagged',
  cancelled: 'pack.cancelled',
};

/** bag.add: a packed parcel of the bag's warehouse and channel, in no other bag, goes in. */
export async function addToBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; orderId: string; packageCount: number }> {
  const input = parseInput(bagParcelInput, raw);
  const bag = await lockBag(tx, actor, input.bagId);
  const order = await lockOrder(tx, actor, input.orderId);
  const waybill = await waybillOf(tx, order.id);
  const [inBag] = await tx.select().from(bagParcels).where(eq(bagParcels.orderId, order.id));
  const refusal = bagRefusal(
    { ...bag, hasParcels: bag.packageCount > 0 },
    {
      warehouseId: order.warehouseId,
      channelId: waybill?.channelId ?? null,
      status: order.warehouseStatus,
      bagId: inBag?.bagId ?? null,
      isCancelled: isCancelled(order),
    },
  );
  if (refusal) throw new AppError(REFUSAL_CODES[refusal], { orderNo: order.orderNo, bagNo: bag.bagNo });
  await tx.insert(bagParcels).values({ bagId: bag.id, orderId: order.id, addedBy: actor.userId });
  await tx
    .update(bags)
    .set({
      packageCount: sql`${bags.packageCount} + 1`,
      ...(bag.packageCount === 0 ? { channelId: waybill?.channelId ?? null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(bags.id, bag.id));
  await moveWarehouseStatus(tx, actor, order, 'bagged');
  return { bagId: bag.id, orderId: order.id, packageCount: bag.packageCount + 1 };
}

/** bag.remove: a parcel out of an open bag; it is packed again. */
export async function removeFromBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; orderId: string; packageCount: number }> {
  const input = parseInput(bagParcelInput, raw);
  const bag = await lockBag(tx, actor, input.bagId);
  const order = await lockOrder(tx, actor, input.orderId);
  if (bag.status !== 'open') throw new AppError('bag.closed', { bagNo: bag.bagNo });
  const removed = await tx
    .delete(bagParcels)
    .where(and(eq(bagParcels.orderId, order.id), eq(bagParcels.bagId, bag.id)))
    .returning();
  if (removed.length === 0)
    throw new AppError('bag.not_in_bag', { orderNo: order.orderNo, bagNo: bag.bagNo });
  const left = bag.packageCount - 1;
  await tx
    .update(bags)
    .set({ packageCount: left, ...(left === 0 ? { channelId: null } : {}), updatedAt: sql`now()` })
    .where(eq(bags.id, bag.id));
  if (order.warehouseStatus === 'bagged') await moveWarehouseStatus(tx, actor, order, 'packed');
  return { bagId: bag.id, orderId: order.id, packageCount: left };
}

/** bag.close: an open bag with parcels is weighed and closed. */
export async function closeBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; packageCount: number; weightGrams: number }> {
  const input = parseInput(closeBagInput, raw);
  const bag = await lockBag(tx, actor, input.bagId);
  if (bag.status !== 'open') throw new AppError('bag.closed', { bagNo: bag.bagNo });
  if (bag.packageCount === 0) throw new AppError('bag.empty', { bagNo: bag.bagNo });
  await tx
    .update(bags)
    .set({
      status: 'closed',
      weightGrams: input.weightGrams,
      closedBy: actor.userId,
      closedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(bags.id, bag.id));
  return { bagId: bag.id, packageCount: bag.packageCount, weightGrams: input.weightGrams };
}

// --- hand over ------------------------------------------------------------------------

/**
 * handover.deliver: closed bags and loose parcels handed to the carrier; every parcel delivered
 * through deliverOne. Answers the delivered orders, whose tracking numbers are pushed after commit.
 */
export async function deliverHandover(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ handoverId: string; deliveredOrderIds: string[]; bags: number; parcels: number }> {
  const input = parseInput(handoverInput, raw);
  const bagRows: BagRow[] = [];
  for (const bagId of [...new Set(input.bagIds)].sort()) {
    const bag = await lockBag(tx, actor, bagId);
    if (bag.warehouseId !== input.warehouseId)
      throw new AppError('handover.other_warehouse', { no: bag.bagNo });
    if (bag.handoverId !== null) throw new AppError('bag.handed_over', { bagNo: bag.bagNo });
    if (bag.status !== 'closed') throw new AppError('bag.not_closed', { bagNo: bag.bagNo });
    bagRows.push(bag);
  }
  const inBags =
    bagRows.length === 0
      ? []
      : await tx
          .select({ orderId: bagParcels.orderId, bagId: bagParcels.bagId })
          .from(bagParcels)
          .where(
            inArray(
              bagParcels.bagId,
              bagRows.map((bag) => bag.id),
            ),
          );
  const loose = [...new Set(input.orderIds)].filter((id) => !inBags.some((entry) => entry.orderId === id));
  if (loose.length > 0) {
    const [bagged] = await tx
      .select({ orderId: bagParcels.orderId, bagNo: bags.bagNo })
      .from(bagParcels)
      .innerJoin(bags, eq(bags.id, bagParcels.bagId))
      .where(inArray(bagParcels.orderId, loose));
    if (bagged) {
      const [order] = await tx
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(eq(orders.id, bagged.orderId));
      throw new AppError('handover.parcel_in_bag', { orderNo: order?.orderNo ?? '', bagNo: bagged.bagNo });
    }
  }
  const orderIds = [...inBags.map((entry) => entry.orderId), ...loose];
  const locked = orderIds.length === 0 ? [] : await lockOrders(tx, actor, orderIds);
  for (const order of locked) {
    if (order.warehouseId !== input.warehouseId)
      throw new AppError('handover.other_warehouse', { no: order.orderNo });
    if (isCancelled(order)) throw new AppError('pack.cancelled', { orderNo: order.orderNo });
    await deliverOne(tx, actor, order);
  }
  await tx.insert(handovers).values({
    id: input.handoverId,
    warehouseId: input.warehouseId,
    bagCount: bagRows.length,
    parcelCount: locked.length,
    handedOverBy: actor.userId,
  });
  if (locked.length > 0)
    await tx.insert(handoverParcels).values(
      locked.map((order) => ({
        orderId: order.id,
        handoverId: input.handoverId,
        bagId: inBags.find((entry) => entry.orderId === order.id)?.bagId ?? null,
      })),
    );
  if (bagRows.length > 0)
    await tx
      .update(bags)
      .set({
        handoverId: input.handoverId,
        deliveryStatus: 'pickup',
        deliveredAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          bags.id,
          bagRows.map((bag) => bag.id),
        ),
      );
  return {
    handoverId: input.handoverId,
    deliveredOrderIds: locked.map((order) => order.id),
    bags: bagRows.length,
    parcels: locked.length,
  };
}

// --- what the PDA fetches ----------------------------------------------------------------

/** Parcels and bags one PDA works on at a time, at most. */
const WORK_LIMIT = 2000;

/**
 * The warehouse's outbound work for the PDA, so every scan is checked offline: picked parcels
 * to pack (their lines with every code of each SKU), packed and bagged parcels not yet handed
 * over, cancelled orders whose picked units wait to be put back, and bags not handed over.
 */
export async function pdaOutboundWork(
  tx: TenantTx,
  actor: Actor,
  warehouseId: string,
): Promise<PdaOutboundWork> {
  if (isSellerBound(actor)) return { parcels: [], bags: [] };
  const hasPicks = sql`exists (select 1 from ${orderPicks} where ${orderPicks.orderId} = ${orders.id})`;
  const rows = await tx
    .select({
      order: orders,
      trackingNo: waybills.trackingNo,
      channelId: waybills.channelId,
      channelName: sql<string>`coalesce(${logisticsChannels.name}, ${waybills.carrierName}, '')`,
      weightGrams: waybills.weightGrams,
      bagId: bagParcels.bagId,
    })
    .from(orders)
    .leftJoin(waybills, eq(waybills.orderId, orders.id))
    .leftJoin(logisticsChannels, eq(logisticsChannels.id, waybills.channelId))
    .leftJoin(bagParcels, eq(bagParcels.orderId, orders.id))
    .where(
      and(
        eq(orders.warehouseId, warehouseId),
        orderScope(actor),
        isNull(orders.mergedIntoId),
        or(
          and(
            eq(orders.localStatus, 'pending_shipment'),
            inArray(orders.warehouseStatus, [...PACKABLE_STATUSES, 'packed', 'repacked', 'bagged']),
          ),
          and(inArray(orders.localStatus, ['cancelled', 'in_cancellation']), hasPicks),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(WORK_LIMIT);
  const ids = rows.map((row) => row.order.id);
  const lines =
    ids.length === 0
      ? []
      : await tx
          .select({
            orderId: orderLines.orderId,
            skuId: orderLines.skuId,
            sellerSku: skus.sellerSku,
            sysCode: skus.sysCode,
            name: products.name,
            quantity: sql<number>`sum(${orderLines.quantity})::int`,
            barcodes: sql<
              string[]
            >`coalesce((select array_agg(b.barcode order by b.barcode) from ${skuBarcodes} b where b.sku_id = ${orderLines.skuId}), '{}')`,
          })
          .from(orderLines)
          .innerJoin(skus, eq(skus.id, orderLines.skuId))
          .innerJoin(products, eq(products.id, skus.productId))
          .where(inArray(orderLines.orderId, ids))
          .groupBy(orderLines.orderId, orderLines.skuId, skus.sellerSku, skus.sysCode, products.name);
  const cancelledIds = rows.filter((row) => isCancelled(row.order)).map((row) => row.order.id);
  const picks =
    cancelledIds.length === 0
      ? []
      : await tx
          .select({
            orderId: orderPicks.orderId,
            locationId: orderPicks.locationId,
            skuId: orderLines.skuId,
            quantity: orderPicks.quantity,
          })
          .from(orderPicks)
          .innerJoin(orderLines, eq(orderLines.id, orderPicks.lineId))
          .where(inArray(orderPicks.orderId, cancelledIds));
  const parcels: PdaParcel[] = rows.map((row) => {
    const state: PdaParcel['state'] = isCancelled(row.order)
      ? 'cancelled'
      : row.order.warehouseStatus === 'bagged'
        ? 'bagged'
        : row.order.warehouseStatus === 'packed' || row.order.warehouseStatus === 'repacked'
          ? 'packed'
          : 'to_pack';
    return {
      orderId: row.order.id,
      orderNo: row.order.orderNo,
      trackingNo: row.trackingNo ?? row.order.trackingNo ?? '',
      warehouseId: row.order.warehouseId,
      channelId: row.channelId ?? null,
      channelName: row.channelName ?? '',
      state,
      bagId: row.bagId ?? null,
      weightGrams: row.weightGrams ?? null,
      lines: lines
        .filter((line) => line.orderId === row.order.id)
        .map((line) => ({
          skuId: line.skuId,
          sellerSku: line.sellerSku,
          name: line.name,
          quantity: line.quantity,
          codes: [...new Set([line.sellerSku, line.sysCode, ...line.barcodes].filter(Boolean))],
        })),
      picks: picks
        .filter((pick) => pick.orderId === row.order.id)
        .map(({ locationId, skuId, quantity }) => ({ locationId, skuId, quantity })),
    };
  });
  const openBags = await tx
    .select()
    .from(bags)
    .where(and(eq(bags.warehouseId, warehouseId), bagScope(actor), isNull(bags.handoverId)))
    .orderBy(desc(bags.openedAt))
    .limit(WORK_LIMIT);
  const members =
    openBags.length === 0
      ? []
      : await tx
          .select({ bagId: bagParcels.bagId, orderId: bagParcels.orderId })
          .from(bagParcels)
          .where(
            inArray(
              bagParcels.bagId,
              openBags.map((bag) => bag.id),
            ),
          );
  return {
    parcels,
    bags: openBags.map((bag) => ({
      id: bag.id,
      bagNo: bag.bagNo,
      warehouseId: bag.warehouseId,
      channelId: bag.channelId,
      status: bag.status,
      weightGrams: bag.weightGrams,
      orderIds: members.filter((member) => member.bagId === bag.id).map((member) => member.orderId),
    })),
  };
}

// --- admin: bags ------------------------------------------------------------------------

const bagColumns = {
  bag: bags,
  warehouseName: warehouses.name,
  warehouseCode: warehouses.code,
  channelName: sql<string>`coalesce(${logisticsChannels.name}, '')`,
};

type BagJoined = { bag: BagRow; warehouseName: string; warehouseCode: string; channelName: string };

function viewOf(row: BagJoined): BagView {
  const { bag } = row;
  return {
    id: bag.id,
    bagNo: bag.bagNo,
    warehouseId: bag.warehouseId,
    warehouseName: `${row.warehouseCode} ${row.warehouseName}`.trim(),
    channelId: bag.channelId,
    channelName: row.channelName,
    status: bag.status,
    packageCount: bag.packageCount,
    weightGrams: bag.weightGrams,
    deliveryStatus: bag.deliveryStatus,
    deliveredAt: bag.deliveredAt?.toISOString() ?? null,
    openedAt: bag.openedAt.toISOString(),
    closedAt: bag.closedAt?.toISOString() ?? null,
  };
}

const joinedBags = (tx: TenantTx) =>
  tx
    .select(bagColumns)
    .from(bags)
    .innerJoin(warehouses, eq(warehouses.id, bags.warehouseId))
    .leftJoin(logisticsChannels, eq(logisticsChannels.id, bags.channelId));

/** The bag list: newest first, filtered by number, a parcel's tracking number, warehouse and statuses. */
export async function listBags(tx: TenantTx, actor: Actor, query: BagListQuery): Promise<Page<BagView>> {
  const escape = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);
  const where = and(
    bagScope(actor),
    query.bagNo ? ilike(bags.bagNo, `%${escape(query.bagNo)}%`) : undefined,
    query.warehouseId ? eq(bags.warehouseId, query.warehouseId) : undefined,
    query.status ? eq(bags.status, query.status) : undefined,
    query.deliveryStatus ? eq(bags.deliveryStatus, query.deliveryStatus) : undefined,
    query.trackingNo
      ? sql`exists (select 1 from ${bagParcels} p join ${waybills} w on w.order_id = p.order_id
          where p.bag_id = ${bags.id} and w.tracking_no = ${query.trackingNo})`
      : undefined,
  );
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(bags)
    .where(where);
  const total = count?.total ?? 0;
  const records = await joinedBags(tx)
    .where(where)
    .orderBy(desc(bags.openedAt), asc(bags.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    records: records.map(viewOf),
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}

/** One bag with its parcels (tracking number, order, weight, status). */
export async function bagDetail(
  tx: TenantTx,
  actor: Actor,
  id: string,
): Promise<BagDetail & { timeZone: string }> {
  const [row] = await joinedBags(tx)
    .where(and(eq(bags.id, id), bagScope(actor)))
    .limit(1);
  if (!row) throw new AppError('bag.not_found');
  const [zone] = await tx
    .select({ timeZone: warehouses.timeZone })
    .from(warehouses)
    .where(eq(warehouses.id, row.bag.warehouseId));
  const parcels = await tx
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      trackingNo: sql<string>`coalesce(${waybills.trackingNo}, ${orders.trackingNo}, '')`,
      weightGrams: waybills.weightGrams,
      warehouseStatus: orders.warehouseStatus,
    })
    .from(bagParcels)
    .innerJoin(orders, eq(orders.id, bagParcels.orderId))
    .leftJoin(waybills, eq(waybills.orderId, orders.id))
    .where(eq(bagParcels.bagId, id))
    .orderBy(asc(bagParcels.createdAt), asc(orders.orderNo));
  return { ...viewOf(row), parcels, timeZone: zone?.timeZone ?? 'UTC' };
}

/** Sets the delivery status of bags handed over (pickup, delivery success or fail). */
export async function setBagDeliveryStatus(
  tx: TenantTx,
  actor: Actor,
  body: BagDeliveryStatusBody,
): Promise<{ count: number }> {
  const ids = [...new Set(body.ids)].sort();
  const rows = await tx
    .select()
    .from(bags)
    .where(and(inArray(bags.id, ids), bagScope(actor)))
    .orderBy(asc(bags.id))
    .for('update');
  if (rows.length !== ids.length) throw new AppError('bag.not_found');
  const waiting = rows.find((bag) => bag.handoverId === null);
  if (waiting && body.deliveryStatus !== 'pending')
    throw new AppError('bag.not_handed_over', { bagNo: waiting.bagNo });
  await tx
    .update(bags)
    .set({ deliveryStatus: body.deliveryStatus, updatedAt: sql`now()` })
    .where(inArray(bags.id, ids));
  return { count: rows.length };
}
