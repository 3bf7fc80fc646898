/**
 * Coupang lists orders by payment day, so an order paid in an earlier window is not listed again
 * when its box moves on (INSTRUCT → DEPARTURE → FINAL_DELIVERY). Each sync re-reads the shop's
 * open orders by number, at most the connector's bound per run, the longest unchecked first;
 * settled ones (delivered, cancelled) are no longer read. Against the bundled sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTORS,
  marketplaceRuntime,
  syncShop,
  type MarketplaceOptions,
  type MarketplaceRuntime,
} from '@server/modules/marketplaces/index.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import type { SandboxOrder } from '../../src/sandbox/world-model.js';
import { connectCoupangShop, createSandboxWorld } from '../support/sandbox-world.js';
import { createProduct } from '../support/stock-world.js';
import type { TestWorld } from '../support/test-app.js';

const VENDOR = 'A00012345';
const DAY = 86_400_000;
let world: TestWorld;
let sandbox: RunningSandbox;
let options: MarketplaceOptions;
let shopId = '';
let tenantId = '';

/** The platform status of the order as the order list keeps it. */
async function platformStatusOf(order: SandboxOrder): Promise<string> {
  const { rows } = await world.database.ownerPool.query(
    'select platform_status from orders where shop_id = $1 and order_no = $2',
    [shopId, order.orderId],
  );
  return String(rows[0]?.platform_status);
}

/** How many times the sandbox answered each order by number (a call refused for the rate limit is not a read). */
function readsByNumber(orders: readonly SandboxOrder[]): number[] {
  return orders.map(
    (order) =>
      sandbox.world.traffic.requests.filter(
        (request) =>
          request.platform === 'coupang' &&
          request.status === 200 &&
          request.path.endsWith(`/${order.orderId}/ordersheets`),
      ).length,
  );
}

/** A sync as the schedule runs it, with the runtime given (the world's by default). */
async function sync(runtime: MarketplaceRuntime = marketplaceRuntime(options)) {
  sandbox.world.moveClock(60_000);
  const outcome = await syncShop(world.database.db, runtime, { tenantId, shopId, trigger: 'schedule' });
  const failure =
    outcome?.state === 'failed'
      ? (
          await world.database.ownerPool.query(
            'select error_code, error_message from shop_sync_runs where id = $1',
            [outcome.runId],
          )
        ).rows[0]
      : null;
  expect(failure).toBeNull();
  expect(outcome?.state).toBe('succeeded');
  return outcome;
}

beforeAll(async () => {
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 200 }));
  const token = await world.login('seller');
  await createProduct(world, token, ['CP-RED']);
  ({ shopId, tenantId } = await connectCoupangShop({ world, sandbox }, token, {
    vendor: VENDOR,
    name: 'Coupang re-reads',
    catalogue: [
      {
        itemId: '801',
        variationId: '80101',
        sellerSku: 'CP-RED',
        barcode: '',
        title: 'Red mug',
        unitPrice: 19_900,
      },
    ],
  }));
});
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

describe('Coupang open orders', () => {
  it('follows an order paid in an earlier window through DEPARTURE to FINAL_DELIVERY, then stops reading it', async () => {
    const order = sandbox.world.createOrder('coupang', VENDOR, {
      status: 'ready_to_ship',
      createdAt: sandbox.world.now() - 60_000,
      silent: true,
      lines: [{ sellerSku: 'CP-RED', quantity: 1 }],
    });
    await sync();
    expect(await platformStatusOf(order)).toBe('READY_TO_SHIP');

    // Days later the box moves on; its payment day is long outside the next windows.
    sandbox.world.moveClock(2 * DAY);
    await sync();
    sandbox.world.changeOrder(order, { status: 'processed' });
    sandbox.world.changeOrder(order, { status: 'shipped', trackingNo: 'CJ1234567890' });
    const departed = await sync();
    expect(await platformStatusOf(order)).toBe('SHIPPED');
    const run = (
      await world.database.ownerPool.query('select updated from shop_sync_runs where id = $1', [
        departed?.runId,
      ])
    ).rows[0];
    expect(run?.updated).toBe(1);

    sandbox.world.changeOrder(order, { status: 'completed' });
    await sync();
    expect(await platformStatusOf(order)).toBe('COMPLETED');
    // Delivered: no later sync asks for it again.
    const [before] = readsByNumber([order]);
    await sync();
    expect(readsByNumber([order])).toEqual([before]);
  });

  it('re-reads at most the bound a run, the longest unchecked first, so every open order has its turn', async () => {
    const coupang = CONNECTORS.coupang;
    if (!coupang) throw new Error('no Coupang connector');
    const bounded: MarketplaceRuntime = {
      ...marketplaceRuntime(options),
      connectors: { ...CONNECTORS, coupang: { ...coupang, openOrderRereads: 2 } },
    };
    const created = [3, 2, 1].map((daysAgo) =>
      sandbox.world.createOrder('coupang', VENDOR, {
        status: 'ready_to_ship',
        createdAt: sandbox.world.now() - daysAgo * DAY,
        silent: true,
        lines: [{ sellerSku: 'CP-RED', quantity: 1 }],
      }),
    );
    // A full sync brings them (their payment days are inside the first-sync reach).
    await world.database.ownerPool.query('update shops set synced_to = null where id = $1', [shopId]);
    await sync();
    const start = readsByNumber(created);
    const open = Number(
      (
        await world.database.ownerPool.query(
          "select count(*)::int as n from orders where shop_id = $1 and platform_status not in ('COMPLETED', 'CANCELLED')",
          [shopId],
        )
      ).rows[0]?.n,
    );
    expect(open).toBe(3);

    await sync(bounded);
    const first = readsByNumber(created).map((count, index) => count - (start[index] ?? 0));
    expect(first.reduce((sum, count) => sum + count, 0)).toBe(2);
    await sync(bounded);
    const second = readsByNumber(created).map((count, index) => count - (start[index] ?? 0));
    // Across the two runs every open order was read, none twice before another's first read.
    expect(second.every((count) => count >= 1)).toBe(true);
    expect(second.reduce((sum, count) => sum + count, 0)).toBe(4);
  });
});
