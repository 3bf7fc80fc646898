/**
 * The stock screens' calls: the stock list with its filters and ages, stock per location,
 * receipt and issue records of the last 90 days, and changes by hand. Every call keeps sellers
 * to their own stock, warehouse staff to their warehouses and tenants apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@shared/domain/barcode.js';
import {
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  tableCounts,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
const skuIds: Record<string, string> = {};

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['agent', 'waremanager', 'warestaff', 'seller', 'seller2', 'sellerstaff', 'service'])
    tokens[name] = await world.login(name);
  tokens.acme = await world.login('acme-agent', { agentCode: 'acme' });
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  const { rows } = await world.database.ownerPool.query<{ seller_sku: string; id: string; sys_code: string }>(
    'select seller_sku, id, sys_code from skus',
  );
  for (const row of rows) {
    skuIds[row.seller_sku] = row.id;
    skuIds[`sys:${row.seller_sku}`] = row.sys_code;
  }
});
afterAll(() => world.close());

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  world.request({
    method,
    url: `/api${url}`,
    token: tokens[as],
    headers: { 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const stock = async (as: string, query = '') =>
  (await call(as, 'GET', `/inventory/stock/list?pageSize=100${query}`)).json().result;
const skusOf = (records: { sellerSku: string }[]) => records.map((row) => row.sellerSku).sort();

describe('GET /api/inventory/stock/list', () => {
  it('shows a seller and their staff only their own stock, with ages, shelves and totals', async () => {
    const mine = await stock('seller');
    expect(skusOf(mine.records)).toEqual([
      'EB-BLACK',
      'EB-WHITE',
      'PC-IP15-CLR',
      'TS-BLK-L',
      'TS-BLK-M',
      'TS-WHT-M',
    ]);
    expect(skusOf((await stock('sellerstaff')).records)).toEqual(skusOf(mine.records));
    const tshirt = mine.records.find((row: { sellerSku: string }) => row.sellerSku === 'TS-BLK-M');
    expect(tshirt).toMatchObject({
      warehouseCode: 'DG01',
      productName: 'Cotton T-shirt',
      available: 265,
      frozen: 5,
      total: 270,
      inTransit: 0,
      locationCodes: ['A-01-01'],
      ages: { lt30: 30, '30_90': 40, '90_180': 200, gt180: 0 },
      isBelowSafety: false,
    });
    expect(skusOf((await stock('seller2')).records)).toEqual(['MUG-WHT', 'TP-600ML']);
    const sneaky = await stock(
      'seller',
      `&sellerId=${mine.records[0].sellerId === tshirt.sellerId ? (await stock('seller2')).records[0].sellerId : ''}`,
    );
    expect(skusOf(sneaky.records)).toEqual(skusOf(mine.records));
  });

  it('shows warehouse staff only their warehouses, and agents every seller by choice', async () => {
    expect(
      new Set((await stock('warestaff')).records.map((row: { warehouseCode: string }) => row.warehouseCode)),
    ).toEqual(new Set(['DG01']));
    expect((await stock('waremanager')).total).toBe(8);
    expect((await call('warestaff', 'GET', `/inventory/stock/list?warehouseId=${bkk1.id}`)).statusCode).toBe(
      404,
    );
    const seller2Id = (await stock('seller2')).records[0].sellerId;
    expect(skusOf((await stock('agent', `&sellerId=${seller2Id}`)).records)).toEqual(['MUG-WHT', 'TP-600ML']);
    expect(skusOf((await stock('agent', `&warehouseId=${bkk1.id}`)).records)).toEqual([
      'MUG-WHT',
      'TP-600ML',
    ]);
  });

  it('finds SKUs by a comma-separated batch of seller SKUs, system codes, local codes and barcodes', async () => {
    const barcode = `690000000002${gtinCheckDigit('690000000002')}`;
    const search = encodeURIComponent(`ts-blk-m，${skuIds['sys:TS-WHT-M']}, L-PC-IP15,${barcode}`);
    expect(skusOf((await stock('seller', `&skuSearch=${search}`)).records)).toEqual([
      'PC-IP15-CLR',
      'TS-BLK-L',
      'TS-BLK-M',
      'TS-WHT-M',
    ]);
    expect((await stock('seller2', `&skuSearch=TS-BLK-M`)).total).toBe(0);
    const tooMany = Array.from({ length: 101 }, (_, index) => `S${index}`).join(',');
    expect((await call('seller', 'GET', `/inventory/stock/list?skuSearch=${tooMany}`)).statusCode).toBe(400);
  });

  it('filters by stock age and by stock below its safety level', async () => {
    expect(skusOf((await stock('seller', '&stockAge=180')).records)).toEqual(['TS-BLK-L']);
    expect(skusOf((await stock('seller', '&stockAge=90')).records)).toEqual([
      'PC-IP15-CLR',
      'TS-BLK-L',
      'TS-BLK-M',
    ]);
    expect(skusOf((await stock('seller', '&stockAge=30')).records)).toHaveLength(4);
    expect(skusOf((await stock('seller', '&belowSafety=true')).records)).toEqual(['TS-WHT-M']);
    expect((await call('seller', 'GET', '/inventory/stock/list?stockAge=8')).statusCode).toBe(400);
  });
});

describe('GET /api/inventory/stock/locations', () => {
  it('lists what lies on each location of the warehouses the user may see', async () => {
    const rows = (
      await call('warestaff', 'GET', `/inventory/stock/locations?warehouseId=${dg01.id}&locationCode=a-01-01`)
    ).json().result.records;
    expect(rows).toMatchObject([
      {
        locationCode: 'A-01-01',
        partitionCode: 'A',
        locationType: 'storage',
        sellerSku: 'TS-BLK-M',
        quantity: 270,
      },
    ]);
    expect(
      (await call('seller2', 'GET', `/inventory/stock/locations?warehouseId=${dg01.id}`)).json().result.total,
    ).toBe(0);
    expect(
      (await call('warestaff', 'GET', `/inventory/stock/locations?warehouseId=${bkk1.id}`)).statusCode,
    ).toBe(404);
    expect((await call('acme', 'GET', '/inventory/stock/locations')).json().result.total).toBe(0);
  });
});

describe('GET /api/inventory/stock/records', () => {
  it('shows a seller their own records, by direction, kind and source document', async () => {
    const all = (await call('seller', 'GET', '/inventory/stock/records?pageSize=100')).json().result;
    expect(all.records.every((row: { sellerSku: string }) => !row.sellerSku.startsWith('MUG'))).toBe(true);
    const incoming = (
      await call('seller', 'GET', '/inventory/stock/records?pageSize=100&direction=in')
    ).json().result.records;
    expect(new Set(incoming.map((row: { kind: string }) => row.kind))).toEqual(new Set(['receipt']));
    const reserve = (await call('agent', 'GET', '/inventory/stock/records?sourceId=DEMO-ORDER-1')).json()
      .result.records;
    expect(reserve).toMatchObject([
      { kind: 'reserve', quantity: 5, availableDelta: -5, frozenDelta: 5, sellerSku: 'TS-BLK-M' },
    ]);
    const shelving = (
      await call('warestaff', 'GET', '/inventory/stock/records?kind=shelve_move&pageSize=1')
    ).json().result.records[0];
    expect(shelving).toMatchObject({
      fromLocationCode: 'RCV-01',
      warehouseCode: 'DG01',
      actorName: 'Wendy Warehouse',
    });
    expect(
      (await call('seller2', 'GET', '/inventory/stock/records?sourceId=DEMO-ORDER-1')).json().result.total,
    ).toBe(0);
    expect((await call('acme', 'GET', '/inventory/stock/records')).json().result.total).toBe(0);
  });

  it('shows only the last 90 days, whatever the filter asks', async () => {
    const before = (await call('agent', 'GET', '/inventory/stock/records?sourceId=DEMO-ORDER-1')).json()
      .result.total;
    expect(before).toBe(1);
    await world.database.ownerPool.query(
      "update stock_movements set created_at = now() - interval '91 days' where source_id = 'DEMO-ORDER-1'",
    );
    const from = encodeURIComponent(new Date(Date.now() - 200 * 86_400_000).toISOString());
    const after = await call('agent', 'GET', `/inventory/stock/records?sourceId=DEMO-ORDER-1&from=${from}`);
    expect(after.json().result.total).toBe(0);
  });
});

describe('changing stock by hand', () => {
  const body = (extra: Record<string, unknown>) => ({
    warehouseId: dg01.id,
    skuId: skuIds['TS-WHT-M'],
    ...extra,
  });

  it('adjusts with a reason, for warehouse managers and agents only', async () => {
    const response = await call(
      'waremanager',
      'POST',
      '/inventory/stock/adjust',
      body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 5, reason: 'found in returns' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result.balance).toMatchObject({ available: 17, frozen: 0, total: 17 });
    const record = (await call('seller', 'GET', '/inventory/stock/records?kind=adjust')).json().result
      .records[0];
    expect(record).toMatchObject({
      quantity: 5,
      reason: 'found in returns',
      toLocationCode: 'B-01-01',
      actorName: 'Wendy Warehouse',
    });
    for (const role of ['warestaff', 'seller', 'service'])
      expect(
        (
          await call(
            role,
            'POST',
            '/inventory/stock/adjust',
            body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 1, reason: 'x' }),
          )
        ).statusCode,
        role,
      ).toBe(403);
    const agent = await call(
      'agent',
      'POST',
      '/inventory/stock/adjust',
      body({ locationId: locationOf(dg01, 'B-01-01'), quantity: -2, reason: 'broken' }),
    );
    expect(agent.json().result.balance.available).toBe(15);
  });

  it('freezes and unfreezes, refusing more than there is with the numbers', async () => {
    const frozen = await call(
      'waremanager',
      'POST',
      '/inventory/stock/freeze',
      body({ quantity: 10, reason: 'quality hold' }),
    );
    expect(frozen.json().result.balance).toMatchObject({ available: 5, frozen: 10, total: 15 });
    const tooMuch = await call(
      'waremanager',
      'POST',
      '/inventory/stock/freeze',
      body({ quantity: 100, reason: 'hold' }),
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'inventory.insufficient_stock',
      message: 'Not enough available stock: 5 available, 100 needed',
    });
    const unfrozen = await call(
      'agent',
      'POST',
      '/inventory/stock/unfreeze',
      body({ quantity: 3, reason: 'released' }),
    );
    expect(unfrozen.json().result.balance).toMatchObject({ available: 8, frozen: 7 });
    expect(
      (await call('agent', 'POST', '/inventory/stock/unfreeze', body({ quantity: 8, reason: 'x' }))).json()
        .code,
    ).toBe('inventory.insufficient_frozen');
  });

  it('moves between locations of one warehouse, never to another warehouse', async () => {
    const move = (as: string, extra: Record<string, unknown>) =>
      call(as, 'POST', '/inventory/stock/move', {
        warehouseId: dg01.id,
        skuId: skuIds['TS-BLK-L'],
        quantity: 5,
        ...extra,
      });
    const moved = await move('warestaff', {
      fromLocationId: locationOf(dg01, 'A-01-02'),
      toLocationId: locationOf(dg01, 'A-02-02'),
    });
    expect(moved.statusCode).toBe(200);
    const shelves = (await stock('seller', '&skuSearch=TS-BLK-L')).records[0].locationCodes;
    expect(shelves).toEqual(['A-01-02', 'A-02-02']);
    const foreign = await move('warestaff', {
      fromLocationId: locationOf(dg01, 'A-01-02'),
      toLocationId: locationOf(bkk1, 'A-01-02'),
    });
    expect(foreign.statusCode).toBe(404);
    const otherWarehouse = await move('waremanager', {
      fromLocationId: locationOf(dg01, 'A-01-02'),
      toLocationId: locationOf(bkk1, 'A-01-02'),
    });
    expect(otherWarehouse.statusCode).toBe(422);
    expect(otherWarehouse.json()).toMatchObject({
      code: 'warehouse.location_other_warehouse',
      params: { code: 'A-01-02' },
    });
    const empty = await move('warestaff', {
      fromLocationId: locationOf(dg01, 'A-02-05'),
      toLocationId: locationOf(dg01, 'A-02-02'),
    });
    expect(empty.json()).toMatchObject({
      code: 'inventory.insufficient_location_stock',
      params: { location: 'A-02-05', onLocation: 0 },
    });
    expect(
      (
        await move('seller', {
          fromLocationId: locationOf(dg01, 'A-01-02'),
          toLocationId: locationOf(dg01, 'A-02-02'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers 404 to another tenant and to warehouse staff outside their warehouses', async () => {
    const before = await tableCounts(world);
    const inBkk = { warehouseId: bkk1.id, skuId: skuIds['MUG-WHT'], quantity: 1, reason: 'x' };
    expect(
      (await call('acme', 'POST', '/inventory/stock/freeze', body({ quantity: 1, reason: 'x' }))).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'acme',
          'POST',
          '/inventory/stock/adjust',
          body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 1, reason: 'x' }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('acme', 'GET', '/inventory/stock/list')).json().result.total).toBe(0);
    expect(
      (
        await call('warestaff', 'POST', '/inventory/stock/move', {
          ...inBkk,
          fromLocationId: locationOf(bkk1, 'A-01-01'),
          toLocationId: locationOf(bkk1, 'A-01-02'),
        })
      ).statusCode,
    ).toBe(404);
    const sku = await call('waremanager', 'POST', '/inventory/stock/freeze', {
      ...inBkk,
      skuId: '00000000-0000-4000-8000-000000000000',
    });
    expect(sku.json().code).toBe('catalog.sku_not_found');
    expect(await tableCounts(world)).toEqual(before);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await tableCounts(world);
    const bad: Record<string, unknown>[] = [
      body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 0, reason: 'zero' }),
      body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 1 }),
      body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 1, reason: 'x'.repeat(256) }),
      body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 2.5, reason: 'half' }),
      body({ locationId: 'A-01-01', quantity: 1, reason: 'code, not id' }),
      body({ locationId: locationOf(dg01, 'B-01-01'), quantity: 1, reason: 'ok', kind: 'receipt' }),
    ];
    for (const payload of bad) {
      const response = await call('waremanager', 'POST', '/inventory/stock/adjust', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const zero = await call('waremanager', 'POST', '/inventory/stock/adjust', bad[0]);
    expect(zero.json().fields).toMatchObject([
      { path: 'quantity', rule: 'non_zero', message: 'must not be 0' },
    ]);
    expect(await tableCounts(world)).toEqual(before);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
