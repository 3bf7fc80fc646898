/**
 * Hand over on the PDA, applied exactly once through the PDA push (pda/push.service.ts), with
 * the admin's outbound rule (outbound.service.ts: deliverOne): closed bags and loose packed
 * parcels go to the carrier together; every parcel is delivered by deliverOne (its reservation
 * issued through the ledger once, the order shipped), and each bag's delivery status becomes
 * 'pickup' with its delivery time. All of it or nothing: a parcel that cannot go (cancelled
 * meanwhile, not printed) refuses the whole hand-over, named. The marketplaces are told the
 * tracking numbers after commit (pushFromDevice in the pda module, pushTracking).
 *
 * Locks: bags' rows (lockBag, packing.service.ts) before their orders' rows, orders in id order
 * (lockOrders), so two devices handing over the same parcels wait for each other instead of
 * both succeeding.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { handoverInput } from '@shared/contract/packing.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { lockOrders, orders } from '../orders/index.js';
import { bagParcels, bags, handoverParcels, handovers } from './bags.tables.js';
import { deliverOne } from './outbound.service.js';
import { isCancelled, type BagRow } from './packing.js';
import { lockBag } from './packing.service.js';

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
