/**
 * An inbound order on its way to the demo warehouse, so a worker can try receiving and
 * shelving on the PDA right after the first start: two boxes of the seller's SKUs.
 */
import type { TenantTx } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { createInboundOrder } from '../modules/inbound/index.js';

export async function seedDemoInbound(
  tx: TenantTx,
  seller: Actor,
  warehouseId: string,
  skus: readonly { id: string }[],
): Promise<void> {
  const [first, second, third] = skus;
  if (!first || !second || !third) return;
  await createInboundOrder(tx, seller, {
    warehouseId,
    transportMode: 'sea',
    expectedArrival: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    warehousingType: 'normal',
    shippingRemark: 'Demo shipment: two cartons from the Guangzhou supplier',
    boxes: [
      {
        boxNo: 'BOX-001',
        lines: [
          { skuId: first.id, shipQuantity: 12 },
          { skuId: second.id, shipQuantity: 6 },
        ],
      },
      { boxNo: 'BOX-002', lines: [{ skuId: third.id, shipQuantity: 20 }] },
    ],
  });
}
