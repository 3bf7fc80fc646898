/**
 * The demo's logistics: each tenant's marketplace channels (Shopee, Lazada and TikTok Shop
 * logistics, authorised by the sellers' shops), and in the demo tenant one waiting order per
 * seller marked self-shipped with a tracking number, so the outbound list has a parcel to print
 * and hand over from the first start. The carrier channel of our own needs the sandbox and the
 * secrets key: `npm start` adds it with the demo shops (connectDemoChannels).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { LOGISTICS_PLATFORMS } from '@shared/domain/logistics.js';
import { withTenant, type Db, type TenantTx } from '../db/client.js';
import {
  authoriseChannel,
  channelBinding,
  logisticsChannels,
  markSelfShipped,
  type LogisticsRuntime,
} from '../modules/logistics/index.js';
import { orders } from '../modules/orders/index.js';
import { allTenantIds } from '../provision.js';
import { actorOf } from './demo-warehouse.js';

const CHANNEL_NAMES = {
  shopee: 'Shopee logistics',
  lazada: 'Lazada logistics',
  tiktok: 'TikTok Shop logistics',
  joom: 'Joom Logistics',
} as const;

/** The sandbox carrier's first demo account (the sandbox's own keys, worthless elsewhere). */
const SANDBOX_CARRIER = { appKey: 'sbx-carrier-key-0001', appSecret: 'sbx-carrier-secret-0001' };
export const DEMO_CARRIER_CHANNEL = 'Sandbox Express';

export async function seedDemoChannels(tx: TenantTx): Promise<void> {
  await tx
    .insert(logisticsChannels)
    .values(
      LOGISTICS_PLATFORMS.map((platform) => ({
        kind: 'marketplace' as const,
        platform,
        name: CHANNEL_NAMES[platform],
        companyName: CHANNEL_NAMES[platform],
        authStatus: 'authorised' as const,
      })),
    )
    .onConflictDoNothing();
}

/** One waiting order of each demo seller shipped outside our channels, its tracking number typed in. */
export async function seedDemoSelfShipped(tx: TenantTx): Promise<void> {
  const admin = await actorOf(tx, 'admin');
  for (const username of ['seller', 'seller2']) {
    const seller = await actorOf(tx, username);
    const [order] = await tx
      .select({ id: orders.id, systemNo: orders.systemNo })
      .from(orders)
      .where(
        and(
          eq(orders.sellerId, seller.sellerId ?? ''),
          eq(orders.localStatus, 'pending_shipment'),
          sql`${orders.platform} in ('shopee', 'lazada', 'tiktok')`,
        ),
      )
      .orderBy(asc(orders.systemNo))
      .limit(1);
    if (!order) continue;
    await markSelfShipped(tx, admin, {
      orderId: order.id,
      trackingNo: `SELF${order.systemNo.replace(/\D/g, '').slice(-10)}`,
      carrierName: 'Kerry Express',
    });
  }
}

/**
 * With the sandbox running: each tenant's carrier channel of our own on the sandbox carrier,
 * its keys sealed and checked with the carrier. Answers how many channels are authorised.
 */
export async function connectDemoChannels(db: Db, runtime: LogisticsRuntime): Promise<number> {
  const box = runtime.marketplaces.box;
  if (!box || !runtime.carrierUrls.sandbox) return 0;
  let authorised = 0;
  for (const tenantId of await allTenantIds(db)) {
    const id = await withTenant(db, tenantId, async (tx) => {
      const [known] = await tx
        .select({ id: logisticsChannels.id })
        .from(logisticsChannels)
        .where(eq(logisticsChannels.name, DEMO_CARRIER_CHANNEL));
      if (known) return known.id;
      const [made] = await tx
        .insert(logisticsChannels)
        .values({
          kind: 'carrier',
          carrier: 'sandbox',
          name: DEMO_CARRIER_CHANNEL,
          companyName: 'Sandbox Express Co.',
          companyCode: 'SBX',
          keyHint: `…${SANDBOX_CARRIER.appKey.slice(-4)}`,
        })
        .returning({ id: logisticsChannels.id, tenantId: logisticsChannels.tenantId });
      if (!made) throw new Error('channel insert returned nothing');
      await tx
        .update(logisticsChannels)
        .set({ secrets: box.seal(SANDBOX_CARRIER, channelBinding(made)) })
        .where(eq(logisticsChannels.id, made.id));
      return made.id;
    });
    const view = await authoriseChannel(db, runtime, tenantId, id);
    if (view.authStatus === 'authorised') authorised += 1;
  }
  return authorised;
}
