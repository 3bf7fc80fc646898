/**
 * Label PDFs: SKU labels for a seller's own SKUs, location labels for the warehouses a person
 * works in, each with the code as Code 128 and as QR (decoded here from the rendered page) and
 * the text in the caller's language, Thai and Chinese included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodesOn, pdfPageTexts, scratchDir } from '../support/pdf-reading.js';
import { createProduct, demoWarehouse, locationOf, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let silk: { id: string; skus: { id: string; sellerSku: string; sysCode: string }[] };
const scratch = scratchDir();

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['agent', 'waremanager', 'warestaff', 'seller', 'seller2'])
    tokens[name] = await world.login(name);
  tokens.acme = await world.login('acme-agent', { agentCode: 'acme' });
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  silk = await createProduct(world, tokens.seller ?? '', ['SILK-RED-L', 'SILK-BLUE-M'], {
    name: '泰国丝绸围巾 ผ้าไหมไทย',
  });
});
afterAll(async () => {
  scratch.remove();
  await world.close();
});

const get = (as: string, url: string, headers: Record<string, string> = {}) =>
  world.request({ method: 'GET', url: `/api${url}`, token: tokens[as], headers });

describe('GET /api/print/label/sku', () => {
  it('prints each SKU as many times as asked, in Thai, with both barcodes of its system code', async () => {
    const [red, blue] = silk.skus;
    const response = await get('seller', `/print/label/sku?ids=${red?.id},${blue?.id}&copies=2&lang=th-TH`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="sku-labels-\d{8}\.pdf"$/);
    const pdf = response.rawPayload;
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('SILK-RED-L');
    expect(pages[0]).toContain('泰国丝绸围巾 ผ้าไหมไทย');
    expect(pages[1]).toContain('SILK-RED-L');
    expect(pages[2]).toContain('SILK-BLUE-M');
    const decoded = barcodesOn(pdf, 3, scratch.dir, 'sku-label-th');
    if (decoded) expect(decoded).toEqual({ code128: blue?.sysCode, qr: blue?.sysCode });
  });

  it('writes the variation caption in the language of X-Lang', async () => {
    const edited = await world.request({
      method: 'PUT',
      url: '/api/catalog/sku/edit',
      token: tokens.seller,
      payload: { id: silk.skus[0]?.id, variation: '红色 L' },
    });
    expect(edited.statusCode).toBe(200);
    const zh = await get('seller', `/print/label/sku?ids=${silk.skus[0]?.id}`, { 'x-lang': 'zh-CN' });
    expect((await pdfPageTexts(zh.rawPayload))[0]).toContain('规格: 红色 L');
    const vi = await get('seller', `/print/label/sku?ids=${silk.skus[0]?.id}`, { 'x-lang': 'vn-VN' });
    expect((await pdfPageTexts(vi.rawPayload))[0]).toContain('Phân loại: 红色 L');
  });

  it("prints another seller's SKU for agents but answers 404 to the other seller", async () => {
    const id = silk.skus[0]?.id;
    expect((await get('agent', `/print/label/sku?ids=${id}`)).statusCode).toBe(200);
    const refused = await get('seller2', `/print/label/sku?ids=${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, code: 'catalog.sku_not_found' });
    expect((await get('acme', `/print/label/sku?ids=${id}`)).statusCode).toBe(404);
  });

  it('refuses malformed ids, too many copies and a missing token', async () => {
    expect((await get('seller', '/print/label/sku?ids=abc')).statusCode).toBe(400);
    expect((await get('seller', `/print/label/sku?ids=${silk.skus[0]?.id}&copies=101`)).statusCode).toBe(400);
    expect((await get('seller', '/print/label/sku')).statusCode).toBe(400);
    const anonymous = await world.request({
      method: 'GET',
      url: `/api/print/label/sku?ids=${silk.skus[0]?.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/print/label/location', () => {
  it("prints a whole warehouse's locations in traditional Chinese, ordered by code", async () => {
    const response = await get('waremanager', `/print/label/location?warehouseId=${dg01.id}&lang=zh-TC`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="location-labels-DG01-\d{8}\.pdf"/);
    const pages = await pdfPageTexts(response.rawPayload);
    const codes = [...dg01.locations.keys()].sort();
    expect(pages).toHaveLength(codes.length);
    expect(pages[0]).toContain(codes[0]);
    expect(pages[0]).toContain('倉庫: DG01');
    expect(pages[0]).toContain('類型:');
    const decoded = barcodesOn(response.rawPayload, 1, scratch.dir, 'location-label-tc');
    if (decoded) expect(decoded).toEqual({ code128: codes[0], qr: codes[0] });
  });

  it('prints chosen locations, or one partition, in Thai', async () => {
    const [first, second] = [...dg01.locations.keys()].sort();
    const ids = [locationOf(dg01, first ?? ''), locationOf(dg01, second ?? '')].join(',');
    const chosen = await get('warestaff', `/print/label/location?ids=${ids}&lang=th-TH`);
    expect(chosen.statusCode).toBe(200);
    const pages = await pdfPageTexts(chosen.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain(second);
    expect(pages[1]).toContain('คลังสินค้า: DG01');
    const decoded = barcodesOn(chosen.rawPayload, 1, scratch.dir, 'location-label-th');
    if (decoded) expect(decoded.code128).toBe(first);

    const { rows } = await world.database.ownerPool.query<{ id: string; n: number }>(
      `select p.id, count(l.id)::int as n from warehouse_partitions p
       join warehouse_locations l on l.partition_id = p.id where p.warehouse_id = $1 group by p.id limit 1`,
      [dg01.id],
    );
    const partition = rows[0];
    if (!partition) throw new Error('no partition with locations in DG01');
    const zone = await get('warestaff', `/print/label/location?partitionId=${partition.id}`);
    expect(zone.statusCode).toBe(200);
    expect(await pdfPageTexts(zone.rawPayload)).toHaveLength(partition.n);
  });

  it("answers 404 for a warehouse, partition or location outside the person's warehouses or tenant", async () => {
    const bkkLocation = [...bkk1.locations.values()][0];
    expect((await get('warestaff', `/print/label/location?warehouseId=${bkk1.id}`)).statusCode).toBe(404);
    if (bkkLocation)
      expect((await get('warestaff', `/print/label/location?ids=${bkkLocation}`)).statusCode).toBe(404);
    expect((await get('acme', `/print/label/location?warehouseId=${dg01.id}`)).statusCode).toBe(404);
    expect((await get('agent', `/print/label/location?warehouseId=${bkk1.id}`)).statusCode).toBe(200);
  });

  it('needs a selection, and the location permission', async () => {
    expect((await get('waremanager', '/print/label/location')).statusCode).toBe(400);
    expect((await get('seller', `/print/label/location?warehouseId=${dg01.id}`)).statusCode).toBe(403);
  });
});
