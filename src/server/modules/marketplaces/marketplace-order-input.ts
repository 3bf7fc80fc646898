/**
 * A marketplace order's rules, no I/O: the order centre's input it becomes (its lines paired to
 * SKUs, the others kept as sold as unmatched lines, text cut to the columns' lengths), its
 * fingerprint, the actor the sync writes it as, the problem note of its unpaired lines and why
 * it could not be stored. Used by the ingest (ingest.service.ts) and by SKU matching.
 */
import { hash } from 'node:crypto';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import { AppError } from '@shared/errors.js';
import { ORDER_LIMITS } from '@shared/domain/order.js';
import type { Actor } from '../../http/actor.js';
import type { MarketplaceOrder } from './connector.js';
import type { shops } from './marketplaces.tables.js';

type ShopRow = typeof shops.$inferSelect;
/** Fingerprints already taken: a page's orders are compared before the write and stored with it. */
const fingerprints = new WeakMap<MarketplaceOrder, string>();

/** The md5 of the normalised order (orders are not changed once normalised, so it is taken once). */
export function fingerprintOf(order: MarketplaceOrder): string {
  let fingerprint = fingerprints.get(order);
  if (fingerprint === undefined) {
    fingerprint = hash('md5', JSON.stringify(order));
    fingerprints.set(order, fingerprint);
  }
  return fingerprint;
}

/** The actor a sync writes as: the shop's seller (the order's creator in its history). */
export function sellerActor(shop: ShopRow): Actor {
  return {
    tenantId: shop.tenantId,
    userId: shop.sellerId,
    sessionId: '',
    username: 'marketplace-sync',
    userRole: 'seller',
    sellerId: shop.sellerId,
    orgCode: null,
    permissions: new Set(),
    isAdmin: false,
  };
}

export const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/**
 * The order centre's input for a marketplace order: its lines paired to SKUs (skuOf answers
 * each line's SKU, null while unpaired) as lines, the others as unmatched lines kept as sold,
 * and the platform's amounts.
 */
export function orderInputOf(
  shop: ShopRow,
  order: MarketplaceOrder,
  skuOf: (line: MarketplaceOrder['lines'][number]) => string | null,
): MarketplaceOrderInput {
  const paired = order.lines.flatMap((line) => {
    const skuId = skuOf(line);
    return skuId ? [{ line, skuId }] : [];
  });
  return {
    orderNo: order.orderNo,
    warehouseId: shop.warehouseId,
    sellerId: shop.sellerId,
    platform: shop.platform,
    shopId: shop.id,
    shopName: cut(shop.alias, ORDER_LIMITS.text),
    platformStatus: cut(order.platformStatus, 32),
    orderedAt: order.orderedAt,
    paidAt: order.paidAt,
    shipBy: order.shipBy,
    currency: order.currency,
    buyerName: cut(order.buyerName, ORDER_LIMITS.text),
    recipientName: cut(order.recipientName, ORDER_LIMITS.text),
    recipientPhone: cut(order.recipientPhone, 32),
    recipientAddress: cut(order.recipientAddress, ORDER_LIMITS.address),
    buyerMessage: cut(order.buyerMessage, ORDER_LIMITS.note),
    logisticsChannel: cut(order.logisticsChannel, ORDER_LIMITS.text),
    trackingNo: cut(order.trackingNo, ORDER_LIMITS.orderNo),
    lines: paired.map(({ line, skuId }) => ({
      skuId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      itemId: cut(line.itemId, ORDER_LIMITS.text),
      variationId: cut(line.variationId, ORDER_LIMITS.text),
    })),
    unmatchedLines: order.lines
      .filter((line) => !skuOf(line))
      .map((line) => ({
        itemId: cut(line.itemId, ORDER_LIMITS.text),
        variationId: cut(line.variationId, ORDER_LIMITS.text),
        sellerSku: cut(line.sellerSku, ORDER_LIMITS.text),
        title: cut(line.title, 500),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
    // Normalised orders stored before the platforms' amounts were read have none.
    amounts: order.amounts ?? null,
  };
}
/** Why an order could not be stored, for the run's record and the order's exception. */
export function failureOf(error: unknown): string {
  if (error instanceof AppError) {
    const params = Object.keys(error.params ?? {}).length > 0 ? ` ${JSON.stringify(error.params)}` : '';
    return `${error.code}${params}`.slice(0, 500);
  }
  // Drizzle wraps a database error as "Failed query: <text> params: <values>": the database's
  // own words say what went wrong, and the statement's values (a buyer's address) stay out.
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
}
/** The problem note of an order's unpaired lines: each item as the platform names it, and how many. */
export function unmatchedNoteOf(lines: readonly MarketplaceOrder['lines'][number][]): string {
  return cut(
    lines
      .map(
        (line) =>
          `${line.sellerSku || line.title || line.itemId} (${line.itemId}/${line.variationId}) ×${line.quantity}`,
      )
      .join('; '),
    255,
  );
}
