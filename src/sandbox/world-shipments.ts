/**
 * What a sandbox platform's logistics answers when an order is to ship: the platform arranges
 * the shipment itself (a carrier and a tracking number, the order 'processed'), or the seller
 * shipped with a carrier of their own and tells the platform its tracking number (the order
 * 'shipped'). Both are safe to repeat; both refuse a cancelled, unpaid or already shipped order
 * and one without an address to ship to.
 */
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import {
  trackingNoFor,
  type SandboxOrder,
  type ShipmentOutcome,
  type ShipmentRefusal,
} from './world-model.js';
import type { World } from './world.js';

/**
 * The platform's own logistics takes the order: a paid order waiting to ship gets a carrier
 * and a tracking number and becomes 'processed'. Arranging again answers the same shipment
 * (`repeated`), so a retry after a lost reply is safe wherever the platform allows it.
 */
export function arrangeShipment(
  world: World,
  platform: MarketplacePlatform,
  shopId: string,
  orderId: string,
): ShipmentOutcome {
  const order = world.order(platform, shopId, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  if (order.status === 'processed' && order.trackingNo !== '') return { ok: true, order, repeated: true };
  const refused = shipmentRefusal(order);
  if (refused) return { ok: false, reason: refused };
  world.changeOrder(order, { status: 'processed', trackingNo: trackingNoFor(platform, order.seq) });
  return { ok: true, order, repeated: false };
}

/**
 * The seller shipped with a carrier of their own and tells the platform its tracking number:
 * the order becomes 'shipped'. The same number again is `repeated`; another number replaces it
 * (platforms let a seller correct a tracking number).
 */
export function sellerShipped(
  world: World,
  platform: MarketplacePlatform,
  shopId: string,
  orderId: string,
  input: { trackingNo: string; carrier: string },
): ShipmentOutcome {
  const order = world.order(platform, shopId, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  if (order.status === 'shipped' && order.trackingNo === input.trackingNo)
    return { ok: true, order, repeated: true };
  const refused = order.status === 'shipped' ? null : shipmentRefusal(order);
  if (refused) return { ok: false, reason: refused };
  order.carrier = input.carrier;
  world.changeOrder(order, { status: 'shipped', trackingNo: input.trackingNo });
  return { ok: true, order, repeated: false };
}

function shipmentRefusal(order: SandboxOrder): ShipmentRefusal | null {
  if (order.status === 'cancelled' || order.status === 'in_cancel') return 'cancelled';
  if (order.status === 'unpaid') return 'unpaid';
  if (order.status !== 'ready_to_ship' && order.status !== 'processed') return 'already_shipped';
  if (order.address.line1.trim() === '' || order.address.phone.trim() === '') return 'address_incomplete';
  return null;
}
