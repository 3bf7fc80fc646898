/**
 * Demo data of the shell's live features for the demo tenant: order questions between the
 * sellers and the warehouse on the demo orders, video tutorials for both sides, and
 * announcements (one released notice, one system message, one draft). Written through the
 * tables, as the seed runs before any session exists.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantTx } from '../db/client.js';
import { announcements } from '../modules/announcements/index.js';
import { users } from '../modules/identity/index.js';
import { orders } from '../modules/orders/index.js';
import { orderQuestions } from '../modules/questions/index.js';
import { tutorialVideos } from '../modules/videos/index.js';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

const VIDEOS = [
  {
    audience: 'seller',
    title: 'Getting started: connect your first shop',
    url: 'https://videos.example.com/seller/connect-shop',
    sortNo: 1,
  },
  {
    audience: 'seller',
    title: 'Sending an inbound order to the warehouse',
    url: 'https://videos.example.com/seller/inbound-order',
    sortNo: 2,
  },
  {
    audience: 'seller',
    title: 'Matching marketplace SKUs to your products',
    url: 'https://videos.example.com/seller/sku-matching',
    sortNo: 3,
  },
  {
    audience: 'seller',
    title: 'Recharging your wallet and reading charges',
    url: 'https://videos.example.com/seller/wallet',
    sortNo: 4,
  },
  {
    audience: 'warehouse',
    title: 'Receiving and shelving with the PDA',
    url: 'https://videos.example.com/warehouse/receiving',
    sortNo: 1,
  },
  {
    audience: 'warehouse',
    title: 'Picking, packing and bagging a wave',
    url: 'https://videos.example.com/warehouse/pick-pack',
    sortNo: 2,
  },
  {
    audience: 'warehouse',
    title: 'Running a stock count by location',
    url: 'https://videos.example.com/warehouse/stock-count',
    sortNo: 3,
  },
] as const;

async function demoUserIds(tx: TenantTx): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['agent', 'seller', 'seller2', 'waremanager']));
  return new Map(rows.map((row) => [row.username, row.id]));
}

/** Seeds the demo tenant's videos and announcements; the demo users must exist. */
export async function seedDemoHelpDesk(tx: TenantTx): Promise<void> {
  const agent = (await demoUserIds(tx)).get('agent');
  if (!agent) return;

  await tx.insert(tutorialVideos).values([...VIDEOS]);

  await tx.insert(announcements).values([
    {
      titile: 'Warehouse closed for the Songkran holiday',
      msgContent:
        '<p>Our Bangkok warehouse is closed from <strong>13 to 15 April</strong>.</p>' +
        '<ul><li>Orders received after 12 April 15:00 ship on 16 April.</li>' +
        '<li>Inbound deliveries are not accepted on those days.</li></ul>' +
        '<p>See the <a href="https://demo-logistics.example.com/help/holidays" target="_blank" rel="noopener noreferrer">holiday calendar</a>.</p>',
      msgAbstract:
        'The Bangkok warehouse is closed from 13 to 15 April; orders after 12 April 15:00 ship on 16 April.',
      priority: 'H',
      msgCategory: '1',
      msgType: 'ALL',
      sendStatus: '1',
      sendTime: ago(30),
      createdBy: agent,
      createdAt: ago(31),
    },
    {
      titile: 'New Shopee order sync every 30 minutes',
      msgContent:
        '<p>Shop orders are now synchronised every 30 minutes, and on demand from the order list.</p>',
      msgAbstract: 'Shop orders are now synchronised every 30 minutes.',
      priority: 'M',
      msgCategory: '2',
      msgType: 'ROLE',
      roleCodes: ['seller', 'seller_staff'],
      sendStatus: '1',
      sendTime: ago(50),
      createdBy: agent,
      createdAt: ago(51),
    },
    {
      titile: 'Price list for 2026 (draft)',
      msgContent: '<p>Storage and handling fees for 2026: <em>to be confirmed</em>.</p>',
      msgAbstract: 'Storage and handling fees for 2026.',
      priority: 'L',
      msgCategory: '1',
      msgType: 'ALL',
      sendStatus: '0',
      createdBy: agent,
    },
  ]);
}

/** A seller video for another tenant, so each agent's list is its own. */
export async function seedOtherTenantVideos(tx: TenantTx): Promise<void> {
  await tx.insert(tutorialVideos).values({
    audience: 'seller',
    title: 'Welcome to Acme Fulfilment',
    url: 'https://videos.example.com/acme/welcome',
    sortNo: 1,
  });
}

/** The seller's first order (by number) matching `where`. */
async function demoOrder(tx: TenantTx, sellerId: string, where: ReturnType<typeof sql>) {
  const [order] = await tx
    .select({ id: orders.id, orderNo: orders.orderNo, sellerId: orders.sellerId })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), where))
    .orderBy(asc(orders.orderNo))
    .limit(1);
  return order;
}

/**
 * Questions on the demo orders, after the orders: two waiting for the seller (an address to
 * complete, a short SKU), one of the seller's waiting for the warehouse, a settled exchange on a
 * completed order, and one of seller2's waiting for the warehouse in Bangkok.
 */
export async function seedDemoQuestions(tx: TenantTx): Promise<void> {
  const idOf = await demoUserIds(tx);
  const agent = idOf.get('agent');
  const seller = idOf.get('seller');
  const seller2 = idOf.get('seller2');
  const wareManager = idOf.get('waremanager');
  if (!agent || !seller || !seller2 || !wareManager) return;
  const toReview = await demoOrder(
    tx,
    seller,
    sql`${orders.localStatus} = 'to_review' and ${orders.platform} <> 'manual'`,
  );
  const short = await demoOrder(tx, seller, sql`${orders.tags} @> array['out_of_stock']::text[]`);
  const pending = await demoOrder(
    tx,
    seller,
    sql`${orders.localStatus} = 'pending_shipment' and ${orders.openExceptions} = 0`,
  );
  const completed = await demoOrder(tx, seller, sql`${orders.localStatus} = 'completed'`);
  const bangkok = await demoOrder(tx, seller2, sql`${orders.localStatus} = 'pending_shipment'`);
  if (!toReview || !short || !pending || !completed || !bangkok) return;
  const on = (order: NonNullable<typeof toReview>) => ({
    orderId: order.id,
    ordersn: order.orderNo,
    sellerId: order.sellerId,
  });

  await tx.insert(orderQuestions).values([
    {
      ...on(short),
      note: 'EB-WHITE is short for this order. Shall we ship EB-BLACK instead, or wait for your next inbound batch?',
      questionFlag: 1,
      createdBy: wareManager,
      createdAt: ago(5),
    },
    {
      ...on(toReview),
      note: 'The buyer address has no postcode. Please update it so we can print the waybill.',
      questionFlag: 1,
      createdBy: agent,
      createdAt: ago(26),
    },
    {
      ...on(pending),
      note: 'Please add a gift note "Happy birthday, Mai!" to this parcel before packing.',
      questionFlag: 2,
      createdBy: seller,
      createdAt: ago(3),
    },
    {
      ...on(completed),
      note: 'The bottle leaked in its box. May we repack it in a bigger box with bubble wrap?',
      questionFlag: 0,
      createdBy: wareManager,
      createdAt: ago(122),
    },
    {
      ...on(completed),
      note: 'Yes please, and send me the photos.',
      questionFlag: 0,
      createdBy: seller,
      createdAt: ago(121),
    },
    {
      ...on(completed),
      note: 'Parcel was repacked in a bigger box; photos are attached to the order.',
      questionFlag: 0,
      createdBy: wareManager,
      createdAt: ago(120),
    },
    {
      ...on(bangkok),
      note: 'Can this order ship by air instead of land? The buyer needs it before the weekend.',
      questionFlag: 2,
      createdBy: seller2,
      createdAt: ago(8),
    },
  ]);
}
