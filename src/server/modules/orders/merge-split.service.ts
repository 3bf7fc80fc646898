/**
 * Merging one buyer's orders into a combined order, and splitting lines off an order. Both move
 * exactly what was reserved: the orders' reservations are released and the resulting orders
 * reserve again in the same transaction, under the balance locks the release took, so the units
 * cannot go elsewhere in between. Merged orders stay as they were, pointing at their combined
 * order, and are worked on through it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  mergeOrdersInput,
  splitOrderInput,
  type MergeOrdersInput,
  type SavedOrderView,
  type SplitOrderInput,
} from '@shared/contract/orders.js';
import { canAct, holdsStock, linesTotal, ORDER_LIMITS, parcelTypeOf } from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { lockOrders, recordHistory, type OrderRecord } from './orders.access.js';
import { insertLines, nextSystemNo } from './orders.service.js';
import { orderLines, orders } from './orders.tables.js';
import { releaseOrder, reserveOrder } from './reservation.service.js';

const normalised = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** What must be the same for orders to ship together as one parcel. */
const MERGE_KEYS = [
  ['seller', (order: OrderRecord) => order.sellerId],
  ['warehouse', (order: OrderRecord) => order.warehouseId],
  ['buyer', (order: OrderRecord) => normalised(order.buyerName)],
  ['recipient', (order: OrderRecord) => normalised(order.recipientName)],
  ['phone', (order: OrderRecord) => normalised(order.recipientPhone)],
  ['address', (order: OrderRecord) => normalised(order.recipientAddress)],
  ['status', (order: OrderRecord) => order.localStatus],
  ['currency', (order: OrderRecord) => order.currency],
] as const;

/**
 * Merges orders of one buyer, to one address, of one seller and warehouse (all to review or all
 * pending shipment) into a new combined order holding all their lines.
 */
export async function mergeOrders(
  tx: TenantTx,
  actor: Actor,
  raw: MergeOrdersInput,
): Promise<SavedOrderView> {
  const input = parseInput(mergeOrdersInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  if (rows.length < 2) throw new AppError('order.merge_too_few');
  if (rows.length > ORDER_LIMITS.mergeOrders) throw new AppError('common.validation');
  const refused = rows.find((row) => !canAct('merge', row.localStatus) || row.orderType === 'combined');
  if (refused) throw new AppError('order.action_not_allowed', { orderNo: refused.orderNo, action: 'merge' });
  const [first, ...rest] = rows;
  if (!first) throw new AppError('order.merge_too_few');
  for (const [field, key] of MERGE_KEYS) {
    const differs = rest.find((row) => key(row) !== key(first));
    if (differs) throw new AppError('order.merge_mismatch', { field, orderNo: differs.orderNo });
  }
  for (const row of rows) if (holdsStock(row.localStatus)) await releaseOrder(tx, actor, row, 'merge');

  const lines = await tx
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const systemNo = await nextSystemNo(tx);
  const byShipBy = rows.map((row) => row.shipBy).filter((date): date is Date => date !== null);
  const platforms = new Set(rows.map((row) => row.platform));
  const [combined] = await tx
    .insert(orders)
    .values({
      orderNo: systemNo,
      systemNo,
      sellerId: first.sellerId,
      warehouseId: first.warehouseId,
      platform: platforms.size === 1 ? first.platform : 'manual',
      shopId: '',
      shopName: first.shopName,
      orderType: 'combined',
      platformStatus: '',
      localStatus: first.localStatus,
      buyerName: first.buyerName,
      recipientName: first.recipientName,
      recipientPhone: first.recipientPhone,
      recipientAddress: first.recipientAddress,
      buyerMessage: rows
        .map((row) => row.buyerMessage)
        .filter(Boolean)
        .join(' / ')
        .slice(0, 1000),
      sellerNote: rows
        .map((row) => row.sellerNote)
        .filter(Boolean)
        .join(' / ')
        .slice(0, 1000),
      shipBy: byShipBy.length > 0 ? new Date(Math.min(...byShipBy.map((date) => date.getTime()))) : null,
      orderedAt: first.orderedAt,
      paidAt: first.paidAt,
      currency: first.currency,
      logisticsChannel: first.logisticsChannel,
      parcelType: parcelTypeOf(lines),
      // What the buyer pays for the merged orders together (they share a seller and currency).
      totalAmount: rows.reduce((sum, row) => sum + row.totalAmount, 0),
      shippingAmount: rows.reduce((sum, row) => sum + row.shippingAmount, 0),
      discountAmount: rows.reduce((sum, row) => sum + row.discountAmount, 0),
      tags: [
        ...new Set(
          rows.flatMap((row) => row.tags.filter((tag) => tag !== 'problem' && tag !== 'out_of_stock')),
        ),
      ],
      createdBy: actor.userId,
    })
    .returning();
  if (!combined) throw new Error('combined order insert returned no row');
  await insertLines(tx, combined.id, first.sellerId, lines);
  for (const row of rows) {
    await tx.update(orders).set({ mergedIntoId: combined.id }).where(eq(orders.id, row.id));
    await recordHistory(tx, actor, row.id, 'local', row.localStatus, row.localStatus, `merge ${systemNo}`);
  }
  await recordHistory(tx, actor, combined.id, 'local', null, combined.localStatus, 'merge');
  if (holdsStock(combined.localStatus)) await reserveOrder(tx, actor, combined);
  return { id: combined.id, orderNo: combined.orderNo, systemNo };
}

/** Splits units of some lines off into a new order of the same buyer; the original keeps at least one unit. */
export async function splitOrder(tx: TenantTx, actor: Actor, raw: SplitOrderInput): Promise<SavedOrderView> {
  const input = parseInput(splitOrderInput, raw);
  const [order] = await lockOrders(tx, actor, [input.id]);
  if (!order) throw new AppError('order.not_found');
  if (!canAct('split', order.localStatus) || order.orderType === 'combined')
    throw new AppError('order.action_not_allowed', { orderNo: order.orderNo, action: 'split' });
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const byId = new Map(lines.map((line) => [line.id, line]));
  const taking = new Map<string, number>();
  for (const part of input.lines) {
    const line = byId.get(part.lineId);
    if (!line) throw new AppError('order.line_not_in_order');
    const quantity = (taking.get(line.id) ?? 0) + part.quantity;
    if (quantity > line.quantity)
      throw new AppError('order.split_quantity', { sku: line.skuId, quantity, lineQuantity: line.quantity });
    taking.set(line.id, quantity);
  }
  const left = lines.reduce((sum, line) => sum + line.quantity - (taking.get(line.id) ?? 0), 0);
  if (left === 0) throw new AppError('order.split_all');

  if (holdsStock(order.localStatus)) await releaseOrder(tx, actor, order, 'split');
  const systemNo = await nextSystemNo(tx);
  const { id: _id, systemNo: _no, createdAt: _at, updatedAt: _up, tenantId: _t, ...header } = order;
  const moved = lines
    .filter((line) => taking.has(line.id))
    .map((line) => ({ ...line, quantity: taking.get(line.id) ?? 0 }));
  // The part takes the value of its units (never more than the order's total); shipping and
  // discounts stay with the original, which keeps the rest.
  const partTotal = Math.min(order.totalAmount, linesTotal(moved));
  const [part] = await tx
    .insert(orders)
    .values({
      ...header,
      orderNo: `${order.orderNo.slice(0, ORDER_LIMITS.orderNo - 8)}-${systemNo.slice(-6)}`,
      systemNo,
      // The part is a parcel of its own: the original's tracking number names the original's
      // parcel (one parcel per channel and number), so the part is arranged anew.
      trackingNo: '',
      parcelType: parcelTypeOf(moved),
      totalAmount: partTotal,
      shippingAmount: 0,
      discountAmount: 0,
      openExceptions: 0,
      tags: order.tags.filter((tag) => tag !== 'problem' && tag !== 'out_of_stock'),
      createdBy: actor.userId,
    })
    .returning();
  if (!part) throw new Error('split order insert returned no row');
  await insertLines(tx, part.id, order.sellerId, moved);
  for (const line of lines) {
    const taken = taking.get(line.id) ?? 0;
    if (taken === 0) continue;
    if (taken === line.quantity) await tx.delete(orderLines).where(eq(orderLines.id, line.id));
    else
      await tx
        .update(orderLines)
        .set({ quantity: line.quantity - taken })
        .where(and(eq(orderLines.id, line.id), eq(orderLines.orderId, order.id)));
  }
  const remaining = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const [kept] = await tx
    .update(orders)
    .set({ parcelType: parcelTypeOf(remaining), totalAmount: order.totalAmount - partTotal })
    .where(eq(orders.id, order.id))
    .returning();
  await recordHistory(
    tx,
    actor,
    order.id,
    'local',
    order.localStatus,
    order.localStatus,
    `split ${systemNo}`,
  );
  await recordHistory(tx, actor, part.id, 'local', null, part.localStatus, `split ${order.systemNo}`);
  if (holdsStock(order.localStatus) && kept) {
    await reserveOrder(tx, actor, kept);
    await reserveOrder(tx, actor, part);
  }
  return { id: part.id, orderNo: part.orderNo, systemNo };
}
