/**
 * Undo of a scan and discrepancy photos on the PDA. An undo is a compensating op naming an
 * earlier receive or shelve op of the same device: it takes the units back through the ledger
 * once, and is refused (changing nothing) when it is too late, unknown or repeated. Photos are
 * uploaded under keys the device made, before the op that cites them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxId,
  callerFor,
  inboundCounts,
  orderOfBoxes,
  receiveOp,
  onLocation,
  op,
  outcomes,
  photoKeyFor,
  push,
  sellerSkus,
  type Caller,
  type MadeOrder,
} from '../support/inbound-world.js';
import { JPEG_LIKE, multipartBody, PNG_1X1 } from '../support/multipart.js';
import { demoWarehouse, ledgerMismatches, locationOf, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let seller: Caller;
let staff: Caller;
let staffToken: string;
let dg01: DemoWarehouse;
let skus: Record<string, string>;
const filesDir = mkdtempSync(join(tmpdir(), 'pda-photos-'));

beforeAll(async () => {
  world = await createTestWorld({ filesDir });
  const sellerToken = await world.login('seller');
  seller = callerFor(world, sellerToken);
  staffToken = await world.login('warestaff');
  staff = callerFor(world, staffToken);
  dg01 = await demoWarehouse(world, 'DG01');
  skus = await sellerSkus(world, sellerToken, ['UNDO-A', 'UNDO-B']);
});
afterAll(async () => {
  await world.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const sku = (code: string) => skus[code] ?? '';

const freshOrder = (quantity = 5): Promise<MadeOrder> =>
  orderOfBoxes(
    seller,
    dg01.id,
    [
      ['U1', sku('UNDO-A')],
      ['U2', sku('UNDO-B')],
    ],
    quantity,
  );

const receive = (order: MadeOrder, seq: number, quantity: number, box = 'U1', code = 'UNDO-A') =>
  receiveOp(order, seq, box, sku(code), quantity);
const shelve = (order: MadeOrder, seq: number, location: string, quantity: number) =>
  op(seq, 'inbound.shelve', {
    inboundOrderId: order.id,
    skuId: sku('UNDO-A'),
    locationId: locationOf(dg01, location),
    quantity,
  });
const undo = (seq: number, opId: string) => op(seq, 'inbound.undo', { opId });

async function lineOf(order: MadeOrder): Promise<{ received: number; shelved: number; status: string }> {
  const { rows } = await world.database.ownerPool.query(
    `select l.received_quantity as received, l.shelved_quantity as shelved, o.status
       from inbound_box_lines l join inbound_orders o on o.id = l.order_id
      where l.order_id = $1 and l.sku_id = $2`,
    [order.id, sku('UNDO-A')],
  );
  return rows[0];
}

async function receivingArea(order: MadeOrder): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    'select receiving_location_id as id from inbound_orders where id = $1',
    [order.id],
  );
  return onLocation(world, rows[0].id, sku('UNDO-A'));
}

describe('inbound.undo', () => {
  it('takes a receipt back once: the ledger, the line and the status go back', async () => {
    const order = await freshOrder(2);
    const first = receive(order, 1, 1);
    const second = receive(order, 2, 1);
    expect(outcomes(await push(staff, 'dev-undo', [first, second]))).toEqual(['applied', 'applied']);
    expect(await lineOf(order)).toMatchObject({ received: 2, status: 'partial' });

    const taken = undo(3, second.opId);
    const result = await push(staff, 'dev-undo', [taken]);
    expect(result.results[0]).toMatchObject({
      status: 'applied',
      effect: { quantity: -1, status: 'partial', undoneOpId: second.opId },
    });
    expect(await lineOf(order)).toMatchObject({ received: 1, shelved: 0 });
    expect(await receivingArea(order)).toBe(1);

    // The same undo replayed is a duplicate; a second undo of the same scan is refused.
    expect(outcomes(await push(staff, 'dev-undo', [taken]))).toEqual(['duplicate']);
    expect(outcomes(await push(staff, 'dev-undo', [undo(4, second.opId)]))).toEqual(['pda.undo_already']);
    expect(outcomes(await push(staff, 'dev-undo', [undo(5, first.opId)]))).toEqual(['applied']);
    expect(await lineOf(order)).toMatchObject({ received: 0, status: 'pending' });
    const { rows } = await world.database.ownerPool.query(
      "select kind, quantity from stock_movements where source_id = $1 and kind = 'receipt_undo'",
      [order.id],
    );
    expect(rows).toHaveLength(2);
    // The order's records show the receipts and their undoing, so the counts add up for the seller.
    const detail = (await seller('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail.records.map((record: { kind: string }) => record.kind).sort()).toEqual([
      'receipt',
      'receipt',
      'receipt_undo',
      'receipt_undo',
    ]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('takes a shelving back to the receiving area and refuses what was shelved before the undo', async () => {
    const order = await freshOrder(4);
    const received = receive(order, 1, 4);
    const shelved = shelve(order, 2, 'A-01-04', 3);
    expect(outcomes(await push(staff, 'dev-undo-shelve', [received, shelved]))).toEqual([
      'applied',
      'applied',
    ]);
    const before = await onLocation(world, locationOf(dg01, 'A-01-04'), sku('UNDO-A'));

    // Three of four received units are on a shelf: undoing the receipt of four is too late.
    const result = await push(staff, 'dev-undo-shelve', [undo(3, received.opId), undo(4, shelved.opId)]);
    expect(outcomes(result)).toEqual(['inbound.undo_too_late', 'applied']);
    expect(result.results[0]).toMatchObject({ params: { left: 1, quantity: 4 } });
    expect(await lineOf(order)).toMatchObject({ received: 4, shelved: 0, status: 'partial' });
    expect(await onLocation(world, locationOf(dg01, 'A-01-04'), sku('UNDO-A'))).toBe(before - 3);
    expect(await receivingArea(order)).toBe(4);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses an unknown op, another device’s op and a kind that cannot be undone, changing nothing', async () => {
    const order = await freshOrder(3);
    const received = receive(order, 1, 2);
    const finished = op(2, 'inbound.finish_box', { inboundOrderId: order.id, boxId: boxId(order, 'U2') });
    expect(outcomes(await push(staff, 'dev-undo-a', [received, finished]))).toEqual(['applied', 'applied']);
    const before = await inboundCounts(world);
    const result = await push(staff, 'dev-undo-b', [
      undo(1, randomUUID()),
      undo(2, received.opId),
      op(3, 'inbound.undo', { opId: 'not-a-uuid' }),
    ]);
    expect(outcomes(result)).toEqual(['pda.undo_unknown', 'pda.undo_unknown', 'common.validation']);
    expect(outcomes(await push(staff, 'dev-undo-a', [undo(3, finished.opId)]))).toEqual([
      'pda.undo_unsupported',
    ]);
    expect(await inboundCounts(world)).toEqual(before);
  });

  it('answers an undo of a refused op as applied with nothing taken back', async () => {
    const order = await freshOrder(1);
    const refused = receive(order, 1, 1, 'U1', 'UNDO-B');
    const result = await push(staff, 'dev-undo-refused', [refused, undo(2, refused.opId)]);
    expect(outcomes(result)).toEqual(['inbound.sku_not_in_order', 'applied']);
    expect(result.results[1]).toMatchObject({ effect: { quantity: 0, undoneOpId: refused.opId } });
  });
});

describe('POST /api/pda/photo', () => {
  const upload = (as: string, query: Record<string, string>, data = JPEG_LIKE, type = 'image/jpeg') => {
    const body = multipartBody([{ name: 'photo.jpg', data, type }]);
    return world.request({
      method: 'POST',
      url: `/api/pda/photo?${new URLSearchParams(query).toString()}`,
      token: as,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'en-US' },
    });
  };

  it('stores a photo under the device’s key, again on a replay, and the discrepancy cites it', async () => {
    const order = await freshOrder(2);
    const key = await photoKeyFor(world, order);
    const first = await upload(staffToken, { inboundOrderId: order.id, key });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ key, contentType: 'image/jpeg' });
    expect((await upload(staffToken, { inboundOrderId: order.id, key })).statusCode).toBe(200);

    const reported = await push(staff, 'dev-photo', [
      op(1, 'inbound.discrepancy', {
        inboundOrderId: order.id,
        boxId: boxId(order, 'U1'),
        skuId: sku('UNDO-A'),
        kind: 'damaged',
        quantity: 1,
        reason: 'Crushed corner',
        photos: [key],
      }),
    ]);
    expect(outcomes(reported)).toEqual(['applied']);
    const detail = (await staff('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail.discrepancies[0]).toMatchObject({ kind: 'damaged', photos: [key] });
    // The seller sees the photo of their order.
    const sellerRead = await seller('GET', `/api/sys/common/static/${key}`);
    expect(sellerRead.statusCode).toBe(200);
    expect(sellerRead.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a key of another seller, a type other than the key’s, a non-image and a seller', async () => {
    const order = await freshOrder(1);
    const own = (await photoKeyFor(world, order)).split('/')[1] ?? '';
    const other = `inbound/${randomUUID()}/${randomUUID()}.jpg`;
    const wrongSeller = await upload(staffToken, { inboundOrderId: order.id, key: other });
    expect(wrongSeller.statusCode).toBe(400);
    expect(wrongSeller.json()).toMatchObject({ code: 'pda.photo_order_mismatch' });
    const pngAsJpg = await upload(
      staffToken,
      { inboundOrderId: order.id, key: `inbound/${own}/${randomUUID()}.jpg` },
      PNG_1X1,
      'image/png',
    );
    expect(pngAsJpg.json()).toMatchObject({ code: 'pda.photo_order_mismatch' });
    const text = await upload(
      staffToken,
      { inboundOrderId: order.id, key: `inbound/${own}/${randomUUID()}.jpg` },
      Buffer.from('not an image'),
      'text/plain',
    );
    expect(text.json()).toMatchObject({ code: 'files.not_an_image' });
    const sellerToken = await world.login('seller');
    const bySeller = await upload(sellerToken, {
      inboundOrderId: order.id,
      key: `inbound/${own}/${randomUUID()}.jpg`,
    });
    expect(bySeller.statusCode).toBe(403);
    // A discrepancy citing a photo outside the order's seller folder is refused.
    const refused = await push(staff, 'dev-photo-bad', [
      op(1, 'inbound.discrepancy', {
        inboundOrderId: order.id,
        skuId: sku('UNDO-A'),
        kind: 'short',
        quantity: 1,
        reason: 'Missing',
        photos: [other],
      }),
    ]);
    expect(outcomes(refused)).toEqual(['inbound.photo_invalid']);
  });
});
