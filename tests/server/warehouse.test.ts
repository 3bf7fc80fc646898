/**
 * Warehouses, staff, partitions and locations through the API: managers set a warehouse up,
 * warehouse staff see only their warehouses, another tenant sees nothing, and a location's
 * status follows from its stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWarehouse, tableCounts, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['agent', 'waremanager', 'warestaff', 'seller', 'seller2'])
    tokens[name] = await world.login(name);
  tokens.acme = await world.login('acme-agent', { agentCode: 'acme' });
  tokens.acmeSeller = await world.login('acme-seller', { agentCode: 'acme' });
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
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
const codes = (records: { code: string }[]) => records.map((record) => record.code).sort();

describe('who sees which warehouse', () => {
  it('lets a seller list the warehouses to ship to, with only their code, name and country', async () => {
    const response = await call('seller', 'GET', '/warehouse/options');
    expect(response.statusCode).toBe(200);
    const options = response.json().result;
    expect(codes(options)).toEqual(['BKK1', 'DG01']);
    expect(Object.keys(options[0]).sort()).toEqual(['code', 'country', 'id', 'name']);
    expect((await call('seller', 'GET', '/warehouse/list')).statusCode).toBe(403);
  });

  it('shows warehouse staff only the warehouses they are assigned to', async () => {
    expect(codes((await call('warestaff', 'GET', '/warehouse/options')).json().result)).toEqual(['DG01']);
    expect(codes((await call('warestaff', 'GET', '/warehouse/list')).json().result.records)).toEqual([
      'DG01',
    ]);
    expect(codes((await call('waremanager', 'GET', '/warehouse/list')).json().result.records)).toEqual([
      'BKK1',
      'DG01',
    ]);
    const hidden = await call('warestaff', 'GET', `/warehouse/queryById?id=${bkk1.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'warehouse.not_found', message: 'Warehouse not found' });
    const own = await call('warestaff', 'GET', `/warehouse/queryById?id=${dg01.id}`);
    expect(own.json().result).toMatchObject({
      code: 'DG01',
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      isActive: true,
    });
  });

  it("shows another tenant nothing of the demo tenant's warehouses", async () => {
    const acmeOwn = (await call('acme', 'GET', '/warehouse/list')).json().result.records;
    expect(acmeOwn.map((row: { code: string }) => row.code)).toEqual(['ACM1']);
    expect(
      (await call('acmeSeller', 'GET', '/warehouse/options'))
        .json()
        .result.map((row: { id: string }) => row.id),
    ).toEqual([acmeOwn[0].id]);
    expect((await call('acme', 'GET', `/warehouse/queryById?id=${dg01.id}`)).statusCode).toBe(404);
    expect((await call('acme', 'PUT', '/warehouse/edit', { id: dg01.id, name: 'Taken' })).statusCode).toBe(
      404,
    );
    expect((await call('acme', 'GET', `/warehouse/location/list?warehouseId=${dg01.id}`)).statusCode).toBe(
      404,
    );
    expect((await call('acme', 'GET', '/warehouse/location/list')).json().result.total).toBe(0);
    expect((await call('acme', 'GET', `/warehouse/partition/list?warehouseId=${dg01.id}`)).statusCode).toBe(
      404,
    );
    expect((await call('acme', 'GET', `/warehouse/staff/list?warehouseId=${dg01.id}`)).statusCode).toBe(404);
    const location = dg01.locations.get('A-02-01');
    expect((await call('acme', 'DELETE', `/warehouse/location/delete?id=${location}`)).statusCode).toBe(404);
  });
});

describe('POST /api/warehouse/add and its edits', () => {
  const shenzhen = {
    code: 'sz01',
    name: 'Shenzhen warehouse',
    country: 'cn',
    address: '1 Bao An Road',
    timeZone: 'Asia/Shanghai',
    contactName: 'Li Lei',
    contactPhone: '13700000000',
  };

  it('adds a warehouse with its code and country upper-cased', async () => {
    const response = await call('agent', 'POST', '/warehouse/add', shenzhen);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ code: 'SZ01', country: 'CN', isActive: true });
  });

  it('refuses a code in use, in any case, and changes nothing', async () => {
    const before = await tableCounts(world);
    const response = await call('agent', 'POST', '/warehouse/add', { ...shenzhen, code: 'Sz01' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'warehouse.code_taken',
      message: 'Warehouse code SZ01 is already in use',
    });
    const rename = await call('waremanager', 'PUT', '/warehouse/edit', { id: dg01.id, code: 'BKK1' });
    expect(rename.json().code).toBe('warehouse.code_taken');
    expect(await tableCounts(world)).toEqual(before);
  });

  it('refuses bad input with the failing fields and changes nothing', async () => {
    const before = await tableCounts(world);
    const response = await call('agent', 'POST', '/warehouse/add', {
      ...shenzhen,
      code: 'has space',
      country: 'CHN',
      timeZone: 'Mars/Base',
      extra: 1,
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().fields.map((field: { path: string }) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['code', 'country', 'timeZone']));
    expect(await tableCounts(world)).toEqual(before);
  });

  it("keeps the country's time zone when none is sent, and asks for one where the country has several", async () => {
    const { timeZone: _omitted, ...withoutZone } = shenzhen;
    const bangkok = await call('agent', 'POST', '/warehouse/add', {
      ...withoutZone,
      code: 'BKK9',
      country: 'th',
    });
    expect(bangkok.statusCode).toBe(200);
    expect(bangkok.json().result).toMatchObject({ country: 'TH', timeZone: 'Asia/Bangkok' });
    const named = await call('agent', 'POST', '/warehouse/add', {
      ...withoutZone,
      code: 'HCM9',
      country: 'VN',
      timeZone: 'Asia/Bangkok',
    });
    expect(named.json().result).toMatchObject({ country: 'VN', timeZone: 'Asia/Bangkok' });

    const before = await tableCounts(world);
    const spread = await call('agent', 'POST', '/warehouse/add', {
      ...withoutZone,
      code: 'LAX9',
      country: 'US',
    });
    expect(spread.statusCode).toBe(400);
    expect(spread.json().fields).toEqual([
      expect.objectContaining({ path: 'timeZone', rule: 'time_zone_of_country' }),
    ]);
    expect(await tableCounts(world)).toEqual(before);
  });

  it('assigns a warehouse a manager adds to that manager', async () => {
    const response = await call('waremanager', 'POST', '/warehouse/add', {
      ...shenzhen,
      code: 'GZ01',
      name: 'Guangzhou',
    });
    expect(response.statusCode).toBe(200);
    expect(codes((await call('waremanager', 'GET', '/warehouse/options')).json().result)).toEqual([
      'BKK1',
      'DG01',
      'GZ01',
    ]);
    expect(codes((await call('warestaff', 'GET', '/warehouse/options')).json().result)).toEqual(['DG01']);
    expect((await call('warestaff', 'POST', '/warehouse/add', { ...shenzhen, code: 'X1' })).statusCode).toBe(
      403,
    );
  });

  it('lets a manager edit their warehouse, and not one they are not assigned to', async () => {
    const edited = await call('waremanager', 'PUT', '/warehouse/edit', {
      id: dg01.id,
      contactPhone: '13711112222',
    });
    expect(edited.json().result).toMatchObject({
      code: 'DG01',
      contactPhone: '13711112222',
      name: 'Dongguan warehouse',
    });
    const sz01 = (await call('agent', 'GET', '/warehouse/list?code=SZ01')).json().result.records[0];
    expect(
      (await call('waremanager', 'PUT', '/warehouse/edit', { id: sz01.id, name: 'Mine now' })).statusCode,
    ).toBe(404);
  });

  it('deletes only a warehouse without partitions, locations or stock', async () => {
    const inUse = await call('agent', 'DELETE', `/warehouse/delete?id=${dg01.id}`);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().code).toBe('warehouse.in_use');
    const sz01 = (await call('agent', 'GET', '/warehouse/list?code=SZ01')).json().result.records[0];
    expect((await call('agent', 'DELETE', `/warehouse/delete?id=${sz01.id}`)).statusCode).toBe(200);
    expect((await call('agent', 'GET', `/warehouse/queryById?id=${sz01.id}`)).statusCode).toBe(404);
  });
});

describe('warehouse staff assignments', () => {
  it('lists who works in a warehouse', async () => {
    const staff = (await call('agent', 'GET', `/warehouse/staff/list?warehouseId=${dg01.id}`)).json().result;
    expect(staff.map((user: { username: string }) => user.username)).toEqual(['waremanager', 'warestaff']);
  });

  it('assigns only warehouse managers and staff', async () => {
    const seller = (await call('agent', 'GET', '/sys/user/list?username=seller2')).json().result.records[0];
    const refused = await call('agent', 'POST', '/warehouse/staff/assign', {
      warehouseId: bkk1.id,
      userIds: [seller.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('warehouse.staff_role_invalid');
    expect(
      (
        await call('warestaff', 'POST', '/warehouse/staff/assign', {
          warehouseId: dg01.id,
          userIds: [seller.id],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('gives warehouse staff a warehouse when assigned, and takes it away when removed', async () => {
    const candidates = (await call('agent', 'GET', '/warehouse/staff/candidates?keyword=warestaff')).json()
      .result.records;
    const worker = candidates.find((user: { username: string }) => user.username === 'warestaff');
    expect(worker).toBeDefined();
    await call('agent', 'POST', '/warehouse/staff/assign', {
      warehouseId: bkk1.id,
      userIds: [worker.userId],
    });
    expect(codes((await call('warestaff', 'GET', '/warehouse/options')).json().result)).toEqual([
      'BKK1',
      'DG01',
    ]);
    const removed = await call(
      'agent',
      'DELETE',
      `/warehouse/staff/remove?warehouseId=${bkk1.id}&userId=${worker.userId}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(codes((await call('warestaff', 'GET', '/warehouse/options')).json().result)).toEqual(['DG01']);
  });
});

describe('partitions and locations', () => {
  it('adds, renames and refuses duplicate partitions', async () => {
    const added = await call('waremanager', 'POST', '/warehouse/partition/add', {
      warehouseId: dg01.id,
      code: 'c',
      name: 'Zone C',
    });
    expect(added.json().result).toMatchObject({ code: 'C', locationCount: 0 });
    const duplicate = await call('waremanager', 'POST', '/warehouse/partition/add', {
      warehouseId: dg01.id,
      code: 'C',
      name: 'Again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('warehouse.partition_code_taken');
    const renamed = await call('waremanager', 'PUT', '/warehouse/partition/edit', {
      id: added.json().result.id,
      name: 'Zone C bulk',
    });
    expect(renamed.json().result).toMatchObject({ code: 'C', name: 'Zone C bulk' });
    const list = (await call('warestaff', 'GET', `/warehouse/partition/list?warehouseId=${dg01.id}`)).json()
      .result;
    expect(codes(list)).toEqual(['A', 'B', 'C', 'DMG', 'RCV', 'RET']);
    expect(list.find((partition: { code: string }) => partition.code === 'A').locationCount).toBe(10);
  });

  it('adds a rack of locations at once, or none when one code is taken', async () => {
    const partition = (await call('waremanager', 'GET', `/warehouse/partition/list?warehouseId=${dg01.id}`))
      .json()
      .result.find((row: { code: string }) => row.code === 'C');
    const before = await tableCounts(world);
    const clash = await call('waremanager', 'POST', '/warehouse/location/addBatch', {
      warehouseId: dg01.id,
      partitionId: partition.id,
      codes: ['C-01', 'C-02', 'a-01-01'],
      locationType: 'storage',
      capacity: 100,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'warehouse.location_code_taken',
      params: { code: 'A-01-01' },
    });
    expect(await tableCounts(world)).toEqual(before);
    const added = await call('waremanager', 'POST', '/warehouse/location/addBatch', {
      warehouseId: dg01.id,
      partitionId: partition.id,
      codes: ['c-01', 'C-02', 'C-03'],
      locationType: 'storage',
      capacity: 100,
    });
    expect(added.statusCode).toBe(200);
    expect(
      added.json().result.map((row: { code: string; status: string }) => [row.code, row.status]),
    ).toEqual([
      ['C-01', 'idle'],
      ['C-02', 'idle'],
      ['C-03', 'idle'],
    ]);
  });

  it('names the codes of a rack the warehouse already holds, upper-cased as stored, in the order asked', async () => {
    const before = await tableCounts(world);
    const asked = await call('waremanager', 'POST', '/warehouse/location/checkCodes', {
      warehouseId: dg01.id,
      codes: ['Z-99-01', 'c-02', 'A-01-01', 'c-02'],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().result).toEqual({ taken: ['C-02', 'A-01-01'] });
    const elsewhere = await call('waremanager', 'POST', '/warehouse/location/checkCodes', {
      warehouseId: bkk1.id,
      codes: ['C-02'],
    });
    expect(elsewhere.json().result).toEqual({ taken: [] });
    expect(await tableCounts(world)).toEqual(before);
    const seller = await call('seller', 'POST', '/warehouse/location/checkCodes', {
      warehouseId: dg01.id,
      codes: ['C-02'],
    });
    expect(seller.statusCode).toBe(403);
    const tooMany = await call('waremanager', 'POST', '/warehouse/location/checkCodes', {
      warehouseId: dg01.id,
      codes: Array.from({ length: 501 }, (_, index) => `Q-${index}`),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses a partition of another warehouse for a location', async () => {
    const bkkPartition = (
      await call('waremanager', 'GET', `/warehouse/partition/list?warehouseId=${bkk1.id}`)
    ).json().result[0];
    const response = await call('waremanager', 'POST', '/warehouse/location/add', {
      warehouseId: dg01.id,
      partitionId: bkkPartition.id,
      code: 'X-01',
      locationType: 'picking',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('warehouse.partition_other_warehouse');
  });

  it('derives each location status from its stock and capacity', async () => {
    const byStatus = async (status: string) =>
      codes(
        (
          await call(
            'warestaff',
            'GET',
            `/warehouse/location/list?warehouseId=${dg01.id}&status=${status}&pageSize=100`,
          )
        ).json().result.records,
      );
    expect(await byStatus('full')).toEqual(['A-01-01', 'B-01-02']);
    expect(await byStatus('in_use')).toEqual(['A-01-02', 'A-01-05', 'B-01-01']);
    expect(await byStatus('idle')).toContain('A-02-01');
    const shelf = (
      await call('warestaff', 'GET', `/warehouse/location/queryByCode?warehouseId=${dg01.id}&code=a-01-02`)
    ).json().result;
    expect(shelf).toMatchObject({
      code: 'A-01-02',
      partitionCode: 'A',
      quantity: 95,
      skuCount: 1,
      status: 'in_use',
      capacity: 200,
    });
    await call('waremanager', 'PUT', '/warehouse/location/edit', { id: shelf.id, capacity: 95 });
    expect(await byStatus('full')).toEqual(['A-01-01', 'A-01-02', 'B-01-02']);
    await call('waremanager', 'PUT', '/warehouse/location/edit', { id: shelf.id, capacity: null });
    expect(await byStatus('in_use')).toContain('A-01-02');
  });

  it('keeps warehouse staff to the locations of their warehouses', async () => {
    const all = (await call('warestaff', 'GET', '/warehouse/location/list?pageSize=200')).json().result
      .records;
    expect(new Set(all.map((row: { warehouseCode: string }) => row.warehouseCode))).toEqual(
      new Set(['DG01']),
    );
    expect(
      (await call('warestaff', 'GET', `/warehouse/location/list?warehouseId=${bkk1.id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call('warestaff', 'POST', '/warehouse/partition/add', {
          warehouseId: dg01.id,
          code: 'Z',
          name: 'Z',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('deletes only a location that never held stock, and a partition only when empty', async () => {
    const held = await call(
      'waremanager',
      'DELETE',
      `/warehouse/location/delete?id=${dg01.locations.get('RCV-01')}`,
    );
    expect(held.statusCode).toBe(422);
    expect(held.json()).toMatchObject({ code: 'warehouse.location_in_use', params: { code: 'RCV-01' } });
    const partitionA = (await call('waremanager', 'GET', `/warehouse/partition/list?warehouseId=${dg01.id}`))
      .json()
      .result.find((row: { code: string }) => row.code === 'A');
    expect(
      (await call('waremanager', 'DELETE', `/warehouse/partition/delete?id=${partitionA.id}`)).json().code,
    ).toBe('warehouse.partition_in_use');
    const empty = await call(
      'waremanager',
      'DELETE',
      `/warehouse/location/delete?id=${dg01.locations.get('DMG-01')}`,
    );
    expect(empty.statusCode).toBe(200);
    expect(
      (await call('waremanager', 'GET', `/warehouse/location/queryByCode?warehouseId=${dg01.id}&code=DMG-01`))
        .statusCode,
    ).toBe(404);
  });
});
