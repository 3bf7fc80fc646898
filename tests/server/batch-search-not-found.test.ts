/**
 * The batch searches of the order list and the outbound list: both take up to 100
 * numbers of any kind (order number, system order id, tracking number) through the shared
 * schema, refuse 101, and name the numbers no order answered in any tab or stage — a number whose
 * order sits in another tab or stage is found, not named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let agentToken: string;
interface Known {
  order_no: string;
  system_no: string;
  tracking_no: string;
  local_status: string;
}
let pending: Known[];
let shipped: Known;

beforeAll(async () => {
  world = await createTestWorld();
  agentToken = await world.login('agent');
  const { rows } = await world.database.ownerPool.query<Known>(
    `select o.order_no, o.system_no, o.tracking_no, o.local_status from orders o join tenants t on t.id = o.tenant_id
     where t.agent_code = 'demo' and o.merged_into_id is null
     order by o.system_no`,
  );
  pending = rows.filter((row) => row.local_status === 'pending_shipment');
  // A tracking number one order carries (several marketplace orders may ship under one).
  const carriers = (number: string) => rows.filter((row) => row.tracking_no === number).length;
  const found = rows.find(
    (row) => row.local_status === 'shipped' && row.tracking_no !== '' && carriers(row.tracking_no) === 1,
  );
  if (!found || pending.length < 3) throw new Error('the demo has no pending and shipped orders to search');
  shipped = found;
});
afterAll(() => world.close());

async function list(path: string) {
  const response = await world.request({ method: 'GET', url: path, token: agentToken });
  return response;
}

const [first, second, third] = [0, 1, 2];

describe('GET /api/order/list with a batch search', () => {
  it('names the numbers no order in any tab answered, whichever tab is shown', async () => {
    const numbers = [
      pending[first]?.order_no,
      pending[second]?.system_no,
      shipped.tracking_no,
      'NO-SUCH-ORDER-1',
      'NO-SUCH-ORDER-2',
    ].join(',');
    const response = await list(`/api/order/list?tab=shipped&numbers=${encodeURIComponent(numbers)}`);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.records.map((row: { trackingNo: string }) => row.trackingNo)).toEqual([
      shipped.tracking_no,
    ]);
    expect(result.counts.all).toBe(3);
    expect(result.notFound).toEqual(['NO-SUCH-ORDER-1', 'NO-SUCH-ORDER-2']);
  });

  it('names none without a batch search, and refuses 101 numbers', async () => {
    const plain = await list('/api/order/list?pageSize=5');
    expect(plain.json().result.notFound).toEqual([]);
    const many = Array.from({ length: 101 }, (_, index) => `N${index}`).join(',');
    expect((await list(`/api/order/list?numbers=${many}`)).statusCode).toBe(400);
  });
});

describe('GET /api/waybill/list with a batch search', () => {
  it('finds up to 100 numbers of any kind and names those no order of the list answered', async () => {
    const wanted = [pending[first]?.order_no, pending[second]?.system_no, pending[third]?.order_no];
    const filler = Array.from({ length: 96 }, (_, index) => `NO-SUCH-${index}`);
    const numbers = [...wanted, ...filler, 'NO-SUCH-LAST'].join(',');
    const response = await list(`/api/waybill/list?pageSize=50&numbers=${encodeURIComponent(numbers)}`);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    const found = result.records.map((row: { orderNo: string; systemNo: string }) => row.orderNo).sort();
    expect(found).toEqual(
      [pending[first]?.order_no, pending[second]?.order_no, pending[third]?.order_no].sort(),
    );
    expect(result.total).toBe(3);
    expect(result.notFound).toEqual([...filler, 'NO-SUCH-LAST']);
  });

  it('does not name a number whose order waits in another stage', async () => {
    const numbers = [pending[first]?.order_no, 'NO-SUCH-ORDER'].join(',');
    const response = await list(`/api/waybill/list?stage=delivered&numbers=${encodeURIComponent(numbers)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({ records: [], total: 0, notFound: ['NO-SUCH-ORDER'] });
  });

  it('refuses 101 numbers and keeps the one-number search by part of an order number', async () => {
    const many = Array.from({ length: 101 }, (_, index) => `N${index}`).join(',');
    expect((await list(`/api/waybill/list?numbers=${many}`)).statusCode).toBe(400);
    const part = (pending[first]?.order_no ?? '').slice(0, -1);
    const response = await list(`/api/waybill/list?pageSize=50&keyword=${encodeURIComponent(part)}`);
    expect(response.json().result.records.map((row: { orderNo: string }) => row.orderNo)).toContain(
      pending[first]?.order_no,
    );
    expect(response.json().result.notFound).toEqual([]);
  });
});
