/**
 * The sync that once stopped after its first run: an order already synced whose every line
 * is an item not matched to a SKU changed on the platform, the upsert inserted no lines with
 * `values()` and failed, and Coupang (which re-reads open orders every run) failed every run.
 * Against the bundled sandbox, through the real sync:
 * - unmatched lines are kept as sold and shown, the order is a problem order and cannot pass
 *   review, and matching its item from the order completes it;
 * - changes of such an order (a cancellation, an address) are followed, run after run;
 * - the order's amounts are the platform's, whatever is matched;
 * - one order the product cannot store is recorded (run, order, exception) and the page goes on;
 * - the product's own failure is told as such, never as "the marketplace did not answer".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceRuntime, syncShop, type MarketplaceOptions } from '@server/modules/marketplaces/index.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import type { SandboxOrder } from '../../src/sandbox/world-model.js';
import { callApi, connectCoupangShop, createSandboxWorld } from '../support/sandbox-world.js';
import { createProduct } from '../support/stock-world.js';
import type { TestWorld } from '../support/test-app.js';

const VENDOR = 'A00067890';
let world: TestWorld;
let sandbox: RunningSandbox;
let options: MarketplaceOptions;
let token = '';
let shopId = '';
let tenantId = '';

const sql = (text: string, values: unknown[] = []) => world.database.ownerPool.query(text, values);

/** One sync as the schedule runs it; answers its run's record. */
async function sync() {
  sandbox.world.moveClock(60_000);
  const outcome = await syncShop(world.database.db, marketplaceRuntime(options), {
    tenantId,
    shopId,
    trigger: 'schedule',
  });
  if (!outcome) throw new Error('the sync did not start');
  const { rows } = await sql(
    'select state, error_code, error_message, failed, order_errors from shop_sync_runs where id = $1',
    [outcome.runId],
  );
  return rows[0] as {
    state: string;
    error_code: string;
    error_message: string;
    failed: number;
    order_errors: { orderNo: string; message: string }[];
  };
}

async function orderIdOf(order: SandboxOrder): Promise<string> {
  const { rows } = await sql('select id from orders where shop_id = $1 and order_no = $2', [
    shopId,
    order.orderId,
  ]);
  return String(rows[0]?.id ?? '');
}

async function detailOf(order: SandboxOrder) {
  const reply = await callApi(world, token, 'GET', `/api/order/detail?id=${await orderIdOf(order)}`);
  expect(reply.status).toBe(200);
  return reply.body.result as {
    id: string;
    localStatus: string;
    totalAmount: number;
    shippingAmount: number;
    discountAmount: number;
    problems: string[];
    lines: { sellerSku: string; quantity: number }[];
    unmatchedLines: {
      sellerSku: string;
      title: string;
      quantity: number;
      unitPrice: number;
      marketplaceItemId: string | null;
    }[];
    exceptions: { reason: string; note: string; resolvedAt: string | null }[];
  };
}

/** What the platform says the buyer pays, in minor units. */
const platformTotal = (order: SandboxOrder) => order.amounts.total;

beforeAll(async () => {
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 200 }));
  token = await world.login('seller');
  await createProduct(world, token, ['UM-RED']);
  ({ shopId, tenantId } = await connectCoupangShop({ world, sandbox }, token, {
    vendor: VENDOR,
    name: 'Coupang unmatched',
    catalogue: [
      {
        itemId: '901',
        variationId: '90101',
        sellerSku: 'UM-RED',
        barcode: '',
        title: 'Red cup',
        unitPrice: 19_900,
      },
      // No SKU of the seller has this code or barcode: it stays unmatched until paired by hand.
      {
        itemId: '902',
        variationId: '90201',
        sellerSku: 'UM-GHOST',
        barcode: '',
        title: 'Ghost cup',
        unitPrice: 49_900,
      },
    ],
  }));
});
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

describe('an order whose items are not matched', () => {
  let ghostOnly: SandboxOrder;
  let mixed: SandboxOrder;

  it('keeps its marketplace lines and amounts, and is a problem order that cannot pass review', async () => {
    ghostOnly = sandbox.world.createOrder('coupang', VENDOR, {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'UM-GHOST', quantity: 2 }],
    });
    mixed = sandbox.world.createOrder('coupang', VENDOR, {
      status: 'ready_to_ship',
      silent: true,
      lines: [
        { sellerSku: 'UM-RED', quantity: 1 },
        { sellerSku: 'UM-GHOST', quantity: 1 },
      ],
    });
    expect((await sync()).state).toBe('succeeded');

    const only = await detailOf(ghostOnly);
    expect(only.lines).toEqual([]);
    expect(only.unmatchedLines).toEqual([
      expect.objectContaining({ sellerSku: 'UM-GHOST', title: 'Ghost cup', quantity: 2, unitPrice: 49_900 }),
    ]);
    expect(only.unmatchedLines[0]?.marketplaceItemId).toBeTruthy();
    expect(only.problems).toContain('unmatched_sku');
    expect(only.totalAmount).toBe(platformTotal(ghostOnly));
    expect(only.totalAmount).toBeGreaterThan(0);

    const both = await detailOf(mixed);
    expect(both.lines.map((line) => line.sellerSku)).toEqual(['UM-RED']);
    expect(both.unmatchedLines.map((line) => line.sellerSku)).toEqual(['UM-GHOST']);
    // The platform's figure, not the matched line's 199.00.
    expect(both.totalAmount).toBe(platformTotal(mixed));
    expect(both.shippingAmount).toBe(mixed.amounts.shipping);
    expect(both.discountAmount).toBe(mixed.amounts.discount);

    const pass = await callApi(world, token, 'POST', '/api/order/review/pass', { ids: [both.id] });
    expect(pass.body.code).toBe('order.sku_unmatched');
    expect((await detailOf(mixed)).localStatus).toBe('to_review');
  });

  it('follows its changes on the platform run after run: an address, then its cancellation', async () => {
    sandbox.world.changeOrder(ghostOnly, { address: { ...ghostOnly.address, line1: '9 Changed Street' } });
    const first = await sync();
    expect(first).toMatchObject({ state: 'succeeded', error_code: '', failed: 0 });
    const { rows } = await sql('select recipient_address from orders where id = $1', [
      await orderIdOf(ghostOnly),
    ]);
    expect(String(rows[0]?.recipient_address)).toContain('9 Changed Street');

    sandbox.world.changeOrder(ghostOnly, { status: 'cancelled' });
    expect((await sync()).state).toBe('succeeded');
    const cancelled = await detailOf(ghostOnly);
    expect(cancelled.localStatus).toBe('cancelled');
    // Still the lines it was sold with.
    expect(cancelled.unmatchedLines).toHaveLength(1);
    // And the shop's sync point moves on.
    const shop = await sql('select synced_to from shops where id = $1', [shopId]);
    expect(new Date(String(shop.rows[0]?.synced_to)).getTime()).toBeGreaterThan(ghostOnly.createdAt);
    // Every run of the shop since the first has succeeded.
    const failed = await sql(
      "select count(*)::int as n from shop_sync_runs where shop_id = $1 and state = 'failed'",
      [shopId],
    );
    expect(failed.rows[0]?.n).toBe(0);
  });

  it('is completed by matching its item from the order, and can then pass review', async () => {
    const before = await detailOf(mixed);
    const itemId = before.unmatchedLines[0]?.marketplaceItemId;
    const sku = await sql("select id from skus where seller_sku = 'UM-RED'");
    const matched = await callApi(world, token, 'POST', '/api/shop/items/match', {
      matches: [{ itemId, skuId: sku.rows[0]?.id }],
    });
    expect(matched.status).toBe(200);
    const after = await detailOf(mixed);
    expect(after.unmatchedLines).toEqual([]);
    expect(after.lines.map((line) => line.sellerSku)).toEqual(['UM-RED', 'UM-RED']);
    expect(after.problems).not.toContain('unmatched_sku');
    expect(after.totalAmount).toBe(platformTotal(mixed));
    const pass = await callApi(world, token, 'POST', '/api/order/review/pass', { ids: [after.id] });
    expect(pass.status).toBe(200);
  });
});

describe('an order the product cannot store', () => {
  it('is recorded on the run and retried, and the rest of the page is written', async () => {
    const broken = sandbox.world.createOrder('coupang', VENDOR, {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'UM-RED', quantity: 1 }],
    });
    const fine = sandbox.world.createOrder('coupang', VENDOR, {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'UM-RED', quantity: 3 }],
    });
    // The product's own failure for one order: a trigger stands in for a bug in its write.
    await sql(`create function test_refuse_order() returns trigger language plpgsql as $$
      begin if new.order_no = '${broken.orderId}' then raise exception 'order write broke for the test'; end if;
      return new; end $$`);
    await sql(
      'create trigger test_refuse_order before insert or update on orders for each row execute function test_refuse_order()',
    );
    try {
      const run = await sync();
      expect(run.state).toBe('succeeded');
      expect(run.failed).toBe(1);
      expect(run.order_errors).toEqual([
        { orderNo: broken.orderId, message: expect.stringContaining('order write broke for the test') },
      ]);
      expect(await orderIdOf(fine)).not.toBe('');
      expect(await orderIdOf(broken)).toBe('');
      const kept = await sql(
        'select state, error from marketplace_orders where shop_id = $1 and order_no = $2',
        [shopId, broken.orderId],
      );
      expect(kept.rows[0]).toMatchObject({ state: 'failed', error: expect.stringContaining('broke') });

      // An order already listed that then cannot be stored gets the exception on the order.
      sandbox.world.changeOrder(fine, { buyerMessage: 'leave at the door' });
      // It breaks the order's platform fields only, so its exception can still be marked on it.
      await sql(`create or replace function test_refuse_order() returns trigger language plpgsql as $$
        begin if new.order_no = '${broken.orderId}' or (new.order_no = '${fine.orderId}'
          and new.buyer_message is distinct from old.buyer_message) then raise exception 'order write broke for the test'; end if;
        return new; end $$`);
      const second = await sync();
      // (The one that failed before is retried by number first, and again if its window lists it.)
      expect(second.state).toBe('succeeded');
      expect(new Set(second.order_errors.map((entry) => entry.orderNo))).toEqual(
        new Set([broken.orderId, fine.orderId]),
      );
      const problem = (await detailOf(fine)).exceptions.find((entry) => entry.reason === 'sync_failed');
      expect(problem).toMatchObject({ resolvedAt: null, note: expect.stringContaining('broke') });
    } finally {
      await sql('drop trigger test_refuse_order on orders');
      await sql('drop function test_refuse_order()');
    }
    // Fixed: the next run reads both again by number and stores them; the problem is resolved.
    const third = await sync();
    expect(third).toMatchObject({ state: 'succeeded', failed: 0 });
    expect(await orderIdOf(broken)).not.toBe('');
    const { rows } = await sql('select buyer_message from orders where id = $1', [await orderIdOf(fine)]);
    expect(rows[0]?.buyer_message).toBe('leave at the door');
    const resolved = (await detailOf(fine)).exceptions.find((entry) => entry.reason === 'sync_failed');
    expect(resolved?.resolvedAt).not.toBeNull();
  });

  it("tells the product's own failure for what it is, not as the marketplace's", async () => {
    sandbox.world.createOrder('coupang', VENDOR, {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'UM-GHOST', quantity: 1 }],
    });
    await sql(`create function test_refuse_items() returns trigger language plpgsql as $$
      begin raise exception 'item write broke for the test'; end $$`);
    await sql(
      'create trigger test_refuse_items before insert or update on marketplace_items for each row execute function test_refuse_items()',
    );
    try {
      sandbox.world.moveClock(60_000);
      await expect(
        syncShop(world.database.db, marketplaceRuntime(options), { tenantId, shopId, trigger: 'manual' }),
      ).rejects.toThrow();
    } finally {
      await sql('drop trigger test_refuse_items on marketplace_items');
      await sql('drop function test_refuse_items()');
    }
    const { rows } = await sql(
      'select state, error_code, error_message from shop_sync_runs where shop_id = $1 order by started_at desc limit 1',
      [shopId],
    );
    // The database's words, not the statement and its values.
    expect(rows[0]).toEqual({
      state: 'failed',
      error_code: 'shop.sync_failed',
      error_message: 'item write broke for the test',
    });
  });
});
