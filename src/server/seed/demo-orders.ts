/**
 * A month of orders, so every order screen shows something on the first start: the demo seller's
 * Shopee, Lazada and TikTok orders and a few entered by hand, across every tab (to review,
 * reserved, out of stock, shipped and completed, cancelled); the second seller's in Bangkok; and
 * acme's, waiting for their first stock. Orders reserve and ship their own products, so the
 * stock of the other demo products stays as the warehouse demo left it.
 */
import { and, eq } from 'drizzle-orm';
import type { TenantTx } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { addProduct } from '../modules/catalog/index.js';
import { receiveStock } from '../modules/inventory/index.js';
import {
  consumeOrder,
  createOrder,
  moveOrder,
  orderLines,
  orders,
  passReview,
  upsertMarketplaceOrder,
} from '../modules/orders/index.js';
import { addWarehouse, warehouseLocations, warehouses } from '../modules/warehouse/index.js';
import type { Platform } from '@shared/domain/order.js';
import { demoPhotoKey, type DemoPhoto } from './demo-photos.js';
import { actorOf } from './demo-warehouse.js';

const DAY = 86_400_000;
const BUYERS = [
  ['Somchai P.', '0812345678', '12 Sukhumvit Soi 11, Khlong Toei, Bangkok 10110'],
  ['Nguyen Thi Lan', '0901234567', '45 Le Loi, Ben Nghe, District 1, Ho Chi Minh City'],
  ['林美玲', '0912345678', '台北市信義區松高路 11 號'],
  ['Siti Aminah', '0123456789', '8 Jalan Ampang, 50450 Kuala Lumpur'],
  ['Maria Santos', '09171234567', '21 Ayala Ave, Makati, Metro Manila'],
] as const;
const PLATFORMS: readonly Exclude<Platform, 'manual'>[] = ['shopee', 'lazada', 'tiktok'];

/** Which way each seeded order goes, in turn: most are shipped, some wait, a few go wrong. */
const FATES = [
  'completed',
  'shipped',
  'completed',
  'pending',
  'shipped',
  'to_review',
  'cancelled',
  'completed',
] as const;
type Fate = (typeof FATES)[number] | 'out_of_stock';

async function locationId(tx: TenantTx, warehouseId: string, code: string): Promise<string> {
  const [row] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.code, code)));
  if (!row) throw new Error(`demo location ${code} of ${warehouseId} is missing`);
  return row.id;
}

async function product(tx: TenantTx, seller: Actor, name: string, photo: DemoPhoto, codes: string[]) {
  if (!seller.sellerId) throw new Error(`${seller.username} is not a seller`);
  const added = await addProduct(tx, seller, {
    name,
    photos: [demoPhotoKey(seller.sellerId, photo)],
    declaredName: name,
    declaredValue: 5000,
    declaredCurrency: 'CNY',
    skus: codes.map((sellerSku) => ({ sellerSku, variation: sellerSku.split('-').slice(1).join(' ') })),
  });
  return added.skus.map((sku) => sku.id);
}

interface Plan {
  admin: Actor;
  seller: Actor;
  warehouseId: string;
  skuIds: string[];
  shelfId: string | null;
  count: number;
  shopPrefix: string;
  currency: 'THB' | 'CNY';
}

/** Seeds `count` marketplace orders over the last 30 days and takes each to its fate. */
async function seedOrders(tx: TenantTx, plan: Plan, fates: readonly Fate[]): Promise<void> {
  const { admin, seller } = plan;
  if (!seller.sellerId) return;
  for (let index = 0; index < plan.count; index += 1) {
    const fate = fates[index % fates.length] ?? 'to_review';
    const platform = PLATFORMS[index % PLATFORMS.length] ?? 'shopee';
    const buyer = BUYERS[index % BUYERS.length] ?? BUYERS[0];
    const age =
      fate === 'to_review' || fate === 'pending' || fate === 'out_of_stock' ? index % 3 : 3 + (index % 27);
    const orderedAt = new Date(Date.now() - age * DAY - (index % 11) * 3_600_000);
    const skuId = plan.skuIds[index % plan.skuIds.length] ?? '';
    const second = plan.skuIds[(index + 1) % plan.skuIds.length] ?? skuId;
    const lines = [{ skuId, quantity: fate === 'out_of_stock' ? 500 : 1 + (index % 2), unitPrice: 29_900 }];
    if (index % 4 === 0 && second !== skuId) lines.push({ skuId: second, quantity: 1, unitPrice: 19_900 });
    const order = await upsertMarketplaceOrder(tx, admin, {
      sellerId: seller.sellerId,
      platform,
      shopId: `${plan.shopPrefix}-${platform}`,
      shopName: `${plan.shopPrefix} ${platform}`,
      orderNo: `${plan.shopPrefix}${platform.slice(0, 2).toUpperCase()}${String(240_000 + index)}`,
      platformStatus: 'READY_TO_SHIP',
      warehouseId: plan.warehouseId,
      buyerName: buyer[0],
      recipientName: buyer[0],
      recipientPhone: buyer[1],
      recipientAddress: buyer[2],
      buyerMessage: index % 5 === 0 ? 'Please pack carefully, it is a gift' : '',
      currency: plan.currency,
      orderedAt: orderedAt.toISOString(),
      paidAt: new Date(orderedAt.getTime() + 600_000).toISOString(),
      shipBy: new Date(orderedAt.getTime() + 3 * DAY).toISOString(),
      trackingNo: fate === 'shipped' || fate === 'completed' ? `TH${String(8_800_000_000 + index)}` : '',
      logisticsChannel:
        platform === 'shopee' ? 'Shopee Xpress' : platform === 'lazada' ? 'LEX' : 'J&T Express',
      lines,
    });
    if (fate === 'to_review') continue;
    if (fate === 'cancelled') {
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
      if (row) await moveOrder(tx, admin, row, 'cancelled', 'buyer cancelled');
      continue;
    }
    await passReview(tx, admin, { ids: [order.id] });
    if (fate === 'pending' || fate === 'out_of_stock' || !plan.shelfId) continue;
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!row) continue;
    const picked = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, row.id));
    const shelfId = plan.shelfId;
    await consumeOrder(
      tx,
      admin,
      row,
      picked.map((line) => ({ lineId: line.id, locationId: shelfId })),
    );
    const shipped = await moveOrder(tx, admin, row, 'shipped', 'handed over');
    if (fate === 'completed') await moveOrder(tx, admin, shipped, 'completed', 'COMPLETED');
  }
}

export async function seedDemoOrders(tx: TenantTx): Promise<void> {
  const admin = await actorOf(tx, 'admin');
  const manager = await actorOf(tx, 'waremanager');
  const seller = await actorOf(tx, 'seller');
  const seller2 = await actorOf(tx, 'seller2');
  const [dg01] = await tx.select().from(warehouses).where(eq(warehouses.code, 'DG01'));
  const [bkk1] = await tx.select().from(warehouses).where(eq(warehouses.code, 'BKK1'));
  if (!dg01 || !bkk1) return;

  const earbuds = await product(tx, seller, 'Wireless earbuds', 'earbuds', ['EB-BLACK', 'EB-WHITE']);
  const dgShelf = await locationId(tx, dg01.id, 'A-01-05');
  for (const skuId of earbuds)
    await receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: dgShelf, quantity: 80 });
  await seedOrders(
    tx,
    {
      admin,
      seller,
      warehouseId: dg01.id,
      skuIds: earbuds,
      shelfId: dgShelf,
      count: 64,
      shopPrefix: 'DEMO',
      currency: 'THB',
    },
    [...FATES, 'out_of_stock'],
  );
  await createOrder(tx, seller, {
    orderNo: 'HAND-0001',
    warehouseId: dg01.id,
    buyerName: 'Walk-in customer',
    recipientName: 'Chen Wei',
    recipientPhone: '13800001234',
    recipientAddress: '88 Songshan Lake Avenue, Dongguan',
    sellerNote: 'Entered by hand after a phone order',
    currency: 'CNY',
    lines: [{ skuId: earbuds[0] ?? '', quantity: 2, unitPrice: 15_900 }],
  });

  const teapot = await product(tx, seller2, 'Glass teapot', 'teapot', ['TP-600ML']);
  const bkkShelf = await locationId(tx, bkk1.id, 'RCV-01');
  for (const skuId of teapot)
    await receiveStock(tx, manager, { warehouseId: bkk1.id, skuId, locationId: bkkShelf, quantity: 40 });
  await seedOrders(
    tx,
    {
      admin,
      seller: seller2,
      warehouseId: bkk1.id,
      skuIds: teapot,
      shelfId: bkkShelf,
      count: 16,
      shopPrefix: 'TEA',
      currency: 'THB',
    },
    FATES,
  );
}

/** acme's first orders: synced and waiting for stock that has not arrived yet. */
export async function seedAcmeOrders(tx: TenantTx): Promise<void> {
  const agent = await actorOf(tx, 'acme-agent');
  const seller = await actorOf(tx, 'acme-seller');
  const warehouse = await addWarehouse(tx, agent, {
    code: 'ACM1',
    name: 'Acme Bangkok warehouse',
    country: 'TH',
    address: '1 Rama IV Road, Bangkok',
    timeZone: 'Asia/Bangkok',
    contactName: 'Acme desk',
    contactPhone: '13900000001',
    isActive: true,
  });
  const skuIds = await product(tx, seller, 'Yoga mat', 'mug', ['YM-PURPLE', 'YM-GREEN']);
  await seedOrders(
    tx,
    {
      admin: agent,
      seller,
      warehouseId: warehouse.id,
      skuIds,
      shelfId: null,
      count: 8,
      shopPrefix: 'ACME',
      currency: 'THB',
    },
    ['to_review', 'pending', 'cancelled', 'to_review'],
  );
}
