/**
 * An order's row as the list and the detail show it: the columns read (the seller's name, the
 * warehouse's code, the units and the open problems summed per order) and their conversion to
 * the contract's row. Shared by the list (orders.queries.ts) and the detail
 * (order-detail.queries.ts), so both show an order alike.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { OrderDetail, OrderRow } from '@shared/contract/orders.js';
import type { TenantTx } from '../../db/client.js';
import { iso } from '../../db/query-helpers.js';
import { users } from '../identity/index.js';
import { warehouses } from '../warehouse/index.js';
import { orderExceptions, orderLines, orders } from './orders.tables.js';

export const rowColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  systemNo: orders.systemNo,
  sellerId: orders.sellerId,
  sellerName: users.realname,
  platform: orders.platform,
  shopId: orders.shopId,
  shopName: orders.shopName,
  orderType: orders.orderType,
  platformStatus: orders.platformStatus,
  localStatus: orders.localStatus,
  warehouseStatus: orders.warehouseStatus,
  warehouseId: orders.warehouseId,
  warehouseCode: warehouses.code,
  buyerName: orders.buyerName,
  recipientName: orders.recipientName,
  recipientPhone: orders.recipientPhone,
  recipientAddress: orders.recipientAddress,
  buyerMessage: orders.buyerMessage,
  sellerNote: orders.sellerNote,
  warehouseNote: orders.warehouseNote,
  transferNote: orders.transferNote,
  expressNote: orders.expressNote,
  shipBy: orders.shipBy,
  orderedAt: orders.orderedAt,
  paidAt: orders.paidAt,
  shippedAt: orders.shippedAt,
  cancelledAt: orders.cancelledAt,
  trackingNo: orders.trackingNo,
  logisticsChannel: orders.logisticsChannel,
  parcelType: orders.parcelType,
  currency: orders.currency,
  isPrinted: orders.isPrinted,
  isPicked: orders.isPicked,
  isPacked: orders.isPacked,
  isRefunded: orders.isRefunded,
  isCharged: orders.isCharged,
  isReissued: orders.isReissued,
  tags: orders.tags,
  mergedIntoId: orders.mergedIntoId,
  createdAt: orders.createdAt,
  totalAmount: orders.totalAmount,
  shippingAmount: orders.shippingAmount,
  discountAmount: orders.discountAmount,
  units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = ${orders.id})`,
  problems: sql<
    string[]
  >`(select coalesce(array_agg(e.reason order by e.reason), '{}') from ${orderExceptions} e where e.order_id = ${orders.id} and e.resolved_at is null)`,
};

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

export function selectRows(tx: TenantTx, where: SQL | undefined) {
  return tx
    .select(rowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(where);
}

export function toRow(
  row: SelectedRow,
): OrderRow & Pick<OrderDetail, 'recipientPhone' | 'recipientAddress' | 'transferNote' | 'expressNote'> {
  const {
    isPrinted,
    isPicked,
    isPacked,
    isRefunded,
    isCharged,
    isReissued,
    shipBy,
    orderedAt,
    paidAt,
    shippedAt,
    cancelledAt,
    createdAt,
    totalAmount,
    problems,
    ...rest
  } = row;
  return {
    ...rest,
    shipBy: iso(shipBy),
    orderedAt: iso(orderedAt),
    paidAt: iso(paidAt),
    shippedAt: iso(shippedAt),
    cancelledAt: iso(cancelledAt),
    createdAt: iso(createdAt),
    totalAmount,
    units: Number(rest.units),
    problems: problems as OrderRow['problems'],
    flags: { isPrinted, isPicked, isPacked, isRefunded, isCharged, isReissued },
  };
}
