/**
 * A stock check order under way in the demo warehouse, so a manager can review a variance and a
 * worker can count the other shelf on the PDA right after the first start: A-01-01 was counted
 * one T-shirt short, A-01-02 waits.
 */
import type { TenantTx } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { countLocation, createCount } from '../modules/counts/index.js';

export async function seedDemoCount(
  tx: TenantTx,
  actors: { manager: Actor; worker: Actor },
  warehouseId: string,
  shelves: { counted: string; waiting: string },
  counted: { skuId: string; quantity: number },
): Promise<void> {
  const count = await createCount(tx, actors.manager, {
    warehouseId,
    type: 'location',
    locationIds: [shelves.counted, shelves.waiting],
    note: 'Demo cycle count of zone A',
  });
  await countLocation(tx, actors.worker, {
    countOrderId: count.id,
    locationId: shelves.counted,
    countedAt: new Date().toISOString(),
    lines: [counted],
  });
}
