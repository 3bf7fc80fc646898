/** Shops, sync runs and marketplace items the shop screen tests share, shaped by the contract. */
import type { MarketplaceItemView, ShopView, SyncRunView } from '@shared/contract/shops.js';
import { WAREHOUSE_ID } from '../inventory/fixtures.js';

export const SELLER_ID = '00000000-0000-4000-8000-00000000c001';

const id = (prefix: number, sequence: number) =>
  `00000000-0000-4000-8000-${String(prefix + sequence).padStart(12, '0')}`;

let shops = 0;
export function shopRow(overrides: Partial<ShopView> = {}): ShopView {
  shops += 1;
  return {
    id: id(0xe000, shops),
    sellerId: SELLER_ID,
    sellerName: 'Siam Shop',
    platform: 'shopee',
    alias: `Shop ${shops}`,
    platformShopId: `5500${shops}`,
    shopName: `siam.store.${shops}`,
    status: 'active',
    statusReason: '',
    warehouseId: WAREHOUSE_ID,
    warehouseName: 'Bangkok 1',
    authorisedUntil: '2027-01-01T00:00:00.000Z',
    lastSyncedAt: '2026-11-25T08:00:00.000Z',
    lastRun: null,
    waitingOrders: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

export function lastRun(
  overrides: Partial<NonNullable<ShopView['lastRun']>> = {},
): NonNullable<ShopView['lastRun']> {
  return {
    id: id(0xf000, 1),
    state: 'succeeded',
    trigger: 'schedule',
    fetched: 12,
    startedAt: '2026-11-25T07:59:00.000Z',
    errorCode: '',
    ...overrides,
  };
}

export function syncRun(overrides: Partial<SyncRunView> = {}): SyncRunView {
  return {
    id: id(0xf100, 1),
    shopId: id(0xe000, 1),
    trigger: 'manual',
    state: 'failed',
    windowFrom: '2026-11-25T07:20:00.000Z',
    windowTo: '2026-11-25T08:00:00.000Z',
    pages: 3,
    fetched: 120,
    created: 40,
    updated: 70,
    unchanged: 10,
    waiting: 4,
    failed: 0,
    orderErrors: [],
    errorCode: 'shop.rejected',
    errorMessage: 'partner_id is invalid',
    startedAt: '2026-11-25T08:00:00.000Z',
    finishedAt: '2026-11-25T08:01:00.000Z',
    ...overrides,
  };
}

let items = 0;
export function itemRow(overrides: Partial<MarketplaceItemView> = {}): MarketplaceItemView {
  items += 1;
  return {
    id: id(0xa800, items),
    sellerId: SELLER_ID,
    platform: 'shopee',
    shopId: id(0xe000, 1),
    shopAlias: 'Siam Shopee',
    itemId: `22990${items}`,
    variationId: `7700${items}`,
    sellerSku: `EB-${items}`,
    barcode: '',
    title: `Wireless earbuds ${items}`,
    skuId: null,
    skuCode: '',
    skuName: '',
    matchedBy: '',
    waitingOrders: 0,
    lastSeenAt: '2026-11-25T08:00:00.000Z',
    ...overrides,
  };
}

export function pageOf<T>(records: T[]) {
  return { records, total: records.length, current: 1, size: 10, pages: 1 };
}
