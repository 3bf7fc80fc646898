/**
 * The duplicate check of the forms that create the product's unique values: warehouse,
 * partition and location codes, a seller's SKU and local codes, channel names and dictionary
 * item values. Each answers in the scope of its unique key, folds case as the stored value is
 * compared, ignores the record being edited, and is refused to those who cannot make the record
 * or see the scope. (The system tables' checks are in account.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';
import { demoWarehouse } from '../support/stock-world.js';
import { sellerIdOf } from '../support/photos.js';

let world: TestWorld;
let dg01: string;
let bkk1: string;
beforeAll(async () => {
  world = await createTestWorld();
  dg01 = (await demoWarehouse(world, 'DG01')).id;
  bkk1 = (await demoWarehouse(world, 'BKK1')).id;
});
afterAll(() => world.close());

// One sign-in per user: logins are rate-limited.
const tokens = new Map<string, Promise<string>>();
const tokenOf = (username: string) => {
  const known = tokens.get(username) ?? world.login(username);
  tokens.set(username, known);
  return known;
};
const check = async (username: string, query: Record<string, string>) =>
  world.request({
    method: 'GET',
    url: `/api/sys/duplicate/check?${new URLSearchParams(query).toString()}`,
    token: await tokenOf(username),
  });
const isTaken = async (username: string, query: Record<string, string>) => {
  const response = await check(username, query);
  if (response.statusCode === 409) {
    expect(response.json()).toMatchObject({ success: false, code: 'duplicate.value_exists' });
    return true;
  }
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().success).toBe(true);
  return false;
};
const idOf = async (sql: string, params: unknown[]) => {
  const { rows } = await world.database.ownerPool.query<{ id: string }>(sql, params);
  const id = rows[0]?.id;
  if (!id) throw new Error(`nothing for ${sql}`);
  return id;
};

describe('GET /api/sys/duplicate/check for warehouse codes', () => {
  const warehouse = (fieldVal: string, extra: Record<string, string> = {}) => ({
    tableName: 'warehouses',
    fieldName: 'code',
    fieldVal,
    ...extra,
  });

  it('says a warehouse code is taken in the tenant, whatever its case, except by the warehouse itself', async () => {
    expect(await isTaken('agent', warehouse('DG01'))).toBe(true);
    // Codes are stored upper-cased, so a typed lower-case code is the same code.
    expect(await isTaken('agent', warehouse(' dg01 '))).toBe(true);
    expect(await isTaken('agent', warehouse('ZZ09'))).toBe(false);
    expect(await isTaken('agent', warehouse('dg01', { dataId: dg01 }))).toBe(false);
    expect(await isTaken('agent', warehouse('BKK1', { dataId: dg01 }))).toBe(true);
    // Another tenant's warehouse is invisible.
    expect(await isTaken('agent', warehouse('ACM1'))).toBe(false);
  });

  it('is refused to those who do not add or edit warehouses', async () => {
    for (const username of ['warestaff', 'seller']) {
      const response = await check(username, warehouse('DG01'));
      expect(response.statusCode, username).toBe(403);
      expect(response.json().code).toBe('common.forbidden');
    }
  });
});

describe('GET /api/sys/duplicate/check for partition and location codes', () => {
  const location = (fieldVal: string, scopeId: string | undefined, extra: Record<string, string> = {}) => ({
    tableName: 'warehouse_locations',
    fieldName: 'code',
    fieldVal,
    ...(scopeId ? { scopeId } : {}),
    ...extra,
  });

  it('says a location code is taken in its warehouse only, whatever its case, except by the location itself', async () => {
    expect(await isTaken('waremanager', location('B-01-01', dg01))).toBe(true);
    expect(await isTaken('waremanager', location('b-01-01', dg01))).toBe(true);
    // The same code is free in another warehouse.
    expect(await isTaken('waremanager', location('B-01-01', bkk1))).toBe(false);
    const own = await idOf(
      "select id from warehouse_locations where warehouse_id = $1 and code = 'B-01-01'",
      [dg01],
    );
    expect(await isTaken('waremanager', location('b-01-01', dg01, { dataId: own }))).toBe(false);
    expect(await isTaken('agent', location('RCV-01', bkk1))).toBe(true);
  });

  it('says a partition code is taken in its warehouse only', async () => {
    const partition = (fieldVal: string, scopeId: string) => ({
      tableName: 'warehouse_partitions',
      fieldName: 'code',
      fieldVal,
      scopeId,
    });
    expect(await isTaken('waremanager', partition('b', dg01))).toBe(true);
    expect(await isTaken('waremanager', partition('B', bkk1))).toBe(false);
    const own = await idOf("select id from warehouse_partitions where warehouse_id = $1 and code = 'B'", [
      dg01,
    ]);
    expect(await isTaken('waremanager', { ...partition('B', dg01), dataId: own })).toBe(false);
  });

  it('needs the warehouse, refuses one the actor does not see, and those who do not edit locations', async () => {
    const missing = await check('waremanager', location('B-01-01', undefined));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('duplicate.check_not_allowed');
    expect((await check('waremanager', location('B-01-01', 'not-a-uuid'))).statusCode).toBe(400);

    // A warehouse the manager is not assigned to answers as if it did not exist.
    const added = await world.request({
      method: 'POST',
      url: '/api/warehouse/add',
      token: await tokenOf('agent'),
      payload: { code: 'ZZ01', name: 'Unassigned warehouse', country: 'TH', timeZone: 'Asia/Bangkok' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const unassigned = added.json().result.id as string;
    expect(await isTaken('agent', location('B-01-01', unassigned))).toBe(false);
    const hidden = await check('waremanager', location('B-01-01', unassigned));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('warehouse.not_found');

    for (const username of ['warestaff', 'seller']) {
      const response = await check(username, location('B-01-01', dg01));
      expect(response.statusCode, username).toBe(403);
    }
  });
});

describe("GET /api/sys/duplicate/check for a seller's SKU codes", () => {
  const sku = (fieldName: string, fieldVal: string, extra: Record<string, string> = {}) => ({
    tableName: 'skus',
    fieldName,
    fieldVal,
    ...extra,
  });

  it("says a seller SKU is taken among the seller's own SKUs, exactly as typed, except by the SKU itself", async () => {
    expect(await isTaken('seller', sku('sellerSku', 'TS-BLK-M'))).toBe(true);
    expect(await isTaken('sellerstaff', sku('sellerSku', ' TS-BLK-M '))).toBe(true);
    // The unique key compares exactly: another case is another code.
    expect(await isTaken('seller', sku('sellerSku', 'ts-blk-m'))).toBe(false);
    // Another seller may have the same code.
    expect(await isTaken('seller2', sku('sellerSku', 'TS-BLK-M'))).toBe(false);
    const seller = await sellerIdOf(world, await tokenOf('seller'));
    const own = await idOf("select id from skus where seller_id = $1 and seller_sku = 'TS-BLK-M'", [seller]);
    expect(await isTaken('seller', sku('sellerSku', 'TS-BLK-M', { dataId: own }))).toBe(false);
    expect(await isTaken('seller', sku('seller_sku', 'TS-BLK-L', { dataId: own }))).toBe(true);
    // Naming its own seller as the scope is the same question.
    expect(await isTaken('seller', sku('sellerSku', 'TS-BLK-M', { scopeId: seller }))).toBe(true);
  });

  it("says a local code is taken among the seller's own SKUs", async () => {
    const seller = await sellerIdOf(world, await tokenOf('seller'));
    await world.database.ownerPool.query(
      "update skus set local_code = 'LOCAL-7' where seller_id = $1 and seller_sku = 'TS-BLK-M'",
      [seller],
    );
    expect(await isTaken('seller', sku('localCode', 'LOCAL-7'))).toBe(true);
    expect(await isTaken('seller', sku('localCode', 'LOCAL-8'))).toBe(false);
    expect(await isTaken('seller2', sku('localCode', 'LOCAL-7'))).toBe(false);
  });

  it("says a barcode is taken among the seller's own SKUs, except by the SKU the form edits", async () => {
    const seller = await sellerIdOf(world, await tokenOf('seller'));
    const { rows } = await world.database.ownerPool.query<{ barcode: string; sku_id: string }>(
      'select barcode, sku_id from sku_barcodes where seller_id = $1 order by barcode limit 1',
      [seller],
    );
    const held = rows[0];
    if (!held) throw new Error('the demo seller has no barcode');
    const barcode = (fieldVal: string, extra: Record<string, string> = {}) => ({
      tableName: 'sku_barcodes',
      fieldName: 'barcode',
      fieldVal,
      ...extra,
    });
    expect(await isTaken('seller', barcode(held.barcode))).toBe(true);
    expect(await isTaken('seller', barcode(` ${held.barcode} `))).toBe(true);
    // Compared as stored: a GTIN-13 is the 14-digit GTIN with a leading zero, other codes upper-cased.
    const typed =
      held.barcode.startsWith('0') && /^\d{14}$/.test(held.barcode)
        ? held.barcode.slice(1)
        : held.barcode.toLowerCase();
    expect(await isTaken('seller', barcode(typed))).toBe(true);
    // The SKU that holds it keeps it when its form is sent again.
    expect(await isTaken('seller', barcode(held.barcode, { dataId: held.sku_id }))).toBe(false);
    expect(await isTaken('seller', barcode('NO-SUCH-BARCODE-4711'))).toBe(false);
    expect(await isTaken('seller2', barcode(held.barcode))).toBe(false);
    expect((await check('agent', barcode(held.barcode))).statusCode).toBe(403);
  });

  it("refuses a seller asking about another seller's SKUs, and those who change no products", async () => {
    const other = await sellerIdOf(world, await tokenOf('seller2'));
    const foreign = await check('seller', sku('sellerSku', 'TS-BLK-M', { scopeId: other }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('common.forbidden');
    for (const username of ['agent', 'waremanager', 'service']) {
      const response = await check(username, sku('sellerSku', 'TS-BLK-M'));
      expect(response.statusCode, username).toBe(403);
    }
  });
});

describe('GET /api/sys/duplicate/check for channel names and dictionary item values', () => {
  it('says a channel name is taken in the tenant, exactly as typed, except by the channel itself', async () => {
    const { rows } = await world.database.ownerPool.query<{ id: string; name: string }>(
      `select c.id, c.name from logistics_channels c join tenants t on t.id = c.tenant_id and t.agent_code = 'demo'
       order by c.name limit 1`,
    );
    const own = rows[0];
    if (!own) throw new Error('no demo channel');
    const channel = (fieldVal: string, extra: Record<string, string> = {}) => ({
      tableName: 'logistics_channels',
      fieldName: 'name',
      fieldVal,
      ...extra,
    });
    expect(await isTaken('agent', channel(own.name))).toBe(true);
    expect(await isTaken('waremanager', channel(` ${own.name} `))).toBe(true);
    expect(await isTaken('agent', channel(own.name.toUpperCase()))).toBe(false);
    expect(await isTaken('agent', channel('A channel nobody has'))).toBe(false);
    expect(await isTaken('agent', channel(own.name, { dataId: own.id }))).toBe(false);
    expect((await check('seller', channel(own.name))).statusCode).toBe(403);
  });

  it('says a dictionary item value is taken in its own dictionary only', async () => {
    const { rows } = await world.database.ownerPool.query<{ dict_id: string; item_value: string }>(
      `select i.dict_id, i.item_value from dict_items i join tenants t on t.id = i.tenant_id and t.agent_code = 'demo'
       order by i.item_value limit 1`,
    );
    const item = rows[0];
    if (!item) throw new Error('no dictionary item');
    const other = await idOf(
      `select d.id from dicts d join tenants t on t.id = d.tenant_id and t.agent_code = 'demo'
       where d.id <> $1 and not exists (select 1 from dict_items i where i.dict_id = d.id and i.item_value = $2) limit 1`,
      [item.dict_id, item.item_value],
    );
    const value = (scopeId: string) => ({
      tableName: 'sys_dict_item',
      fieldName: 'itemValue',
      fieldVal: item.item_value,
      scopeId,
    });
    expect(await isTaken('agent', value(item.dict_id))).toBe(true);
    expect(await isTaken('agent', value(other))).toBe(false);
    const unknownDict = await check('agent', value('00000000-0000-4000-8000-000000000000'));
    expect(unknownDict.statusCode).toBe(404);
    expect((await check('seller', value(item.dict_id))).statusCode).toBe(403);
  });

  it('refuses fields it does not know, whatever the table', async () => {
    for (const query of [
      { tableName: 'skus', fieldName: 'sysCode', fieldVal: 'S00000001' },
      { tableName: 'skus', fieldName: 'custom_code', fieldVal: 'x' },
      { tableName: 'warehouses', fieldName: 'name', fieldVal: 'x' },
      { tableName: 'constructor', fieldName: 'name', fieldVal: 'x' },
      { tableName: 'warehouses', fieldName: 'constructor', fieldVal: 'x' },
      { tableName: 'shops', fieldName: 'alias', fieldVal: 'x' },
    ]) {
      const response = await check('admin', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().code).toBe('duplicate.check_not_allowed');
    }
  });
});
