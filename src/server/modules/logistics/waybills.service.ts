/**
 * Arranging a parcel's shipment. One order at a time, in three steps so no transaction waits
 * on the network:
 *
 * 1. in a transaction, the order is locked and checked (waiting to ship, its channel allowed
 *    for its warehouse and shop, not arranged already) and its waybill marked 'arranging';
 * 2. outside it, the platform's logistics (Shopee, Lazada, TikTok Shop: arrange, then its
 *    tracking number and label PDF, polled while the platform prepares them) or our carrier
 *    (book the parcel by our reference; we render the label) is called
 *    (waybill-issuers.service.ts);
 * 3. in a second transaction the order is locked again: still waiting to ship, the waybill is
 *    arranged with its tracking number and the label's bytes are stored; cancelled meanwhile,
 *    the waybill says so and nothing ships.
 *
 * A failure leaves the order where it was with the waybill 'arrange_failed' and why (our code,
 * the platform's or carrier's words, waybill-outcome.ts): arranging again is the retry, and a
 * platform or carrier that already took the parcel answers the same one. A label that could not
 * be fetched leaves the arrangement standing with the label 'failed'; what the user may do then,
 * and printing, are in waybill-labels.service.ts. A parcel shipped outside our channels is
 * marked self-shipped here.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { hasTracking } from '@shared/domain/logistics.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import { refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { lockOrders, orders, setTracking, type OrderRecord } from '../orders/index.js';
import { channelAllows, channelRow, type ChannelRow } from './channels.service.js';
import { logisticsChannels, waybillLabels, waybills } from './logistics.tables.js';
import type { LogisticsRuntime } from './runtime.js';
import { arrangeWithCarrier, arrangeWithPlatform, type Shipment } from './waybill-issuers.service.js';
import { failureOf, ok, type ItemOutcome } from './waybill-outcome.js';

export type WaybillRow = typeof waybills.$inferSelect;

/** An 'arranging' mark older than this was left by a lost process: arranging may start again. */
const STALE_ARRANGING_MS = 5 * 60_000;

export async function waybillOf(tx: TenantTx, orderId: string): Promise<WaybillRow | null> {
  const [row] = await tx.select().from(waybills).where(eq(waybills.orderId, orderId));
  return row ?? null;
}

/** The marketplace channel an order of a platform-logistics marketplace ships by when none is chosen. */
async function defaultChannel(tx: TenantTx, order: OrderRecord): Promise<ChannelRow | null> {
  const rows = await tx
    .select()
    .from(logisticsChannels)
    .where(
      and(eq(logisticsChannels.kind, 'marketplace'), sql`${logisticsChannels.platform} = ${order.platform}`),
    )
    .orderBy(asc(logisticsChannels.name));
  return rows.find((row) => channelAllows(row, order)) ?? null;
}

interface Prepared {
  order: OrderRecord;
  channel: ChannelRow;
  waybill: WaybillRow;
}

/** Step 1: the order checked and its waybill marked 'arranging' (or why not). */
async function prepare(
  tx: TenantTx,
  actor: Actor,
  orderId: string,
  channelId: string | undefined,
): Promise<Prepared | ItemOutcome> {
  const [order] = await lockOrders(tx, actor, [orderId]);
  if (!order) throw new AppError('order.not_found');
  if (order.localStatus !== 'pending_shipment')
    throw new AppError('waybill.not_pending', { orderNo: order.orderNo });
  const existing = await waybillOf(tx, order.id);
  if (existing && hasTracking(existing.arrangeStatus))
    return { outcome: 'skipped', errorCode: 'waybill.already_arranged', detail: existing.trackingNo };
  if (
    existing?.arrangeStatus === 'arranging' &&
    Date.now() - existing.updatedAt.getTime() < STALE_ARRANGING_MS
  )
    return { outcome: 'skipped', errorCode: 'waybill.arranging', detail: '' };
  const chosen = channelId ?? existing?.channelId ?? undefined;
  const channel = chosen ? await channelRow(tx, chosen) : await defaultChannel(tx, order);
  if (!channel) throw new AppError('waybill.channel_required');
  if (!channelAllows(channel, order))
    throw new AppError('waybill.channel_not_allowed', { name: channel.name, orderNo: order.orderNo });
  if (channel.kind === 'carrier' && channel.authStatus !== 'authorised')
    throw new AppError('logistics.not_authorised', { name: channel.name });
  const values = {
    orderId: order.id,
    sellerId: order.sellerId,
    warehouseId: order.warehouseId,
    channelId: channel.id,
    arrangeStatus: 'arranging' as const,
    arrangeError: '',
    arrangeMessage: '',
  };
  const [waybill] = await tx
    .insert(waybills)
    .values({ ...values, arrangeAttempts: 1 })
    .onConflictDoUpdate({
      target: [waybills.tenantId, waybills.orderId],
      set: { ...values, arrangeAttempts: sql`${waybills.arrangeAttempts} + 1`, updatedAt: sql`now()` },
    })
    .returning();
  if (!waybill) throw new Error('waybill upsert returned nothing');
  return { order, channel, waybill };
}

/** Keeps a label's bytes for its waybill, replacing any kept before. */
export async function storeLabel(tx: TenantTx, waybillId: string, pdf: Buffer, pages = 1): Promise<void> {
  await tx
    .insert(waybillLabels)
    .values({ waybillId, pdf, pages })
    .onConflictDoUpdate({
      target: [waybillLabels.tenantId, waybillLabels.waybillId],
      set: { pdf, pages, createdAt: sql`now()` },
    });
}

async function recordFailure(
  db: Db,
  tenantId: string,
  waybillId: string,
  failure: { code: string; detail: string },
) {
  await withTenant(db, tenantId, (tx) =>
    tx
      .update(waybills)
      .set({
        arrangeStatus: 'arrange_failed',
        arrangeError: failure.code.slice(0, 64),
        arrangeMessage: failure.detail.slice(0, 500),
        updatedAt: sql`now()`,
      })
      .where(eq(waybills.id, waybillId)),
  );
}

/** Arranges one order's shipment (the three steps above); answers what became of it. */
export async function arrangeOrder(
  db: Db,
  runtime: LogisticsRuntime,
  actor: Actor,
  orderId: string,
  channelId: string | undefined,
): Promise<ItemOutcome> {
  let prepared: Prepared | ItemOutcome;
  try {
    prepared = await withTenant(db, actor.tenantId, (tx) => prepare(tx, actor, orderId, channelId));
  } catch (error) {
    const failure = failureOf(error);
    return { outcome: 'failed', errorCode: failure.code, params: failure.params, detail: failure.detail };
  }
  if (!('waybill' in prepared)) return prepared;
  const { order, channel, waybill } = prepared;
  let shipment: Shipment;
  try {
    shipment =
      channel.kind === 'marketplace'
        ? await arrangeWithPlatform(db, runtime, order)
        : await arrangeWithCarrier(db, runtime, order, channel);
  } catch (error) {
    const failure = failureOf(error);
    await recordFailure(db, actor.tenantId, waybill.id, failure);
    return { outcome: 'failed', errorCode: failure.code, params: failure.params, detail: failure.detail };
  }
  try {
    return await refuseOnConstraint(
      () => recordShipment(db, actor, prepared, shipment),
      trackingRefusals(order.orderNo),
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'waybill.tracking_duplicate') throw error;
    // The repeat is the waybill's failure (arranging again is the retry); the order keeps no
    // number, and the batch names the number that was refused.
    await recordFailure(db, actor.tenantId, waybill.id, { code: error.code, detail: '' });
    return {
      outcome: 'failed',
      errorCode: error.code,
      params: { ...error.params },
      detail: shipment.trackingNo,
    };
  }
}

/** The refusal of a tracking number another parcel of the channel holds, by the constraint that caught it. */
const trackingRefusals = (orderNo: string) => {
  const refusal = new AppError('waybill.tracking_duplicate', { orderNo });
  return { waybills_channel_tracking_key: refusal };
};

/**
 * Whether another parcel of the channel holds the tracking number: another waybill of the
 * channel, or another order of the same shop and logistics channel (a number the platform
 * assigned or one typed in). Returns match parcels by this number, so it names one parcel only.
 */
async function isTrackingTaken(
  tx: TenantTx,
  order: OrderRecord,
  channel: ChannelRow,
  waybillId: string,
  trackingNo: string,
): Promise<boolean> {
  const [waybill] = await tx
    .select({ id: waybills.id })
    .from(waybills)
    .where(
      and(
        eq(waybills.channelId, channel.id),
        eq(waybills.trackingNo, trackingNo),
        ne(waybills.id, waybillId),
      ),
    )
    .limit(1);
  if (waybill) return true;
  const [other] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.platform, order.platform),
        eq(orders.shopId, order.shopId),
        eq(orders.logisticsChannel, channel.name),
        eq(orders.trackingNo, trackingNo),
        ne(orders.id, order.id),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/**
 * Step 3: the order locked again; still waiting to ship, the waybill is arranged with its
 * tracking number and label, unless another parcel of the channel holds that number (a carrier
 * that repeats one is refused: 'waybill.tracking_duplicate', nothing recorded).
 */
async function recordShipment(
  db: Db,
  actor: Actor,
  { order, channel, waybill }: Prepared,
  shipment: Shipment,
): Promise<ItemOutcome> {
  const trackingNo = shipment.trackingNo.slice(0, 64);
  return withTenant(db, actor.tenantId, async (tx) => {
    const [now] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!now || now.localStatus !== 'pending_shipment') {
      await tx
        .update(waybills)
        .set({
          arrangeStatus: 'arrange_failed',
          arrangeError: 'waybill.cancelled_meanwhile',
          arrangeMessage: shipment.trackingNo,
          updatedAt: sql`now()`,
        })
        .where(eq(waybills.id, waybill.id));
      return { outcome: 'failed', errorCode: 'waybill.cancelled_meanwhile', detail: '' };
    }
    if (await isTrackingTaken(tx, order, channel, waybill.id, trackingNo))
      throw new AppError('waybill.tracking_duplicate', { orderNo: order.orderNo });
    await tx
      .update(waybills)
      .set({
        arrangeStatus: 'arranged',
        trackingNo,
        carrierName: shipment.carrierName.slice(0, 128),
        sortCode: shipment.sortCode.slice(0, 32),
        arrangedAt: sql`now()`,
        labelStatus: shipment.label ? 'ready' : 'failed',
        labelSource: shipment.label?.source ?? '',
        labelError: shipment.labelFailure?.code.slice(0, 64) ?? '',
        labelMessage: shipment.labelFailure?.detail.slice(0, 500) ?? '',
        labelAttempts: sql`${waybills.labelAttempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(waybills.id, waybill.id));
    if (shipment.label?.pdf) await storeLabel(tx, waybill.id, shipment.label.pdf);
    await setTracking(tx, order.id, { trackingNo, logisticsChannel: channel.name });
    return ok();
  });
}

/**
 * 'Self-shipped': a parcel shipped outside our channels, its tracking number typed in. It has
 * no channel; its label is uploaded by hand or rendered here ('save again') naming its carrier.
 */
export async function markSelfShipped(
  tx: TenantTx,
  actor: Actor,
  input: { orderId: string; trackingNo: string; carrierName: string },
): Promise<null> {
  const [order] = await lockOrders(tx, actor, [input.orderId]);
  if (!order) throw new AppError('order.not_found');
  if (order.localStatus !== 'pending_shipment')
    throw new AppError('waybill.not_pending', { orderNo: order.orderNo });
  const existing = await waybillOf(tx, order.id);
  if (existing && hasTracking(existing.arrangeStatus))
    throw new AppError('waybill.already_arranged', { orderNo: order.orderNo });
  const values = {
    arrangeStatus: 'self_shipped' as const,
    channelId: null,
    labelStatus: 'ready' as const,
    labelSource: 'ours' as const,
    trackingNo: input.trackingNo,
    carrierName: input.carrierName,
    arrangeError: '',
    arrangeMessage: '',
    arrangedAt: new Date(),
  };
  await tx
    .insert(waybills)
    .values({
      orderId: order.id,
      sellerId: order.sellerId,
      warehouseId: order.warehouseId,
      ...values,
    })
    .onConflictDoUpdate({
      target: [waybills.tenantId, waybills.orderId],
      set: { ...values, updatedAt: sql`now()` },
    });
  // A number another order of its shop and channel has is refused by name, not as a conflict.
  await refuseOnConstraint(
    () => setTracking(tx, order.id, { trackingNo: input.trackingNo }),
    trackingRefusals(order.orderNo),
  );
  return null;
}
