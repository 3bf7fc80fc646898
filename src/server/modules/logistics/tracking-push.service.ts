/**
 * Telling a marketplace the tracking number our own carrier gave an order it handed over (every
 * connector has pushTracking; one that takes none from sellers refuses saying why), after the
 * hand-over has committed: from the admin's "delivered" (outbound.service.ts), the handheld's
 * hand-over (the PDA routes) and "send again". The outcome is kept on the waybill; a refusal
 * never undoes the hand-over.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { ANSWERING_THROTTLE_BUDGET_MS, ShopSession, platformOf, shops } from '../marketplaces/index.js';
import { lockOrders, orders } from '../orders/index.js';
import { channelRow, isConnectedShop } from './channels.service.js';
import { waybills } from './logistics.tables.js';
import type { BulkOutcome } from './waybill-outcome.js';
import type { LogisticsRuntime } from './runtime.js';
import { failureOf } from './waybill-outcome.js';
import { waybillOf } from './waybills.service.js';

/** What telling the marketplace came to: sent, nothing to send, or why not (kept on the waybill). */
export type PushOutcome =
  | { outcome: 'pushed' }
  | { outcome: 'not_needed' }
  | { outcome: 'failed'; code: string; detail: string; params: Record<string, string | number> };

/**
 * The push error as the waybill keeps it: our error code, then the platform's own words
 * (push_error holds both, the code first; the list splits them again).
 */
export function pushErrorText(code: string, detail: string): string {
  return `${code} ${detail}`.trim().slice(0, 500);
}

/**
 * Tells the marketplace an order shipped with our carrier and its tracking number (every
 * marketplace connector has pushTracking; one that takes none from sellers refuses saying why).
 * The outcome is kept on the waybill: a refusal never undoes the hand-over (the parcel has left),
 * it is shown on the outbound list with a way to send again (retryTrackingPush).
 */
export async function pushTracking(
  db: Db,
  runtime: LogisticsRuntime,
  tenantId: string,
  orderId: string,
): Promise<PushOutcome> {
  const found = await withTenant(db, tenantId, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const waybill = order ? await waybillOf(tx, order.id) : null;
    if (!order || !waybill?.channelId || !isConnectedShop(order.shopId) || waybill.trackingPushedAt)
      return null;
    const channel = await channelRow(tx, waybill.channelId);
    if (channel.kind !== 'carrier') return null;
    const [shop] = await tx.select().from(shops).where(eq(shops.id, order.shopId));
    return shop ? { order, waybill, channel, shop } : null;
  });
  if (!found) return { outcome: 'not_needed' };
  const { order, waybill, channel, shop } = found;
  let failure: { code: string; detail: string; params: Record<string, string | number> } | null = null;
  try {
    const { connector } = platformOf(runtime.marketplaces, shop.platform);
    const push = connector.pushTracking;
    if (!push) {
      failure = { code: 'waybill.push_unsupported', detail: '', params: { platform: shop.platform } };
    } else {
      const session = new ShopSession(db, runtime.marketplaces, shop, ANSWERING_THROTTLE_BUDGET_MS);
      await session.refreshIfDue();
      await session.call((ctx) =>
        push(ctx, {
          orderNo: order.orderNo,
          trackingNo: waybill.trackingNo,
          carrierCode: channel.companyCode,
          carrierName: waybill.carrierName || channel.companyName || channel.name,
        }),
      );
    }
  } catch (error) {
    const reason = failureOf(error);
    failure = { code: reason.code, detail: reason.detail, params: reason.params ?? {} };
  }
  await withTenant(db, tenantId, (tx) =>
    tx
      .update(waybills)
      .set({
        ...(failure ? {} : { trackingPushedAt: sql`now()` }),
        pushError: failure ? pushErrorText(failure.code, failure.detail) : '',
        updatedAt: sql`now()`,
      })
      .where(eq(waybills.id, waybill.id)),
  );
  return failure ? { outcome: 'failed', ...failure } : { outcome: 'pushed' };
}

/**
 * 'Send again': the tracking number of orders handed over by our carrier whose push failed (or
 * never happened) told to their marketplaces once more. Orders the actor may not see are not
 * found; an order with nothing waiting to be sent says so.
 */
export async function retryTrackingPush(
  db: Db,
  runtime: LogisticsRuntime,
  actor: Actor,
  orderIds: readonly string[],
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: 0, failed: [] };
  for (const orderId of [...new Set(orderIds)]) {
    let orderNo = '';
    try {
      await withTenant(db, actor.tenantId, async (tx) => {
        const [order] = await lockOrders(tx, actor, [orderId]);
        if (!order) throw new AppError('order.not_found');
        orderNo = order.orderNo;
        const waybill = await waybillOf(tx, order.id);
        const channel = waybill?.channelId ? await channelRow(tx, waybill.channelId) : null;
        const isWaiting =
          order.localStatus === 'shipped' &&
          waybill !== null &&
          waybill.trackingPushedAt === null &&
          channel?.kind === 'carrier' &&
          isConnectedShop(order.shopId);
        if (!isWaiting) throw new AppError('waybill.push_not_needed', { orderNo: order.orderNo });
      });
    } catch (error) {
      const failure = failureOf(error);
      outcome.failed.push({
        orderId,
        orderNo,
        errorCode: failure.code,
        params: failure.params ?? {},
        detail: failure.detail,
      });
      continue;
    }
    const pushed = await pushTracking(db, runtime, actor.tenantId, orderId);
    if (pushed.outcome === 'pushed') outcome.succeeded += 1;
    else
      outcome.failed.push({
        orderId,
        orderNo,
        errorCode: pushed.outcome === 'failed' ? pushed.code : 'waybill.push_not_needed',
        params: pushed.outcome === 'failed' ? pushed.params : {},
        detail: pushed.outcome === 'failed' ? pushed.detail : '',
      });
  }
  return outcome;
}
