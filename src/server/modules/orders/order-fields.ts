/**
 * The order's fields that other modules' work changes, each with its one writer here: the
 * tracking number and channel a waybill brings (logistics), the printed flag of its label
 * (logistics), and the buyer's columns a privacy request redacts (marketplaces). Those modules
 * decide; the orders table is written by the orders module alone (docs/architecture.md, "One
 * writer per table"). The warehouse status and its flags have their own writer
 * (warehouse-status.ts), the local status its own (moveOrder).
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/client.js';
import { orders } from './orders.tables.js';

/**
 * The tracking number a waybill gave the order, and the channel's name where it changed. Which
 * number is acceptable (unique per channel) is the waybill's rule, checked by logistics.
 */
export async function setTracking(
  tx: TenantTx,
  orderId: string,
  tracking: { trackingNo: string; logisticsChannel?: string },
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...tracking, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** Marks the orders' labels printed or unprinted again. */
export async function setPrinted(
  tx: TenantTx,
  orderIds: readonly string[],
  isPrinted: boolean,
): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({ isPrinted, updatedAt: sql`now()` })
    .where(inArray(orders.id, [...orderIds]));
}

/** The buyer's and recipient's columns of an order: what a privacy request redacts. */
export const BUYER_COLUMNS = [
  'buyerName',
  'recipientName',
  'recipientPhone',
  'recipientAddress',
  'buyerMessage',
] as const;

/**
 * The marker in every buyer column of a shop's orders that `where` picks and that are not
 * redacted yet; answers how many changed. The shop is its seller, platform and our shop id (the
 * sync's upsert key).
 */
export async function redactBuyers(
  tx: TenantTx,
  shop: { sellerId: string; platform: string; shopId: string },
  marker: string,
  where: SQL,
): Promise<number> {
  const changed = await tx
    .update(orders)
    .set({ ...Object.fromEntries(BUYER_COLUMNS.map((column) => [column, marker])), updatedAt: new Date() })
    .where(
      sql`${ordersOfShop(shop)} and ${where} and not (${sql.join(
        BUYER_COLUMNS.map((column) => sql`${orders[column]} = ${marker}`),
        sql` and `,
      )})`,
    )
    .returning({ id: orders.id });
  return changed.length;
}

/** A shop's orders in the order list, by the sync's upsert key. */
export const ordersOfShop = (shop: { sellerId: string; platform: string; shopId: string }): SQL =>
  sql`${orders.sellerId} = ${shop.sellerId} and ${orders.platform} = ${shop.platform} and ${orders.shopId} = ${shop.shopId}`;
