/**
 * A run of receiving scans (a PDA batch's consecutive 'inbound.receive' ops) applied with a few
 * statements instead of a dozen per scan: the orders locked once (in id order), their boxes,
 * lines and tolerances read once, every scan checked in memory one after another as
 * receiveInbound would check it, then one ledger batch, one update of the lines, each
 * over-receipt kept once per line, one allocation of arriving stock per warehouse and one status
 * per order.
 *
 * Only what is proven clean goes this way: the run stops before the first scan it cannot
 * prove would be applied (a box receipt without a SKU, an unknown order or box, a finished box,
 * a SKU the box lacks, too many units, an unconfirmed over-receipt, a status the transition
 * table refuses). The caller applies that scan by receiveInbound, which refuses it with its
 * usual code, and goes on. So refusals keep one code path, and an applied scan ends where it
 * would have ended one at a time: the same movements (one per scan, in order), lines, over-
 * receipt differences and status. Two things differ, both by design: each scan's effect
 * answers the status its order reached after that scan, computed in memory (one at a time, it
 * was read back); and orders waiting for stock are offered the run's units once at its end
 * rather than scan by scan, so the first order by ship-by date takes them even where one scan
 * alone would not have covered it.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import { receiveInboundInput, type InboundChangeView } from '@shared/contract/inbound.js';
import {
  canTransition,
  inboundStatus,
  overReceived,
  receivableFreely,
  SCAN_QUANTITY,
  type InboundStatus,
  type OverReceiptTolerance,
} from '@shared/domain/inbound.js';
import type { StockMovementInput } from '@shared/contract/inventory.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { recordMovements } from '../inventory/index.js';
import { allocateArrivingStock } from '../orders/index.js';
import { warehouses } from '../warehouse/index.js';
import { inboundScope, refreshStatus, type InboundLineRow, type InboundOrderRow } from './inbound.access.js';
import { inboundBoxes, inboundBoxLines, inboundOrders } from './inbound.tables.js';
import { keepOverReceipt } from './inbound-work.service.js';

interface OrderState {
  order: InboundOrderRow;
  status: InboundStatus;
  tolerance: OverReceiptTolerance;
  /** Every line of the order, received quantities as the run leaves them so far. */
  lines: InboundLineRow[];
  boxes: Map<string, { boxNo: string; finished: boolean }>;
}

/** The orders the scans name, locked in id order, with what checking a scan needs: four reads. */
async function loadOrders(tx: TenantTx, actor: Actor, orderIds: string[]): Promise<Map<string, OrderState>> {
  const locked = await tx
    .select()
    .from(inboundOrders)
    .where(and(inArray(inboundOrders.id, orderIds), inboundScope(actor)))
    .orderBy(asc(inboundOrders.id))
    .for('update');
  if (locked.length === 0) return new Map();
  const ids = locked.map((order) => order.id);
  // One after another: a transaction's connection runs one query at a time.
  const lines = await tx.select().from(inboundBoxLines).where(inArray(inboundBoxLines.orderId, ids));
  const boxes = await tx
    .select({
      id: inboundBoxes.id,
      orderId: inboundBoxes.orderId,
      boxNo: inboundBoxes.boxNo,
      finishedAt: inboundBoxes.finishedAt,
    })
    .from(inboundBoxes)
    .where(inArray(inboundBoxes.orderId, ids));
  const tolerances = await tx
    .select({ id: warehouses.id, unit: warehouses.overReceiptUnit, value: warehouses.overReceiptTolerance })
    .from(warehouses)
    .where(
      inArray(
        warehouses.id,
        locked.map((order) => order.warehouseId),
      ),
    );
  const toleranceOf = new Map(tolerances.map((row) => [row.id, { unit: row.unit, value: row.value }]));
  return new Map(
    locked.map((order) => [
      order.id,
      {
        order,
        status: order.status,
        tolerance: toleranceOf.get(order.warehouseId) ?? { unit: 'units', value: 0 },
        lines: lines.filter((line) => line.orderId === order.id).map((line) => ({ ...line })),
        boxes: new Map(
          boxes
            .filter((box) => box.orderId === order.id)
            .map((box) => [box.id, { boxNo: box.boxNo, finished: box.finishedAt !== null }]),
        ),
      },
    ]),
  );
}

/**
 * Applies the leading scans of `raws` it can prove clean, together, and answers their views in
 * order; the scans from index `views.length` on are the caller's, one at a time. Runs in the
 * caller's transaction (a savepoint of it, so a refusal by the ledger leaves nothing).
 */
export async function receiveInboundRun(
  tx: TenantTx,
  actor: Actor,
  raws: readonly unknown[],
): Promise<InboundChangeView[]> {
  if (isSellerBound(actor)) return [];
  const inputs = [];
  for (const raw of raws) {
    const parsed = receiveInboundInput.safeParse(raw);
    if (!parsed.success || parsed.data.skuId === undefined || parsed.data.quantity === undefined) break;
    inputs.push({ ...parsed.data, skuId: parsed.data.skuId, quantity: parsed.data.quantity });
  }
  if (inputs.length === 0) return [];
  const states = await loadOrders(tx, actor, [...new Set(inputs.map((input) => input.inboundOrderId))]);

  const views: InboundChangeView[] = [];
  const movements: StockMovementInput[] = [];
  const receivedOf = new Map<string, { line: InboundLineRow; quantity: number; overBefore: number }>();
  for (const input of inputs) {
    const state = states.get(input.inboundOrderId);
    if (!state || ['stored', 'not_received', 'cancelled'].includes(state.status)) break;
    const { order } = state;
    const box = state.boxes.get(input.boxId);
    if (!box || box.finished) break;
    const line = state.lines.find((row) => row.boxId === input.boxId && row.skuId === input.skuId);
    if (!line || input.quantity > SCAN_QUANTITY.max) break;
    if (input.quantity > receivableFreely(line, state.tolerance) && !input.overReceipt) break;
    const overBefore = overReceived(line);
    line.receivedQuantity += input.quantity;
    const next = inboundStatus({
      lines: state.lines,
      boxesFinished: [...state.boxes.values()].map((entry) => entry.finished),
      discrepancyCount: 0,
    });
    if (!canTransition(state.status, next)) {
      line.receivedQuantity -= input.quantity;
      break;
    }
    state.status = next;
    const touched = receivedOf.get(line.id) ?? { line, quantity: 0, overBefore };
    touched.quantity += input.quantity;
    receivedOf.set(line.id, touched);
    const batch = [input.lot ? `lot ${input.lot}` : '', input.expiry ? `exp ${input.expiry}` : '']
      .filter(Boolean)
      .join(' · ');
    movements.push({
      kind: 'receipt',
      warehouseId: order.warehouseId,
      skuId: line.skuId,
      locationId: order.receivingLocationId,
      quantity: input.quantity,
      source: { type: 'inbound', id: order.id },
      reason: batch ? `${box.boxNo} · ${batch}` : box.boxNo,
    });
    views.push({ inboundOrderId: order.id, status: next, quantity: input.quantity });
  }
  if (views.length === 0) return [];

  await recordMovements(tx, actor, movements);
  const touched = [...receivedOf.values()];
  await tx.execute(sql`
    update ${inboundBoxLines} as l
    set received_quantity = l.received_quantity + v.quantity, updated_at = now()
    from (values ${sql.join(
      touched.map(({ line, quantity }) => sql`(${line.id}::uuid, ${quantity}::int)`),
      sql`, `,
    )}) as v(id, quantity)
    where l.id = v.id`);
  // The line's over-receipt difference follows its received units; a line that was never over
  // has none to keep (one at a time, each scan would have looked for one and found nothing).
  for (const { line, overBefore } of touched)
    if (overBefore > 0 || overReceived(line) > 0) await keepOverReceipt(tx, line, line.receivedQuantity);

  const skusOf = new Map<string, Set<string>>();
  for (const movement of movements) {
    const skuIds = skusOf.get(movement.warehouseId) ?? new Set<string>();
    skuIds.add(movement.skuId);
    skusOf.set(movement.warehouseId, skuIds);
  }
  for (const [warehouseId, skuIds] of skusOf)
    await allocateArrivingStock(tx, actor, { warehouseId, skuIds: [...skuIds] });
  for (const orderId of new Set(views.map((view) => view.inboundOrderId))) {
    // Written from the lines as they now stand, checked against the status the run reached
    // step by step (the steps themselves were checked in memory).
    const state = states.get(orderId);
    if (state) await refreshStatus(tx, { ...state.order, status: state.status });
  }
  return views;
}
