/**
 * The stock ledger's one writer, from the app's side: every stock change is an entry of the
 * database function `app_ledger_write` (migration 0043, whose header states the ledger's rules),
 * one movement or a thousand in one call, in the caller's transaction, sent as a prepared
 * statement. This side says what each entry's kind does (its balance deltas, the location it
 * takes goods off and the one it puts them on, its effect on the lots: the stock domain's table,
 * src/shared/domain/stock.ts) and turns the answer into results or a refusal.
 *
 * What the function guarantees:
 * 1. Scope first: the first entry whose warehouse the actor cannot see, whose SKU is not the
 *    actor's seller's, or whose location is unknown, hidden or in another warehouse is refused.
 * 2. The balances a call touches are locked in warehouse then SKU order, and the missing ones
 *    made in that order: every call takes them in that one order, so two never wait on each
 *    other in a cycle, whatever order their entries come in (`lockBalancesAvailable` below takes
 *    them in the same order for a caller that reads before it writes).
 * 3. The entries are checked in their order, each against what the ones before it left, so a
 *    batch is refused exactly where the same movements one by one would be: the refusal names
 *    the entry (its index) and why, and comes before the first write, so nothing is left behind
 *    and the caller's transaction stays usable.
 * 4. Each balance and location is written once by the batch's net, the movements with one
 *    statement, the lots in the entries' order: oldest first, or newest first for a receipt
 *    taken back. The check constraints stay the backstop.
 * 5. A lone entry takes the function's one-entry path: the same guarantees without the batch's
 *    machinery.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StockBalanceView, StockSource } from '@shared/contract/inventory.js';
import { deltasOf, effectOf, STOCK_EFFECTS, type MovementKind } from '@shared/domain/stock.js';
import { AppError, type ErrorCode, type ErrorParams } from '@shared/errors.js';
import { executePrepared, rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { isWarehouseBound } from '../warehouse/index.js';
import { stockBalances } from './inventory.tables.js';

/** One movement asked of the ledger; its kind says which locations it needs. */
export interface MovementRequest {
  kind: MovementKind;
  /**
   * A transfer out is two movements: goods off a location at the sending warehouse, and
   * 'receiving', the receiving warehouse's side, in transit up with no goods moved (same kind, so
   * the records show why the in-transit quantity rose).
   */
  side?: 'receiving';
  warehouseId: string;
  skuId: string;
  /** Positive, or signed for adjust and count_correction. */
  quantity: number;
  fromLocationId: string | null;
  toLocationId: string | null;
  receivedAt?: Date;
  source: StockSource;
  reason: string;
}

export interface MovementResult {
  movementId: number;
  /** The balance right after this movement. */
  balance: StockBalanceView;
}

/** An entry as app_ledger_write reads it (short keys: a batch of a thousand goes as one parameter). */
export interface Entry {
  k: MovementRequest['kind'];
  w: string;
  s: string;
  /** The signed quantity, and its size. */
  q: number;
  n: number;
  /** Balance deltas: available, frozen, in transit. */
  a: number;
  f: number;
  t: number;
  /** The locations the kind takes goods off and puts them on. */
  fl: string | null;
  tl: string | null;
  /** The locations the request named, each checked for scope whether the kind uses it or not. */
  rf: string | null;
  rt: string | null;
  lot: 'add' | 'consume' | 'consume_newest' | 'none';
  at: string | null;
  st: string;
  si: string | null;
  r: string;
}

type Answer =
  | { refused: { entry: number; code: ErrorCode; params: ErrorParams } }
  | {
      written: [
        movementId: number | string,
        available: number,
        frozen: number,
        total: number,
        inTransit: number,
      ][];
    };

/** The entry as the ledger's functions read it. */
export function ledgerEntryOf(request: MovementRequest): Entry {
  if (request.side === 'receiving') return receivingSideOf(request);
  const effect = effectOf(request.kind, request.quantity);
  const deltas = deltasOf(request.kind, request.quantity);
  const from = effect.location === 'out' || effect.location === 'between' ? request.fromLocationId : null;
  const to = effect.location === 'in' || effect.location === 'between' ? request.toLocationId : null;
  if (effect.location !== 'none' && (from ?? to) === null)
    throw new Error(`${request.kind} needs a location`);
  return {
    k: request.kind,
    w: request.warehouseId,
    s: request.skuId,
    q: request.quantity,
    n: Math.abs(request.quantity),
    a: deltas.available,
    f: deltas.frozen,
    t: deltas.inTransit,
    fl: from,
    tl: to,
    rf: request.fromLocationId,
    rt: request.toLocationId,
    lot: effect.lots,
    at: effect.lots === 'add' && request.receivedAt ? request.receivedAt.toISOString() : null,
    st: request.source.type,
    si: request.source.id,
    r: request.reason,
  };
}

/** The receiving warehouse's side of a transfer: in transit up by what the kind sends on its way. */
function receivingSideOf(request: MovementRequest): Entry {
  const sent = STOCK_EFFECTS[request.kind].destinationInTransit;
  if (!sent) throw new Error(`${request.kind} has no receiving side`);
  const size = Math.abs(request.quantity);
  return {
    k: request.kind,
    w: request.warehouseId,
    s: request.skuId,
    q: size,
    n: size,
    a: 0,
    f: 0,
    t: sent * size,
    fl: null,
    tl: null,
    rf: null,
    rt: null,
    lot: 'none',
    at: null,
    st: request.source.type,
    si: request.source.id,
    r: request.reason,
  };
}

/**
 * The call of the ledger's function for the actor: who wrote it, the warehouses it is bound to
 * (as their staff), the seller it is bound to.
 */
export function ledgerCall(entries: Entry[], actor: Actor): SQL {
  const staff = isWarehouseBound(actor) ? actor.userId : null;
  const sellerBound = isSellerBound(actor);
  return sql`select app_ledger_write(${JSON.stringify(entries)}::jsonb, ${actor.userId}::uuid, ${staff}::uuid,
    ${sellerBound}::boolean, ${sellerBound ? actor.sellerId : null}::uuid) as answer`;
}

/**
 * Writes the movements in order, or refuses the first that cannot be made. `nameEntry` adds the
 * refused entry's index to the refusal's params (`entry`), for a batch.
 */
export async function writeMovements(
  tx: TenantTx,
  actor: Actor,
  requests: MovementRequest[],
  nameEntry: boolean,
): Promise<MovementResult[]> {
  if (requests.length === 0) return [];
  const entries = requests.map(ledgerEntryOf);
  const [row] = await executePrepared<{ answer: Answer }>(tx, ledgerCall(entries, actor));
  const answer = row?.answer;
  if (!answer) throw new Error('the ledger answered nothing');
  if ('refused' in answer) {
    const { entry, code, params } = answer.refused;
    throw new AppError(code, nameEntry ? { ...params, entry } : params);
  }
  if (answer.written.length !== requests.length)
    throw new Error('the ledger wrote fewer movements than asked');
  return answer.written.map(([movementId, available, frozen, total, inTransit], index) => ({
    movementId: Number(movementId),
    balance: {
      warehouseId: entries[index]?.w ?? '',
      skuId: entries[index]?.s ?? '',
      available,
      frozen,
      total,
      inTransit,
    },
  }));
}

/** A (warehouse, SKU) pair as one string key. */
export function balanceKeyOf(warehouseId: string, skuId: string): string {
  return `${warehouseId}:${skuId}`;
}

/**
 * Locks the balances of many (warehouse, SKU) pairs in (warehouse, SKU) order, the order the
 * ledger's function takes them in, and answers each one's available units (a pair with no balance
 * yet has none). For a caller that decides what to take while it holds the locks (the order
 * reservations), then writes it through `writeMovements`. It writes nothing.
 */
export async function lockBalancesAvailable(
  tx: TenantTx,
  pairs: readonly { warehouseId: string; skuId: string }[],
): Promise<Map<string, number>> {
  const unique = [
    ...new Map(pairs.map((pair) => [balanceKeyOf(pair.warehouseId, pair.skuId), pair])).values(),
  ];
  if (unique.length === 0) return new Map();
  const rows = rowsOf<{ warehouse_id: string; sku_id: string; available: number }>(
    await tx.execute(sql`
      select b.warehouse_id, b.sku_id, b.available from ${stockBalances} b
      join unnest(${sql.param(unique.map((pair) => pair.warehouseId))}::uuid[], ${sql.param(unique.map((pair) => pair.skuId))}::uuid[]) as k(warehouse_id, sku_id)
        on b.warehouse_id = k.warehouse_id and b.sku_id = k.sku_id
      order by b.warehouse_id, b.sku_id
      for update of b`),
  );
  return new Map(rows.map((row) => [balanceKeyOf(row.warehouse_id, row.sku_id), Number(row.available)]));
}
