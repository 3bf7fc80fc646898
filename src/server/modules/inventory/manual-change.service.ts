/**
 * Stock changed by hand on the stock screens: an adjustment, a freeze or its release, a move
 * between locations. Each is the ledger's own change with its source `manual`; a change that
 * makes units available (an adjustment up, a release) then serves the orders waiting for them
 * in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { AdjustBody, FreezeBody, MoveBody, StockChangeView } from '@shared/contract/inventory.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { stockBalances } from './inventory.tables.js';
import { adjustStock, freezeStock, moveStock, unfreezeStock } from './stock.service.js';

const manual = { type: 'manual', id: null };

/**
 * Gives units that just became available to the orders waiting for them (the orders module's
 * allocateArrivingStock, passed in by app.ts: orders depends on inventory, not the reverse).
 */
export type ArrivalAllocator = (
  tx: TenantTx,
  actor: Actor,
  input: { warehouseId: string; skuIds: readonly string[] },
) => Promise<readonly string[]>;

/**
 * A change that made units available, then the orders waiting for them served: the reply's
 * balance is read again when they took some, so the screen shows what is left available.
 */
async function servingWaiting(
  tx: TenantTx,
  actor: Actor,
  allocateArriving: ArrivalAllocator,
  made: StockChangeView,
): Promise<StockChangeView> {
  const { warehouseId, skuId } = made.balance;
  const reserved = await allocateArriving(tx, actor, { warehouseId, skuIds: [skuId] });
  if (reserved.length === 0) return made;
  const [now] = await tx
    .select({
      available: stockBalances.available,
      frozen: stockBalances.frozen,
      total: stockBalances.total,
      inTransit: stockBalances.inTransit,
    })
    .from(stockBalances)
    .where(and(eq(stockBalances.warehouseId, warehouseId), eq(stockBalances.skuId, skuId)));
  return now ? { ...made, balance: { ...made.balance, ...now } } : made;
}

/**
 * Whether an adjustment makes units available, so the orders waiting for them are served after
 * it. One that takes units away allocates nothing: its route runs it as one statement.
 */
export const adjustmentServesWaiting = (input: AdjustBody): boolean => input.quantity > 0;

/** An adjustment by hand; units added are available at once, to the orders waiting first. */
export async function adjustByHand(
  tx: TenantTx,
  actor: Actor,
  input: AdjustBody,
  allocateArriving: ArrivalAllocator,
): Promise<StockChangeView> {
  const made = await adjustStock(tx, actor, { ...input, kind: 'adjust', source: manual });
  return adjustmentServesWaiting(input) ? servingWaiting(tx, actor, allocateArriving, made) : made;
}

export function freezeByHand(tx: TenantTx, actor: Actor, input: FreezeBody): Promise<StockChangeView> {
  return freezeStock(tx, actor, { ...input, source: manual });
}

/** A release by hand: the units released go to the orders waiting for them first. */
export async function unfreezeByHand(
  tx: TenantTx,
  actor: Actor,
  input: FreezeBody,
  allocateArriving: ArrivalAllocator,
): Promise<StockChangeView> {
  return servingWaiting(
    tx,
    actor,
    allocateArriving,
    await unfreezeStock(tx, actor, { ...input, source: manual }),
  );
}

export function moveByHand(tx: TenantTx, actor: Actor, input: MoveBody): Promise<StockChangeView> {
  return moveStock(tx, actor, { ...input, kind: 'move', source: manual });
}
