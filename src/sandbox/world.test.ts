import { describe, expect, it } from 'vitest';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import type { OrderCurrency } from '@shared/domain/order.js';
import { SANDBOX_DAY_MS, splitAmount, type SandboxOrder } from './world-model.js';
import { World } from './world.js';

const SHOPS: { platform: MarketplacePlatform; shopId: string; currency: OrderCurrency }[] = [
  { platform: 'shopee', shopId: '600000', currency: 'THB' },
  { platform: 'lazada', shopId: '100200300', currency: 'VND' },
  { platform: 'tiktok', shopId: '7494049642642441621', currency: 'TWD' },
  { platform: 'shopify', shopId: 'sandbox-one.myshopify.com', currency: 'USD' },
  { platform: 'joom', shopId: 'JM100001', currency: 'USD' },
  { platform: 'coupang', shopId: 'A00012345', currency: 'KRW' },
];

function worldWithOrders(seed: number): { world: World; orders: SandboxOrder[] } {
  const world = new World(seed);
  const to = world.now();
  const orders = SHOPS.flatMap((shop) => {
    world.addShop({ ...shop, name: shop.shopId, region: 'TH' });
    return world.seedOrders(shop.platform, shop.shopId, 60, to - 5 * SANDBOX_DAY_MS, to);
  });
  return { world, orders };
}

const goodsOf = (order: SandboxOrder) =>
  order.lines.reduce((sum, line) => sum + line.item.unitPrice * line.quantity, 0);

describe('the world’s order amounts', () => {
  it('come to lines + shipping − discount, with a shipping fee on every order and vouchers on some', () => {
    const { orders } = worldWithOrders(1);
    for (const order of orders) {
      expect(order.amounts.total).toBe(goodsOf(order) + order.amounts.shipping - order.amounts.discount);
      expect(order.amounts.shipping).toBeGreaterThan(0);
      expect(order.amounts.discount).toBeGreaterThanOrEqual(0);
      expect(order.amounts.discount).toBeLessThan(goodsOf(order));
      expect(Number.isInteger(order.amounts.total)).toBe(true);
    }
    const discounted = orders.filter((order) => order.amounts.discount > 0);
    expect(discounted.length).toBeGreaterThan(orders.length / 6);
    expect(discounted.length).toBeLessThan(orders.length / 2);
    // Joom documents no discount; its orders take none.
    expect(discounted.some((order) => order.platform === 'joom')).toBe(false);
    // Vouchers are whole major units: whole baht, whole won.
    for (const order of discounted.filter((candidate) => candidate.currency === 'THB'))
      expect(order.amounts.discount % 100).toBe(0);
  });

  it('are the same from the same seed, and reset gives them again', () => {
    const first = worldWithOrders(7);
    const again = worldWithOrders(7);
    expect(again.orders.map((order) => [order.orderId, order.amounts])).toEqual(
      first.orders.map((order) => [order.orderId, order.amounts]),
    );
    const other = worldWithOrders(8);
    expect(other.orders.map((order) => order.amounts)).not.toEqual(
      first.orders.map((order) => order.amounts),
    );
  });

  it('take a shipping fee and discount asked for, and follow an edit of the lines', () => {
    const world = new World(3);
    const shop = world.addShop({
      platform: 'shopee',
      shopId: '600000',
      name: 'S',
      region: 'TH',
      currency: 'THB',
    });
    const [first, second] = shop.catalogue;
    if (!first || !second) throw new Error('the catalogue is empty');
    const order = world.createOrder('shopee', '600000', {
      silent: true,
      lines: [{ sellerSku: first.sellerSku, quantity: 2 }],
      amounts: { shipping: 4500, discount: 2000 },
    });
    expect(order.amounts).toEqual({
      total: first.unitPrice * 2 + 4500 - 2000,
      shipping: 4500,
      discount: 2000,
    });
    world.changeOrder(order, { lines: [...order.lines, { item: second, quantity: 1 }] });
    expect(order.amounts).toEqual({
      total: first.unitPrice * 2 + second.unitPrice + 4500 - 2000,
      shipping: 4500,
      discount: 2000,
    });
    // A discount beyond the goods takes the goods at most.
    const free = world.createOrder('shopee', '600000', {
      silent: true,
      lines: [{ sellerSku: first.sellerSku, quantity: 1 }],
      amounts: { shipping: 3000, discount: 10 ** 9 },
    });
    expect(free.amounts).toEqual({ total: 3000, shipping: 3000, discount: first.unitPrice });
  });
});

describe('splitAmount', () => {
  it('splits in proportion, in whole units that add up to the amount', () => {
    expect(splitAmount(1000, [1, 1, 2])).toEqual([250, 250, 500]);
    expect(splitAmount(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitAmount(7, [0, 0])).toEqual([4, 3]);
    expect(splitAmount(0, [5, 9])).toEqual([0, 0]);
    expect(splitAmount(5, [])).toEqual([]);
    const shares = splitAmount(98_765, [19_900, 49_900, 1]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(98_765);
  });
});
