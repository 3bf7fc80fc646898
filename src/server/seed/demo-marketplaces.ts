/**
 * The demo's marketplace shops: with the sandbox running beside the server (`npm start`), the
 * demo seller gets a shop on each of the six marketplaces, authorised against the sandbox by the
 * same flow a person clicks through (the platform's authorisation page, its redirect back to
 * /shopifyAuth, the code traded for tokens) or, for Coupang, the vendor's keys. The sandbox
 * keeps its world in memory, so this runs on every start: each sandbox shop is set up again
 * with a catalogue of the seller's own SKU codes (paired automatically) and two items the
 * seller does not have (left for SKU matching), orders of the last ten days, and this server
 * as its webhook target.
 */
import { and, asc, eq } from 'drizzle-orm';
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { withTenant, type Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { products, skuBarcodes, skus } from '../modules/catalog/index.js';
import {
  addShop,
  completeAuthorisation,
  connectWithKeys,
  marketplaceRuntime,
  shops,
  startAuthorisation,
  syncShop,
  type MarketplaceOptions,
  type MarketplaceRuntime,
} from '../modules/marketplaces/index.js';
import { logisticsRuntime, readCarrierUrls } from '../modules/logistics/index.js';
import { connectDemoChannels } from './demo-logistics.js';
import { allTenantIds } from '../provision.js';
import { warehouses } from '../modules/warehouse/index.js';
import { approveOnSandbox } from './sandbox-approve.js';
import { actorOf } from './demo-warehouse.js';

const DEMO_SELLER = 'seller';
const CURRENCY: Record<MarketplacePlatform, string> = {
  shopee: 'THB',
  lazada: 'THB',
  tiktok: 'THB',
  shopify: 'USD',
  joom: 'USD',
  coupang: 'KRW',
};
const COUPANG_VENDOR = { vendorId: 'A00012345', accessKey: 'cp_access_0001', secretKey: 'cp_secret_0001' };

function sandboxShopId(platform: MarketplacePlatform): string {
  if (platform === 'shopify') return 'demo-seller.myshopify.com';
  if (platform === 'coupang') return COUPANG_VENDOR.vendorId;
  // Shopee's and TikTok's shop ids are numbers; Lazada's seller ids too.
  const numeric: Partial<Record<MarketplacePlatform, string>> = {
    shopee: '600123',
    lazada: '1000123',
    tiktok: '7494012345',
  };
  return numeric[platform] ?? `${platform}-demo-seller`;
}

async function control(sandboxUrl: string, path: string, body: object): Promise<unknown> {
  const response = await fetch(`${sandboxUrl}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** The seller's SKUs as sandbox catalogue items (their own codes and barcodes). */
async function catalogueOf(db: Db, actor: Actor, platform: MarketplacePlatform) {
  const rows = await withTenant(db, actor.tenantId, (tx) =>
    tx
      .select({ sellerSku: skus.sellerSku, name: products.name, barcode: skuBarcodes.barcode })
      .from(skus)
      .innerJoin(products, and(eq(products.tenantId, skus.tenantId), eq(products.id, skus.productId)))
      .leftJoin(skuBarcodes, and(eq(skuBarcodes.tenantId, skus.tenantId), eq(skuBarcodes.skuId, skus.id)))
      .where(eq(skus.sellerId, actor.sellerId ?? '')),
  );
  const unit = CURRENCY[platform] === 'KRW' ? 100 : 1;
  const seen = new Set<string>();
  const items = rows
    .filter((row) => !seen.has(row.sellerSku) && seen.add(row.sellerSku))
    .map((row, index) => ({
      itemId: `${7000 + index}`,
      variationId: `${7000 + index}01`,
      sellerSku: row.sellerSku,
      barcode: row.barcode ?? '',
      title: row.name,
      unitPrice: (19_900 + index * 1_000) * unit,
    }));
  return [
    ...items,
    {
      itemId: '7900',
      variationId: '790001',
      sellerSku: '',
      barcode: '',
      title: 'Gift wrap (not in the warehouse)',
      unitPrice: 2_000 * unit,
    },
    {
      itemId: '7901',
      variationId: '790101',
      sellerSku: 'BUNDLE-TSHIRT-2',
      barcode: '',
      title: 'T-shirt twin pack',
      unitPrice: 35_900 * unit,
    },
  ];
}

/**
 * Connects the demo seller's six shops to the sandbox at `sandboxUrl` (see the module comment);
 * answers the shops now authorised, for the caller to sync.
 */
export async function connectDemoShops(
  db: Db,
  runtime: MarketplaceRuntime,
  sandboxUrl: string,
): Promise<{ tenantId: string; shopId: string }[]> {
  const [tenantId] = await allTenantIds(db);
  if (!tenantId) return [];
  const actor = await withTenant(db, tenantId, (tx) => actorOf(tx, DEMO_SELLER));
  const connected: { tenantId: string; shopId: string }[] = [];
  for (const platform of MARKETPLACE_PLATFORMS) {
    if (!runtime.connectors[platform] || !runtime.apps[platform]) continue;
    const shopId = sandboxShopId(platform);
    await control(sandboxUrl, 'shops', {
      platform,
      shopId,
      name: `Demo ${platform} shop`,
      region: platform === 'coupang' ? 'KR' : 'TH',
      currency: CURRENCY[platform],
      catalogue: await catalogueOf(db, actor, platform),
    });
    await control(sandboxUrl, 'orders/seed', { platform, shopId, count: 40 });
    await control(sandboxUrl, 'webhooks', { platform, url: `${runtime.publicUrl}/api/webhooks/${platform}` });
    const shop = await withTenant(db, tenantId, async (tx) => {
      // The shop connected to this sandbox shop before, else the demo's own by its alias: a
      // seller's other shops on the platform are left alone.
      const alias = `Demo ${platform.charAt(0).toUpperCase()}${platform.slice(1)}`;
      const mine = await tx
        .select()
        .from(shops)
        .where(and(eq(shops.sellerId, actor.sellerId ?? ''), eq(shops.platform, platform)));
      const found =
        mine.find((row) => row.platformShopId === shopId) ??
        mine.find((row) => row.alias === alias && row.platformShopId === '');
      if (found) return found.id;
      const [warehouse] = await tx
        .select({ id: warehouses.id })
        .from(warehouses)
        .orderBy(asc(warehouses.code))
        .limit(1);
      if (!warehouse) throw new Error('the demo has no warehouse');
      return (await addShop(tx, actor, { platform, alias, warehouseId: warehouse.id })).id;
    });
    if (platform === 'coupang') {
      await connectWithKeys(db, actor, runtime, { id: shop, ...COUPANG_VENDOR });
    } else {
      const { url } = await withTenant(db, tenantId, (tx) =>
        startAuthorisation(tx, actor, runtime, {
          id: shop,
          ...(platform === 'shopify' ? { shopDomain: shopId } : {}),
        }),
      );
      await completeAuthorisation(db, actor, runtime, await approveOnSandbox(url, shopId));
    }
    connected.push({ tenantId, shopId: shop });
  }
  return connected;
}

/**
 * What `npm start` does with the sandbox beside it (src/server/main.ts, in the background): the
 * demo seller's six shops connected and each synced once, and the demo carrier channels
 * authorised. A failure is reported, never thrown: the server runs on without the demo shops.
 */
export async function connectDemoSandbox(
  db: Db,
  options: MarketplaceOptions,
  sandboxUrl: string,
  log: { info(message: string): void; error(message: string): void },
  carrierUrls = readCarrierUrls(),
): Promise<void> {
  const runtime = marketplaceRuntime(options);
  try {
    const connected = await connectDemoShops(db, runtime, sandboxUrl);
    log.info(
      `Marketplace sandbox ${sandboxUrl}: ${connected.length} demo shops authorised; syncing their orders`,
    );
    const channels = await connectDemoChannels(db, logisticsRuntime(runtime, carrierUrls));
    log.info(`Sandbox carrier: ${channels} demo carrier channels authorised`);
    for (const shop of connected) await syncShop(db, runtime, { ...shop, trigger: 'first' });
  } catch (error) {
    log.error(`The demo shops could not be connected to the sandbox: ${(error as Error).message}`);
  }
}
