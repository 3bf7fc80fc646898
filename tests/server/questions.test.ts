/**
 * Order questions and feedback (spec 01 §2, §5, §6): the popover's pending list, the feedback
 * queue and each order's conversation. A note is raised on an order the writer sees and linked
 * to it; the other side answers, and the flags move (a seller's note waits for the warehouse
 * side, theirs for the seller, writing answers what waited for the writer). Sellers see only
 * their own orders' questions, warehouse roles their warehouses', another tenant nothing: each
 * answers 404 like the order itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, demoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let dg01Id: string;
let bkk1Id: string;
let sellerSku: string;
let seller2Sku: string;

const USERS = [
  'agent',
  'seller',
  'seller2',
  'sellerstaff',
  'warestaff',
  'waremanager',
  'service',
  'acme-agent',
  'acme-seller',
];

beforeAll(async () => {
  world = await createTestWorld();
  for (const username of USERS) {
    tokens[username] = await world.login(username, username.startsWith('acme') ? { agentCode: 'acme' } : {});
    const { rows } = await world.database.ownerPool.query<{ id: string }>(
      'select id from users where username = $1',
      [username],
    );
    ids[username] = rows[0]?.id ?? '';
  }
  dg01Id = (await demoWarehouse(world, 'DG01')).id;
  bkk1Id = (await demoWarehouse(world, 'BKK1')).id;
  sellerSku = (await createProduct(world, as('seller'), ['Q-MUG'])).skus[0]?.id ?? '';
  seller2Sku = (await createProduct(world, as('seller2'), ['Q-POT'])).skus[0]?.id ?? '';
});
afterAll(() => world.close());

function as(username: string): string {
  return tokens[username] ?? '';
}

interface Question {
  id: string;
  sellerId: string;
  ordersn: string;
  orderId: string | null;
  note: string;
  createTime: string;
  questionFlag: number;
  authorName?: string | null;
  authorSide?: string | null;
}

const get = (username: string, url: string) =>
  world.request({ method: 'GET', url, token: as(username), headers: { 'x-lang': 'en-US' } });
const pending = (username: string, query = '') =>
  get(username, `/api/orderNoteRec/queryPendingQuestions${query}`);
const records = async (username: string, query = ''): Promise<Question[]> =>
  (await pending(username, query)).json().result.records;
const queue = (username: string, query = '') => get(username, `/api/orderNoteRec/list${query}`);
const conversation = (username: string, ordersn: string, orderId?: string) =>
  get(
    username,
    `/api/orderNoteRec/queryByOrder?ordersn=${encodeURIComponent(ordersn)}${orderId ? `&orderId=${orderId}` : ''}`,
  );
const add = (username: string, payload: object) =>
  world.request({
    method: 'POST',
    url: '/api/orderNoteRec/add',
    payload,
    token: as(username),
    headers: { 'x-lang': 'en-US' },
  });
const setFlag = (username: string, id: string, questionFlag: number) =>
  world.request({
    method: 'PUT',
    url: '/api/orderNoteRec/updateQuestionFlag',
    payload: { id, questionFlag },
    token: as(username),
  });

let orderNumber = 0;
/** An order entered by hand by `username` (a seller), in a warehouse. */
async function newOrder(username: 'seller' | 'seller2', warehouseId: string, orderNo?: string) {
  orderNumber += 1;
  const response = await world.request({
    method: 'POST',
    url: '/api/order/add',
    token: as(username),
    payload: {
      orderNo: orderNo ?? `Q-${username}-${orderNumber}`,
      warehouseId,
      lines: [{ skuId: username === 'seller' ? sellerSku : seller2Sku, quantity: 1 }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { id: string; orderNo: string };
}

async function flagOf(id: string): Promise<number> {
  const { rows } = await world.database.ownerPool.query<{ question_flag: number }>(
    'select question_flag from order_questions where id = $1',
    [id],
  );
  return rows[0]?.question_flag ?? -1;
}

describe('the demo questions', () => {
  it('are on real orders: each note names its order, of the same seller and number', async () => {
    const { rows } = await world.database.ownerPool.query<{ linked: boolean }>(
      `select q.order_id is not null and o.order_no = q.ordersn and o.seller_id = q.seller_id as linked
         from order_questions q left join orders o on o.tenant_id = q.tenant_id and o.id = q.order_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.linked)).toBe(true);
  });
});

describe('GET /api/orderNoteRec/queryPendingQuestions', () => {
  it('shows a seller only their own questions waiting for them, newest first', async () => {
    const response = await pending('seller', '?pageNo=1&pageSize=10&questionFlag=1');
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.total).toBe(2);
    const rows = result.records as Question[];
    expect(rows[0]?.note).toMatch(/^EB-WHITE is short/);
    expect(rows[1]?.note).toMatch(/no postcode/);
    for (const row of rows) {
      expect(row).toMatchObject({ sellerId: ids.seller, questionFlag: 1, orderId: expect.any(String) });
      expect(Object.keys(row).sort()).toEqual(
        ['createTime', 'id', 'note', 'orderId', 'ordersn', 'questionFlag', 'sellerId'].sort(),
      );
    }
    expect((await records('sellerstaff')).map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect((await pending('seller2', '?questionFlag=1')).json().result).toMatchObject({
      total: 0,
      records: [],
    });
  });

  it('lets the seller side ask only for flag 1 and the other side only for flag 2', async () => {
    expect((await pending('seller', '?questionFlag=2')).statusCode).toBe(403);
    expect((await pending('seller', '?questionFlag=2')).json().code).toBe('question.flag_not_allowed');
    expect((await pending('agent', '?questionFlag=1')).statusCode).toBe(403);
    const agent = await records('agent', '?questionFlag=2');
    expect(agent.map((row) => row.sellerId).sort()).toEqual([ids.seller, ids.seller2].sort());
    expect(agent.every((row) => row.questionFlag === 2)).toBe(true);
    expect((await pending('agent', '?questionFlag=7')).statusCode).toBe(400);
  });

  it('shows warehouse people only the questions on orders of their warehouses', async () => {
    const agent = await records('agent');
    // warestaff works in DG01 only; seller2's question is on an order shipping from BKK1.
    expect((await records('warestaff')).map((row) => row.sellerId)).toEqual([ids.seller]);
    expect((await records('waremanager')).map((row) => row.id).sort()).toEqual(
      agent.map((row) => row.id).sort(),
    );
  });

  it('pages with the spec’s default of 10 and at most 50', async () => {
    const { rows } = await world.database.ownerPool.query<{ order_no: string }>(
      `select order_no from orders where seller_id = $1 and order_no like 'TEA%' order by order_no limit 12`,
      [ids.seller2],
    );
    for (const [index, row] of rows.entries()) {
      const response = await add('agent', {
        ordersn: row.order_no,
        note: `Question ${index + 1}`,
        questionFlag: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const first = (await pending('seller2')).json().result;
    expect(first).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(first.records).toHaveLength(10);
    expect(first.records[0].note).toBe('Question 12');
    const third = (await pending('seller2', '?pageNo=3&pageSize=5')).json().result;
    expect(third.records.map((row: Question) => row.note)).toEqual(['Question 2', 'Question 1']);
    expect((await pending('seller2', '?pageSize=51')).statusCode).toBe(400);
    expect((await pending('seller2', '?pageNo=0')).statusCode).toBe(400);
  });

  it('keeps tenants apart', async () => {
    expect((await pending('acme-agent')).json().result.total).toBe(0);
  });
});

describe('a question raised from an order and answered by the other side', () => {
  it('links the note to the order, waits for the warehouse, and the answer moves the flags', async () => {
    const order = await newOrder('seller', dg01Id);
    const raised = await add('sellerstaff', {
      ordersn: order.orderNo,
      note: 'Please hold this parcel until Monday.',
      questionFlag: 2,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const question = raised.json().result as Question;
    expect(question).toMatchObject({
      orderId: order.id,
      ordersn: order.orderNo,
      sellerId: ids.seller,
      questionFlag: 2,
    });
    expect((await records('agent')).map((row) => row.id)).toContain(question.id);
    expect((await records('warestaff')).map((row) => row.id)).toContain(question.id);

    // The warehouse answers and asks back: the seller's question is answered, the reply waits for the seller.
    const answer = await add('warestaff', {
      ordersn: order.orderNo,
      note: 'Held until Monday.\nShall we ship it by express then?',
      questionFlag: 1,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const reply = answer.json().result as Question;
    expect(reply).toMatchObject({ orderId: order.id, sellerId: ids.seller, questionFlag: 1 });
    expect(await flagOf(question.id)).toBe(0);
    expect((await records('agent')).map((row) => row.id)).not.toContain(question.id);
    expect((await records('seller')).map((row) => row.id)).toContain(reply.id);

    // The whole conversation, oldest first, with who wrote each note and for which side.
    const talk = await conversation('seller', order.orderNo);
    expect(talk.statusCode, talk.body).toBe(200);
    expect(talk.json().result).toMatchObject({
      ordersn: order.orderNo,
      order: { id: order.id, orderNo: order.orderNo, sellerId: ids.seller, warehouseCode: 'DG01' },
      candidates: [],
      notes: [
        { id: question.id, authorName: 'Steve Staff', authorSide: 'seller', questionFlag: 0 },
        {
          id: reply.id,
          authorSide: 'warehouse',
          questionFlag: 1,
          note: 'Held until Monday.\nShall we ship it by express then?',
        },
      ],
    });

    // The seller marks the reply handled: it leaves their pending list and stays in the conversation.
    const handled = await setFlag('seller', reply.id, 0);
    expect(handled.statusCode).toBe(200);
    expect(handled.json().result).toMatchObject({ id: reply.id, questionFlag: 0 });
    expect((await records('seller')).map((row) => row.id)).not.toContain(reply.id);
    const after = (await conversation('agent', order.orderNo)).json().result;
    expect(after.notes.map((note: Question) => [note.id, note.questionFlag])).toEqual([
      [question.id, 0],
      [reply.id, 0],
    ]);
  });

  it('a note that needs no answer waits for nobody, and still answers what waited', async () => {
    const order = await newOrder('seller', dg01Id);
    const asked = (await add('agent', { ordersn: order.orderNo, note: 'Gift wrap?', questionFlag: 1 })).json()
      .result as Question;
    const note = await add('seller', { ordersn: order.orderNo, note: 'Thanks, noted.', questionFlag: 0 });
    expect(note.json().result.questionFlag).toBe(0);
    expect(await flagOf(asked.id)).toBe(0);
  });

  it('lets each side set only its own flags, on questions it can see', async () => {
    const [own] = await records('seller');
    const order = await newOrder('seller2', bkk1Id);
    const other = (
      await add('agent', { ordersn: order.orderNo, note: 'Which colour?', questionFlag: 1 })
    ).json().result as Question;
    if (!own) throw new Error('questions missing');
    expect((await setFlag('seller', own.id, 1)).json().code).toBe('question.flag_not_allowed');
    expect((await setFlag('agent', own.id, 2)).statusCode).toBe(403);
    expect((await setFlag('seller', other.id, 2)).statusCode).toBe(404);
    expect((await setFlag('warestaff', other.id, 0)).statusCode).toBe(404);
    expect((await setFlag('waremanager', other.id, 0)).statusCode).toBe(200);
    expect((await setFlag('acme-agent', own.id, 0)).statusCode).toBe(404);
    expect((await setFlag('seller', own.id, 5)).statusCode).toBe(400);
  });
});

describe('seller isolation', () => {
  it("answers 404 for another seller's order: its conversation, a note on it, its questions in the queue", async () => {
    const order = await newOrder('seller', dg01Id);
    const question = (
      await add('seller', { ordersn: order.orderNo, note: 'Is it packed?', questionFlag: 2 })
    ).json().result as Question;
    const read = await conversation('seller2', order.orderNo);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'order.not_found', message: 'No order information found' });
    expect((await conversation('seller2', order.orderNo, order.id)).statusCode).toBe(404);
    const written = await add('seller2', { ordersn: order.orderNo, note: 'Mine?', questionFlag: 2 });
    expect(written.statusCode).toBe(404);
    expect(written.json().code).toBe('order.not_found');
    const listed = (await queue('seller2', `?ordersn=${order.orderNo}`)).json().result;
    expect(listed.total).toBe(0);
    expect((await queue('seller', `?ordersn=${order.orderNo}`)).json().result.records).toEqual([
      expect.objectContaining({ id: question.id }),
    ]);
    const namedOther = await add('seller', {
      ordersn: order.orderNo,
      note: 'n',
      questionFlag: 2,
      sellerId: ids.seller2,
    });
    expect(namedOther.json().code).toBe('question.seller_not_found');
    expect((await add('seller', { ordersn: order.orderNo, note: 'n', questionFlag: 1 })).statusCode).toBe(
      403,
    );
  });

  it('keeps warehouse people to the orders of their warehouses', async () => {
    const order = await newOrder('seller2', bkk1Id);
    expect((await conversation('warestaff', order.orderNo)).statusCode).toBe(404);
    expect((await add('warestaff', { ordersn: order.orderNo, note: 'n', questionFlag: 1 })).statusCode).toBe(
      404,
    );
    expect((await conversation('waremanager', order.orderNo)).statusCode).toBe(200);
    expect(
      (await add('service', { ordersn: order.orderNo, note: 'Any news?', questionFlag: 1 })).statusCode,
    ).toBe(200);
  });

  it('refuses an order that does not exist', async () => {
    const response = await add('seller', { ordersn: 'NO-SUCH-ORDER', note: 'n', questionFlag: 2 });
    expect(response.statusCode).toBe(404);
    expect((await conversation('agent', 'NO-SUCH-ORDER')).statusCode).toBe(404);
  });
});

describe('another tenant', () => {
  it("knows nothing of the demo tenant's orders and questions", async () => {
    const order = await newOrder('seller', dg01Id);
    await add('seller', { ordersn: order.orderNo, note: 'Ready?', questionFlag: 2 });
    for (const username of ['acme-agent', 'acme-seller']) {
      expect((await conversation(username, order.orderNo)).statusCode).toBe(404);
      expect((await conversation(username, order.orderNo, order.id)).statusCode).toBe(404);
      const written = await add(username, {
        ordersn: order.orderNo,
        note: 'n',
        questionFlag: username === 'acme-agent' ? 1 : 2,
      });
      expect(written.statusCode).toBe(404);
      expect((await queue(username, `?ordersn=${order.orderNo}`)).json().result.total).toBe(0);
    }
    const named = await add('acme-agent', {
      ordersn: order.orderNo,
      note: 'n',
      questionFlag: 1,
      sellerId: ids.seller,
    });
    expect(named.statusCode).toBe(404);
  });
});

describe('orders that share a number', () => {
  it('asks which order when several the caller sees have the number; a seller sees only their own', async () => {
    const mine = await newOrder('seller', dg01Id, 'SHARED-0001');
    const theirs = await newOrder('seller2', bkk1Id, 'SHARED-0001');
    const ambiguous = await add('agent', { ordersn: 'SHARED-0001', note: 'Which one?', questionFlag: 1 });
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json()).toMatchObject({
      code: 'question.order_ambiguous',
      message: 'Several orders have the number SHARED-0001: choose the order',
    });
    const both = (await conversation('agent', 'SHARED-0001')).json().result;
    expect(both.order).toBeNull();
    expect(both.candidates.map((order: { id: string }) => order.id).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
    const chosen = await add('agent', {
      ordersn: 'SHARED-0001',
      orderId: theirs.id,
      note: 'For the teapot',
      questionFlag: 1,
    });
    expect(chosen.json().result).toMatchObject({ orderId: theirs.id, sellerId: ids.seller2 });
    const bySeller = await add('agent', {
      ordersn: 'SHARED-0001',
      sellerId: ids.seller,
      note: 'For the mug',
      questionFlag: 1,
    });
    expect(bySeller.json().result).toMatchObject({ orderId: mine.id, sellerId: ids.seller });
    const own = (await conversation('seller', 'SHARED-0001')).json().result;
    expect(own.order.id).toBe(mine.id);
    expect(own.notes.map((note: Question) => note.note)).toEqual(['For the mug']);
    // An order id that does not carry the number is not that order.
    expect((await conversation('agent', 'SHARED-0002', mine.id)).statusCode).toBe(404);
  });
});

describe('notes from before orders existed', () => {
  it('are shown with their number and can be marked handled, not answered', async () => {
    const { rows } = await world.database.ownerPool.query<{ id: string }>(
      `insert into order_questions (tenant_id, ordersn, seller_id, note, question_flag, created_by)
       select tenant_id, 'LEGACY-0001', id, 'Old question', 1, id from users where username = 'seller'
       returning id`,
    );
    const legacy = rows[0]?.id ?? '';
    const talk = (await conversation('seller', 'LEGACY-0001')).json().result;
    expect(talk).toMatchObject({ order: null, candidates: [], notes: [{ id: legacy, questionFlag: 1 }] });
    expect((await conversation('seller2', 'LEGACY-0001')).statusCode).toBe(404);
    // Warehouse people cannot tell whose warehouse it was: they do not see it.
    expect((await conversation('warestaff', 'LEGACY-0001')).statusCode).toBe(404);
    expect((await add('seller', { ordersn: 'LEGACY-0001', note: 'n', questionFlag: 2 })).statusCode).toBe(
      404,
    );
    expect((await setFlag('seller', legacy, 0)).statusCode).toBe(200);
  });
});

describe('GET /api/orderNoteRec/list (the feedback queue)', () => {
  it('puts what waits for the caller first and filters by pending, handled and order number', async () => {
    const order = await newOrder('seller', dg01Id);
    const asked = (
      await add('agent', { ordersn: order.orderNo, note: 'Missing phone number', questionFlag: 1 })
    ).json().result as Question;
    const all = (await queue('seller', '?pageSize=50')).json().result;
    const flags = (all.records as Question[]).map((row) => row.questionFlag);
    const firstOther = flags.findIndex((flag) => flag !== 1);
    expect(firstOther).toBeGreaterThan(0);
    expect(flags.slice(firstOther).includes(1)).toBe(false);
    expect(all.records[0]).toMatchObject({ authorName: expect.any(String), authorSide: expect.any(String) });

    const waiting = (await queue('seller', '?status=pending&pageSize=50')).json().result
      .records as Question[];
    expect(waiting.every((row) => row.questionFlag === 1)).toBe(true);
    expect(waiting.map((row) => row.id)).toContain(asked.id);
    const handled = (await queue('seller', '?status=handled&pageSize=50')).json().result
      .records as Question[];
    expect(handled.every((row) => row.questionFlag !== 1)).toBe(true);

    const part = order.orderNo.slice(2);
    const found = (await queue('seller', `?ordersn=${part}`)).json().result.records as Question[];
    expect(found.map((row) => row.id)).toEqual([asked.id]);
    expect((await queue('seller', '?ordersn=%25')).json().result.total).toBe(0);
    expect((await queue('seller', '?status=open')).statusCode).toBe(400);
  });

  it('needs the order-question permission, which every demo role holds', async () => {
    for (const username of ['seller', 'sellerstaff', 'agent', 'waremanager', 'warestaff', 'service'])
      expect((await queue(username)).statusCode, username).toBe(200);
    expect((await world.request({ method: 'GET', url: '/api/orderNoteRec/list' })).statusCode).toBe(401);
    await world.database.ownerPool.query(
      `delete from role_permissions rp using roles r, permissions p
        where rp.role_id = r.id and rp.permission_id = p.id
          and r.role_code = 'customer_service' and p.perms = 'order:question'`,
    );
    expect((await get('service', '/api/orderNoteRec/list')).statusCode).toBe(403);
    expect((await get('service', '/api/orderNoteRec/queryByOrder?ordersn=X')).statusCode).toBe(403);
    // The popover's list stays for everyone signed in.
    expect((await pending('service')).statusCode).toBe(200);
  });
});

describe('POST /api/orderNoteRec/add validation', () => {
  it('validates the body', async () => {
    const order = await newOrder('seller', dg01Id);
    const long = await add('seller', { ordersn: order.orderNo, note: 'x'.repeat(1001), questionFlag: 2 });
    expect(long.statusCode).toBe(400);
    const extra = await add('seller', {
      ordersn: order.orderNo,
      note: 'n',
      questionFlag: 2,
      sellerName: 'me',
    });
    expect(extra.json().fields[0].rule).toBe('unrecognized_keys');
    expect((await add('seller', { ordersn: '', note: 'n', questionFlag: 2 })).statusCode).toBe(400);
    expect((await add('seller', { ordersn: order.orderNo, note: '   ', questionFlag: 2 })).statusCode).toBe(
      400,
    );
  });
});
