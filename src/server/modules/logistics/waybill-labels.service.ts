/**
 * A parcel's label once it is arranged (waybills.service.ts arranges): the spec's three actions
 * for a label that could not be had — try again (ask the platform or carrier for it once more),
 * upload the PDF by hand, or save it again (from the document we already hold, or ours rendered
 * again) — and printing: labels marked printed, one order's label as a PDF. A label step marks
 * the label 'requested' in a transaction, asks outside it, and keeps what came in another.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasTracking } from '@shared/domain/logistics.js';
import { AppError } from '@shared/errors.js';
import type { Language } from '@shared/i18n/languages.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { lockOrders, orderScope, orders, setPrinted, type OrderRecord } from '../orders/index.js';
import { CarrierError } from './carriers/carrier.js';
import { channelRow, type ChannelRow } from './channels.service.js';
import { waybillLabels, waybills } from './logistics.tables.js';
import { renderOwnLabels } from './own-label.js';
import type { LogisticsRuntime } from './runtime.js';
import { arrangeWithCarrier, platformLabel, shopSession } from './waybill-issuers.service.js';
import { failureOf, isWholePdf, ok, type ItemOutcome } from './waybill-outcome.js';
import { storeLabel, waybillOf } from './waybills.service.js';

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
