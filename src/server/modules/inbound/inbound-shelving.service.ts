/**
 * Shelving an inbound order's received units, from the admin or from a PDA op: units of a SKU
 * moved from the receiving area onto a location through the ledger (never more than is left to
 * shelve, nor above the location's capacity without a supervisor's override), and a shelving
 * taken back (a scan undone on the PDA). Each locks the order first and recomputes its status in
 * the same transaction, as receiving does (inbound-work.service.ts).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  shelveInboundInput,
  type InboundChangeView,
  type ShelveInboundInput,
} from '@shared/contract/inbound.js';
import { leftToShelve } from '@shared/domain/inbound.js';
import { CAPACITY_OVERRIDE_ROLES, isOverCapacity } from '@shared/domain/warehouse.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { lockLocationFill, moveStock, takeBackShelving } from '../inventory/index.js';
import {
  assertOpen,
  boxOf,
  lockOrderForWork,
  refreshStatus,
  type InboundLineRow,
  type InboundOrderRow,
} from './inbound.access.js';
import { inboundBoxes, inboundBoxLines } from './inbound.tables.js';
import { notInOrder, sourceOf } from './inbound-work.service.js';

/**
 * The order's lines of a SKU (of one box, or of every box), oldest box first for shelving,
 * newest first for taking shelving back; refused when the order does not hold the SKU.
 */
async function skuLines(
  tx: TenantTx,
  order: InboundOrderRow,
  skuId: string,
  box: { id: string } | null,
  first: 'oldest' | 'newest',
): Promise<InboundLineRow[]> {
  const rows = await tx
    .select({ line: inboundBoxLines })
    .from(inboundBoxLines)
    .innerJoin(inboundBoxes, eq(inboundBoxes.id, inboundBoxLines.boxId))
    .where(
      and(
        eq(inboundBoxLines.orderId, order.id),
        eq(inboundBoxLines.skuId, skuId),
        box ? eq(inboundBoxLines.boxId, box.id) : undefined,
      ),
    )
    .orderBy(first === 'oldest' ? asc(inboundBoxes.boxNo) : desc(inboundBoxes.boxNo));
  if (rows.length === 0) throw await notInOrder(tx, skuId);
  return rows.map((row) => row.line);
}

/**
 * Refuses shelving above the location's capacity ('inbound.over_capacity') unless a supervisor
 * overrides it ('inbound.override_not_allowed' for anyone else); answers the note the ledger
 * records with an overridden move.
 */
async function checkCapacity(
  tx: TenantTx,
  actor: Actor,
  order: InboundOrderRow,
  input: { locationId: string; quantity: number; overCapacity?: true },
): Promise<string> {
  const fill = await lockLocationFill(tx, order.warehouseId, input.locationId);
  if (!fill || !isOverCapacity(fill.occupied, input.quantity, fill.capacity)) return '';
  const params = {
    location: fill.code,
    capacity: fill.capacity ?? 0,
    occupied: fill.occupied,
    quantity: input.quantity,
  };
  if (!input.overCapacity) throw new AppError('inbound.over_capacity', params);
  if (!(CAPACITY_OVERRIDE_ROLES as readonly string[]).includes(actor.userRole))
    throw new AppError('inbound.override_not_allowed', params);
  return `over capacity ${fill.occupied + input.quantity}/${fill.capacity ?? 0}`;
}

/**
 * Moves received units of a SKU from the receiving area onto a location through the ledger;
 * never more than is left to shelve ('inbound.over_shelving'), nor above the location's
 * capacity without a supervisor's override. Without a box, the oldest boxes' lines are shelved
 * first.
 */
export async function shelveInbound(
  tx: TenantTx,
  actor: Actor,
  raw: ShelveInboundInput,
): Promise<InboundChangeView> {
  const input = parseInput(shelveInboundInput, raw);
  const order = await lockOrderForWork(tx, actor, input.inboundOrderId);
  const box = input.boxId ? await boxOf(tx, order, input.boxId) : null;
  const lines = await skuLines(tx, order, input.skuId, box, 'oldest');
  const left = lines.reduce((sum, line) => sum + leftToShelve(line), 0);
  if (input.quantity > left) throw new AppError('inbound.over_shelving', { left, quantity: input.quantity });
  const override = await checkCapacity(tx, actor, order, input);
  // The ledger checks the location (this warehouse's, not the receiving area) before any write.
  await moveStock(tx, actor, {
    warehouseId: order.warehouseId,
    skuId: input.skuId,
    fromLocationId: order.receivingLocationId,
    toLocationId: input.locationId,
    quantity: input.quantity,
    kind: 'shelve_move',
    source: sourceOf(order),
    reason: [box?.boxNo ?? '', override].filter(Boolean).join(' · '),
  });
  let remaining = input.quantity;
  for (const line of lines) {
    const take = Math.min(remaining, leftToShelve(line));
    if (take <= 0) continue;
    await tx
      .update(inboundBoxLines)
      .set({ shelvedQuantity: sql`${inboundBoxLines.shelvedQuantity} + ${take}`, updatedAt: sql`now()` })
      .where(eq(inboundBoxLines.id, line.id));
    remaining -= take;
  }
  const status = await refreshStatus(tx, order);
  return { inboundOrderId: order.id, status, quantity: input.quantity };
}

/**
 * Takes back a shelving move (a scan undone on the PDA): the units go from the location back to
 * the receiving area, and the lines that counted them as shelved (newest box first) count them
 * no more. A stored order is closed and keeps its shelving.
 */
export async function undoShelving(
  tx: TenantTx,
  actor: Actor,
  raw: ShelveInboundInput,
): Promise<InboundChangeView> {
  const input = parseInput(shelveInboundInput, raw);
  const order = await lockOrderForWork(tx, actor, input.inboundOrderId);
  assertOpen(order);
  const box = input.boxId ? await boxOf(tx, order, input.boxId) : null;
  const lines = await skuLines(tx, order, input.skuId, box, 'newest');
  const shelved = lines.reduce((sum, line) => sum + line.shelvedQuantity, 0);
  if (shelved < input.quantity)
    throw new AppError('inbound.undo_too_late', { left: shelved, quantity: input.quantity });
  // The ledger refuses when the units are no longer on the location (picked or moved since).
  await takeBackShelving(tx, actor, {
    warehouseId: order.warehouseId,
    skuId: input.skuId,
    fromLocationId: input.locationId,
    toLocationId: order.receivingLocationId,
    quantity: input.quantity,
    source: sourceOf(order),
    reason: box?.boxNo ?? '',
  });
  let remaining = input.quantity;
  for (const line of lines) {
    const take = Math.min(remaining, line.shelvedQuantity);
    if (take <= 0) continue;
    await tx
      .update(inboundBoxLines)
      .set({ shelvedQuantity: sql`${inboundBoxLines.shelvedQuantity} - ${take}`, updatedAt: sql`now()` })
      .where(eq(inboundBoxLines.id, line.id));
    remaining -= take;
  }
  const status = await refreshStatus(tx, order);
  return { inboundOrderId: order.id, status, quantity: -input.quantity };
}
