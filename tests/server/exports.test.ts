/**
 * The download list: an export asked for in the admin runs as a pg-boss job, shows its progress
 * and its file in the asker's list only, is worked once however many server nodes work jobs,
 * and its file goes when its time is up.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_LIMITS } from '@shared/domain/downloads.js';
import { readCatalogSheet } from '@server/modules/catalog/catalog-sheet.js';
import zhOrders from '../../locales/zh-CN/orders.json';
import { createProduct } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of ['agent', 'seller', 'seller2', 'service']) tokens[name] = await world.login(name);
});
afterAll(() => world.close());

interface Task {
  id: string;
  kind: string;
  status: string;
  progress: number;
  fileName: string | null;
  rowCount: number | null;
  errorCode: string | null;
  expiresTime: string | null;
}

async function ask(as: string, body: object) {
  return world.request({
    method: 'POST',
    url: '/api/sys/downloadTask/add',
    token: tokens[as],
    payload: body,
    headers: { 'accept-language': 'en-US' },
  });
}

async function listOf(as: string): Promise<Task[]> {
  const reply = await world.request({
    method: 'GET',
    url: '/api/sys/downloadTask/list?pageSize=50',
    token: tokens[as],
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().result.records as Task[];
}

async function finished(as: string, id: string): Promise<Task> {
  let task: Task | undefined;
  await expect
    .poll(
      async () => {
        task = (await listOf(as)).find((row) => row.id === id);
        return task?.status;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toMatch(/^(done|failed)$/);
  if (!task) throw new Error('no task');
  return task;
}

async function rowsOf(data: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? ''))),
  );
  return rows;
}

describe('POST /api/sys/downloadTask/add', () => {
  it('exports the stock list in the background into a file only its asker can fetch', async () => {
    const reply = await ask('seller', { kind: 'stock', filters: {} });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe(
      'The export has started: download the file from the download list when it is ready',
    );
    const asked = reply.json().result as Task;
    expect(asked.status).toBe('queued');

    const task = await finished('seller', asked.id);
    expect(task).toMatchObject({ status: 'done', progress: 100, errorCode: null });
    expect(task.fileName).toMatch(/^stock-\d{12}\.xlsx$/);
    expect(new Date(task.expiresTime ?? 0).getTime()).toBeGreaterThan(
      Date.now() + (DOWNLOAD_LIMITS.keepDays - 1) * 86_400_000,
    );

    const file = await world.request({
      method: 'GET',
      url: `/api/sys/downloadTask/file/${asked.id}`,
      token: tokens.seller,
    });
    expect(file.statusCode).toBe(200);
    const rows = await rowsOf(file.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Warehouse', 'Seller', 'SKU']);
    expect(rows.length - 1).toBe(task.rowCount);

    // The seller's file holds the seller's stock only, as the stock list shows it.
    const list = await world.request({
      method: 'GET',
      url: '/api/inventory/stock/list?pageSize=200',
      token: tokens.seller,
    });
    expect(rows.length - 1).toBe(list.json().result.total);

    for (const other of ['seller2', 'agent']) {
      const refused = await world.request({
        method: 'GET',
        url: `/api/sys/downloadTask/file/${asked.id}`,
        token: tokens[other],
      });
      expect(refused.statusCode).toBe(404);
      expect((await listOf(other)).some((row) => row.id === asked.id)).toBe(false);
    }
  });

  it('writes the header in the asker’s language and exports products and stock records', async () => {
    const products = await finished(
      'agent',
      (await ask('agent', { kind: 'products', filters: {} })).json().result.id,
    );
    expect(products.status).toBe('done');
    expect(products.rowCount).toBeGreaterThan(0);
    const records = await world.request({
      method: 'POST',
      url: '/api/sys/downloadTask/add',
      token: tokens.agent,
      payload: { kind: 'stock_records', filters: {} },
      headers: { 'accept-language': 'zh-CN' },
    });
    const task = await finished('agent', records.json().result.id);
    const file = await world.request({
      method: 'GET',
      url: `/api/sys/downloadTask/file/${task.id}`,
      token: tokens.agent,
    });
    const rows = await rowsOf(file.rawPayload);
    expect(rows[0]?.[0]).toBe('时间');
  });

  it('exports the orders a seller sees, filtered as the order list is, with statuses in words', async () => {
    const asked = await ask('seller', { kind: 'orders', filters: { tab: 'pending' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const task = await finished('seller', asked.json().result.id);
    expect(task.status).toBe('done');
    const list = await world.request({
      method: 'GET',
      url: '/api/order/list?tab=pending&pageSize=200',
      token: tokens.seller,
    });
    const expected = list.json().result.total as number;
    expect(expected).toBeGreaterThan(0);
    const file = await world.request({
      method: 'GET',
      url: `/api/sys/downloadTask/file/${task.id}`,
      token: tokens.seller,
    });
    const rows = await rowsOf(file.rawPayload);
    expect(rows.length - 1).toBe(expected);
    expect(rows[0]?.slice(0, 2)).toEqual(['Order No.', 'System order ID']);
    const status = rows[0]?.indexOf('Order status') ?? -1;
    for (const row of rows.slice(1)) expect(['Pending shipment', 'In cancellation']).toContain(row[status]);

    // Several tags, all of them: the file holds what the list shows under the same filter.
    const filters = { tags: 'out_of_stock,problem', tagMatch: 'all' as const };
    const tagged = await ask('seller', { kind: 'orders', filters });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await finished('seller', tagged.json().result.id)).status).toBe('done');
    const shown = await world.request({
      method: 'GET',
      url: '/api/order/list?tags=out_of_stock,problem&tagMatch=all&pageSize=200',
      token: tokens.seller,
    });
    const taggedTotal = shown.json().result.total as number;
    expect(taggedTotal).toBeGreaterThan(0);
    const taggedFile = await world.request({
      method: 'GET',
      url: `/api/sys/downloadTask/file/${tagged.json().result.id}`,
      token: tokens.seller,
    });
    expect((await rowsOf(taggedFile.rawPayload)).length - 1).toBe(taggedTotal);
  });

  it('writes times as date cells on the asker’s clock and platforms as their names in the asker’s language', async () => {
    const asked = await world.request({
      method: 'POST',
      url: '/api/sys/downloadTask/add',
      token: tokens.seller,
      payload: { kind: 'orders', filters: {}, timeZone: 'Asia/Bangkok' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const task = await finished('seller', asked.json().result.id);
    expect(task.status).toBe('done');
    const file = await world.request({
      method: 'GET',
      url: `/api/sys/downloadTask/file/${task.id}`,
      token: tokens.seller,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const column = (name: string) => header.indexOf(name);
    const list = await world.request({
      method: 'GET',
      url: '/api/order/list?pageSize=200',
      token: tokens.seller,
    });
    const listed = new Map(
      (list.json().result.records as { orderNo: string; platform: string; orderedAt: string | null }[]).map(
        (row) => [row.orderNo, row],
      ),
    );
    const platforms = new Set<string>();
    let dated = 0;
    for (let number = 2; number <= sheet.actualRowCount; number += 1) {
      const row = sheet.getRow(number);
      const shown = listed.get(String(row.getCell(column('订单号')).value));
      if (!shown) continue;
      const platform = row.getCell(column('平台')).value;
      expect(platform).toBe(zhOrders.platform[shown.platform as keyof typeof zhOrders.platform]);
      platforms.add(shown.platform);
      const ordered = row.getCell(column('下单时间'));
      if (shown.orderedAt === null) {
        expect(ordered.value).toBeNull();
        continue;
      }
      // A real date cell showing Bangkok's clock (UTC+7, no daylight saving), never an ISO string.
      expect(ordered.value).toBeInstanceOf(Date);
      expect((ordered.value as Date).getTime()).toBe(
        Math.floor(Date.parse(shown.orderedAt) / 1000) * 1000 + 7 * 3_600_000,
      );
      expect(ordered.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      dated += 1;
    }
    expect(dated).toBeGreaterThan(0);
    // The seller's demo orders come from more than one channel, each named, never coded.
    expect(platforms.size).toBeGreaterThan(1);
    expect(
      [...platforms].some((code) => zhOrders.platform[code as keyof typeof zhOrders.platform] !== code),
    ).toBe(true);
  });

  it('shows the times of an export asked without a time zone on the clock of the tenant’s first warehouse', async () => {
    const { rows } = await world.database.ownerPool.query<{ time_zone: string }>(
      `select w.time_zone from warehouses w join users u on u.tenant_id = w.tenant_id
        where u.username = 'agent' order by w.created_at limit 1`,
    );
    const timeZone = rows[0]?.time_zone ?? 'UTC';
    const asked = await ask('agent', { kind: 'stock_records', filters: {} });
    const task = await finished('agent', asked.json().result.id);
    const file = await world.request({
      method: 'GET',
      url: `/api/sys/downloadTask/file/${task.id}`,
      token: tokens.agent,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cell = book.worksheets[0]?.getRow(2).getCell(1);
    expect(cell?.value).toBeInstanceOf(Date);
    const records = await world.request({
      method: 'GET',
      url: '/api/inventory/stock/records?pageSize=1',
      token: tokens.agent,
    });
    expect(records.statusCode, records.body).toBe(200);
    const createdAt = records.json().result.records[0]?.createdAt as string;
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(new Date(createdAt));
    expect((cell?.value as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(wall);
  });

  it('writes text that starts like a formula with a quote before it, and numbers as numbers', async () => {
    const product = await createProduct(world, tokens.seller ?? '', ['-CSV-1'], { name: '＋1' });
    const skuId = product.skus[0]?.id ?? '';
    const warehouseId = (
      await world.database.ownerPool.query<{ id: string }>(`select id from warehouses where code = 'DG01'`)
    ).rows[0]?.id;
    const added = await world.request({
      method: 'POST',
      url: '/api/order/add',
      token: tokens.seller,
      payload: {
        orderNo: '@CSV-ORDER-1',
        warehouseId,
        buyerName: '=HYPERLINK("http://x")',
        recipientName: 'Somchai P.',
        recipientPhone: '0812345678',
        recipientAddress: '12 Sukhumvit Rd, Bangkok',
        currency: 'THB',
        lines: [{ skuId, quantity: 3, unitPrice: 19_900 }],
      },
    });
    expect(added.statusCode, added.body).toBe(200);

    const fileOf = async (body: object) => {
      const task = await finished('seller', (await ask('seller', body)).json().result.id);
      expect(task.status).toBe('done');
      const file = await world.request({
        method: 'GET',
        url: `/api/sys/downloadTask/file/${task.id}`,
        token: tokens.seller,
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      return { sheet, column: (name: string) => header.indexOf(name) };
    };

    const orders = await fileOf({ kind: 'orders', filters: { orderNos: '@CSV-ORDER-1' } });
    expect(orders.sheet.actualRowCount).toBe(2);
    const order = orders.sheet.getRow(2);
    expect(order.getCell(orders.column('Order No.')).value).toBe("'@CSV-ORDER-1");
    expect(order.getCell(orders.column('Buyer')).value).toBe(`'=HYPERLINK("http://x")`);
    expect(order.getCell(orders.column('Units')).value).toBe(3);

    const products = await fileOf({ kind: 'products', filters: { name: '＋1' } });
    expect(products.sheet.actualRowCount).toBe(2);
    const row = products.sheet.getRow(2);
    expect(row.getCell(products.column('productName')).value).toBe("'＋1");
    expect(row.getCell(products.column('sellerSku')).value).toBe("'-CSV-1");
    // The file imports back as it was exported: the quote is the export's, not the product's.
    const [read] = await readCatalogSheet(Buffer.from(await products.sheet.workbook.xlsx.writeBuffer()));
    expect(read?.values).toMatchObject({ productName: '＋1', sellerSku: '-CSV-1' });
  });

  it('refuses a kind the caller may not list and unknown filters', async () => {
    // Customer service lists neither products nor stock, so exports neither.
    const forbidden = await ask('service', { kind: 'products', filters: {} });
    expect(forbidden.statusCode).toBe(403);
    const bad = await ask('seller', { kind: 'stock', filters: { warehouseId: 'not-a-uuid' } });
    expect(bad.statusCode).toBe(400);
    const unknown = await ask('seller', { kind: 'invoices', filters: {} });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the unfinished-export limit', () => {
  it('takes five exports asked at once by one user and refuses the sixth', async () => {
    // A node that only queues: no task finishes while they are counted, so exactly five pass.
    const queuing = await createTestWorld({}, { jobWorkers: 0 });
    try {
      const token = await queuing.login('seller2');
      const replies = await Promise.all(
        Array.from({ length: DOWNLOAD_LIMITS.pendingPerUser + 1 }, () =>
          queuing.request({
            method: 'POST',
            url: '/api/sys/downloadTask/add',
            token,
            payload: { kind: 'stock', filters: {} },
            headers: { 'accept-language': 'en-US' },
          }),
        ),
      );
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(
        DOWNLOAD_LIMITS.pendingPerUser,
      );
      const refused = replies.filter((reply) => reply.statusCode !== 200);
      expect(refused).toHaveLength(1);
      expect(refused[0]?.statusCode).toBe(429);
      expect(refused[0]?.json().code).toBe('downloads.too_many_pending');
      // Another user is counted on their own.
      const other = await queuing.request({
        method: 'POST',
        url: '/api/sys/downloadTask/add',
        token: await queuing.login('seller'),
        payload: { kind: 'stock', filters: {} },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await queuing.close();
    }
  });
});

describe('DELETE /api/sys/downloadTask/delete/:id', () => {
  it('deletes one’s own task and its file, and no one else’s', async () => {
    const task = await finished(
      'seller',
      (await ask('seller', { kind: 'stock', filters: {} })).json().result.id,
    );
    const other = await world.request({
      method: 'DELETE',
      url: `/api/sys/downloadTask/delete/${task.id}`,
      token: tokens.seller2,
    });
    expect(other.statusCode).toBe(404);
    const own = await world.request({
      method: 'DELETE',
      url: `/api/sys/downloadTask/delete/${task.id}`,
      token: tokens.seller,
    });
    expect(own.statusCode).toBe(200);
    expect((await listOf('seller')).some((row) => row.id === task.id)).toBe(false);
  });
});

describe('the export job', () => {
  it('runs each task once with three server nodes working jobs', async () => {
    const jobs = {
      connection: world.database.ownerConnection,
      workers: 2,
      pollingIntervalSeconds: 0.5,
      schedules: false,
    };
    await world.buildAnotherApp({ jobs });
    await world.buildAnotherApp({ jobs });
    const ids: string[] = [];
    for (let n = 0; n < 4; n += 1)
      ids.push((await ask('agent', { kind: 'stock', filters: {} })).json().result.id);
    for (const id of ids) expect((await finished('agent', id)).status).toBe('done');
    const started = await world.database.ownerPool.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'export' and data->>'taskId' = any($1)`,
      [ids],
    );
    // One job per task, each completed once; a second run would have found the task claimed.
    expect(started.rows[0]?.n).toBe(ids.length);
    const states = await world.database.ownerPool.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = 'export' and data->>'taskId' = any($1)`,
      [ids],
    );
    for (const row of states.rows) expect(row).toEqual({ state: 'completed', retry_count: 0 });
  });

  it('deletes files past their time and sends a lost task’s job again', async () => {
    const task = await finished(
      'seller',
      (await ask('seller', { kind: 'stock', filters: {} })).json().result.id,
    );
    await world.database.ownerPool.query(
      `update download_tasks set expires_at = now() - interval '1 minute' where id = $1`,
      [task.id],
    );
    // A task whose job was never sent (its node stopped right after the commit).
    const lost = await world.database.ownerPool.query<{ id: string }>(
      `insert into download_tasks (tenant_id, user_id, kind, filters, actor, created_at)
       select tenant_id, user_id, kind, filters, actor, now() - interval '10 minutes' from download_tasks where id = $1
       returning id`,
      [task.id],
    );
    const lostId = lost.rows[0]?.id ?? '';
    const { sweepDownloads } = await import('@server/modules/exports/index.js');
    const sent: string[] = [];
    const result = await sweepDownloads({
      db: world.database.db,
      files: { put: async () => undefined, get: async () => null, remove: async () => undefined },
      send: async (data) => {
        sent.push(data.taskId);
      },
    });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(sent).toContain(lostId);
    expect((await listOf('seller')).some((row) => row.id === task.id)).toBe(false);
  });
});
