/**
 * A tracking number names one parcel of one channel (returns match parcels by it): a carrier
 * that answers a number it already gave another parcel is refused at the arrangement with a
 * translated failure on the order's waybill and in the batch, the order keeps no number, and the
 * first order keeps its own. The database refuses a repeat too, whatever writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import { SANDBOX_CARRIER_ACCOUNTS } from '../../src/sandbox/carrier.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { sellerIdOf } from '../support/photos.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { callApi, createSandboxWorld, settledBatch } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

let world: TestWorld;
let sandbox: RunningSandbox;
let dg01: DemoWarehouse;
let agent: Actor;
let sellerId: string;
let token = '';
let channelId = '';
const [carrierKey, carrierAccount] = Object.entries(SANDBOX_CARRIER_ACCOUNTS)[0] ?? ['', { appSecret: '' }];

beforeAll(async () => {
  ({ world, sandbox } = await createSandboxWorld({ maxSleepMs: 10 }));
  token = await world.login('waremanager');
  const agentToken = await world.login('agent');
  agent = await actorFor(world, 'agent');
  dg01 = await demoWarehouse(world, 'DG01');
  sellerId = await sellerIdOf(world, await world.login('seller'));
  const added = await callApi(world, agentToken, 'POST', '/api/logistics/channel/add', {
    kind: 'carrier',
    carrier: 'sandbox',
    name: 'Sandbox Express',
    appKey: carrierKey,
    appSecret: carrierAccount.appSecret,
    warehouseIds: [dg01.id],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  channelId = added.body.result.id;
});
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

let number = 0;
async function pendingOrder(skuId: string): Promise<string> {
  number += 1;
  const input: MarketplaceOrderInput = {
    sellerId,
    platform: 'manual',
    shopId: 'hand-entered',
    shopName: '',
    orderNo: `TU${String(number).padStart(6, '0')}`,
    platformStatus: 'READY_TO_SHIP',
    warehouseId: dg01.id,
    buyerName: 'buyer',
    recipientName: 'Somchai',
    recipientPhone: '+66 81 234 5678',
    recipientAddress: '99 Sukhumvit Road, Bangkok 10110',
    currency: 'THB',
    lines: [{ skuId, quantity: 1, unitPrice: 10_000, itemId: '', variationId: '' }],
  };
  const saved = await asActor(world, agent, (tx) => upsertMarketplaceOrder(tx, agent, input));
  await asActor(world, agent, (tx) => passReview(tx, agent, { ids: [saved.id] }));
  return saved.id;
}

async function arrange(orderId: string) {
  const queued = await callApi(world, token, 'POST', '/api/waybill/arrange', {
    orderIds: [orderId],
    channelId,
  });
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  return settledBatch(world, token, queued.body.result.id);
}

async function held(orderId: string) {
  const { rows } = await world.database.ownerPool.query(
    `select o.order_no, o.system_no, o.tracking_no, w.tracking_no as waybill_tracking_no,
            w.arrange_status, w.arrange_error
       from orders o left join waybills w on w.order_id = o.id where o.id = $1`,
    [orderId],
  );
  return rows[0];
}

describe('a carrier that repeats a tracking number', () => {
  it('refuses the second order with the message, and the first keeps its number', async () => {
    const skuId = (await createProduct(world, await world.login('seller'), ['TU-MUG'])).skus[0]?.id ?? '';
    const manager = await actorFor(world, 'waremanager');
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: locationOf(dg01, 'A-02-04'),
        quantity: 5,
      }),
    );
    const first = await pendingOrder(skuId);
    const second = await pendingOrder(skuId);

    expect(await arrange(first)).toMatchObject({ succeeded: 1, failed: 0 });
    const kept = await held(first);
    expect(kept.tracking_no).toMatch(/^SBX\d{10}TH$/);

    // The carrier (its numbering lost, as after a restart) answers the second parcel with the
    // first one's number.
    const secondRow = await held(second);
    const shipment = [...sandbox.carrier.shipments.values()].find(
      (entry) => entry.trackingNo === kept.tracking_no,
    );
    if (!shipment) throw new Error('the carrier holds no shipment for the first order');
    sandbox.carrier.shipments.set(`${carrierKey}|${secondRow.system_no}`, {
      ...shipment,
      reference: secondRow.system_no,
    });

    const refused = await arrange(second);
    expect(refused).toMatchObject({ state: 'done', succeeded: 0, failed: 1 });
    expect(refused.problems).toEqual([
      expect.objectContaining({ orderId: second, errorCode: 'waybill.tracking_duplicate' }),
    ]);
    expect(refused.problems[0].message).toContain(
      `Order ${secondRow.order_no} was given a tracking number that another parcel of its channel already has`,
    );
    expect(refused.problems[0].message).toContain(kept.tracking_no);
    expect(await held(second)).toMatchObject({
      tracking_no: '',
      waybill_tracking_no: '',
      arrange_status: 'arrange_failed',
      arrange_error: 'waybill.tracking_duplicate',
    });
    expect(await held(first)).toMatchObject({
      tracking_no: kept.tracking_no,
      waybill_tracking_no: kept.tracking_no,
      arrange_status: 'arranged',
    });
    // The outbound list says why, translated.
    const list = await callApi(world, token, 'GET', '/api/waybill/list?pageSize=50');
    expect(list.body.result.records).toContainEqual(
      expect.objectContaining({
        orderId: second,
        arrangeStatus: 'arrange_failed',
        arrangeError: 'waybill.tracking_duplicate',
      }),
    );

    // Once the carrier issues a number of its own, arranging again is the retry.
    sandbox.carrier.shipments.delete(`${carrierKey}|${secondRow.system_no}`);
    expect(await arrange(second)).toMatchObject({ succeeded: 1, failed: 0 });
    const fixed = await held(second);
    expect(fixed.tracking_no).toMatch(/^SBX\d{10}TH$/);
    expect(fixed.tracking_no).not.toBe(kept.tracking_no);

    // The database is the backstop: no writer can give the channel's number to a second parcel.
    await expect(
      world.database.ownerPool.query('update waybills set tracking_no = $1 where order_id = $2', [
        kept.tracking_no,
        second,
      ]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'waybills_channel_tracking_key' });
  });
});
