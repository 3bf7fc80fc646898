/**
 * Products and SKUs by spreadsheet: the template's fixed columns, an import that reports every
 * bad row by number and imports nothing, a clean import through the catalogue services, and an
 * export that imports back.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_COLUMNS } from '@shared/contract/catalog-excel.js';
import { gtinCheckDigit } from '@shared/domain/barcode.js';
import { multipartBody } from '../support/multipart.js';
import { productPhotoKey, sellerIdOf } from '../support/photos.js';
import { createProduct, tableCounts } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
const sellerIds: Record<string, string> = {};
const photo = (as: string, n = 1) => productPhotoKey(sellerIds[as] ?? 'unknown', n);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['agent', 'seller', 'seller2']) tokens[name] = await world.login(name);
  for (const name of ['seller', 'seller2']) sellerIds[name] = await sellerIdOf(world, tokens[name] ?? '');
});
afterAll(() => world.close());

type Row = Partial<Record<(typeof TEMPLATE_COLUMNS)[number], string | number>>;

async function workbook(rows: Row[], header: string[] = [...TEMPLATE_COLUMNS]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('products');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(header.map((column) => row[column as keyof Row] ?? null));
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

async function sheetRows(data: Buffer): Promise<Record<string, unknown>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(Object.fromEntries(header.map((name, index) => [name, row.getCell(index + 1).value])));
  });
  return rows;
}

function importFile(as: string, data: Buffer) {
  const body = multipartBody([{ name: 'products.xlsx', type: XLSX, data }]);
  return world.request({
    method: 'POST',
    url: '/api/catalog/excel/import',
    token: tokens[as],
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': 'en-US' },
  });
}

const ean13 = (body: string) => `${body}${gtinCheckDigit(body)}`;
const wrongCheckDigit = (body: string) => `${body}${(gtinCheckDigit(body) + 1) % 10}`;
const shirt = (sellerSku: string, extra: Row = {}): Row => ({
  productName: 'Cotton shirt 棉衬衫',
  photos: photo('seller'),
  hsCode: '620520',
  declaredName: 'Cotton shirt',
  declaredValue: 1500,
  declaredCurrency: 'CNY',
  sellerSku,
  variation: sellerSku.slice(-1),
  ...extra,
});

describe('GET /api/catalog/excel/template', () => {
  it('downloads a workbook with the fixed columns', async () => {
    const response = await world.request({
      method: 'GET',
      url: '/api/catalog/excel/template',
      token: tokens.seller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe('attachment; filename="products-template.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual([...TEMPLATE_COLUMNS]);
  });
});

describe('POST /api/catalog/excel/import', () => {
  it('refuses a sheet whose columns are not the template', async () => {
    const before = await tableCounts(world);
    const response = await importFile('seller', await workbook([{ productName: 'X' }], ['name', 'sku']));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, code: 'import.wrong_columns' });
    expect(response.json().message).toContain('productName, photos');
    expect(await tableCounts(world)).toEqual(before);
    const notExcel = await importFile('seller', Buffer.from('sellerSku,name\nA,B\n'));
    expect(notExcel.json()).toMatchObject({ code: 'import.not_a_workbook' });
  });

  it('reports a bad barcode and a repeated local SKU by row and column, and imports nothing', async () => {
    await createProduct(world, tokens.seller ?? '', ['TAKEN-1'], {});
    const before = await tableCounts(world);
    const response = await importFile(
      'seller',
      await workbook([
        shirt('CS-S', { localCode: 'L-CS-S', barcodes: ean13('690123456789') }),
        shirt('CS-M', { barcodes: wrongCheckDigit('690123456790') }),
        shirt('CS-L', { localCode: 'L-CS-S' }),
        shirt('CS-XL', { safetyStock: -3, costCurrency: 'EUR' }),
        shirt('TAKEN-1', { productName: 'Another product' }),
      ]),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      code: 'import.rows_invalid',
      message: '5 errors found; nothing was imported',
    });
    expect(body.report).toEqual([
      {
        row: 3,
        column: 'barcodes',
        code: 'validation.barcode_check_digit',
        message: 'is a GTIN with a wrong check digit',
      },
      {
        row: 4,
        column: 'localCode',
        code: 'import.duplicate_in_file',
        message: 'L-CS-S appears more than once in the file (see also row 2)',
      },
      {
        row: 5,
        column: 'costCurrency',
        code: 'validation.invalid_value',
        message: expect.stringContaining('CNY'),
      },
      { row: 5, column: 'safetyStock', code: 'validation.too_small_number', message: 'must be at least 0' },
      {
        row: 6,
        column: 'sellerSku',
        code: 'catalog.seller_sku_taken',
        message: 'Seller SKU TAKEN-1 is already in use',
      },
    ]);
    expect(await tableCounts(world)).toEqual(before);
  });

  it("reports a row that names another seller's photo, and imports nothing", async () => {
    const before = await tableCounts(world);
    const response = await importFile(
      'seller2',
      await workbook([
        shirt('S2-1', { productName: 'Own photo', photos: photo('seller2') }),
        shirt('S2-2', { productName: 'Borrowed photo', photos: `${photo('seller2')},${photo('seller')}` }),
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().report).toEqual([
      {
        row: 3,
        column: 'photos',
        code: 'catalog.photo_invalid',
        message: 'A photo was not uploaded by this seller',
      },
    ]);
    expect(await tableCounts(world)).toEqual(before);
  });

  it('imports a clean file as products with their SKUs, for the seller only', async () => {
    const before = await tableCounts(world);
    const response = await importFile(
      'seller',
      await workbook([
        shirt('IMP-S', {
          localCode: 'L-IMP-S',
          barcodes: `${ean13('690123400001')}, imp-s-01`,
          weightG: 180,
        }),
        shirt('IMP-M', { cost: 2300, costCurrency: 'THB', safetyStock: 4 }),
        {
          productName: 'Silk scarf ผ้าไหม',
          photos: `${photo('seller', 2)},${photo('seller', 3)}`,
          sellerSku: 'SCARF-1',
        },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({
      productsCreated: 2,
      productsUpdated: 0,
      skusCreated: 3,
      skusUpdated: 0,
    });
    const after = await tableCounts(world);
    expect([(after.products ?? 0) - (before.products ?? 0), (after.skus ?? 0) - (before.skus ?? 0)]).toEqual([
      2, 3,
    ]);
    const list = await world.request({
      method: 'GET',
      url: '/api/catalog/sku/list?skuSearch=IMP-S,IMP-M',
      token: tokens.seller,
    });
    const records = list.json().result.records as { sellerSku: string; barcodes: string[] }[];
    const small = records.find((record) => record.sellerSku === 'IMP-S');
    const medium = records.find((record) => record.sellerSku === 'IMP-M');
    expect(medium).toMatchObject({ sellerSku: 'IMP-M', cost: 2300, costCurrency: 'THB', safetyStock: 4 });
    expect(small).toMatchObject({ sellerSku: 'IMP-S', localCode: 'L-IMP-S', weightG: 180 });
    expect(small?.barcodes).toEqual([`0${ean13('690123400001')}`, 'IMP-S-01']);
    expect((await importFile('agent', await workbook([shirt('AG-1')]))).statusCode).toBe(403);
  });
});

describe('GET /api/catalog/excel/export', () => {
  it("exports the seller's own SKUs, which import back as updates", async () => {
    const response = await world.request({
      method: 'GET',
      url: '/api/catalog/excel/export',
      token: tokens.seller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{8}\.xlsx"$/);
    const rows = await sheetRows(response.rawPayload);
    const scarf = rows.find((row) => row.sellerSku === 'SCARF-1');
    expect(scarf).toMatchObject({
      productName: 'Silk scarf ผ้าไหม',
      photos: `${photo('seller', 2)},${photo('seller', 3)}`,
      seller: 'Sam Seller',
    });
    expect(String(scarf?.sysCode)).toMatch(/^S\d+$/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const safetyColumn = TEMPLATE_COLUMNS.indexOf('safetyStock') + 1;
    sheet?.eachRow((row, number) => {
      if (number > 1 && row.getCell(TEMPLATE_COLUMNS.indexOf('sellerSku') + 1).value === 'SCARF-1')
        row.getCell(safetyColumn).value = 12;
    });
    const before = await tableCounts(world);
    const again = await importFile('seller', Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer));
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({
      productsCreated: 0,
      skusCreated: 0,
      skusUpdated: rows.length,
    });
    const after = await tableCounts(world);
    expect([after.products, after.skus, after.sku_barcodes]).toEqual([
      before.products,
      before.skus,
      before.sku_barcodes,
    ]);
    const scarfNow = await world.request({
      method: 'GET',
      url: '/api/catalog/sku/list?skuSearch=SCARF-1',
      token: tokens.seller,
    });
    expect(scarfNow.json().result.records[0]).toMatchObject({ safetyStock: 12 });
  });

  it("gives agents every seller's SKUs and another seller none of these", async () => {
    const agentRows = await sheetRows(
      (await world.request({ method: 'GET', url: '/api/catalog/excel/export', token: tokens.agent }))
        .rawPayload,
    );
    expect(agentRows.some((row) => row.sellerSku === 'SCARF-1')).toBe(true);
    const otherRows = await sheetRows(
      (await world.request({ method: 'GET', url: '/api/catalog/excel/export', token: tokens.seller2 }))
        .rawPayload,
    );
    expect(otherRows.some((row) => row.sellerSku === 'SCARF-1')).toBe(false);
  });
});
