/**
 * Step 2 of arranging (waybills.service.ts), outside any transaction: the parcel's issuer is
 * asked over the network — the platform's logistics (arrange, then its tracking number and label
 * PDF, polled while the platform prepares them) or our carrier (the parcel booked by our
 * reference; its label if it issues one, else ours rendered when printed). Kept apart from the
 * steps that lock the order so no transaction waits on these calls; labels ask again through
 * the same calls.
 */
import { eq, sql } from 'drizzle-orm';
import { LOGISTICS_LIMITS } from '@shared/domain/logistics.js';
import { AppError, type ErrorCode } from '@shared/errors.js';
import { withTenant, type Db } from '../../db/client.js';
import { skus } from '../catalog/index.js';
import { ANSWERING_THROTTLE_BUDGET_MS, ShopSession, platformOf, shops } from '../marketplaces/index.js';
import { orderLines, type OrderRecord } from '../orders/index.js';
import { warehouses } from '../warehouse/index.js';
import { CarrierError } from './carriers/carrier.js';
import { channelKeys, type ChannelRow } from './channels.service.js';
import { waybills } from './logistics.tables.js';
import { carrierOf, type LogisticsRuntime } from './runtime.js';
import { failureOf, isWholePdf } from './waybill-outcome.js';

export interface Shipment {
  trackingNo: string;
  carrierName: string;
  sortCode: string;
  /** The label's bytes where the platform or carrier issued one; 'ours' is rendered when printed. */
  label: { pdf: Buffer; source: 'platform' | 'carrier' } | { pdf: null; source: 'ours' } | null;
  /** Why the label could not be had (the arrangement stands). */
  labelFailure: { code: ErrorCode; detail: string } | null;
}

/** The session of the order's shop; an order of no connected shop cannot ship by its platform. */
export async function shopSession(
  db: Db,
  runtime: LogisticsRuntime,
  order: OrderRecord,
): Promise<ShopSession> {
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
export async function platformLabel(
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
export async function arrangeWithPlatform(
  db: Db,
  runtime: LogisticsRuntime,
  order: OrderRecord,
): Promise<Shipment> {
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
export async function arrangeWithCarrier(
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
