/**
 * Writes movements into the ledger: one movement or a thousand with one statement, in the
 * caller's transaction. The checks and the writes run inside the database
 * (`app_ledger_write`, migration 0031; a lone movement `app_ledger_move`, migration 0032, the
 * same guarantees for a batch of one without the batch's machinery), sent as a prepared
 * statement: a movement costs the app one call where checking it here took two or three round
 * trips and a few large statements built for each movement. This side says what each entry's kind does (its balance deltas, the
 * location it takes goods off and the one it puts them on, its effect on the lots; the stock
 * domain's table) and turns the answer into results or a refusal.
 *
 * What the function guarantees:
 * 1. Scope first: the first entry whose warehouse the actor cannot see, whose SKU is not the
 *    actor's seller's, or whose location is unknown, hidden or in another warehouse is refused.
 * 2. The balances the batch touches are locked in warehouse then SKU order, and the missing ones
 *    made in that order: every batch takes them in that one order, so two batches never wait on
 *    each other in a cycle, whatever order their entries come in. Every ledger writer holds a
 *    SKU's balance lock before it changes that SKU's locations or lots, so what an entry reads
 *    stays true.
 * 3. The entries are checked in their order, each against what the ones before it left, so a
 *    batch is refused exactly where the same movements one by one would be: the refusal names
 *    the entry (its index) and why, and comes before the first write, so nothing is left behind
 *    and the caller's transaction stays usable.
 * 4. Each balance and location is written once by the batch's net, the movements with one
 *    statement, the lots in the entries' order: oldest first, or newest first for a receipt
 *    taken back. The check constraints stay the backstop.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StockBalanceView, StockSource } from '@shared/contract/inventory.js';
import { deltasOf, effectOf, type MovementKind } from '@shared/domain/stock.js';
import { AppError, type ErrorCode, type ErrorParams } from '@shared/errors.js';
import { executePrepared, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { isWarehouseBound } from '../warehouse/index.js';

/** One movement asked of the ledger; its kind says which locations it needs. */
export interface MovementRequest {
  kind: Exclude<MovementKind, 'transfer_out'>;
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

/**
 * The call of one of the ledger's functions, `app_ledger_move` with one entry or
 * `app_ledger_write` with a batch, for the actor: who wrote it, the warehouses it is bound to (as
 * their staff), the seller it is bound to.
 */
export function ledgerCall(
  fn: 'app_ledger_move' | 'app_ledger_write',
  argument: Entry | Entry[],
  actor: Actor,
): SQL {
  const staff = isWarehouseBound(actor) ? actor.userId : null;
  const sellerBound = isSellerBound(actor);
  return sql`select ${sql.raw(fn)}(${JSON.stringify(argument)}::jsonb, ${actor.userId}::uuid, ${staff}::uuid,
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
  // A lone movement goes to the ledger's one-movement function (migration 0032): the same
  // checks, writes and answer without the batch's machinery.
  const [lone] = entries;
  const [row] = await executePrepared<{ answer: Answer }>(
    tx,
    entries.length === 1 && lone
      ? ledgerCall('app_ledger_move', lone, actor)
      : ledgerCall('app_ledger_write', entries, actor),
  );
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
