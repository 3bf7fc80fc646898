/**
 * The outbound list: orders waiting to ship (or handed over) with their waybills, by stage —
 * to arrange, arrange failed, to print, to pick, to pack, to deliver, delivered — and what the
 * pick and packing lists print. Orders are seen as the actor may see them (seller and
 * warehouse scope).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WaybillListQuery, WaybillView } from '@shared/contract/logistics.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { products, skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { stockMovements } from '../inventory/index.js';
import { orderLines, orderReservations, orderScope, orders } from '../orders/index.js';
import { warehouseLocations, warehousePartitions, warehouses } from '../warehouse/index.js';
import { logisticsChannels, orderPicks, waybills } from './logistics.tables.js';

/** push_error keeps our code first, then the marketplace's words (tracking-push.service pushErrorText). */
function splitPushError(text: string): { pushError: string; pushMessage: string } {
  const [code = '', ...words] = text.split(' ');
  return /^[a-z_]+\.[a-z_]+$/.test(code)
    ? { pushError: code, pushMessage: words.join(' ') }
    : { pushError: text === '' ? '' : 'shop.rejected', pushMessage: text };
}

const TRACKED = sql`${waybills.arrangeStatus} in ('arranged', 'self_shipped')`;
const PENDING = eq(orders.localStatus, 'pending_shipment');

function stageCondition(stage: WaybillListQuery['stage']): SQL | undefined {
  switch (stage) {
    case 'to_arrange':
      return and(
        PENDING,
        sql`(${waybills.id} is null or ${waybills.arrangeStatus} in ('to_arrange', 'arranging'))`,
      );
    case 'arrange_failed':
      return and(PENDING, eq(waybills.arrangeStatus, 'arrange_failed'));
    case 'to_print':
      return and(PENDING, TRACKED, eq(orders.isPrinted, false));
    case 'to_pick':
      // Printed first: a parcel waiting for its label is in 'to_print', not in both.
      return and(PENDING, TRACKED, eq(orders.isPrinted, true), eq(orders.warehouseStatus, 'none'));
    case 'to_pack':
      return and(PENDING, inArray(orders.warehouseStatus, ['picked', 'sorted', 'to_be_packed']));
    case 'to_deliver':
      return and(
        PENDING,
        inArray(orders.warehouseStatus, ['packed', 'repacked', 'bagged', 'to_be_delivered']),
      );
    case 'delivered':
      return eq(orders.warehouseStatus, 'delivered');
    default:
      return PENDING;
  }
}

/** A column equal to one of a batch search's numbers, sent as one array parameter. */
const isAnyOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} = any(${sql.param([...values])}::text[])`;

/**
 * The outbound list's page by stage and filters, newest first within the ship-by order; a batch
 * search (`numbers`, up to 100) matches whole order numbers, system order ids and tracking numbers
 * (the order's or its waybill's), and the reply names those no order of the list answered in any
 * stage (waiting to ship or delivered) under the other filters.
 */
export async function listWaybills(tx: TenantTx, actor: Actor, query: WaybillListQuery) {
  const keyword = query.keyword?.trim();
  const numbers = query.numbers ?? [];
  const numbered =
    numbers.length > 0
      ? or(
          isAnyOf(orders.orderNo, numbers),
          isAnyOf(orders.systemNo, numbers),
          isAnyOf(orders.trackingNo, numbers),
          isAnyOf(waybills.trackingNo, numbers),
        )
      : undefined;
  const filtered = (stage: SQL | undefined) =>
    allOf([
      orderScope(actor),
      sql`${orders.mergedIntoId} is null`,
      stage,
      numbered,
      query.warehouseId ? eq(orders.warehouseId, query.warehouseId) : undefined,
      query.channelId ? eq(waybills.channelId, query.channelId) : undefined,
      query.platform ? eq(orders.platform, query.platform) : undefined,
      keyword
        ? or(
            ilike(orders.orderNo, contains(keyword)),
            eq(orders.systemNo, keyword),
            eq(orders.trackingNo, keyword),
          )
        : undefined,
    ]);
  const where = filtered(stageCondition(query.stage));
  const units = sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`;
  const reserved = sql<number>`(select coalesce(sum(${orderReservations.quantity}), 0)::int from ${orderReservations}
    where ${orderReservations.orderId} = ${orders.id} and ${orderReservations.state} in ('active', 'consumed'))`;
  const anyStage = or(PENDING, eq(orders.warehouseStatus, 'delivered'));
  const [rows, [total], found] = await Promise.all([
    tx
      .select({
        order: orders,
        waybill: waybills,
        channelName: logisticsChannels.name,
        channelPlatform: logisticsChannels.platform,
        sellerName: users.realname,
        warehouseName: warehouses.name,
        units,
        reserved,
      })
      .from(orders)
      .leftJoin(waybills, eq(waybills.orderId, orders.id))
      .leftJoin(logisticsChannels, eq(logisticsChannels.id, waybills.channelId))
      .leftJoin(users, eq(users.id, orders.sellerId))
      .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
      .where(where)
      .orderBy(sql`${orders.shipBy} asc nulls last`, desc(orders.orderedAt), asc(orders.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    tx
      .select({ value: count() })
      .from(orders)
      .leftJoin(waybills, eq(waybills.orderId, orders.id))
      .where(where),
    numbers.length > 0
      ? tx
          .select({
            orderNo: orders.orderNo,
            systemNo: orders.systemNo,
            trackingNo: orders.trackingNo,
            waybillTrackingNo: waybills.trackingNo,
          })
          .from(orders)
          .leftJoin(waybills, eq(waybills.orderId, orders.id))
          .where(filtered(anyStage))
      : Promise.resolve([]),
  ]);
  const answered = new Set(
    found.flatMap((row) => [row.orderNo, row.systemNo, row.trackingNo, row.waybillTrackingNo ?? '']),
  );
  const records: WaybillView[] = rows.map(
    ({
      order,
      waybill,
      channelName,
      channelPlatform,
      sellerName,
      warehouseName,
      units: unitCount,
      reserved: reservedCount,
    }) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      systemNo: order.systemNo,
      platform: order.platform,
      shopName: order.shopName,
      sellerName: sellerName ?? '',
      warehouseId: order.warehouseId,
      warehouseName: warehouseName ?? '',
      recipientName: order.recipientName,
      localStatus: order.localStatus,
      warehouseStatus: order.warehouseStatus,
      parcelType: order.parcelType,
      units: unitCount,
      isReserved: reservedCount >= unitCount && unitCount > 0,
      channelId: waybill?.channelId ?? null,
      channelName: channelName ?? '',
      arrangeStatus: waybill?.arrangeStatus ?? 'to_arrange',
      trackingNo: waybill?.trackingNo ?? order.trackingNo,
      carrierName: waybill?.carrierName ?? '',
      arrangeError: waybill?.arrangeError ?? '',
      arrangeMessage: waybill?.arrangeMessage ?? '',
      labelStatus: waybill?.labelStatus ?? 'none',
      labelSource: waybill?.labelSource ?? '',
      channelPlatform: channelPlatform ?? null,
      labelError: waybill?.labelError ?? '',
      labelMessage: waybill?.labelMessage ?? '',
      isPrinted: order.isPrinted,
      printCount: waybill?.printCount ?? 0,
      isPicked: order.isPicked,
      isPacked: order.isPacked,
      trackingPushed: waybill?.trackingPushedAt !== null && waybill?.trackingPushedAt !== undefined,
      ...splitPushError(waybill?.pushError ?? ''),
      shipBy: iso(order.shipBy),
      orderedAt: iso(order.orderedAt),
    }),
  );
  return {
    ...page(records, total?.value ?? 0, query.pageNo, query.pageSize),
    notFound: numbers.filter((number) => !answered.has(number)),
  };
}

/** The orders named, as the actor sees them; 'order.not_found' when one is out of sight. */
async function visibleOrders(tx: TenantTx, actor: Actor, orderIds: readonly string[]) {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), orderScope(actor)))
    .orderBy(asc(orders.systemNo));
  if (rows.length !== new Set(orderIds).size) throw new AppError('order.not_found');
  return rows;
}

/**
 * A wave's lines for the pick list: each order's picks by the shelf they were taken from (for
 * units moved to staging, the ledger's moves say which), or its lines where not yet picked.
 */
export async function pickListData(tx: TenantTx, actor: Actor, orderIds: readonly string[]) {
  const chosen = await visibleOrders(tx, actor, orderIds);
  const warehouseIds = [...new Set(chosen.map((order) => order.warehouseId))];
  if (warehouseIds.length !== 1) throw new AppError('waybill.warehouse_required');
  const [warehouse] = await tx
    .select()
    .from(warehouses)
    .where(eq(warehouses.id, warehouseIds[0] ?? ''));
  const ids = chosen.map((order) => order.id);
  const picked = await tx
    .select({
      orderNo: orders.orderNo,
      partitionCode: warehousePartitions.code,
      locationCode: warehouseLocations.code,
      skuCode: skus.sellerSku,
      productName: products.name,
      variation: skus.variation,
      quantity: orderPicks.quantity,
    })
    .from(orderPicks)
    .innerJoin(orders, eq(orders.id, orderPicks.orderId))
    .innerJoin(orderLines, eq(orderLines.id, orderPicks.lineId))
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, orderPicks.locationId))
    .leftJoin(warehousePartitions, eq(warehousePartitions.id, warehouseLocations.partitionId))
    // Each table is narrowed to the orders named, not only through its join: right after a bulk
    // change (a batch of 500 arranged) the statistics are stale, and a join-only filter lets the
    // planner walk every order for every SKU (seven seconds for two orders).
    .where(
      and(
        inArray(orderPicks.orderId, ids),
        inArray(orders.id, ids),
        inArray(orderLines.orderId, ids),
        sql`${warehouseLocations.locationType} <> 'outbound'`,
      ),
    );
  // Picks on the staging location: the shelves their units were moved from (the ledger's moves).
  const staged = await tx
    .select({
      orderNo: orders.orderNo,
      partitionCode: warehousePartitions.code,
      locationCode: warehouseLocations.code,
      skuCode: skus.sellerSku,
      productName: products.name,
      variation: skus.variation,
      quantity: sql<number>`sum(${stockMovements.quantity})::int`,
    })
    .from(stockMovements)
    .innerJoin(orders, sql`${orders.id}::text = ${stockMovements.sourceId}`)
    .innerJoin(skus, eq(skus.id, stockMovements.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockMovements.fromLocationId))
    .leftJoin(warehousePartitions, eq(warehousePartitions.id, warehouseLocations.partitionId))
    .where(
      and(
        eq(stockMovements.sourceType, 'order'),
        eq(stockMovements.kind, 'move'),
        inArray(stockMovements.sourceId, ids),
        inArray(orders.id, ids),
        sql`exists (select 1 from ${orderPicks} p where p.order_id = ${orders.id})`,
      ),
    )
    .groupBy(
      orders.orderNo,
      warehousePartitions.code,
      warehouseLocations.code,
      skus.sellerSku,
      products.name,
      skus.variation,
    );
  picked.push(...staged);
  const pickedOrders = new Set(picked.map((line) => line.orderNo));
  const unpicked = chosen.filter((order) => !pickedOrders.has(order.orderNo)).map((order) => order.id);
  // Orders not picked yet: each line at the location holding most of its SKU, as a guide.
  const guide =
    unpicked.length === 0
      ? []
      : await tx
          .select({
            orderNo: orders.orderNo,
            partitionCode: sql<
              string | null
            >`(select p.code from warehouse_locations l left join warehouse_partitions p on p.id = l.partition_id
              join location_stock s on s.location_id = l.id where s.sku_id = ${orderLines.skuId} and s.warehouse_id = ${orders.warehouseId} and l.location_type <> 'outbound'
              order by s.quantity desc, l.code limit 1)`,
            locationCode: sql<string>`coalesce((select l.code from warehouse_locations l join location_stock s on s.location_id = l.id
              where s.sku_id = ${orderLines.skuId} and s.warehouse_id = ${orders.warehouseId} and s.quantity > 0 and l.location_type <> 'outbound'
              order by s.quantity desc, l.code limit 1), '')`,
            skuCode: skus.sellerSku,
            productName: products.name,
            variation: skus.variation,
            quantity: orderLines.quantity,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .innerJoin(skus, eq(skus.id, orderLines.skuId))
          .innerJoin(products, eq(products.id, skus.productId))
          .where(and(inArray(orderLines.orderId, unpicked), inArray(orders.id, unpicked)));
  return {
    warehouse: warehouse ? `${warehouse.code} ${warehouse.name}` : '',
    timeZone: warehouse?.timeZone ?? 'UTC',
    lines: [...picked, ...guide].map((line) => ({ ...line, partitionCode: line.partitionCode ?? '' })),
  };
}

/** Each order's lines for its packing list. */
export async function packingListData(tx: TenantTx, actor: Actor, orderIds: readonly string[]) {
  const chosen = await visibleOrders(tx, actor, orderIds);
  const lines = await tx
    .select({
      orderId: orderLines.orderId,
      skuCode: skus.sellerSku,
      name: products.name,
      variation: skus.variation,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(
      inArray(
        orderLines.orderId,
        chosen.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderLines.position));
  return chosen.map((order) => ({
    orderNo: order.orderNo,
    trackingNo: order.trackingNo,
    recipientName: order.recipientName,
    parcelType: order.parcelType,
    lines: lines.filter((line) => line.orderId === order.id),
  }));
}
