/**
 * Arranging a parcel's shipment and keeping its label. One order at a time, in three steps so
 * no transaction waits on the network:
 *
 * 1. in a transaction, the order is locked and checked (waiting to ship, its channel allowed
 *    for its warehouse and shop, not arranged already) and its waybill marked 'arranging';
 * 2. outside it, the platform's logistics (Shopee, Lazada, TikTok Shop: arrange, then its
 *    tracking number and label PDF, polled while the platform prepares them) or our carrier
 *    (book the parcel by our reference; we render the label) is called;
 * 3. in a second transaction the order is locked again: still waiting to ship, the waybill is
 *    arranged with its tracking number and the label's bytes are stored; cancelled meanwhile,
 *    the waybill says so and nothing ships.
 *
 * A failure leaves the order where it was with the waybill 'arrange_failed' and why (our code,
 * the platform's or carrier's words): arranging again is the retry, and a platform or carrier
 * that already took the parcel answers the same one. A label that could not be fetched leaves
 * the arrangement standing with the label 'failed': the user may try again (ask the platform or
 * carrier for it once more), upload the PDF by hand, or save it again (from the document we
 * already hold, or ours rendered again) — the spec's three actions.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { hasTracking, LOGISTICS_LIMITS, type ShipmentRefusal } from '@shared/domain/logistics.js';
import { AppError, type ErrorCode, type ErrorParams } from '@shared/errors.js';
import type { Language } from '@shared/i18n/languages.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import { refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { skus } from '../catalog/index.js';
import {
  ANSWERING_THROTTLE_BUDGET_MS,
  MarketplaceError,
  ShopSession,
  isPdf,
  platformOf,
  shops,
} from '../marketplaces/index.js';
import {
  lockOrders,
  orderLines,
  orderScope,
  orders,
  setPrinted,
  setTracking,
  type OrderRecord,
} from '../orders/index.js';
import { warehouses } from '../warehouse/index.js';
import { CarrierError } from './carriers/carrier.js';
import { channelAllows, channelKeys, channelRow, type ChannelRow } from './channels.service.js';
import { logisticsChannels, waybillLabels, waybills } from './logistics.tables.js';
import { renderOwnLabels } from './own-label.js';
import { carrierOf, type LogisticsRuntime } from './runtime.js';

export type WaybillRow = typeof waybills.$inferSelect;

/** An 'arranging' mark older than this was left by a lost process: arranging may start again. */
const STALE_ARRANGING_MS = 5 * 60_000;

export interface ItemOutcome {
  outcome: 'ok' | 'failed' | 'skipped';
  errorCode: string;
  /** What the message of the code names (an order number, a platform). */
  params?: ErrorParams;
  /** The platform's or carrier's own words, where it gave any. */
  detail: string;
}

const ok = (): ItemOutcome => ({ outcome: 'ok', errorCode: '', detail: '' });

/** Our error code and the other side's words for what went wrong at a platform or carrier. */
export function failureOf(error: unknown): { code: ErrorCode; detail: string; params?: ErrorParams } {
  if (error instanceof AppError) return { code: error.code, detail: '', params: { ...error.params } };
  if (error instanceof MarketplaceError) {
    const refusal = error.detail.platformCode as ShipmentRefusal | undefined;
    if (error.code === 'rejected' && refusal && REFUSAL_CODES[refusal])
      return { code: REFUSAL_CODES[refusal], detail: error.message };
    return { code: `shop.${error.code}` as ErrorCode, detail: error.message };
  }
  if (error instanceof CarrierError) {
    if (error.detail.refusal === 'address_incomplete')
      return { code: 'waybill.refused_address_incomplete', detail: error.message };
    const code: ErrorCode =
      error.code === 'unauthorised'
        ? 'logistics.keys_refused'
        : error.code === 'rejected'
          ? 'waybill.carrier_rejected'
          : 'logistics.carrier_unavailable';
    return { code, detail: error.message };
  }
  throw error;
}

const REFUSAL_CODES: Record<ShipmentRefusal, ErrorCode> = {
  cancelled: 'waybill.refused_cancelled',
  unpaid: 'waybill.refused_unpaid',
  already_shipped: 'waybill.refused_already_shipped',
  address_incomplete: 'waybill.refused_address_incomplete',
  not_found: 'waybill.refused_not_found',
  platform_logistics_only: 'waybill.refused_platform_logistics',
};

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

interface Shipment {
  trackingNo: string;
  carrierName: string;
  sortCode: string;
  /** The label's bytes where the platform or carrier issued one; 'ours' is rendered when printed. */
  label: { pdf: Buffer; source: 'platform' | 'carrier' } | { pdf: null; source: 'ours' } | null;
  /** Why the label could not be had (the arrangement stands). */
  labelFailure: { code: ErrorCode; detail: string } | null;
}

async function shopSession(db: Db, runtime: LogisticsRuntime, order: OrderRecord): Promise<ShopSession> {
  if (!/^[0-9a-f-]{36}$/i.test(order.shopId))
    throw new AppError('waybill.shop_not_connected', { orderNo: order.orderNo, platform: order.platform });
  const [shop] = await withTenant(db, order.tenantId, (tx) =>
    tx.select().from(shops).where(eq(shops.id, order.shopId)),
  );
  if (!shop)
    throw new AppError('waybill.shop_not_connected', { orderNo: order.orderNo, platform: order.platform });
  return new ShopSession(db, runtime.marketplaces, shop, ANSWERING_THROTTLE_BUDGET_MS);
}

/** Asks until the platform has it ready, waiting longer each time; null when it never was. */
async function poll<T>(runtime: LogisticsRuntime, ask: () => Promise<T | null>): Promise<T | null> {
  for (let attempt = 0; attempt < LOGISTICS_LIMITS.labelPolls; attempt += 1) {
    const value = await ask();
    if (value !== null) return value;
    await runtime.marketplaces.sleep(1000 * 2 ** attempt);
  }
  return null;
}

/** The platform's label for an arranged order, polled while the platform generates it. */
async function platformLabel(
  session: ShopSession,
  runtime: LogisticsRuntime,
  order: OrderRecord,
  trackingNo: string,
): Promise<Buffer | null> {
  const { connector } = platformOf(runtime.marketplaces, session.shop.platform);
  const fetchLabel = connector.fetchLabel;
  if (!fetchLabel) return null;
  return poll(runtime, async () => {
    const reply = await session.call((ctx) => fetchLabel(ctx, { orderNo: order.orderNo, trackingNo }));
    if (reply.status !== 'ready') return null;
    if (!isWholePdf(reply.pdf)) throw new AppError('waybill.label_invalid');
    return reply.pdf;
  });
}

/** Step 2 for a marketplace channel: the platform arranges; its tracking number and label follow. */
async function arrangeWithPlatform(db: Db, runtime: LogisticsRuntime, order: OrderRecord): Promise<Shipment> {
  const session = await shopSession(db, runtime, order);
  const { connector } = platformOf(runtime.marketplaces, session.shop.platform);
  const arrange = connector.arrangeShipment;
  const getShipment = connector.getShipment;
  if (connector.logistics !== 'platform' || !arrange)
    throw new AppError('waybill.platform_has_no_logistics', { platform: order.platform });
  await session.refreshIfDue();
  let shipment = await session.call((ctx) => arrange(ctx, { orderNo: order.orderNo }));
  if (shipment.trackingNo === null && getShipment) {
    const later = await poll(runtime, async () => {
      const read = await session.call((ctx) => getShipment(ctx, { orderNo: order.orderNo }));
      return read.trackingNo === null ? null : read;
    });
    if (later) shipment = later;
  }
  if (shipment.trackingNo === null) throw new AppError('waybill.tracking_pending');
  const trackingNo = shipment.trackingNo;
  try {
    const pdf = await platformLabel(session, runtime, order, trackingNo);
    return {
      trackingNo,
      carrierName: shipment.carrierName,
      sortCode: '',
      label: pdf ? { pdf, source: 'platform' } : null,
      labelFailure: pdf ? null : { code: 'waybill.label_not_saved', detail: '' },
    };
  } catch (error) {
    return {
      trackingNo,
      carrierName: shipment.carrierName,
      sortCode: '',
      label: null,
      labelFailure: failureOf(error),
    };
  }
}

/** Who sends and who receives, as our label and the carrier's booking print them. */
async function partiesOf(db: Db, order: OrderRecord) {
  return withTenant(db, order.tenantId, async (tx) => {
    const [warehouse] = await tx.select().from(warehouses).where(eq(warehouses.id, order.warehouseId));
    const [weight] = await tx
      .select({
        grams: sql<number>`coalesce(sum(${orderLines.quantity} * coalesce(${skus.weightG}, 0)), 0)::int`,
      })
      .from(orderLines)
      .innerJoin(skus, eq(skus.id, orderLines.skuId))
      .where(eq(orderLines.orderId, order.id));
    const [waybill] = await tx
      .select({ weightGrams: waybills.weightGrams })
      .from(waybills)
      .where(eq(waybills.orderId, order.id));
    return {
      sender: {
        name: warehouse?.contactName || warehouse?.name || '',
        phone: warehouse?.contactPhone ?? '',
        address: warehouse?.address ?? '',
      },
      recipient: { name: order.recipientName, phone: order.recipientPhone, address: order.recipientAddress },
      weightGrams: waybill?.weightGrams ?? weight?.grams ?? 0,
    };
  });
}

/** A call to a carrier, waiting out its throttling and outages a few times. */
async function withCarrierRetries<T>(runtime: LogisticsRuntime, work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const retryable =
        error instanceof CarrierError && (error.code === 'rate_limited' || error.code === 'unavailable');
      if (!retryable || attempt >= 3) throw error;
      await runtime.marketplaces.sleep(Math.min(error.detail.retryAfterMs ?? 500 * 2 ** attempt, 30_000));
    }
  }
}

/** Step 2 for a carrier channel: the parcel booked by our reference; our label is rendered when printed. */
async function arrangeWithCarrier(
  db: Db,
  runtime: LogisticsRuntime,
  order: OrderRecord,
  channel: ChannelRow,
): Promise<Shipment> {
  if (!channel.carrier) throw new AppError('logistics.not_configured', { carrier: '' });
  const { adapter, apiUrl } = carrierOf(runtime, channel.carrier);
  const parties = await partiesOf(db, order);
  const booking = await withCarrierRetries(runtime, () =>
    adapter.book(
      {
        apiUrl,
        keys: channelKeys(runtime, channel),
        fetch: runtime.marketplaces.fetch,
        now: () => runtime.marketplaces.now(),
      },
      { reference: order.systemNo, ...parties },
    ),
  );
  return {
    trackingNo: booking.trackingNo,
    carrierName: channel.companyName || channel.name,
    sortCode: booking.sortCode,
    label: booking.label ? { pdf: booking.label, source: 'carrier' } : { pdf: null, source: 'ours' },
    labelFailure: null,
  };
}

async function storeLabel(tx: TenantTx, waybillId: string, pdf: Buffer, pages = 1): Promise<void> {
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

/** An arranged order's waybill and channel, its label marked 'requested' while it is fetched or saved. */
async function beginLabel(db: Db, actor: Actor, orderId: string) {
  return withTenant(db, actor.tenantId, async (tx) => {
    const [order] = await lockOrders(tx, actor, [orderId]);
    if (!order) throw new AppError('order.not_found');
    const waybill = await waybillOf(tx, order.id);
    if (!waybill || !hasTracking(waybill.arrangeStatus))
      throw new AppError('waybill.not_arranged', { orderNo: order.orderNo });
    await tx
      .update(waybills)
      .set({ labelStatus: 'requested', updatedAt: sql`now()` })
      .where(eq(waybills.id, waybill.id));
    const channel = waybill.channelId ? await channelRow(tx, waybill.channelId) : null;
    return { order, waybill, channel };
  });
}

type LabelStart = Awaited<ReturnType<typeof beginLabel>>;

/** What a label step got: a document to keep (and who issued it), ours to render when printed, or nothing. */
type LabelResult =
  { pdf: Buffer; source: 'platform' | 'carrier' | 'upload' } | { pdf: null; source: 'ours' } | null;

/** Keeps a label step's result: ready with its bytes (ours is never stored), or 'failed' when none came. */
async function finishLabel(
  db: Db,
  actor: Actor,
  start: LabelStart,
  result: LabelResult,
  attempted: boolean,
): Promise<ItemOutcome> {
  await withTenant(db, actor.tenantId, async (tx) => {
    await tx
      .update(waybills)
      .set({
        labelStatus: result ? 'ready' : 'failed',
        ...(result ? { labelSource: result.source } : {}),
        labelError: result ? '' : 'waybill.label_not_saved',
        labelMessage: '',
        ...(attempted ? { labelAttempts: sql`${waybills.labelAttempts} + 1` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(waybills.id, start.waybill.id));
    if (result?.pdf) await storeLabel(tx, start.waybill.id, result.pdf);
    // Ours is rendered when printed: bytes issued or uploaded before give way to it.
    if (result?.source === 'ours')
      await tx.delete(waybillLabels).where(eq(waybillLabels.waybillId, start.waybill.id));
  });
  return result ? ok() : { outcome: 'failed', errorCode: 'waybill.label_not_saved', detail: '' };
}

/** A label step that failed: the label 'failed' with why (only where this step had marked it requested). */
async function failLabel(db: Db, actor: Actor, orderId: string, error: unknown): Promise<ItemOutcome> {
  const failure = failureOf(error);
  await withTenant(db, actor.tenantId, (tx) =>
    tx
      .update(waybills)
      .set({
        labelStatus: 'failed',
        labelError: failure.code.slice(0, 64),
        labelMessage: failure.detail.slice(0, 500),
        updatedAt: sql`now()`,
      })
      .where(and(eq(waybills.orderId, orderId), eq(waybills.labelStatus, 'requested'))),
  );
  return { outcome: 'failed', errorCode: failure.code, params: failure.params, detail: failure.detail };
}

/** Our own label, rendered now to prove it can be (a self-shipped parcel's names the carrier it went to). */
async function renderedOurs(db: Db, actor: Actor, orderId: string): Promise<LabelResult> {
  await withTenant(db, actor.tenantId, (tx) => renderOwnLabels(tx, [orderId], actor.language ?? 'zh-CN'));
  return { pdf: null, source: 'ours' };
}

/** The carrier's label again: the parcel booked again by our reference answers the same parcel. */
async function carrierLabel(
  db: Db,
  runtime: LogisticsRuntime,
  order: OrderRecord,
  channel: ChannelRow,
  trackingNo: string,
): Promise<LabelResult> {
  const shipment = await arrangeWithCarrier(db, runtime, order, channel);
  if (shipment.trackingNo !== trackingNo)
    throw new CarrierError(
      'rejected',
      `the carrier answered ${shipment.trackingNo} for parcel ${trackingNo}`,
    );
  return shipment.label?.pdf ? { pdf: shipment.label.pdf, source: 'carrier' } : { pdf: null, source: 'ours' };
}

/**
 * 'Try again': asks the label's issuer for it once more — the platform's document (polled while
 * it is generated), or the carrier's booking by our reference (the same parcel, its label if it
 * issues one) — and keeps it only when a whole PDF came. A parcel shipped elsewhere has only ours.
 */
export async function refetchLabel(
  db: Db,
  runtime: LogisticsRuntime,
  actor: Actor,
  orderId: string,
): Promise<ItemOutcome> {
  try {
    const start = await beginLabel(db, actor, orderId);
    const { order, waybill, channel } = start;
    let result: LabelResult;
    if (channel?.kind === 'marketplace') {
      const pdf = await platformLabel(
        await shopSession(db, runtime, order),
        runtime,
        order,
        waybill.trackingNo,
      );
      result = pdf ? { pdf, source: 'platform' } : null;
    } else if (channel?.kind === 'carrier') {
      result = await carrierLabel(db, runtime, order, channel, waybill.trackingNo);
    } else {
      result = await renderedOurs(db, actor, order.id);
    }
    return await finishLabel(db, actor, start, result, true);
  } catch (error) {
    return failLabel(db, actor, orderId, error);
  }
}

/**
 * 'Save again': saves the label from what we already hold, asking no one — the document fetched
 * or uploaded before (its bytes checked whole again), or ours rendered again where the label is
 * ours. A platform's label never fetched cannot be saved again: try again, or upload it by hand.
 */
export async function resaveLabel(db: Db, actor: Actor, orderId: string): Promise<ItemOutcome> {
  try {
    const start = await beginLabel(db, actor, orderId);
    const { order, waybill, channel } = start;
    const [held] = await withTenant(db, actor.tenantId, (tx) =>
      tx
        .select({ pdf: waybillLabels.pdf })
        .from(waybillLabels)
        .where(eq(waybillLabels.waybillId, waybill.id)),
    );
    const source = waybill.labelSource;
    let result: LabelResult;
    if (held && (source === 'platform' || source === 'carrier' || source === 'upload')) {
      if (!isWholePdf(held.pdf)) throw new AppError('waybill.label_invalid');
      result = { pdf: held.pdf, source };
    } else if (channel?.kind === 'marketplace') {
      throw new AppError('waybill.nothing_to_save', { orderNo: order.orderNo });
    } else {
      result = await renderedOurs(db, actor, order.id);
    }
    return await finishLabel(db, actor, start, result, false);
  } catch (error) {
    return failLabel(db, actor, orderId, error);
  }
}

/** A label's bytes are a whole PDF no larger than a label may be. */
function isWholePdf(pdf: Buffer): boolean {
  return pdf.length > 0 && pdf.length <= LOGISTICS_LIMITS.labelBytes && isPdf(pdf);
}

/** 'Upload manually': the label PDF a user had from elsewhere, for an arranged order. */
export async function uploadLabel(tx: TenantTx, actor: Actor, orderId: string, pdf: Buffer): Promise<null> {
  if (!isWholePdf(pdf)) throw new AppError('waybill.label_invalid');
  const [order] = await lockOrders(tx, actor, [orderId]);
  if (!order) throw new AppError('order.not_found');
  const waybill = await waybillOf(tx, order.id);
  if (!waybill || !hasTracking(waybill.arrangeStatus))
    throw new AppError('waybill.not_arranged', { orderNo: order.orderNo });
  await storeLabel(tx, waybill.id, pdf);
  await tx
    .update(waybills)
    .set({
      labelStatus: 'ready',
      labelSource: 'upload',
      labelError: '',
      labelMessage: '',
      updatedAt: sql`now()`,
    })
    .where(eq(waybills.id, waybill.id));
  return null;
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

/** Marks labels printed (each print counted) or unprinted again. */
export async function markPrinted(
  tx: TenantTx,
  actor: Actor,
  orderIds: readonly string[],
  isPrinted: boolean,
): Promise<number> {
  const rows = await lockOrders(tx, actor, orderIds);
  const ids = rows.map((row) => row.id);
  if (isPrinted) {
    const labelled = await tx
      .select({ orderId: waybills.orderId })
      .from(waybills)
      .where(and(inArray(waybills.orderId, ids), eq(waybills.labelStatus, 'ready')));
    const missing = rows.find((row) => !labelled.some((entry) => entry.orderId === row.id));
    if (missing) throw new AppError('waybill.no_label', { orderNo: missing.orderNo });
    await tx
      .update(waybills)
      .set({ printCount: sql`${waybills.printCount} + 1`, printedAt: sql`now()`, updatedAt: sql`now()` })
      .where(inArray(waybills.orderId, ids));
  }
  await setPrinted(tx, ids, isPrinted);
  return ids.length;
}

/** One order's label: the stored bytes (a reprint prints what was issued) or ours, rendered. */
export async function labelOf(
  tx: TenantTx,
  actor: Actor,
  orderId: string,
  language: Language,
): Promise<{ pdf: Buffer; name: string }> {
  const [row] = await tx
    .select({
      pdf: waybillLabels.pdf,
      source: waybills.labelSource,
      status: waybills.labelStatus,
      trackingNo: waybills.trackingNo,
      orderNo: orders.orderNo,
    })
    .from(waybills)
    .innerJoin(orders, eq(orders.id, waybills.orderId))
    .leftJoin(waybillLabels, eq(waybillLabels.waybillId, waybills.id))
    .where(and(eq(waybills.orderId, orderId), orderScope(actor)));
  if (!row || row.status !== 'ready') throw new AppError('waybill.no_label', { orderNo: row?.orderNo ?? '' });
  const pdf = row.pdf ?? (row.source === 'ours' ? await renderOwnLabels(tx, [orderId], language) : null);
  if (!pdf) throw new AppError('waybill.no_label', { orderNo: row.orderNo });
  return { pdf, name: `${row.trackingNo || row.orderNo}.pdf` };
}
