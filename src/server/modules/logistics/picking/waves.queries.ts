/**
 * Reads of waves: the admin's list (progress: units picked and short of those to pick, who is
 * picking) and detail (orders, lines, shortages), and the handheld's open waves with everything
 * a scan is checked against offline (GET /pda/waves): orders and lines with what is picked so
 * far, the SKUs with their barcodes, and the shelves holding them (never staging).
 */
import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  PdaWave,
  PdaWavesReply,
  ReadyOrderRow,
  WaveDetail,
  WaveListQuery,
  WaveRow,
} from '@shared/contract/picking.js';
import { OPEN_WAVE_STATUSES, WAVE_LIMITS } from '@shared/domain/picking.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../../db/client.js';
import { allOf, contains, iso, offsetOf } from '../../../db/query-helpers.js';
import { deviceKeyHash } from '../../../access/device-key.js';
import type { Actor } from '../../../http/actor.js';
import { page } from '../../../http/reply.js';
import { products, skuBarcodes, skus } from '../../catalog/index.js';
import { users } from '../../identity/index.js';
import { locationStock } from '../../inventory/index.js';
import { logisticsChannels, orderPicks, waybills } from '../logistics.tables.js';
import { orderExceptions, orderLines, orders, orderScope } from '../../orders/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../../warehouse/index.js';
import { waveOrders, waveShortages, waves } from './picking.tables.js';
import { readyToPick } from './waves.service.js';

const figures = {
  orderCount: sql<number>`(select count(*)::int from ${waveOrders} wo where wo.wave_id = ${waves.id})`,
  units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${waveOrders} wo join ${orderLines} l on l.order_id = wo.order_id where wo.wave_id = ${waves.id})`,
  pickedUnits: sql<number>`(select coalesce(sum(p.quantity), 0)::int from ${waveOrders} wo join ${orderPicks} p on p.order_id = wo.order_id where wo.wave_id = ${waves.id})`,
  shortUnits: sql<number>`(select coalesce(sum(s.quantity), 0)::int from ${waveShortages} s where s.wave_id = ${waves.id})`,
};

function selectRows(tx: TenantTx) {
  return tx
    .select({
      wave: waves,
      warehouseCode: warehouses.code,
      pickerName: sql<string>`coalesce(nullif(${users.realname}, ''), ${users.username}, '')`,
      ...figures,
    })
    .from(waves)
    .innerJoin(warehouses, eq(warehouses.id, waves.warehouseId))
    .leftJoin(users, eq(users.id, waves.pickerId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow(row: Selected): WaveRow {
  return {
    id: row.wave.id,
    waveNo: row.wave.waveNo,
    warehouseId: row.wave.warehouseId,
    warehouseCode: row.warehouseCode,
    status: row.wave.status,
    orderCount: Number(row.orderCount),
    units: Number(row.units),
    pickedUnits: Number(row.pickedUnits),
    shortUnits: Number(row.shortUnits),
    pickerName: row.pickerName,
    createdAt: iso(row.wave.createdAt),
  };
}

/** The waves of the warehouses the actor sees, newest first. */
export async function listWaves(tx: TenantTx, actor: Actor, query: WaveListQuery): Promise<Page<WaveRow>> {
  const where = allOf([
    warehouseScope(actor, waves.warehouseId),
    query.status ? eq(waves.status, query.status) : undefined,
    query.warehouseId ? eq(waves.warehouseId, query.warehouseId) : undefined,
    query.waveNo ? ilike(waves.waveNo, contains(query.waveNo)) : undefined,
  ]);
  const rows = await selectRows(tx)
    .where(where)
    .orderBy(desc(waves.createdAt), desc(waves.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(waves)
    .where(where);
  return page(rows.map(toRow), counted?.n ?? 0, query.pageNo, query.pageSize);
}

/** The wave's orders the actor sees, in wave order, with each line's progress. */
async function waveOrderLines(tx: TenantTx, actor: Actor, waveIds: string[]) {
  if (waveIds.length === 0) return [];
  return tx
    .select({
      waveId: waveOrders.waveId,
      state: waveOrders.state,
      orderId: orders.id,
      orderNo: orders.orderNo,
      localStatus: orders.localStatus,
      warehouseStatus: orders.warehouseStatus,
      trackingNo: sql<string>`coalesce(${waybills.trackingNo}, ${orders.trackingNo})`,
      channelId: waybills.channelId,
      channelName: sql<string>`coalesce(${logisticsChannels.name}, ${waybills.carrierName}, '')`,
      lineId: orderLines.id,
      skuId: orderLines.skuId,
      sellerSku: skus.sellerSku,
      name: products.name,
      quantity: orderLines.quantity,
      picked: sql<number>`coalesce((select sum(p.quantity) from ${orderPicks} p where p.line_id = ${orderLines.id}), 0)::int`,
      // Short in this wave: an order picked again in a new wave starts with none short there.
      short: sql<number>`coalesce((select sum(s.quantity) from ${waveShortages} s where s.line_id = ${orderLines.id} and s.wave_id = ${waveOrders.waveId}), 0)::int`,
    })
    .from(waveOrders)
    .innerJoin(orders, eq(orders.id, waveOrders.orderId))
    .leftJoin(waybills, eq(waybills.orderId, orders.id))
    .leftJoin(logisticsChannels, eq(logisticsChannels.id, waybills.channelId))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(inArray(waveOrders.waveId, waveIds), orderScope(actor)))
    .orderBy(asc(waveOrders.waveId), asc(waveOrders.position), asc(orderLines.position));
}

type LineRow = Awaited<ReturnType<typeof waveOrderLines>>[number];

/** Rows of (order, line) grouped by order, in their order. */
function byOrder(rows: LineRow[]): LineRow[][] {
  const groups = new Map<string, LineRow[]>();
  for (const row of rows) groups.set(row.orderId, [...(groups.get(row.orderId) ?? []), row]);
  return [...groups.values()];
}

/** One wave with its orders, lines and shortages; 404 when out of sight. */
export async function getWave(tx: TenantTx, actor: Actor, id: string): Promise<WaveDetail> {
  const [row] = await selectRows(tx).where(and(eq(waves.id, id), warehouseScope(actor, waves.warehouseId)));
  if (!row) throw new AppError('wave.not_found');
  const lines = await waveOrderLines(tx, actor, [id]);
  const shortages = await tx
    .select({
      shortage: waveShortages,
      orderNo: orders.orderNo,
      sellerSku: skus.sellerSku,
      locationCode: sql<string>`coalesce(${warehouseLocations.code}, '')`,
      reportedBy: sql<string>`coalesce(nullif(${users.realname}, ''), ${users.username}, '')`,
    })
    .from(waveShortages)
    .innerJoin(orders, eq(orders.id, waveShortages.orderId))
    .innerJoin(skus, eq(skus.id, waveShortages.skuId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, waveShortages.locationId))
    .leftJoin(users, eq(users.id, waveShortages.reportedBy))
    .where(and(eq(waveShortages.waveId, id), orderScope(actor)))
    .orderBy(asc(waveShortages.createdAt));
  const shortOrders = [
    ...new Set(lines.filter((line) => line.state === 'short').map((line) => line.orderId)),
  ];
  const stillShort = new Set(
    shortOrders.length === 0
      ? []
      : (
          await tx
            .select({ orderId: orderExceptions.orderId })
            .from(orderExceptions)
            .where(
              and(
                inArray(orderExceptions.orderId, shortOrders),
                eq(orderExceptions.reason, 'short_pick'),
                isNull(orderExceptions.resolvedAt),
              ),
            )
        ).map((exception) => exception.orderId),
  );
  return {
    ...toRow(row),
    orders: byOrder(lines).map((group) => {
      const [first] = group as [LineRow, ...LineRow[]];
      return {
        orderId: first.orderId,
        orderNo: first.orderNo,
        trackingNo: first.trackingNo,
        state: first.state,
        localStatus: first.localStatus,
        warehouseStatus: first.warehouseStatus,
        repickable: stillShort.has(first.orderId) && first.localStatus === 'pending_shipment',
        lines: group.map((line) => ({
          lineId: line.lineId,
          sellerSku: line.sellerSku,
          name: line.name,
          quantity: line.quantity,
          picked: Number(line.picked),
          short: Number(line.short),
        })),
      };
    }),
    shortages: shortages.map((item) => ({
      orderNo: item.orderNo,
      sellerSku: item.sellerSku,
      locationCode: item.locationCode,
      quantity: item.shortage.quantity,
      reason: item.shortage.reason,
      reportedBy: item.reportedBy,
      createdAt: iso(item.shortage.createdAt),
    })),
  };
}

/** The warehouse's orders ready to go into a wave (waves.service readyToPick), oldest ship-by first. */
export async function readyOrders(
  tx: TenantTx,
  actor: Actor,
  query: { warehouseId: string },
): Promise<ReadyOrderRow[]> {
  const rows = await tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      shopId: orders.shopId,
      shopName: orders.shopName,
      parcelType: orders.parcelType,
      channelId: waybills.channelId,
      channelName: sql<string>`coalesce(${logisticsChannels.name}, ${waybills.carrierName}, '')`,
      trackingNo: waybills.trackingNo,
      units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = ${orders.id})`,
      shipBy: orders.shipBy,
    })
    .from(orders)
    .innerJoin(waybills, eq(waybills.orderId, orders.id))
    .leftJoin(logisticsChannels, eq(logisticsChannels.id, waybills.channelId))
    .where(
      and(
        eq(orders.warehouseId, query.warehouseId),
        warehouseScope(actor, orders.warehouseId),
        orderScope(actor),
        readyToPick(),
      ),
    )
    .orderBy(sql`${orders.shipBy} asc nulls last`, asc(orders.orderedAt), asc(orders.id))
    .limit(WAVE_LIMITS.readyList);
  return rows.map((row) => ({ ...row, units: Number(row.units), shipBy: iso(row.shipBy) }));
}

/** The order ids of a wave the actor sees (for its printed pick list). */
export async function waveOrderIds(tx: TenantTx, actor: Actor, id: string): Promise<string[]> {
  await getWaveRow(tx, actor, id);
  const rows = await tx
    .select({ id: orders.id })
    .from(waveOrders)
    .innerJoin(orders, eq(orders.id, waveOrders.orderId))
    .where(and(eq(waveOrders.waveId, id), orderScope(actor)))
    .orderBy(asc(waveOrders.position));
  return rows.map((row) => row.id);
}

async function getWaveRow(tx: TenantTx, actor: Actor, id: string) {
  const [row] = await tx
    .select()
    .from(waves)
    .where(and(eq(waves.id, id), warehouseScope(actor, waves.warehouseId)));
  if (!row) throw new AppError('wave.not_found');
  return row;
}

/**
 * The warehouse's open waves for the handheld, read in one transaction with the device's last
 * applied seq: the device lays its queued ops after that seq over them (pick-data.ts).
 */
export async function pdaWaves(
  tx: TenantTx,
  actor: Actor,
  query: { warehouseId: string; deviceId?: string | undefined; deviceKey?: string | undefined },
): Promise<PdaWavesReply> {
  const open = await selectRows(tx)
    .where(
      and(
        eq(waves.warehouseId, query.warehouseId),
        warehouseScope(actor, waves.warehouseId),
        inArray(waves.status, [...OPEN_WAVE_STATUSES]),
      ),
    )
    .orderBy(asc(waves.createdAt), asc(waves.id));
  const lines = await waveOrderLines(
    tx,
    actor,
    open.map((row) => row.wave.id),
  );
  const skuIds = [...new Set(lines.map((line) => line.skuId))];
  const skuRows =
    skuIds.length === 0
      ? []
      : await tx
          .select({
            id: skus.id,
            sellerSku: skus.sellerSku,
            sysCode: skus.sysCode,
            name: products.name,
            barcodes: sql<
              string[]
            >`coalesce((select array_agg(b.barcode order by b.barcode) from ${skuBarcodes} b where b.sku_id = ${skus.id}), '{}')`,
          })
          .from(skus)
          .innerJoin(products, eq(products.id, skus.productId))
          .where(inArray(skus.id, skuIds));
  const stock =
    skuIds.length === 0
      ? []
      : await tx
          .select({
            locationId: locationStock.locationId,
            code: warehouseLocations.code,
            skuId: locationStock.skuId,
            quantity: locationStock.quantity,
          })
          .from(locationStock)
          .innerJoin(warehouseLocations, eq(warehouseLocations.id, locationStock.locationId))
          .where(
            and(
              eq(locationStock.warehouseId, query.warehouseId),
              inArray(locationStock.skuId, skuIds),
              sql`${locationStock.quantity} > 0`,
              sql`${warehouseLocations.locationType} <> 'outbound'`,
            ),
          )
          .orderBy(asc(warehouseLocations.code));
  const waveList: PdaWave[] = open.map((row) => {
    const own = lines.filter((line) => line.waveId === row.wave.id);
    const ownSkus = new Set(own.map((line) => line.skuId));
    return {
      id: row.wave.id,
      waveNo: row.wave.waveNo,
      warehouseId: row.wave.warehouseId,
      status: row.wave.status,
      pickerName: row.pickerName,
      orders: byOrder(own).map((group) => {
        const [first] = group as [LineRow, ...LineRow[]];
        return {
          id: first.orderId,
          orderNo: first.orderNo,
          // What the device's pack list needs of an order it picks itself (pick-data.ts).
          trackingNo: first.trackingNo ?? '',
          channelId: first.channelId ?? null,
          channelName: first.channelName ?? '',
          state: first.localStatus === 'pending_shipment' ? first.state : 'cancelled',
          lines: group.map((line) => ({
            id: line.lineId,
            skuId: line.skuId,
            quantity: line.quantity,
            picked: Number(line.picked),
            short: Number(line.short),
          })),
        };
      }),
      skus: skuRows.filter((sku) => ownSkus.has(sku.id)),
      stock: stock.filter((item) => ownSkus.has(item.skuId)),
    };
  });
  let lastProcessedSeq: number | null = null;
  if (query.deviceId) {
    // The PDA module's table, read by name: the pda module uses this one, not the other way round.
    // Its seq is told only to the holder of its key, as a pull's is (pda/device-key.ts): the
    // SHA-256 of the key presented against the one kept, never another device's.
    const [device] = rowsOf<{ last_seq: number }>(
      await tx.execute(
        sql`select last_seq::int as last_seq from pda_devices
            where device_id = ${query.deviceId} and key_hash = ${deviceKeyHash(query.deviceKey ?? '')}`,
      ),
    );
    if (!device || !query.deviceKey) throw new AppError('pda.device_unknown');
    lastProcessedSeq = device.last_seq;
  }
  return { waves: waveList, lastProcessedSeq };
}
