/**
 * Box labels of an inbound order: one page per box with its number as Code 128 and QR (decoded
 * here from the rendered page, as the PDA's scanner reads them), 'box i of n', the order, the
 * warehouse, the seller and the SKUs, long lists cut short. Only those who see the order print it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, makeOrder, sellerSkus, type MadeOrder } from '../support/inbound-world.js';
import { barcodesOn, pdfPageTexts, scratchDir } from '../support/pdf-reading.js';
import { demoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
let order: MadeOrder;
let bkkOrder: MadeOrder;
const scratch = scratchDir();
const MANY = Array.from({ length: 14 }, (_, index) => `LBL-${String(index + 1).padStart(2, '0')}`);

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['seller', 'seller2', 'sellerstaff', 'agent', 'warestaff', 'waremanager'])
    tokens[name] = await world.login(name);
  tokens.acme = await world.login('acme-agent', { agentCode: 'acme' });
  const skus = await sellerSkus(world, tokens.seller ?? '', MANY);
  const seller = callerFor(world, tokens.seller ?? '');
  const dg01 = await demoWarehouse(world, 'DG01');
  order = await makeOrder(seller, dg01.id, [
    { boxNo: 'BOX-10', lines: [{ skuId: skus['LBL-01'] ?? '', shipQuantity: 4 }] },
    {
      boxNo: 'BOX-2',
      lines: MANY.map((code, index) => ({ skuId: skus[code] ?? '', shipQuantity: index + 1 })),
    },
    {
      boxNo: 'BOX-1',
      lines: [
        { skuId: skus['LBL-02'] ?? '', shipQuantity: 6 },
        { skuId: skus['LBL-03'] ?? '', shipQuantity: 9 },
      ],
    },
  ]);
  const bkk1 = await demoWarehouse(world, 'BKK1');
  bkkOrder = await makeOrder(seller, bkk1.id, [
    { boxNo: 'ลัง-1', lines: [{ skuId: skus['LBL-01'] ?? '', shipQuantity: 1 }] },
  ]);
});
afterAll(async () => {
  scratch.remove();
  await world.close();
});

const labels = (as: string, id: string, query = '', headers: Record<string, string> = {}) =>
  world.request({
    method: 'GET',
    url: `/api/inbound/order/box/labels?id=${id}${query}`,
    token: tokens[as],
    headers,
  });

describe('GET /api/inbound/order/box/labels', () => {
  it('prints one label per box in box-number order, each box number as Code 128 and QR', async () => {
    const response = await labels('seller', order.id, '', { 'x-lang': 'en-US' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="box-labels-${order.inboundNo}.pdf"`,
    );
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages).toHaveLength(3);
    const [first, second, third] = pages;
    expect(first).toContain('BOX-1');
    expect(first).toContain('Box 1 of 3');
    expect(first).toContain(order.inboundNo);
    expect(first).toContain('Warehouse: DG01');
    expect(first).toMatch(/Seller: \S+/);
    expect(first).toContain('LBL-02');
    expect(first).toContain('Total (2 SKUs)');
    expect(second).toContain('Box 2 of 3');
    expect(third).toContain('Box 3 of 3');
    expect(third).toContain('BOX-10');

    for (const [index, boxNo] of ['BOX-1', 'BOX-2', 'BOX-10'].entries()) {
      const decoded = barcodesOn(response.rawPayload, index + 1, scratch.dir, `box-label-${boxNo}`);
      if (decoded) expect(decoded).toEqual({ code128: boxNo, qr: boxNo });
    }
  });

  it('cuts a long SKU list short and says how many SKUs and units are left out', async () => {
    const pages = await pdfPageTexts((await labels('seller', order.id, '&lang=en-US')).rawPayload);
    const page = pages[1] ?? '';
    expect(page).toContain('LBL-01');
    expect(page).toContain('Total (14 SKUs)');
    const shown = MANY.filter((code) => page.includes(code));
    expect(shown.length).toBeGreaterThan(4);
    expect(shown.length).toBeLessThan(MANY.length);
    const hidden = MANY.length - shown.length;
    const units = MANY.slice(shown.length).reduce((sum, _code, index) => sum + shown.length + index + 1, 0);
    expect(page).toContain(`… ${hidden} more SKUs, ${units} units`);
  });

  it('writes the captions in Thai and prints a Thai box number as QR', async () => {
    const response = await labels('seller', bkkOrder.id, '&lang=th-TH');
    expect(response.statusCode).toBe(200);
    const [page] = await pdfPageTexts(response.rawPayload);
    expect(page).toContain('ลัง-1');
    expect(page).toContain('กล่อง 1 จาก 1');
    expect(page).toContain('คลังสินค้า: BKK1');
    const decoded = barcodesOn(response.rawPayload, 1, scratch.dir, 'box-label-th');
    // No Code 128 for Thai; the QR holds the UTF-8 bytes, which ZXing hands back one per character.
    if (decoded) {
      expect(decoded.code128).toBeNull();
      expect(Buffer.from(decoded.qr ?? '', 'latin1').toString('utf8')).toBe('ลัง-1');
    }
  });

  it('prints for the seller’s staff, the warehouse and the agent who see the order', async () => {
    for (const as of ['sellerstaff', 'warestaff', 'waremanager', 'agent'])
      expect((await labels(as, order.id)).statusCode, as).toBe(200);
  });

  it('answers 404 to another seller, a warehouse outside the person’s and another tenant', async () => {
    const refused = await labels('seller2', order.id, '', { 'x-lang': 'en-US' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, code: 'inbound.not_found' });
    expect((await labels('warestaff', bkkOrder.id)).statusCode).toBe(404);
    expect((await labels('acme', order.id)).statusCode).toBe(404);
  });

  it('refuses a malformed id and a missing token', async () => {
    expect((await labels('seller', 'not-an-id')).statusCode).toBe(400);
    const anonymous = await world.request({
      method: 'GET',
      url: `/api/inbound/order/box/labels?id=${order.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
