/**
 * The box list of a new inbound order by spreadsheet: a template in the caller's language, an
 * import that answers the boxes for the form (the seller's own SKU codes and barcodes only), or
 * refuses the whole file with every bad row and changes nothing.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@shared/domain/barcode.js';
import { INBOUND_LIMITS } from '@shared/domain/inbound.js';
import { callerFor, inboundCounts, sellerSkus, type Caller } from '../support/inbound-world.js';
import { multipartBody } from '../support/multipart.js';
import { demoWarehouse } from '../support/stock-world.js';
import { productPhotoKey, sellerIdOf } from '../support/photos.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
let seller: Caller;
let skus: Record<string, string>;
let dg01Id: string;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EN_HEADER = ['Box number', 'Seller SKU or barcode', 'Ship quantity'];
const ean13 = (body: string) => `${body}${gtinCheckDigit(body)}`;
const MUG_BARCODE = ean13('690123450001');
const OTHER_BARCODE = ean13('690123450002');
/** A UPC-A with a leading zero, which Excel shows without it when the cell is a number. */
const UPC = `03600029145${gtinCheckDigit('03600029145')}`;

async function addProduct(
  token: string,
  name: string,
  entries: { sellerSku: string; barcodes?: string[] }[],
) {
  const response = await world.request({
    method: 'POST',
    url: '/api/catalog/product/add',
    token,
    payload: { name, photos: [productPhotoKey(await sellerIdOf(world, token))], skus: entries },
  });
  if (response.statusCode !== 200) throw new Error(`product add failed: ${response.body}`);
  const result = response.json().result as { skus: { id: string; sellerSku: string }[] };
  return Object.fromEntries(result.skus.map((sku) => [sku.sellerSku, sku.id]));
}

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['seller', 'seller2', 'sellerstaff', 'agent', 'warestaff'])
    tokens[name] = await world.login(name);
  seller = callerFor(world, tokens.seller ?? '');
  dg01Id = (await demoWarehouse(world, 'DG01')).id;
  skus = await addProduct(tokens.seller ?? '', 'Ceramic mug 陶瓷杯', [
    { sellerSku: 'MUG-RED', barcodes: [MUG_BARCODE] },
    { sellerSku: 'MUG-BLUE', barcodes: [UPC] },
    { sellerSku: 'MUG-GREEN' },
  ]);
  await addProduct(tokens.seller2 ?? '', 'Other seller teapot', [
    { sellerSku: 'TEAPOT-1', barcodes: [OTHER_BARCODE] },
  ]);
});
afterAll(() => world.close());

type Cell = string | number | null;

async function workbook(rows: Cell[][], header: string[] = EN_HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('boxes');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

function importFile(as: string, data: Buffer, language = 'en-US') {
  const body = multipartBody([{ name: 'boxes.xlsx', type: XLSX, data }]);
  return world.request({
    method: 'POST',
    url: '/api/inbound/order/excel/import',
    token: tokens[as],
    payload: body.payload,
    headers: { ...body.headers, 'x-lang': language },
  });
}

async function loadBook(data: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return book;
}

describe('GET /api/inbound/order/excel/template', () => {
  it('downloads the three columns with the header in the language asked, and the instructions', async () => {
    const response = await world.request({
      method: 'GET',
      url: '/api/inbound/order/excel/template',
      token: tokens.seller,
      headers: { 'x-lang': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="inbound-boxes-template.xlsx"',
    );
    const book = await loadBook(response.rawPayload);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['箱单', '填写说明']);
    expect((book.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual([
      '箱号',
      '卖家SKU或条码',
      '发货数量',
    ]);
    expect(book.worksheets[0]?.actualRowCount).toBe(1);
    const instructions = book.worksheets[1]?.getColumn(1).values.map(String).join('\n') ?? '';
    expect(instructions).toContain('最多 500 箱');
    expect(instructions).not.toContain('{{');

    const thai = await world.request({
      method: 'GET',
      url: '/api/inbound/order/excel/template?lang=th-TH',
      token: tokens.seller,
    });
    const thaiBook = await loadBook(thai.rawPayload);
    expect((thaiBook.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual([
      'หมายเลขกล่อง',
      'SKU ผู้ขายหรือบาร์โค้ด',
      'จำนวนที่จัดส่ง',
    ]);
  });

  it('is for those who make inbound orders', async () => {
    const byStaff = await world.request({
      method: 'GET',
      url: '/api/inbound/order/excel/template',
      token: tokens.warestaff,
    });
    expect(byStaff.statusCode).toBe(403);
    const anonymous = await world.request({ method: 'GET', url: '/api/inbound/order/excel/template' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/inbound/order/excel/import', () => {
  it('answers the boxes in file order, by seller SKU (any case) or barcode, and writes nothing', async () => {
    const before = await inboundCounts(world);
    const response = await importFile(
      'seller',
      await workbook([
        ['B2', 'MUG-RED', 5],
        ['B1', MUG_BARCODE, '12'],
        ['B2', 'mug-green', 3],
        [null, null, null],
        ['B1', Number(UPC), 7],
        ['  B3 ', 'MUG-BLUE', 1],
      ]),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Read 3 boxes with 5 SKU lines from the file');
    const line = (code: string, shipQuantity: number) => ({
      skuId: skus[code],
      sellerSku: code,
      name: 'Ceramic mug 陶瓷杯',
      variation: null,
      shipQuantity,
    });
    expect(body.result).toEqual({
      boxes: [
        { boxNo: 'B2', lines: [line('MUG-RED', 5), line('MUG-GREEN', 3)] },
        { boxNo: 'B1', lines: [line('MUG-RED', 12), line('MUG-BLUE', 7)] },
        { boxNo: 'B3', lines: [line('MUG-BLUE', 1)] },
      ],
    });
    expect(await inboundCounts(world)).toEqual(before);

    // The answer fills the new-order form as it is.
    const boxes = (
      body.result.boxes as { boxNo: string; lines: { skuId: string; shipQuantity: number }[] }[]
    ).map((box) => ({
      boxNo: box.boxNo,
      lines: box.lines.map(({ skuId, shipQuantity }) => ({ skuId, shipQuantity })),
    }));
    const made = await seller('POST', '/api/inbound/order/add', {
      warehouseId: dg01Id,
      transportMode: 'sea',
      boxes,
    });
    expect(made.statusCode).toBe(200);
  });

  it('reads a file whose header is in another language, and lets seller staff import', async () => {
    const zh = await workbook([['X1', 'MUG-RED', 1]], ['箱号', '卖家SKU或条码', '发货数量']);
    const response = await importFile('sellerstaff', zh, 'ru-RU');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.boxes).toHaveLength(1);
    const keys = await workbook([['X1', 'MUG-RED', 1]], ['boxNo', 'sku', 'shipQuantity']);
    expect((await importFile('seller', keys)).statusCode).toBe(200);
  });

  it('reports every bad row with its column and a translated message, and answers no boxes', async () => {
    const before = await inboundCounts(world);
    const response = await importFile(
      'seller',
      await workbook([
        ['B1', 'MUG-RED', 2],
        ['B1', 'NO-SUCH-SKU', 1],
        ['B1', 'MUG-BLUE', 0],
        ['B2', 'MUG-BLUE', 'many'],
        ['B2', 'MUG-GREEN', 1.5],
        [null, 'MUG-GREEN', 4],
        ['B1', MUG_BARCODE, 3],
        ['B3', 'MUG-RED', null],
        ['B'.repeat(INBOUND_LIMITS.boxNo + 1), 'MUG-RED', 1],
        ['B4', 'MUG-GREEN', INBOUND_LIMITS.quantity + 1],
      ]),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      code: 'import.rows_invalid',
      message: '9 errors found; nothing was imported',
      result: null,
    });
    expect(body.report).toEqual([
      {
        row: 3,
        column: 'Seller SKU or barcode',
        code: 'inbound.import_unknown_sku',
        message: 'NO-SUCH-SKU is not one of your SKU codes or barcodes',
      },
      {
        row: 4,
        column: 'Ship quantity',
        code: 'inbound.import_bad_quantity',
        message: 'The ship quantity must be a whole number from 1 to 1000000',
      },
      {
        row: 5,
        column: 'Ship quantity',
        code: 'inbound.import_bad_quantity',
        message: 'The ship quantity must be a whole number from 1 to 1000000',
      },
      {
        row: 6,
        column: 'Ship quantity',
        code: 'inbound.import_bad_quantity',
        message: 'The ship quantity must be a whole number from 1 to 1000000',
      },
      { row: 7, column: 'Box number', code: 'validation.required', message: 'is required' },
      {
        row: 8,
        column: 'Seller SKU or barcode',
        code: 'inbound.import_duplicate_sku',
        message: 'SKU MUG-RED appears more than once in box B1 (see also row 2)',
      },
      { row: 9, column: 'Ship quantity', code: 'validation.required', message: 'is required' },
      {
        row: 10,
        column: 'Box number',
        code: 'validation.too_big_string',
        message: 'must have at most 64 characters',
      },
      {
        row: 11,
        column: 'Ship quantity',
        code: 'inbound.import_bad_quantity',
        message: 'The ship quantity must be a whole number from 1 to 1000000',
      },
    ]);
    expect(await inboundCounts(world)).toEqual(before);
  });

  it('translates the report into the language of the request', async () => {
    const response = await importFile('seller', await workbook([['B1', 'NOPE', 1]]), 'zh-CN');
    expect(response.json()).toMatchObject({
      message: '1 处错误，未导入任何数据',
      report: [{ row: 2, column: '卖家SKU或条码', message: 'NOPE 不是您的SKU编码或条码' }],
    });
  });

  it("does not know another seller's SKU codes or barcodes", async () => {
    const response = await importFile(
      'seller',
      await workbook([
        ['B1', 'TEAPOT-1', 1],
        ['B1', OTHER_BARCODE, 1],
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().report.map((row: { code: string }) => row.code)).toEqual([
      'inbound.import_unknown_sku',
      'inbound.import_unknown_sku',
    ]);
    const own = await importFile('seller2', await workbook([['B1', OTHER_BARCODE, 1]]));
    expect(own.statusCode).toBe(200);
    expect(own.json().result.boxes[0].lines[0].sellerSku).toBe('TEAPOT-1');
  });

  it('refuses more boxes than an order holds, on the first row past the limit', async () => {
    const rows: Cell[][] = Array.from({ length: INBOUND_LIMITS.boxes + 2 }, (_, index) => [
      `BOX-${index + 1}`,
      'MUG-RED',
      1,
    ]);
    const response = await importFile('seller', await workbook(rows));
    expect(response.statusCode).toBe(422);
    const report = response.json().report as { row: number; code: string; message: string }[];
    expect(report).toHaveLength(2);
    expect(report[0]).toMatchObject({
      row: INBOUND_LIMITS.boxes + 2,
      code: 'inbound.import_too_many_boxes',
      message: 'More than 500 boxes: an inbound order holds at most 500 boxes',
    });
  });

  it('refuses more SKUs in one box than a box holds', async () => {
    const codes = Array.from({ length: INBOUND_LIMITS.linesPerBox + 1 }, (_, index) => `MANY-${index + 1}`);
    for (let start = 0; start < codes.length; start += 100)
      await sellerSkus(world, tokens.seller ?? '', codes.slice(start, start + 100));
    const response = await importFile('seller', await workbook(codes.map((code) => ['BIG', code, 1])));
    expect(response.statusCode).toBe(422);
    expect(response.json().report).toEqual([
      {
        row: INBOUND_LIMITS.linesPerBox + 2,
        column: 'Seller SKU or barcode',
        code: 'inbound.import_too_many_lines',
        message: 'Box BIG has more than 200 SKUs',
      },
    ]);
  });

  it('refuses a file that is not the template, and people who do not make inbound orders', async () => {
    const wrong = await importFile('seller', await workbook([['B1', 'MUG-RED', 1]], ['box', 'code']));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'import.wrong_columns',
      message:
        'The columns do not match the template, which has: Box number, Seller SKU or barcode, Ship quantity',
    });
    const notExcel = await importFile('seller', Buffer.from('boxNo,sku\nB1,MUG-RED\n'));
    expect(notExcel.json()).toMatchObject({ code: 'import.not_a_workbook' });
    const empty = await importFile('seller', await workbook([]));
    expect(empty.json()).toMatchObject({ code: 'import.empty' });
    const file = await workbook([['B1', 'MUG-RED', 1]]);
    expect((await importFile('warestaff', file)).statusCode).toBe(403);
    expect((await importFile('agent', file)).statusCode).toBe(403);
  });
});
