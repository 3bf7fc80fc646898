/**
 * One order's detail, for the drawer: its row, lines with what each holds, unmatched lines with
 * the marketplace item SKU matching pairs, reservations, exceptions, history and the orders merged
 * into it. Merged orders are read here too, though the list shows them only inside their combined
 * order.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { OrderDetail, UnmatchedLineView } from '@shared/contract/orders.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { iso } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { skus, products } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { orderScope } from './orders.access.js';
import { selectRows, toRow } from './order-rows.queries.js';
import {
  orderExceptions,
  orderLines,
  orderReservations,
  orders,
  orderStatusHistory,
  orderUnmatchedLines,
} from './orders.tables.js';

/** One order the actor sees (merged orders included), with everything the detail drawer shows; else 404. */
export async function getOrder(tx: TenantTx, actor: Actor, id: string): Promise<OrderDetail> {
  const [row] = await selectRows(tx, and(eq(orders.id, id), orderScope(actor)));
  if (!row) throw new AppError('order.not_found');
  const lines = await tx
    .select({
      id: orderLines.id,
      skuId: orderLines.skuId,
      sellerSku: skus.sellerSku,
      productName: products.name,
      itemId: orderLines.itemId,
      variationId: orderLines.variationId,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      reserved: sql<number>`(select coalesce(sum(r.quantity), 0)::int from ${orderReservations} r
        where r.line_id = ${orderLines.id} and r.state = 'active')`,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.position));
  // The shop's marketplace item of each unmatched line, which SKU matching pairs (read by its
  // table's name: the marketplaces module writes it and depends on this one, not the reverse).
  const unmatchedLines = rowsOf<UnmatchedLineView & { marketplaceItemId: string | null }>(
    await tx.execute(sql`
      select u.id, u.item_id as "itemId", u.variation_id as "variationId", u.seller_sku as "sellerSku", u.title,
        u.quantity, u.unit_price as "unitPrice",
        (select i.id from marketplace_items i where i.shop_id::text = ${row.shopId} and i.item_id = u.item_id
          and i.variation_id = u.variation_id limit 1) as "marketplaceItemId"
      from ${orderUnmatchedLines} u where u.order_id = ${id} order by u.position`),
  );
  const reservations = await tx
    .select({ reservation: orderReservations, sellerSku: skus.sellerSku })
    .from(orderReservations)
    .innerJoin(skus, eq(skus.id, orderReservations.skuId))
    .where(eq(orderReservations.orderId, id))
    .orderBy(asc(orderReservations.createdAt), asc(orderReservations.id));
  const exceptions = await tx
    .select()
    .from(orderExceptions)
    .where(eq(orderExceptions.orderId, id))
    .orderBy(desc(orderExceptions.createdAt));
  const history = await tx
    .select({ history: orderStatusHistory, actorName: users.realname })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.actorId))
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.id));
  const merged = await tx
    .select({ id: orders.id, orderNo: orders.orderNo, systemNo: orders.systemNo })
    .from(orders)
    .where(eq(orders.mergedIntoId, id))
    .orderBy(asc(orders.systemNo));
  return {
    ...toRow(row),
    lines: lines.map((line) => ({ ...line, reserved: Number(line.reserved) })),
    unmatchedLines: unmatchedLines.map((line) => ({
      ...line,
      quantity: Number(line.quantity),
      unitPrice: Number(line.unitPrice),
    })),
    reservations: reservations.map(({ reservation, sellerSku }) => ({
      id: reservation.id,
      lineId: reservation.lineId,
      skuId: reservation.skuId,
      sellerSku,
      warehouseId: reservation.warehouseId,
      quantity: reservation.quantity,
      state: reservation.state,
      reserveMovementId: reservation.reserveMovementId,
      endMovementId: reservation.endMovementId,
      createdAt: iso(reservation.createdAt),
      endedAt: iso(reservation.endedAt),
    })),
    exceptions: exceptions.map((exception) => ({
      id: exception.id,
      reason: exception.reason,
      note: exception.note,
      shortages: exception.shortages,
      createdAt: iso(exception.createdAt),
      resolvedAt: iso(exception.resolvedAt),
      resolution: exception.resolution,
    })),
    history: history.map(({ history: entry, actorName }) => ({
      id: entry.id,
      field: entry.field,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      note: entry.note,
      actorName,
      createdAt: iso(entry.createdAt),
    })),
    mergedOrders: merged,
  };
}
