/**
 * The demo's waves: in each warehouse of the demo tenant, the orders ready to pick (the
 * self-shipped ones of demo-logistics) go into one wave, so the handheld's pick screen has a
 * wave to pick from the first start.
 */
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../db/client.js';
import { createWave } from '../modules/logistics/index.js';
import { warehouses } from '../modules/warehouse/index.js';
import { actorOf } from './demo-warehouse.js';

export async function seedDemoWaves(tx: TenantTx): Promise<void> {
  const admin = await actorOf(tx, 'admin');
  for (const warehouse of await tx.select({ id: warehouses.id }).from(warehouses).orderBy(warehouses.code)) {
    try {
      await tx.transaction((savepoint) => createWave(savepoint, admin, { warehouseId: warehouse.id }));
    } catch (error) {
      // A warehouse with nothing ready to pick gets no wave.
      if (!(error instanceof AppError) || error.code !== 'wave.no_ready_orders') throw error;
    }
  }
}
