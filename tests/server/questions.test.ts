import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  world = await createTestWorld();
  for (const username of ['agent', 'seller', 'seller2', 'sellerstaff', 'warestaff', 'acme-agent']) {
    tokens[username] = await world.login(username, username.startsWith('acme') ? { agentCode: 'acme' } : {});
    const { rows } = await world.database.ownerPool.query<{ id: string }>(
      'select id from users where username = $1',
      [username],
    );
    ids[username] = rows[0]?.id ?? '';
  }
});
afterAll(() => world.close());

const as = (username: string) => tokens[username] ?? '';
const pending = (username: string, query = '') =>
  world.request({
    method: 'GET',
    url: `/api/orderNoteRec/queryPendingQuestions${query}`,
    token: as(username),
  });
const add = (username: string, payload: object) =>
  world.request({ method: 'POST', url: '/api/orderNoteRec/add', payload, token: as(username) });
const setFlag = (username: string, id: string, questionFlag: number) =>
  world.request({
    method: 'PUT',
    url: '/api/orderNoteRec/updateQuestionFlag',
    payload: { id, questionFlag },
    token: as(username),
  });

interface Question {
  id: string;
  sellerId: string;
  ordersn: string;
  orderId: string | null;
  note: string;
  createTime: string;
  questionFlag: number;
}
const records = async (username: string, query = ''): Promise<Question[]> =>
  (await pending(username, query)).json().result.records;

describe('GET /api/orderNoteRec/queryPendingQuestions', () => {
  it('shows a seller only their own questions waiting for them, newest first', async () => {
    const response = await pending('seller', '?pageNo=1&pageSize=10&questionFlag=1');
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.total).toBe(2);
    expect(result.records.map((row: Question) => row.ordersn)).toEqual(['240603KQ7T2M9P', '240603KR1V8D3L']);
    for (const row of result.records as Question[]) {
      expect(row).toMatchObject({ sellerId: ids.seller, questionFlag: 1, orderId: null });
      expect(Object.keys(row).sort()).toEqual(
        ['createTime', 'id', 'note', 'orderId', 'ordersn', 'questionFlag', 'sellerId'].sort(),
      );
    }
    expect((await records('sellerstaff')).map((row) => row.id)).toEqual(
      result.records.map((row: Question) => row.id),
    );
  });

  it('shows seller2 none of seller’s questions', async () => {
    const response = await pending('seller2', '?questionFlag=1');
    expect(response.json().result).toMatchObject({ total: 0, records: [] });
  });

  it('lets the seller side ask only for flag 1 and the other side only for flag 2', async () => {
    expect((await pending('seller', '?questionFlag=2')).statusCode).toBe(403);
    expect((await pending('seller', '?questionFlag=2')).json().code).toBe('question.flag_not_allowed');
    expect((await pending('agent', '?questionFlag=1')).statusCode).toBe(403);
    const agent = await records('agent', '?questionFlag=2');
    expect(agent.map((row) => row.sellerId).sort()).toEqual([ids.seller, ids.seller2].sort());
    expect(agent.every((row) => row.questionFlag === 2)).toBe(true);
    expect((await records('warestaff')).map((row) => row.id).sort()).toEqual(
      agent.map((row) => row.id).sort(),
    );
    expect((await pending('agent', '?questionFlag=7')).statusCode).toBe(400);
  });

  it('pages with the spec’s default of 10 and at most 50', async () => {
    for (let index = 1; index <= 12; index += 1) {
      const response = await add('agent', {
        ordersn: `2406PAGE${String(index).padStart(4, '0')}`,
        note: `Question ${index}`,
        questionFlag: 1,
        sellerId: ids.seller2,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const first = (await pending('seller2')).json().result;
    expect(first).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(first.records).toHaveLength(10);
    expect(first.records[0].ordersn).toBe('2406PAGE0012');
    const third = (await pending('seller2', '?pageNo=3&pageSize=5')).json().result;
    expect(third.records.map((row: Question) => row.ordersn)).toEqual(['2406PAGE0002', '2406PAGE0001']);
    expect((await pending('seller2', '?pageSize=51')).statusCode).toBe(400);
    expect((await pending('seller2', '?pageNo=0')).statusCode).toBe(400);
  });

  it('keeps tenants apart', async () => {
    expect((await pending('acme-agent')).json().result.total).toBe(0);
  });
});

describe('PUT /api/orderNoteRec/updateQuestionFlag and POST /api/orderNoteRec/add', () => {
  it('passes a question between the sides until it is resolved', async () => {
    const [question] = await records('seller');
    if (!question) throw new Error('seeded question missing');
    const answered = await setFlag('seller', question.id, 2);
    expect(answered.json().result).toMatchObject({ id: question.id, questionFlag: 2 });
    expect((await records('seller')).map((row) => row.id)).not.toContain(question.id);
    expect((await records('agent')).map((row) => row.id)).toContain(question.id);
    expect((await setFlag('agent', question.id, 0)).statusCode).toBe(200);
    expect((await records('agent')).map((row) => row.id)).not.toContain(question.id);
  });

  it('lets each side set only its own flags, on questions it can see', async () => {
    const [own] = await records('seller');
    const [other] = await records('seller2');
    if (!own || !other) throw new Error('questions missing');
    expect((await setFlag('seller', own.id, 1)).json().code).toBe('question.flag_not_allowed');
    expect((await setFlag('agent', own.id, 2)).statusCode).toBe(403);
    expect((await setFlag('seller', other.id, 2)).statusCode).toBe(404);
    expect((await setFlag('acme-agent', own.id, 0)).statusCode).toBe(404);
    expect((await setFlag('seller', own.id, 5)).statusCode).toBe(400);
  });

  it('files a seller’s question under their own seller, for the warehouse side', async () => {
    const response = await add('sellerstaff', {
      ordersn: '240605ST0001',
      note: 'Please hold this parcel until Monday.',
      questionFlag: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      sellerId: ids.seller,
      questionFlag: 2,
      ordersn: '240605ST0001',
    });
    expect((await records('agent')).map((row) => row.ordersn)).toContain('240605ST0001');
    const forOther = await add('seller', {
      ordersn: 'X1',
      note: 'n',
      questionFlag: 2,
      sellerId: ids.seller2,
    });
    expect(forOther.json().code).toBe('question.seller_not_found');
    expect((await add('seller', { ordersn: 'X1', note: 'n', questionFlag: 1 })).statusCode).toBe(403);
  });

  it('needs a seller when the agent side writes, and a real seller of the tenant', async () => {
    const missing = await add('agent', { ordersn: 'X2', note: 'Which size?', questionFlag: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('question.seller_required');
    const notSeller = await add('agent', {
      ordersn: 'X2',
      note: 'n',
      questionFlag: 1,
      sellerId: ids.warestaff,
    });
    expect(notSeller.json().code).toBe('question.seller_not_found');
    const otherTenant = await add('acme-agent', {
      ordersn: 'X2',
      note: 'n',
      questionFlag: 1,
      sellerId: ids.seller,
    });
    expect(otherTenant.json().code).toBe('question.seller_not_found');
  });

  it('validates the body', async () => {
    const long = await add('seller', { ordersn: 'X3', note: 'x'.repeat(1001), questionFlag: 2 });
    expect(long.statusCode).toBe(400);
    const extra = await add('seller', { ordersn: 'X3', note: 'n', questionFlag: 2, sellerName: 'me' });
    expect(extra.json().fields[0].rule).toBe('unrecognized_keys');
    expect((await add('seller', { ordersn: '', note: 'n', questionFlag: 2 })).statusCode).toBe(400);
  });
});
