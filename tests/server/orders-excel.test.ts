/**
 * Orders from a spreadsheet: a template in the asker's language that imports back as
 * it is filled in; an import that enters every order through the same service as an order
 * entered by hand (so it waits for review, and reserves its stock once approved — at once when
 * asked), or refuses the whole file with every bad row and column named in the asker's language
 * and writes nothing, even when the refusal comes from the service after other orders were
 * entered; the seller's own SKUs only; the file's limits.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { multipartBody } from '../support/multipart.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
let dg01: DemoWarehouse;
let manager: Actor;
let sellerId: string;
const skuIds: Record<string, string> = {};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EN_HEADER = [
  'Order number *',
  'Warehouse code *',
  'Order type',
  'Shop name',
  'Buyer name',
  'Recipient',
  'Phone',
  'Address',
  'Ship by',
  'Paid time',
  'Currency',
  'Buyer message',
  'Seller note',
  'Logistics channel',
  'Tracking number',
  'Seller SKU *',
  'Quantity *',
  'Unit price',
];
const KEYS = [
  'orderNo',
  'warehouseCode',
  'orderType',
  'shopName',
  'buyerName',
  'recipientName',
  'recipientPhone',
  'recipientAddress',
  'shipBy',
  'paidAt',
  'currency',
  'buyerMessage',
  'sellerNote',
  'logisticsChannel',
  'trackingNo',
  'sellerSku',
  'quantity',
  'unitPrice',
] as const;
type Key = (typeof KEYS)[number];
type Cell = string | number | Date | null | undefined;
type Line = Partial<Record<Key, Cell>>;

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['seller', 'seller2', 'sellerstaff', 'agent', 'warestaff', 'acme-seller'])
    tokens[name] = await world.login(name, name.startsWith('acme') ? { agentCode: 'acme' } : {});
  manager = await actorFor(world, 'waremanager');
  dg01 = await demoWarehouse(world, 'DG01');
  const own = await createProduct(world, tokens.seller ?? '', ['XL-RED', 'XL-BLUE', 'XL-EMPTY']);
  for (const sku of own.skus) skuIds[sku.sellerSku] = sku.id;
  const other = await createProduct(world, tokens.seller2 ?? '', ['XL-OTHER']);
  skuIds['XL-OTHER'] = other.skus[0]?.id ?? '';
  await asActor(world, manager, async (tx) => {
    const locationId = locationOf(dg01, 'A-02-04');
    for (const code of ['XL-RED', 'XL-BLUE'])
      await receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId: skuIds[code] ?? '',
        locationId,
        quantity: 20,
      });
  });
  const { rows } = await world.database.ownerPool.query<{ id: string }>(
    "select id from users where username = 'seller'",
  );
  sellerId = rows[0]?.id ?? '';
});
afterAll(() => world.close());

let orderNumber = 0;
const nextNo = () => {
  orderNumber += 1;
  return `XL-${String(orderNumber).padStart(4, '0')}`;
};

/** A line of an order in DG01 with the usual order columns; `extra` overrides any of them. */
const line = (orderNo: string, sellerSku: string, quantity: Cell, extra: Line = {}): Line => ({
  orderNo,
  warehouseCode: 'DG01',
  recipientName: 'Somchai P.',
  recipientPhone: '0812345678',
  recipientAddress: '12 Sukhumvit Rd, Bangkok',
  currency: 'THB',
  sellerSku,
  quantity,
  unitPrice: 299,
  ...extra,
});

async function workbook(lines: Line[], header: string[] = EN_HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('orders');
  sheet.addRow(header);
  for (const values of lines) sheet.addRow(KEYS.map((key) => values[key] ?? null));
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

function importFile(as: string, data: Buffer, query = '', language = 'en-US') {
  const body = multipartBody([{ name: 'orders.xlsx', type: XLSX, data }]);
  return world.request({
    method: 'POST',
    url: `/api/order/excel/import${query}`,
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

async function counts(): Promise<Record<string, number>> {
  const { rows } = await world.database.ownerPool.query<Record<string, number>>(
    `select (select count(*)::int from orders) as orders,
            (select count(*)::int from order_lines) as lines,
            (select count(*)::int from order_reservations) as reservations,
            (select count(*)::int from order_status_history) as history,
            (select coalesce(sum(last_value), 0)::int from order_counters) as counter`,
  );
  return rows[0] ?? {};
}

async function balance(code: string): Promise<{ available: number; frozen: number }> {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
    [dg01.id, skuIds[code]],
  );
  return rows[0] ?? { available: 0, frozen: 0 };
}

async function storedOrder(orderNo: string) {
  const { rows } = await world.database.ownerPool.query(
    `select o.id, o.local_status, o.platform, o.order_type, o.seller_id, o.recipient_name, o.recipient_phone,
            o.recipient_address, o.buyer_name, o.seller_note, o.currency, o.ship_by, o.paid_at, o.tracking_no,
            (select json_agg(json_build_object('sku', s.seller_sku, 'quantity', l.quantity, 'unitPrice', l.unit_price)
                             order by l.position)
               from order_lines l join skus s on s.id = l.sku_id where l.order_id = o.id) as lines
       from orders o where o.order_no = $1`,
    [orderNo],
  );
  return rows[0];
}

interface ReportRow {
  row: number;
  column: string;
  code: string;
  message: string;
}

describe('GET /api/order/excel/template', () => {
  it('downloads the columns with the header in the language asked, and the instructions', async () => {
    const response = await world.request({
      method: 'GET',
      url: '/api/order/excel/template',
      token: tokens.seller,
      headers: { 'x-lang': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-template.xlsx"');
    const book = await loadBook(response.rawPayload);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['订单', '填写说明']);
    const header = (book.worksheets[0]?.getRow(1).values as unknown[]).slice(1);
    expect(header).toHaveLength(KEYS.length);
    expect(header.slice(0, 3)).toEqual(['订单号 *', '仓库代码 *', '订单类型']);
    expect(header.slice(-3)).toEqual(['卖家SKU *', '数量 *', '单价']);
    expect(book.worksheets[0]?.actualRowCount).toBe(1);
    const instructions = book.worksheets[1]?.getColumn(1).values.map(String).join('\n') ?? '';
    expect(instructions).toContain('最多 2000 行');
    expect(instructions).toContain('test_purchase');
    expect(instructions).not.toContain('{{');

    const english = await world.request({
      method: 'GET',
      url: '/api/order/excel/template?lang=en-US',
      token: tokens.seller,
    });
    const englishHeader = (
      (await loadBook(english.rawPayload)).worksheets[0]?.getRow(1).values as unknown[]
    ).slice(1);
    expect(englishHeader).toEqual(EN_HEADER);
  });

  it('is for those who enter orders', async () => {
    const byWarehouse = await world.request({
      method: 'GET',
      url: '/api/order/excel/template',
      token: tokens.warestaff,
    });
    expect(byWarehouse.statusCode).toBe(403);
    expect((await world.request({ method: 'GET', url: '/api/order/excel/template' })).statusCode).toBe(401);
  });
});

describe('POST /api/order/excel/import', () => {
  it('imports the filled-in template: orders to review, as if entered by hand, reserved once approved', async () => {
    const template = await world.request({
      method: 'GET',
      url: '/api/order/excel/template?lang=en-US',
      token: tokens.seller,
    });
    const book = await loadBook(template.rawPayload);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const first = nextNo();
    const second = nextNo();
    const fill = (values: Line) => sheet.addRow(KEYS.map((key) => values[key] ?? null));
    fill(
      line(first, 'XL-RED', 2, {
        orderType: 'Express (drop-ship) order',
        buyerName: 'Somchai',
        // A date cell: the wall clock 18:00 in the importer's zone (Bangkok, UTC+7).
        shipBy: new Date(Date.UTC(2025, 5, 5, 18, 0)),
        paidAt: '2025-06-03 09:30',
        sellerNote: 'Gift',
        unitPrice: 299.5,
      }),
    );
    fill({ orderNo: first, sellerSku: 'xl-blue', quantity: '3', unitPrice: 0 });
    fill(line(second, 'XL-BLUE', 1, { currency: 'twd', unitPrice: 350, recipientPhone: 812345678 }));
    const data = Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
    const before = await balance('XL-RED');

    const response = await importFile('seller', data, '?tz=Asia/Bangkok');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Imported 2 orders with 3 lines');
    expect(body.result).toMatchObject({ orders: 2, lines: 3, reviewed: 0, outOfStock: 0 });
    expect(
      body.result.created.map((order: { orderNo: string; row: number }) => [order.orderNo, order.row]),
    ).toEqual([
      [first, 2],
      [second, 4],
    ]);

    const stored = await storedOrder(first);
    expect(stored).toMatchObject({
      local_status: 'to_review',
      platform: 'manual',
      order_type: 'express',
      seller_id: sellerId,
      recipient_name: 'Somchai P.',
      recipient_phone: '0812345678',
      buyer_name: 'Somchai',
      seller_note: 'Gift',
      currency: 'THB',
      lines: [
        { sku: 'XL-RED', quantity: 2, unitPrice: 29_950 },
        { sku: 'XL-BLUE', quantity: 3, unitPrice: 0 },
      ],
    });
    expect(new Date(stored.ship_by).toISOString()).toBe('2025-06-05T11:00:00.000Z');
    expect(new Date(stored.paid_at).toISOString()).toBe('2025-06-03T02:30:00.000Z');
    expect(await storedOrder(second)).toMatchObject({
      currency: 'TWD',
      recipient_phone: '812345678',
      lines: [{ sku: 'XL-BLUE', quantity: 1, unitPrice: 350 }],
    });
    // Waiting for review reserves nothing; passing it reserves like any order.
    expect(await balance('XL-RED')).toEqual(before);
    const passed = await world.request({
      method: 'POST',
      url: '/api/order/review/pass',
      token: tokens.seller,
      payload: { ids: [stored.id] },
    });
    expect(passed.json().result).toEqual([expect.objectContaining({ ok: true, code: null })]);
    expect(await balance('XL-RED')).toEqual({ available: before.available - 2, frozen: before.frozen + 2 });
  });

  it('approves the imported orders at once when asked: they reserve their stock, or wait out of stock', async () => {
    const reserved = nextNo();
    const short = nextNo();
    const red = await balance('XL-RED');
    const blue = await balance('XL-BLUE');
    const response = await importFile(
      'sellerstaff',
      await workbook([line(reserved, 'XL-RED', 3), line(reserved, 'XL-BLUE', 1), line(short, 'XL-EMPTY', 5)]),
      '?passReview=true',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({ orders: 2, lines: 3, reviewed: 2, outOfStock: 1 });
    expect(await balance('XL-RED')).toEqual({ available: red.available - 3, frozen: red.frozen + 3 });
    expect(await balance('XL-BLUE')).toEqual({ available: blue.available - 1, frozen: blue.frozen + 1 });
    const { rows } = await world.database.ownerPool.query(
      `select o.order_no, o.local_status, o.tags,
              (select count(*)::int from order_reservations r where r.order_id = o.id and r.state = 'active') as active
         from orders o where o.order_no = any($1) order by o.order_no`,
      [[reserved, short]],
    );
    expect(rows).toEqual([
      { order_no: reserved, local_status: 'pending_shipment', tags: [], active: 2 },
      expect.objectContaining({ order_no: short, local_status: 'pending_shipment', active: 0 }),
    ]);
    expect(rows[1].tags).toContain('out_of_stock');
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses every bad row with its row, column and a translated reason, and writes nothing', async () => {
    const taken = nextNo();
    const made = await world.request({
      method: 'POST',
      url: '/api/order/add',
      token: tokens.seller,
      payload: { orderNo: taken, warehouseId: dg01.id, lines: [{ skuId: skuIds['XL-RED'], quantity: 1 }] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const before = await counts();
    const red = await balance('XL-RED');
    const good = nextNo();
    const a = nextNo();
    const response = await importFile(
      'seller',
      await workbook([
        line(a, 'XL-RED', 1),
        line(a, 'NO-SUCH-SKU', 1),
        line(nextNo(), 'XL-RED', 0),
        line(nextNo(), 'XL-RED', 1, { shipBy: 'next Tuesday' }),
        line(nextNo(), 'XL-RED', 1, { warehouseCode: 'XX99' }),
        line(taken, 'XL-RED', 1),
        line(nextNo(), 'XL-OTHER', 1),
        line(nextNo(), 'XL-RED', -2),
        line('', 'XL-RED', 1),
        line(a, 'XL-BLUE', 1, { warehouseCode: 'BKK1' }),
        line(nextNo(), 'XL-RED', 1, { unitPrice: 1.234 }),
        line(nextNo(), 'XL-RED', 1, { currency: 'XYZ' }),
        line(nextNo(), 'XL-RED', 1.5),
        line(nextNo(), 'XL-RED', 1, { orderType: 'gift' }),
        line(good, 'XL-RED', 1),
      ]),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      code: 'import.rows_invalid',
      message: '13 errors found; nothing was imported',
      result: null,
    });
    expect(body.report as ReportRow[]).toEqual([
      {
        row: 3,
        column: 'Seller SKU *',
        code: 'order_import.unknown_sku',
        message: "NO-SUCH-SKU is not one of the seller's SKU codes",
      },
      {
        row: 4,
        column: 'Quantity *',
        code: 'order_import.bad_quantity',
        message: 'The quantity must be a whole number from 1 to 100000',
      },
      {
        row: 5,
        column: 'Ship by',
        code: 'order_import.bad_date',
        message: 'next Tuesday is not a date: write 2025-06-05 or 2025-06-05 18:00',
      },
      {
        row: 6,
        column: 'Warehouse code *',
        code: 'order_import.unknown_warehouse',
        message: 'There is no warehouse with code XX99 you can ship from',
      },
      {
        row: 7,
        column: 'Order number *',
        code: 'order.no_duplicate',
        message: `Order No. ${taken} already exists`,
      },
      {
        row: 8,
        column: 'Seller SKU *',
        code: 'order_import.unknown_sku',
        message: "XL-OTHER is not one of the seller's SKU codes",
      },
      {
        row: 9,
        column: 'Quantity *',
        code: 'order_import.bad_quantity',
        message: 'The quantity must be a whole number from 1 to 100000',
      },
      { row: 10, column: 'Order number *', code: 'validation.required', message: 'is required' },
      {
        row: 11,
        column: 'Warehouse code *',
        code: 'order_import.order_field_differs',
        message: `Differs from row 2 of order ${a}: leave it blank or write the same`,
      },
      {
        row: 12,
        column: 'Unit price',
        code: 'order_import.price_decimals',
        message: '1.234 has more decimals than THB is written with (2)',
      },
      {
        row: 13,
        column: 'Currency',
        code: 'order_import.bad_currency',
        message: 'XYZ is not a currency; use one of: CNY, THB, TWD, MYR, PHP, VND, SGD, IDR, USD, KRW',
      },
      {
        row: 14,
        column: 'Quantity *',
        code: 'order_import.bad_quantity',
        message: 'The quantity must be a whole number from 1 to 100000',
      },
      {
        row: 15,
        column: 'Order type',
        code: 'order_import.bad_order_type',
        message:
          'gift is not an order type; use one of: stock, express, combined, test_purchase, distribution',
      },
    ]);
    expect(await counts()).toEqual(before);
    expect(await balance('XL-RED')).toEqual(red);
    expect(await storedOrder(good)).toBeUndefined();
  });

  it('rolls back the orders already entered when the service refuses a later one', async () => {
    const taken = nextNo();
    await world.request({
      method: 'POST',
      url: '/api/order/add',
      token: tokens.seller,
      payload: { orderNo: taken, warehouseId: dg01.id, lines: [{ skuId: skuIds['XL-RED'], quantity: 1 }] },
    });
    const before = await counts();
    const first = nextNo();
    const response = await importFile(
      'seller',
      await workbook([line(first, 'XL-RED', 1), line(nextNo(), 'XL-BLUE', 1), line(taken, 'XL-RED', 2)]),
      '?passReview=true',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().report).toEqual([expect.objectContaining({ row: 4, code: 'order.no_duplicate' })]);
    expect(await counts()).toEqual(before);
    expect(await storedOrder(first)).toBeUndefined();
  });

  it('translates the report into the language of the request', async () => {
    const response = await importFile('seller', await workbook([line(nextNo(), 'NOPE', 1)]), '', 'zh-CN');
    expect(response.json()).toMatchObject({
      message: '1 处错误，未导入任何数据',
      report: [{ row: 2, column: '卖家SKU *', message: 'NOPE 不是该卖家的SKU编码' }],
    });
  });

  it("does not know another seller's SKUs, and each seller imports their own", async () => {
    const before = await counts();
    const refused = await importFile('seller', await workbook([line(nextNo(), 'XL-OTHER', 1)]));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().report.map((row: ReportRow) => row.code)).toEqual(['order_import.unknown_sku']);
    expect(await counts()).toEqual(before);
    const own = await importFile('seller2', await workbook([line(nextNo(), 'XL-OTHER', 1)]));
    expect(own.statusCode, own.body).toBe(200);
    // Another tenant has neither the SKU nor the warehouse.
    const acme = await importFile('acme-seller', await workbook([line(nextNo(), 'XL-RED', 1)]));
    expect(
      acme
        .json()
        .report.map((row: ReportRow) => row.code)
        .sort(),
    ).toEqual(['order_import.unknown_sku', 'order_import.unknown_warehouse']);
  });

  it('imports for the seller an agent names, and needs one', async () => {
    const file = await workbook([line(nextNo(), 'XL-RED', 1)]);
    const missing = await importFile('agent', file);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('order.seller_required');
    const notSeller = await importFile('agent', file, `?sellerId=${manager.userId}`);
    expect(notSeller.json().code).toBe('order.seller_not_found');
    const orderNo = nextNo();
    const forSeller = await importFile(
      'agent',
      await workbook([line(orderNo, 'XL-RED', 1)]),
      `?sellerId=${sellerId}`,
    );
    expect(forSeller.statusCode, forSeller.body).toBe(200);
    expect((await storedOrder(orderNo)).seller_id).toBe(sellerId);
    expect((await importFile('warestaff', file)).statusCode).toBe(403);
  });

  it('reads a header in another language or the column keys', async () => {
    const template = await world.request({
      method: 'GET',
      url: '/api/order/excel/template?lang=th-TH',
      token: tokens.seller,
    });
    const thai = ((await loadBook(template.rawPayload)).worksheets[0]?.getRow(1).values as unknown[])
      .slice(1)
      .map(String);
    expect(
      (await importFile('seller', await workbook([line(nextNo(), 'XL-RED', 1)], thai), '', 'ru-RU'))
        .statusCode,
    ).toBe(200);
    const keys = await workbook([line(nextNo(), 'XL-RED', 1)], [...KEYS]);
    expect((await importFile('seller', keys)).statusCode).toBe(200);
  });

  it('refuses a file that is not the template, too many rows, a file too large and a bad time zone', async () => {
    const wrong = await importFile(
      'seller',
      await workbook([line(nextNo(), 'XL-RED', 1)], ['orderNo', 'sku']),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('import.wrong_columns');
    expect(wrong.json().message).toContain('Order number *, Warehouse code *');
    expect((await importFile('seller', Buffer.from('orderNo,sku\n1,2\n'))).json().code).toBe(
      'import.not_a_workbook',
    );
    expect((await importFile('seller', await workbook([]))).json().code).toBe('import.empty');

    const many = Array.from({ length: 2001 }, () => line('MANY-1', 'XL-RED', 1));
    const tooMany = await importFile('seller', await workbook(many));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      code: 'import.too_many_rows',
      message: 'At most 2000 rows can be imported at once',
    });

    const before = await counts();
    const huge = await importFile('seller', Buffer.alloc(5 * 1024 * 1024 + 1, 65));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('files.too_large');
    const zone = await importFile(
      'seller',
      await workbook([line(nextNo(), 'XL-RED', 1)]),
      '?tz=Mars/Olympus',
    );
    expect(zone.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});
