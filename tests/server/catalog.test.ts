/**
 * Products, SKUs and barcodes through the API: a seller's catalogue is theirs alone, codes stay
 * unique where the business needs them unique, barcodes are normalised, refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@shared/domain/barcode.js';
import { productPhotoKey, sellerIdOf } from '../support/photos.js';
import { tableCounts } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
const sellerIds: Record<string, string> = {};
/** The n-th photo of a seller (by the name of one of its users), as its upload would name it. */
const photo = (as: string, n = 1) => productPhotoKey(sellerIds[as] ?? 'unknown', n);

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['admin', 'agent', 'waremanager', 'warestaff', 'seller', 'seller2', 'sellerstaff'])
    tokens[name] = await world.login(name);
  tokens.acme = await world.login('acme-agent', { agentCode: 'acme' });
  tokens['acme-seller'] = await world.login('acme-seller', { agentCode: 'acme' });
  for (const name of ['seller', 'seller2', 'sellerstaff', 'acme-seller'])
    sellerIds[name] = await sellerIdOf(world, tokens[name] ?? '');
});
afterAll(() => world.close());

const call = (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  world.request({
    method,
    url: `/api${url}`,
    token: tokens[as],
    headers: { 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ean13 = (body: string) => `${body}${gtinCheckDigit(body)}`;
const product = (skus: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  name: `Shirt ${String(skus[0]?.sellerSku ?? '')}`,
  photos: [photo('seller')],
  hsCode: '620520',
  declaredName: 'Linen shirt',
  declaredValue: 4200,
  declaredCurrency: 'CNY',
  skus,
  ...extra,
});

async function sellerSku(as: string, code: string) {
  const response = await call(as, 'GET', `/catalog/sku/list?skuSearch=${encodeURIComponent(code)}`);
  return response.json().result.records[0];
}

describe('POST /api/catalog/product/add', () => {
  it('adds a product with its SKUs, system codes from the counter and normalised barcodes', async () => {
    const response = await call(
      'seller',
      'POST',
      '/catalog/product/add',
      product(
        [
          {
            sellerSku: 'LS-S',
            localCode: 'L-LS-S',
            variation: 'S',
            barcodes: ['036000291452', 'ls-s-001'],
            weightG: 210,
          },
          { sellerSku: 'LS-M', localCode: 'L-LS-M', variation: 'M', safetyStock: 5, cost: 2500 },
        ],
        { name: 'Linen shirt' },
      ),
    );
    expect(response.statusCode).toBe(200);
    const added = response.json().result;
    expect(added).toMatchObject({
      name: 'Linen shirt',
      sellerName: 'Sam Seller',
      declaredValue: 4200,
      photos: [photo('seller')],
    });
    const [small, medium] = added.skus;
    expect(small).toMatchObject({
      sellerSku: 'LS-S',
      barcodes: ['00036000291452', 'LS-S-001'],
      weightG: 210,
    });
    expect(medium).toMatchObject({
      sellerSku: 'LS-M',
      safetyStock: 5,
      cost: 2500,
      costCurrency: 'CNY',
      barcodes: [],
    });
    expect(small.sysCode).toMatch(/^S\d{8}$/);
    expect(Number(medium.sysCode.slice(1))).toBe(Number(small.sysCode.slice(1)) + 1);
    const other = await call(
      'seller2',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'LS-S' }], { photos: [photo('seller2')] }),
    );
    expect(Number(other.json().result.skus[0].sysCode.slice(1))).toBe(Number(medium.sysCode.slice(1)) + 1);
  });

  it("refuses a local SKU the seller already uses: 'Local SKUs must be unique'", async () => {
    const before = await tableCounts(world);
    const taken = await call(
      'seller',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'NEW-1', localCode: 'L-LS-S' }]),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'catalog.local_sku_taken',
      message: 'Local SKUs must be unique',
    });
    const twice = await call(
      'seller',
      'POST',
      '/catalog/product/add',
      product([
        { sellerSku: 'NEW-2', localCode: 'L-TWICE' },
        { sellerSku: 'NEW-3', localCode: 'L-TWICE' },
      ]),
    );
    expect(twice.json().message).toBe('Local SKUs must be unique');
    const chinese = await world.request({
      method: 'POST',
      url: '/api/catalog/product/add',
      token: tokens.seller,
      payload: product([{ sellerSku: 'NEW-4', localCode: 'L-LS-S' }]),
    });
    expect(chinese.json().message).toBe('本地SKU不能重复');
    expect(await tableCounts(world)).toEqual(before);
    const otherSeller = await call(
      'seller2',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'X-1', localCode: 'L-LS-S' }], { photos: [photo('seller2')] }),
    );
    expect(otherSeller.statusCode).toBe(200);
  });

  it('refuses a seller SKU or a barcode the seller already uses, also when typed as another GTIN', async () => {
    const before = await tableCounts(world);
    const sku = await call('seller', 'POST', '/catalog/product/add', product([{ sellerSku: 'LS-S' }]));
    expect(sku.json()).toMatchObject({ code: 'catalog.seller_sku_taken', params: { code: 'LS-S' } });
    const barcode = await call(
      'seller',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'NEW-5', barcodes: ['0036000291452'] }]),
    );
    expect(barcode.statusCode).toBe(409);
    expect(barcode.json()).toMatchObject({
      code: 'catalog.barcode_taken',
      params: { barcode: '00036000291452' },
    });
    expect(await tableCounts(world)).toEqual(before);
  });

  it('refuses bad input with its fields and changes nothing', async () => {
    const before = await tableCounts(world);
    const cases: [Record<string, unknown>, string][] = [
      [product([{ sellerSku: 'B-1', barcodes: ['4006381333932'] }]), 'skus.0.barcodes.0'],
      [
        product([{ sellerSku: 'B-2' }], {
          photos: Array.from({ length: 6 }, (_, index) => photo('seller', index + 1)),
        }),
        'photos',
      ],
      [product([{ sellerSku: 'B-3' }], { photos: [] }), 'photos'],
      [product([{ sellerSku: 'B-4' }], { photos: ['../../etc/passwd'] }), 'photos.0'],
      [product([{ sellerSku: 'B-5', weightG: -1 }]), 'skus.0.weightG'],
      [product([{ sellerSku: 'B-6', safetyStock: 1.5 }]), 'skus.0.safetyStock'],
      [product([{ sellerSku: 'B-7' }], { declaredCurrency: 'USD' }), 'declaredCurrency'],
      [product([]), 'skus'],
      [product([{ sellerSku: 'B-8', sellerId: '00000000-0000-4000-8000-000000000000' }]), 'skus.0'],
    ];
    for (const [payload, path] of cases) {
      const response = await call('seller', 'POST', '/catalog/product/add', payload);
      expect(response.statusCode, path).toBe(400);
      expect(
        response.json().fields.map((field: { path: string }) => field.path),
        path,
      ).toContain(path);
    }
    const checkDigit = await call('seller', 'POST', '/catalog/product/add', cases[0]?.[0]);
    expect(checkDigit.json().fields[0]).toMatchObject({
      rule: 'barcode_check_digit',
      message: 'is a GTIN with a wrong check digit',
    });
    expect(await tableCounts(world)).toEqual(before);
  });

  it("refuses an HS code that is not 6 to 10 digits with the field's message, on add and on edit", async () => {
    const before = await tableCounts(world);
    for (const [index, hsCode] of ['abc', '12345', '12345678901', '6109.10', '61091a'].entries()) {
      const response = await call(
        'seller',
        'POST',
        '/catalog/product/add',
        product([{ sellerSku: `HS-BAD-${index}` }], { hsCode }),
      );
      expect(response.statusCode, hsCode).toBe(400);
      expect(response.json().fields, hsCode).toContainEqual(
        expect.objectContaining({
          path: 'hsCode',
          rule: 'hs_code_format',
          message: 'must be 6 to 10 digits',
        }),
      );
    }
    expect(await tableCounts(world)).toEqual(before);

    const added = await call(
      'seller',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'HS-OK-1' }], { hsCode: ' 6109100000 ' }),
    );
    expect(added.json().result).toMatchObject({ hsCode: '6109100000' });
    const none = await call(
      'seller',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'HS-OK-2' }], { hsCode: '' }),
    );
    expect(none.json().result).toMatchObject({ hsCode: '' });
    const edited = await call('seller', 'PUT', '/catalog/product/edit', {
      id: added.json().result.id,
      hsCode: 'abc',
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toContainEqual(
      expect.objectContaining({ path: 'hsCode', rule: 'hs_code_format' }),
    );
    expect(
      (await call('seller', 'GET', `/catalog/product/queryById?id=${added.json().result.id}`)).json().result,
    ).toMatchObject({
      hsCode: '6109100000',
    });
  });

  it('lets only sellers and their staff add products', async () => {
    expect(
      (await call('agent', 'POST', '/catalog/product/add', product([{ sellerSku: 'A-1' }]))).statusCode,
    ).toBe(403);
    expect(
      (await call('waremanager', 'POST', '/catalog/product/add', product([{ sellerSku: 'A-1' }]))).statusCode,
    ).toBe(403);
    const admin = await call('admin', 'POST', '/catalog/product/add', product([{ sellerSku: 'A-1' }]));
    expect(admin.json()).toMatchObject({ code: 'catalog.seller_only' });
    const staff = await call(
      'sellerstaff',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'STAFF-1' }]),
    );
    expect(staff.json().result).toMatchObject({ sellerName: 'Sam Seller' });
  });
});

describe("a seller's catalogue is theirs alone", () => {
  it('lists only the seller’s own products, and every seller’s for agent and warehouse roles', async () => {
    const mine = (await call('seller', 'GET', '/catalog/product/list?pageSize=100')).json().result.records;
    expect(new Set(mine.map((row: { sellerName: string }) => row.sellerName))).toEqual(
      new Set(['Sam Seller']),
    );
    const staffView = (await call('sellerstaff', 'GET', '/catalog/product/list?pageSize=100')).json().result;
    expect(staffView.total).toBe(mine.length);
    const seller2 = (await call('seller2', 'GET', '/catalog/product/list?pageSize=100')).json().result
      .records;
    expect(seller2.every((row: { sellerName: string }) => row.sellerName === 'Sara Seller')).toBe(true);
    for (const role of ['agent', 'warestaff']) {
      const all = (await call(role, 'GET', '/catalog/product/list?pageSize=100')).json().result.records;
      expect(new Set(all.map((row: { sellerName: string }) => row.sellerName))).toEqual(
        new Set(['Sam Seller', 'Sara Seller']),
      );
    }
    const sellerId = mine[0].sellerId;
    const filtered = (
      await call('agent', 'GET', `/catalog/product/list?pageSize=100&sellerId=${sellerId}`)
    ).json().result;
    expect(filtered.total).toBe(mine.length);
    expect(
      (await call('acme', 'GET', '/catalog/product/list'))
        .json()
        .result.records.map((row: { name: string }) => row.name),
    ).toEqual(['Yoga mat']);
  });

  it("answers 404 to another seller or tenant for a seller's product, SKU and barcode", async () => {
    const linen = (await call('seller', 'GET', '/catalog/product/list?name=Linen')).json().result.records[0];
    const sku = linen.skus[0];
    const before = await tableCounts(world);
    const attempts = [
      call('seller2', 'GET', `/catalog/product/queryById?id=${linen.id}`),
      call('seller2', 'PUT', '/catalog/product/edit', { id: linen.id, name: 'Mine' }),
      call('seller2', 'DELETE', `/catalog/product/delete?id=${linen.id}`),
      call('seller2', 'GET', `/catalog/sku/queryById?id=${sku.id}`),
      call('seller2', 'PUT', '/catalog/sku/edit', { id: sku.id, safetyStock: 1 }),
      call('seller2', 'DELETE', `/catalog/sku/delete?id=${sku.id}`),
      call('seller2', 'POST', '/catalog/sku/add', { productId: linen.id, sellerSku: 'STOLEN' }),
      call('seller2', 'POST', '/catalog/sku/barcode/add', { skuId: sku.id, barcode: 'X-1' }),
      call('acme', 'GET', `/catalog/product/queryById?id=${linen.id}`),
      call('acme', 'GET', `/catalog/sku/queryById?id=${sku.id}`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    expect(
      (await call('seller2', 'GET', '/catalog/sku/queryByBarcode?barcode=036000291452')).json().result,
    ).toEqual([]);
    expect(await tableCounts(world)).toEqual(before);
  });

  it('resolves a barcode to one SKU per seller', async () => {
    await call(
      'seller2',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'SHARED-1', barcodes: ['036000291452'] }], { photos: [photo('seller2')] }),
    );
    const forSeller = (await call('seller', 'GET', '/catalog/sku/queryByBarcode?barcode=036000291452')).json()
      .result;
    expect(forSeller.map((row: { sellerSku: string }) => row.sellerSku)).toEqual(['LS-S']);
    const forWarehouse = (
      await call('warestaff', 'GET', '/catalog/sku/queryByBarcode?barcode=0036000291452')
    ).json().result;
    expect(forWarehouse.map((row: { sellerSku: string }) => row.sellerSku).sort()).toEqual([
      'LS-S',
      'SHARED-1',
    ]);
    expect(forWarehouse[0]).toMatchObject({ productName: 'Linen shirt', photo: photo('seller') });
  });
});

describe('editing products, SKUs and barcodes', () => {
  it('edits the product and its SKUs, replacing barcodes when sent', async () => {
    const linen = (await call('seller', 'GET', '/catalog/product/list?name=Linen')).json().result.records[0];
    const edited = await call('sellerstaff', 'PUT', '/catalog/product/edit', {
      id: linen.id,
      name: 'Linen shirt 2026',
      photos: [photo('seller'), photo('seller', 2)],
    });
    expect(edited.json().result).toMatchObject({ name: 'Linen shirt 2026', hsCode: '620520' });
    const sku = linen.skus[0];
    const skuEdit = await call('seller', 'PUT', '/catalog/sku/edit', {
      id: sku.id,
      safetyStock: 12,
      barcodes: [ean13('690123456789'), 'ls-s-001'],
    });
    expect(skuEdit.json().result).toMatchObject({
      sellerSku: 'LS-S',
      safetyStock: 12,
      barcodes: expect.arrayContaining([`0${ean13('690123456789')}`, 'LS-S-001']),
    });
    expect(skuEdit.json().result.barcodes).toHaveLength(2);
    const added = await call('seller', 'POST', '/catalog/sku/barcode/add', {
      skuId: sku.id,
      barcode: '96385074',
    });
    expect(added.json().result.barcodes).toContain('00000096385074');
    const removed = await call(
      'seller',
      'DELETE',
      `/catalog/sku/barcode/delete?skuId=${sku.id}&barcode=LS-S-001`,
    );
    expect(removed.json().result.barcodes).not.toContain('LS-S-001');
    const missing = await call(
      'seller',
      'DELETE',
      `/catalog/sku/barcode/delete?skuId=${sku.id}&barcode=LS-S-001`,
    );
    expect(missing.json().code).toBe('catalog.barcode_not_found');
  });

  it('refuses to give one SKU the local code of another', async () => {
    const medium = await sellerSku('seller', 'LS-M');
    const response = await call('seller', 'PUT', '/catalog/sku/edit', { id: medium.id, localCode: 'L-LS-S' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Local SKUs must be unique');
    const keep = await call('seller', 'PUT', '/catalog/sku/edit', {
      id: medium.id,
      localCode: 'L-LS-M',
      variation: 'Medium',
    });
    expect(keep.json().result).toMatchObject({ localCode: 'L-LS-M', variation: 'Medium' });
  });

  it('adds a SKU to a product, and finds SKUs by any code in a batch search', async () => {
    const linen = (await call('seller', 'GET', '/catalog/product/list?name=Linen')).json().result.records[0];
    const added = await call('seller', 'POST', '/catalog/sku/add', {
      productId: linen.id,
      sellerSku: 'LS-L',
      customCode: 'C-LSL',
    });
    expect(added.json().result.sysCode).toMatch(/^S\d{8}$/);
    const found = (
      await call(
        'seller',
        'GET',
        `/catalog/sku/list?skuSearch=${encodeURIComponent('ls-m，C-LSL, 96385074')}`,
      )
    ).json().result.records;
    expect(found.map((row: { sellerSku: string }) => row.sellerSku).sort()).toEqual(['LS-L', 'LS-M', 'LS-S']);
  });

  it("finds SKUs for a picker by the start of a code or part of the name, only the caller seller's", async () => {
    const codes = async (as: string, keyword: string) =>
      (await call(as, 'GET', `/catalog/sku/list?keyword=${encodeURIComponent(keyword)}`))
        .json()
        .result.records.map((row: { sellerSku: string }) => row.sellerSku)
        .sort();
    expect(await codes('seller', 'TS-BLK')).toEqual(['TS-BLK-L', 'TS-BLK-M']);
    expect(await codes('seller', 'ts-blk-m')).toEqual(['TS-BLK-M']);
    expect(await codes('seller', 'cotton t-sh')).toEqual(expect.arrayContaining(['TS-BLK-L', 'TS-BLK-M']));
    expect(await codes('seller', ean13('690000000001'))).toEqual(['TS-BLK-M']);
    // Wildcards are text, and another seller's SKUs are never found.
    expect(await codes('seller', '%')).toEqual([]);
    expect(await codes('seller2', 'TS-BLK')).toEqual([]);
    const total = (await call('seller', 'GET', '/catalog/sku/list?keyword=TS-BLK&pageSize=1')).json().result
      .total;
    expect(total).toBe(2);
  });

  it('deletes SKUs and products that never had stock, and refuses those that did', async () => {
    const stocked = await sellerSku('seller', 'TS-BLK-M');
    const refused = await call('seller', 'DELETE', `/catalog/sku/delete?id=${stocked.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('catalog.sku_in_use');
    expect(
      (await call('seller', 'DELETE', `/catalog/product/delete?id=${stocked.productId}`)).json().code,
    ).toBe('catalog.sku_in_use');
    const linen = (await call('seller', 'GET', '/catalog/product/list?name=Linen')).json().result.records[0];
    const lsl = linen.skus.find((row: { sellerSku: string }) => row.sellerSku === 'LS-L');
    expect((await call('seller', 'DELETE', `/catalog/sku/delete?id=${lsl.id}`)).statusCode).toBe(200);
    expect((await call('seller', 'DELETE', `/catalog/product/delete?id=${linen.id}`)).statusCode).toBe(200);
    expect((await call('seller', 'GET', `/catalog/product/queryById?id=${linen.id}`)).statusCode).toBe(404);
    expect((await call('seller', 'GET', '/catalog/sku/list?skuSearch=LS-S')).json().result.total).toBe(0);
  });
});

describe('product photos belong to their seller', () => {
  it("refuses a product that names another seller's photo, in this tenant or another, and changes nothing", async () => {
    const before = await tableCounts(world);
    const attempts: [string, string][] = [
      ['seller2', photo('seller')],
      ['acme-seller', photo('seller')],
      ['seller', photo('seller2')],
      ['sellerstaff', photo('seller2')],
    ];
    for (const [as, stolen] of attempts) {
      const added = await call(
        as,
        'POST',
        '/catalog/product/add',
        product([{ sellerSku: `STOLEN-${as}` }], { photos: [photo(as, 7), stolen] }),
      );
      expect(added.statusCode, `${as} names ${stolen}`).toBe(400);
      expect(added.json()).toMatchObject({
        code: 'catalog.photo_invalid',
        message: 'A photo was not uploaded by this seller',
      });
    }
    expect(await tableCounts(world)).toEqual(before);
  });

  it("refuses an edit that names another seller's photo, and keeps the product's own", async () => {
    const own = await call(
      'seller2',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'OWN-PHOTO-1' }], { photos: [photo('seller2', 3)] }),
    );
    expect(own.statusCode).toBe(200);
    const id = own.json().result.id as string;
    const edit = await call('seller2', 'PUT', '/catalog/product/edit', { id, photos: [photo('seller')] });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().code).toBe('catalog.photo_invalid');
    const kept = await call('seller2', 'GET', `/catalog/product/queryById?id=${id}`);
    expect(kept.json().result.photos).toEqual([photo('seller2', 3)]);
    const renamed = await call('seller2', 'PUT', '/catalog/product/edit', {
      id,
      photos: [photo('seller2', 4), photo('seller2', 3)],
    });
    expect(renamed.json().result.photos).toEqual([photo('seller2', 4), photo('seller2', 3)]);
  });

  it("lets a seller's staff and the acme seller use their own seller's photos", async () => {
    expect(
      (
        await call(
          'sellerstaff',
          'POST',
          '/catalog/product/add',
          product([{ sellerSku: 'STAFF-PHOTO-1' }], { name: 'Staff photo', photos: [photo('seller', 5)] }),
        )
      ).statusCode,
    ).toBe(200);
    const acme = await call(
      'acme-seller',
      'POST',
      '/catalog/product/add',
      product([{ sellerSku: 'ACME-PHOTO-1' }], { photos: [photo('acme-seller')] }),
    );
    expect(acme.statusCode).toBe(200);
    expect(acme.json().result.photos).toEqual([photo('acme-seller')]);
  });
});
