/**
 * The ledger's use cases, for the routes and for every module that changes stock (inbound,
 * orders, fulfilment, counts, transfers), in the caller's transaction. A refused change (not
 * enough stock, out of scope, bad input) is found before anything is written: it leaves nothing
 * behind and the caller's transaction usable.
 */
import {
  adjustStockInput,
  holdStockInput,
  issueStockInput,
  moveStockInput,
  receiveStockInput,
  transferOutInput,
  type AdjustStockInput,
  type HoldStockInput,
  type IssueStockInput,
  type MoveStockInput,
  type ReceiveStockInput,
  type StockChangeView,
  type StockSource,
  type TransferOutInput,
  stockMovementInput,
  stockMovementsInput,
  type StockMovementsInput,
} from '@shared/contract/inventory.js';
import type { z } from 'zod';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { and, eq, sql } from 'drizzle-orm';
import { sellerScope } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';
import { locationStock } from './inventory.tables.js';
import { balanceKeyOf, lockBalancesAvailable, writeMovements, type MovementRequest } from './ledger-batch.js';

/**
 * Check violations the checks before writing should have prevented: still a refusal, never a
 * 500 (the caller's transaction is aborted then, as after any failed statement).
 */
const BACKSTOP = {
  stock_balances_available_check: 'inventory.insufficient_stock',
  stock_balances_frozen_check: 'inventory.insufficient_frozen',
  stock_balances_in_transit_check: 'inventory.insufficient_in_transit',
  location_stock_quantity_check: 'inventory.insufficient_location_stock',
  stock_lots_remaining_check: 'inventory.insufficient_stock',
} as const;

/** Runs one use case; refusals are found before any write, so nothing needs undoing. */
function guarded<T>(work: () => Promise<T>): Promise<T> {
  return refuseOnConstraint(work, BACKSTOP);
}

interface Located {
  warehouseId: string;
  skuId: string;
  quantity: number;
  source: { type: string; id: string | null };
  reason: string;
}

async function record(
  tx: TenantTx,
  actor: Actor,
  kind: MovementRequest['kind'],
  input: Located & { fromLocationId?: string; toLocationId?: string; receivedAt?: Date },
): Promise<StockChangeView> {
  return guarded(async () => {
    const [result] = await writeMovements(
      tx,
      actor,
      [
        {
          kind,
          warehouseId: input.warehouseId,
          skuId: input.skuId,
          quantity: input.quantity,
          fromLocationId: input.fromLocationId ?? null,
          toLocationId: input.toLocationId ?? null,
          receivedAt: input.receivedAt,
          source: input.source,
          reason: input.reason,
        },
      ],
      false,
    );
    if (!result) throw new Error('the ledger wrote no movement');
    return result;
  });
}

/** A batch entry as the ledger takes it: which locations its kind needs. */
function requestOf(entry: z.output<typeof stockMovementInput>, index: number): MovementRequest {
  const common = {
    kind: entry.kind,
    warehouseId: entry.warehouseId,
    skuId: entry.skuId,
    quantity: entry.quantity,
    source: entry.source,
    reason: entry.reason,
    fromLocationId: null,
    toLocationId: null,
  };
  switch (entry.kind) {
    case 'receipt':
    case 'return':
    case 'transfer_in':
      return { ...common, toLocationId: entry.locationId, receivedAt: entry.receivedAt };
    case 'receipt_undo':
    case 'issue':
    case 'destroy':
      return { ...common, fromLocationId: entry.locationId };
    case 'move':
    case 'shelve_move':
    case 'shelve_undo':
      if (entry.fromLocationId === entry.toLocationId)
        throw new AppError('inventory.same_location', { entry: index });
      return { ...common, fromLocationId: entry.fromLocationId, toLocationId: entry.toLocationId };
    case 'adjust':
    case 'count_correction':
      return entry.quantity > 0
        ? { ...common, toLocationId: entry.locationId }
        : { ...common, fromLocationId: entry.locationId };
    default:
      return common;
  }
}

/**
 * Many movements in one go, in their order, as if each were made by its own use case one after
 * another in this transaction, but written with a few statements whatever their number
 * (ledger-batch.ts). All or nothing: the first entry that cannot be made refuses the batch,
 * with the entry's index in the refusal's params (`entry`) beside the reason, and nothing is
 * written. Answers each movement's id and the balance right after it.
 */
export async function recordMovements(
  tx: TenantTx,
  actor: Actor,
  raw: StockMovementsInput,
): Promise<StockChangeView[]> {
  const requests = parseInput(stockMovementsInput, raw).map(requestOf);
  return guarded(() => writeMovements(tx, actor, requests, true));
}

/** Goods arrive on a location (a receiving area, usually): available up, a new lot for their age. */
export async function receiveStock(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveStockInput,
): Promise<StockChangeView> {
  const input = parseInput(receiveStockInput, raw);
  return record(tx, actor, 'receipt', { ...input, toLocationId: input.locationId });
}

/** Returned goods back on a location: like a receipt, recorded as a return. */
export async function returnStock(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveStockInput,
): Promise<StockChangeView> {
  const input = parseInput(receiveStockInput, raw);
  return record(tx, actor, 'return', { ...input, toLocationId: input.locationId });
}

/**
 * Takes back a receipt (a receiving scan undone): off the location it arrived on, available
 * down, the newest lots first so the stock's age stays what it was.
 */
export async function takeBackReceipt(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveStockInput,
): Promise<StockChangeView> {
  const input = parseInput(receiveStockInput, raw);
  return record(tx, actor, 'receipt_undo', { ...input, fromLocationId: input.locationId });
}

/** Takes back a shelving move (a shelving scan undone): from the location back where it came from. */
export async function takeBackShelving(
  tx: TenantTx,
  actor: Actor,
  raw: Omit<MoveStockInput, 'kind'>,
): Promise<StockChangeView> {
  const input = parseInput(moveStockInput, { ...raw, kind: 'move' });
  if (input.fromLocationId === input.toLocationId) throw new AppError('inventory.same_location');
  return record(tx, actor, 'shelve_undo', input);
}

/** Moves goods between two locations of one warehouse; never leaves a location below zero. */
export async function moveStock(tx: TenantTx, actor: Actor, raw: MoveStockInput): Promise<StockChangeView> {
  const input = parseInput(moveStockInput, raw);
  if (input.fromLocationId === input.toLocationId) throw new AppError('inventory.same_location');
  return record(tx, actor, input.kind, input);
}

async function hold(tx: TenantTx, actor: Actor, kind: MovementRequest['kind'], raw: HoldStockInput) {
  return record(tx, actor, kind, parseInput(holdStockInput, raw));
}

/** Reserves available stock for a document (an order): available to frozen. */
export function reserveStock(tx: TenantTx, actor: Actor, input: HoldStockInput): Promise<StockChangeView> {
  return hold(tx, actor, 'reserve', input);
}

export { balanceKeyOf };

/** One reservation for `reserveLocked`: units of a SKU at a warehouse held for a document. */
export interface HoldEntry {
  warehouseId: string;
  skuId: string;
  quantity: number;
  source: StockSource;
  reason: string;
}

/**
 * The batch form of reserveStock, for many documents at once (orders passed review together).
 * First `lockForReservation`: checks every warehouse and SKU is the actor's to see (as
 * reserveStock does, 404 otherwise), locks their balances in (warehouse, SKU) order and answers
 * each one's available units. The caller decides, under those locks, which entries it takes, and
 * `reserveLocked` writes them: one guarded relative update per balance and a movement per entry.
 */
export async function lockForReservation(
  tx: TenantTx,
  actor: Actor,
  pairs: readonly { warehouseId: string; skuId: string }[],
): Promise<Map<string, number>> {
  if (pairs.length === 0) return new Map();
  const warehouseIds = [...new Set(pairs.map((pair) => pair.warehouseId))];
  const skuIds = [...new Set(pairs.map((pair) => pair.skuId))];
  const [seen] = rowsOf<{ warehouses: number; skus: number }>(
    await tx.execute(sql`select
      (select count(*)::int from ${warehouses} where ${warehouses.id} in ${warehouseIds}
        and ${warehouseScope(actor, warehouses.id) ?? sql`true`}) as warehouses,
      (select count(*)::int from ${skus} where ${skus.id} in ${skuIds} and ${sellerScope(actor, skus.sellerId) ?? sql`true`}) as skus`),
  );
  if (Number(seen?.warehouses ?? 0) !== warehouseIds.length) throw new AppError('warehouse.not_found');
  if (Number(seen?.skus ?? 0) !== skuIds.length) throw new AppError('catalog.sku_not_found');
  return lockBalancesAvailable(tx, pairs);
}

/**
 * Writes reservations taken under lockForReservation's locks, in one call of the ledger; answers
 * the movement ids in order. The caller took only what it found available, so a refusal here
 * means it took more than it had locked.
 */
export async function reserveLocked(
  tx: TenantTx,
  actor: Actor,
  entries: readonly HoldEntry[],
): Promise<number[]> {
  const written = await guarded(() =>
    writeMovements(
      tx,
      actor,
      entries.map((entry) => ({ ...entry, kind: 'reserve', fromLocationId: null, toLocationId: null })),
      false,
    ),
  );
  return written.map((result) => result.movementId);
}

/** Gives reserved stock back: frozen to available. */
export function releaseStock(tx: TenantTx, actor: Actor, input: HoldStockInput): Promise<StockChangeView> {
  return hold(tx, actor, 'release', input);
}

/** Freezes available stock by hand; frozen stock can keep an order from leaving the warehouse. */
export function freezeStock(tx: TenantTx, actor: Actor, input: HoldStockInput): Promise<StockChangeView> {
  return hold(tx, actor, 'freeze', input);
}

/** Unfreezes stock frozen by hand: frozen to available. */
export function unfreezeStock(tx: TenantTx, actor: Actor, input: HoldStockInput): Promise<StockChangeView> {
  return hold(tx, actor, 'unfreeze', input);
}

/** Reserved goods leave the warehouse from a location: frozen down, oldest lots first. */
export async function issueStock(tx: TenantTx, actor: Actor, raw: IssueStockInput): Promise<StockChangeView> {
  const input = parseInput(issueStockInput, raw);
  return record(tx, actor, 'issue', { ...input, fromLocationId: input.locationId });
}

/** Available goods are destroyed from a location: available down, oldest lots first. */
export async function destroyStock(
  tx: TenantTx,
  actor: Actor,
  raw: IssueStockInput,
): Promise<StockChangeView> {
  const input = parseInput(issueStockInput, raw);
  return record(tx, actor, 'destroy', { ...input, fromLocationId: input.locationId });
}

/** A signed correction at a location with its reason (a count, damage, found goods). */
export async function adjustStock(
  tx: TenantTx,
  actor: Actor,
  raw: AdjustStockInput,
): Promise<StockChangeView> {
  const input = parseInput(adjustStockInput, raw);
  const location =
    input.quantity > 0 ? { toLocationId: input.locationId } : { fromLocationId: input.locationId };
  return record(tx, actor, input.kind, { ...input, ...location });
}

/**
 * Goods leave one warehouse for another: available down off a location here, in transit up
 * there, two movements of one call of the ledger (which locks both balances in its one order, so
 * opposite transfers never deadlock). Answers the sending side.
 */
export async function transferOut(
  tx: TenantTx,
  actor: Actor,
  raw: TransferOutInput,
): Promise<StockChangeView> {
  const input = parseInput(transferOutInput, raw);
  if (input.toWarehouseId === input.warehouseId) throw new AppError('inventory.same_warehouse');
  const common = {
    kind: 'transfer_out' as const,
    skuId: input.skuId,
    quantity: input.quantity,
    source: input.source,
    reason: input.reason,
    toLocationId: null,
  };
  return guarded(async () => {
    const [sent] = await writeMovements(
      tx,
      actor,
      [
        { ...common, warehouseId: input.warehouseId, fromLocationId: input.locationId },
        { ...common, side: 'receiving', warehouseId: input.toWarehouseId, fromLocationId: null },
      ],
      false,
    );
    if (!sent) throw new Error('the ledger wrote no movement');
    return sent;
  });
}

/**
 * Transferred goods that never arrived are written off: in transit down at the inbound warehouse,
 * nothing on a location (a short arrival closed with its reason).
 */
export function writeOffInTransit(tx: TenantTx, actor: Actor, raw: HoldStockInput): Promise<StockChangeView> {
  const input = parseInput(holdStockInput, raw);
  return record(tx, actor, 'transfer_short', input);
}

/** Transferred goods arrive: in transit down, available up on a location, a lot with their age. */
export async function transferIn(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveStockInput,
): Promise<StockChangeView> {
  const input = parseInput(receiveStockInput, raw);
  return record(tx, actor, 'transfer_in', { ...input, toLocationId: input.locationId });
}

/**
 * A location of the warehouse with its capacity and the units on it now, its row locked for the
 * rest of the transaction so two shelvings onto it check its room one after the other (taken
 * after the caller's own locks, before the ledger's balance rows). Null when the warehouse has
 * no such location: the ledger then refuses the move itself.
 */
export async function lockLocationFill(
  tx: TenantTx,
  warehouseId: string,
  locationId: string,
): Promise<{ code: string; capacity: number | null; occupied: number } | null> {
  const [location] = await tx
    .select({ code: warehouseLocations.code, capacity: warehouseLocations.capacity })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.id, locationId), eq(warehouseLocations.warehouseId, warehouseId)))
    .for('update');
  if (!location) return null;
  const [fill] = await tx
    .select({ occupied: sql<number>`coalesce(sum(${locationStock.quantity}), 0)::int` })
    .from(locationStock)
    .where(eq(locationStock.locationId, locationId));
  return { ...location, occupied: fill?.occupied ?? 0 };
}
