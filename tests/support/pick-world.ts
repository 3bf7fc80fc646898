/**
 * Helpers for the wave and pick tests (and bench/pick.ts): stocked SKUs on named shelves, orders
 * waiting to ship with every line reserved and a tracking number (self-shipped), and waves made
 * through the API; reads of what picking did, as the database owner so nothing is hidden by RLS.
 */
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import { sellerIdOf } from './photos.js';
import { asActor, createProduct, locationOf, type DemoWarehouse } from './stock-world.js';
import type { TestWorld } from './test-app.js';

export interface PickWorld {
  world: TestWorld;
  warehouse: DemoWarehouse;
  /** waremanager: stocks shelves and makes waves. */
  manager: Actor;
  managerToken: string;
  /** agent: enters and passes orders. */
  agent: Actor;
  sellerToken: string;
  sellerId: string;
}

export async function pickWorld(
  world: TestWorld,
  warehouse: DemoWarehouse,
  actors: {
    manager: Actor;
    managerToken: string;
    agent: Actor;
    sellerToken: string;
  },
): Promise<PickWorld> {
  return { world, warehouse, ...actors, sellerId: await sellerIdOf(world, actors.sellerToken) };
}

/** A SKU with `quantity` units received on each named shelf. */
export async function stockedSku(
  pw: PickWorld,
  code: string,
  shelves: Record<string, number>,
): Promise<string> {
  const skuId = (await createProduct(pw.world, pw.sellerToken, [code])).skus[0]?.id ?? '';
  for (const [shelf, quantity] of Object.entries(shelves))
    await asActor(pw.world, pw.manager, (tx) =>
      receiveStock(tx, pw.manager, {
        warehouseId: pw.warehouse.id,
        skuId,
        locationId: locationOf(pw.warehouse, shelf),
        quantity,
      }),
    );
  return skuId;
}

let number = 0;

/** An order waiting to ship, reserved, with a tracking number: ready to go into a wave. */
export async function readyOrder(
  pw: PickWorld,
  lines: { skuId: string; quantity: number }[],
  extra: Partial<MarketplaceOrderInput> = {},
): Promise<{ id: string; orderNo: string; lineIds: string[] }> {
  number += 1;
  const orderNo = `PK${Date.now().toString(36)}${String(number).padStart(5, '0')}`;
  const input: MarketplaceOrderInput = {
    sellerId: pw.sellerId,
    platform: 'manual',
    shopId: 'hand-entered',
    shopName: '',
    orderNo,
    platformStatus: 'READY_TO_SHIP',
    warehouseId: pw.warehouse.id,
    buyerName: 'buyer',
    recipientName: 'Somchai',
    recipientPhone: '+66 81 234 5678',
    recipientAddress: '99 Sukhumvit Bangkok 10110',
    currency: 'THB',
    lines: lines.map((line) => ({ ...line, unitPrice: 10_000, itemId: '', variationId: '' })),
    ...extra,
  };
  const saved = await asActor(pw.world, pw.agent, (tx) => upsertMarketplaceOrder(tx, pw.agent, input));
  await asActor(pw.world, pw.agent, (tx) => passReview(tx, pw.agent, { ids: [saved.id] }));
  const shipped = await pw.world.request({
    method: 'POST',
    url: '/api/waybill/selfShipped',
    token: pw.managerToken,
    payload: { orderId: saved.id, trackingNo: `SELF${saved.id.slice(0, 8)}`, carrierName: 'Kerry Express' },
  });
  if (shipped.statusCode !== 200) throw new Error(`selfShipped ${shipped.statusCode}: ${shipped.body}`);
  const { rows } = await pw.world.database.ownerPool.query<{ id: string }>(
    'select id from order_lines where order_id = $1 order by position',
    [saved.id],
  );
  return { id: saved.id, orderNo, lineIds: rows.map((row) => row.id) };
}

/** POST /api/wave/add as the manager; anything but 200 throws. */
export async function makeWave(
  pw: PickWorld,
  body: Record<string, unknown>,
): Promise<{ id: string; waveNo: string; orderCount: number }> {
  const reply = await pw.world.request({
    method: 'POST',
    url: '/api/wave/add',
    token: pw.managerToken,
    payload: { warehouseId: pw.warehouse.id, ...body },
  });
  if (reply.statusCode !== 200) throw new Error(`wave/add ${reply.statusCode}: ${reply.body}`);
  return reply.json().result;
}

/** The warehouse's staging location's units of a SKU (0 before the first pick made it). */
export async function onStaging(pw: PickWorld, skuId: string): Promise<number> {
  const { rows } = await pw.world.database.ownerPool.query(
    `select coalesce(sum(s.quantity), 0)::int as n from location_stock s
     join warehouse_locations l on l.id = s.location_id and l.location_type = 'outbound'
     where s.warehouse_id = $1 and s.sku_id = $2`,
    [pw.warehouse.id, skuId],
  );
  return rows[0].n;
}

/** Each line's units in order_picks, by line id. */
export async function pickedOf(pw: PickWorld, orderId: string): Promise<Record<string, number>> {
  const { rows } = await pw.world.database.ownerPool.query<{ line_id: string; n: number }>(
    'select line_id, sum(quantity)::int as n from order_picks where order_id = $1 group by line_id',
    [orderId],
  );
  return Object.fromEntries(rows.map((row) => [row.line_id, row.n]));
}

export async function balanceOf(
  pw: PickWorld,
  skuId: string,
): Promise<{ available: number; frozen: number }> {
  const { rows } = await pw.world.database.ownerPool.query(
    'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
    [pw.warehouse.id, skuId],
  );
  return rows[0];
}
