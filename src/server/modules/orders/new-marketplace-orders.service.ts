/**
 * New marketplace orders, written together: the rows of the orders the sync's page brings that
 * are not stored yet (their system ids from one counter update, one insert each for the orders,
 * their lines, their unmatched lines and their first history rows), and the platform's fields of
 * an order as stored, which the upsert of a known one writes too (marketplace-orders.service.ts).
 */
import { inArray } from 'drizzle-orm';
import { marketplaceOrderInput, type SavedOrderView } from '@shared/contract/orders.js';
import {
  holdsStock,
  linesTotal,
  normalisePlatformStatus,
  parcelTypeOf,
  PLATFORM_TO_LOCAL,
  type LocalStatus,
} from '@shared/domain/order.js';
import type { TenantTx } from '../../db/client.js';
import { insertJsonRows } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { nextSystemNos } from './orders.service.js';
import { orderLines, orders, orderStatusHistory, orderUnmatchedLines } from './orders.tables.js';
import { reserveOrders } from './reservation.service.js';

export type UnmatchedLine = MarketplaceOrder['unmatchedLines'][number];

/** The rows of a marketplace order's unmatched lines, numbered after its paired ones. */
export const unmatchedRows = (
  orderId: string,
  sellerId: string,
  lines: readonly UnmatchedLine[],
  after: number,
) => lines.map((line, index) => ({ orderId, sellerId, ...line, position: after + index }));
export type MarketplaceOrder = ReturnType<typeof marketplaceOrderInput.parse>;

/** What the platform's fields of an order are, as stored, and the platform status it reported. */
export function marketplaceHeader(input: MarketplaceOrder) {
  const platformStatus = normalisePlatformStatus(input.platformStatus);
  const storedStatus = platformStatus ?? input.platformStatus.toUpperCase().slice(0, 32);
  const {
    lines,
    unmatchedLines,
    amounts,
    shipBy,
    paidAt,
    orderedAt: _orderedAt,
    sellerId: _sellerId,
    platform: _platform,
    shopId: _shopId,
    orderNo: _orderNo,
    tags: _tags,
    ...fields
  } = input;
  const header = {
    ...fields,
    platformStatus: storedStatus,
    shipBy: shipBy ? new Date(shipBy) : null,
    paidAt: paidAt ? new Date(paidAt) : null,
    // The platform's amounts whatever is matched; a caller without them: what was sold.
    totalAmount: amounts?.total ?? linesTotal([...lines, ...unmatchedLines]),
    shippingAmount: amounts?.shipping ?? 0,
    discountAmount: amounts?.discount ?? 0,
  };
  return { platformStatus, storedStatus, header };
}

/**
 * New marketplace orders (none of them stored yet), each in the status its platform status maps
 * to: their system ids from one counter update, then one insert each for the orders, their lines
 * and their first history rows. One that arrives in a status holding stock (already in
 * cancellation: paid, the buyer's request still open) reserves its lines as it is created, like
 * an order entering that status.
 */
export async function insertMarketplaceOrders(
  tx: TenantTx,
  actor: Actor,
  inputs: readonly MarketplaceOrder[],
  taken: readonly string[] = [],
): Promise<(SavedOrderView & { changed: boolean })[]> {
  if (inputs.length === 0) return [];
  const more = Math.max(0, inputs.length - taken.length);
  const systemNos = [...taken.slice(0, inputs.length), ...(await nextSystemNos(tx, more))];
  const prepared = inputs.map((input, index) => {
    const { platformStatus, storedStatus, header } = marketplaceHeader(input);
    const localStatus: LocalStatus = platformStatus ? PLATFORM_TO_LOCAL[platformStatus] : 'to_review';
    return { input, header, storedStatus, localStatus, systemNo: systemNos[index] ?? '' };
  });
  const inserted = await insertJsonRows<{ id: string; system_no: string }>(
    tx,
    orders,
    prepared.map(({ input, header, localStatus, systemNo }) => ({
      ...header,
      orderNo: input.orderNo,
      systemNo,
      sellerId: input.sellerId,
      platform: input.platform,
      shopId: input.shopId,
      localStatus,
      orderedAt: input.orderedAt ? new Date(input.orderedAt) : new Date(),
      parcelType: parcelTypeOf(input.lines),
      createdBy: actor.userId,
    })),
    ['id', 'systemNo'],
  );
  const idOf = new Map(inserted.map((row) => [row.system_no, row.id]));
  const saved = prepared.map((entry) => ({ ...entry, id: idOf.get(entry.systemNo) ?? '' }));
  if (saved.some((entry) => entry.id === '')) throw new Error('order insert returned fewer rows');
  await insertJsonRows(
    tx,
    orderLines,
    saved.flatMap(({ id, input }) =>
      input.lines.map((line, position) => ({
        orderId: id,
        sellerId: input.sellerId,
        skuId: line.skuId,
        itemId: line.itemId,
        variationId: line.variationId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        position,
      })),
    ),
  );
  const unmatched = saved.flatMap(({ id, input }) =>
    unmatchedRows(id, input.sellerId, input.unmatchedLines, input.lines.length),
  );
  if (unmatched.length > 0) await insertJsonRows(tx, orderUnmatchedLines, unmatched);
  await insertJsonRows(
    tx,
    orderStatusHistory,
    saved.map(({ id, localStatus, storedStatus }) => ({
      orderId: id,
      field: 'local' as const,
      fromStatus: null,
      toStatus: localStatus,
      note: storedStatus.slice(0, 255),
      actorId: actor.userId,
    })),
  );
  const holding = saved.filter((entry) => holdsStock(entry.localStatus)).map((entry) => entry.id);
  if (holding.length > 0) {
    const rows = await tx.select().from(orders).where(inArray(orders.id, holding));
    const byId = new Map(rows.map((row) => [row.id, row]));
    await reserveOrders(
      tx,
      actor,
      holding.flatMap((id) => byId.get(id) ?? []),
    );
  }
  return saved.map(({ id, input, systemNo }) => ({ id, orderNo: input.orderNo, systemNo, changed: true }));
}
