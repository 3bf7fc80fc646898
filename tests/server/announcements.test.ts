import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, openSocket } from '../support/live-socket.js';
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
const get = (username: string, url: string) => world.request({ method: 'GET', url, token: as(username) });
const send = (username: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  world.request({ method, url, payload, token: as(username) });

async function addAnnouncement(username: string, body: Record<string, unknown>): Promise<string> {
  const response = await send(username, 'POST', '/api/sys/annountCement/add', { titile: 'Notice', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.id;
}
async function release(username: string, id: string) {
  const response = await get(username, `/api/sys/annountCement/doReleaseData?id=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}
const byUser = async (username: string) =>
  (await get(username, '/api/sys/annountCement/listByUser')).json().result;
const unreadIds = async (username: string) => {
  const result = await byUser(username);
  return [...result.anntMsgList, ...result.sysMsgList].map((item: { id: string }) => item.id);
};

describe('announcement administration', () => {
  it('stores sanitised HTML and an abstract taken from it', async () => {
    const response = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: 'Holiday hours',
      msgContent:
        '<p onclick="steal()">Closed <b>Monday</b><script>alert(1)</script>' +
        '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">here</a>' +
        '<a href="https://help.example.com">help</a></p><iframe src="https://evil.example"></iframe>',
    });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({
      titile: 'Holiday hours',
      msgContent: '<p>Closed <b>Monday</b><a>here</a><a href="https://help.example.com">help</a></p>',
      msgAbstract: 'Closed Mondayherehelp',
      sendStatus: '0',
      sendTime: null,
      msgType: 'ALL',
      priority: 'M',
      msgCategory: '1',
      createBy: 'agent',
    });
    const { rows } = await world.database.ownerPool.query(
      'select msg_content from announcements where id = $1',
      [result.id],
    );
    expect(rows[0].msg_content).not.toMatch(/script|onerror|onclick|javascript|iframe/i);
  });

  it('stores titles and abstracts as plain text, whatever markup they carried', async () => {
    const titled = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: '<b onclick="x()">Sale</b> <img src=x onerror=alert(1)>today',
      msgContent: '<p>&lt;img src=x onerror=alert(document.cookie)&gt;Prices &amp; hours</p>',
    });
    expect(titled.statusCode, titled.body).toBe(200);
    expect(titled.json().result).toMatchObject({ titile: 'Sale today', msgAbstract: 'Prices & hours' });
    const written = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: 'Written abstract',
      msgAbstract: '<i>Short</i> &lt;script&gt;alert(1)&lt;/script&gt;note',
    });
    expect(written.json().result.msgAbstract).toBe('Short note');
    const { rows } = await world.database.ownerPool.query(
      'select titile, msg_abstract from announcements where id = any($1)',
      [[titled.json().result.id, written.json().result.id]],
    );
    for (const row of rows) expect(`${row.titile} ${row.msg_abstract}`).not.toMatch(/[<>]/);
    const onlyMarkup = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: '<script>alert(1)</script>',
    });
    expect(onlyMarkup.statusCode).toBe(400);
    expect(onlyMarkup.json().fields[0]).toMatchObject({ path: 'titile', rule: 'required' });
  });

  it('keeps images of our file store in the content and drops remote ones', async () => {
    const response = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: 'Pictures',
      msgContent:
        '<p><img src="https://tracker.example/pixel.gif?u=1">' +
        '<img src="/api/sys/common/static/notice/map.png" alt="map"></p>',
    });
    expect(response.json().result.msgContent).toBe(
      '<p><img src="/api/sys/common/static/notice/map.png" alt="map" /></p>',
    );
  });

  it('refuses sellers and warehouse staff (403)', async () => {
    const body = { titile: 'Fake notice' };
    expect((await send('seller', 'POST', '/api/sys/annountCement/add', body)).statusCode).toBe(403);
    expect((await get('warestaff', '/api/sys/annountCement/list')).statusCode).toBe(403);
    const draft = await addAnnouncement('agent', {});
    expect((await get('seller', `/api/sys/annountCement/doReleaseData?id=${draft}`)).statusCode).toBe(403);
  });

  it('validates the body: audience lists, unknown fields, lengths, unknown recipients', async () => {
    const noRoles = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: 'x',
      msgType: 'ROLE',
    });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().fields).toEqual([expect.objectContaining({ path: 'roleCodes', rule: 'required' })]);
    const extra = await send('agent', 'POST', '/api/sys/annountCement/add', { titile: 'x', sendStatus: '1' });
    expect(extra.json().fields[0].rule).toBe('unrecognized_keys');
    const long = await send('agent', 'POST', '/api/sys/annountCement/add', { titile: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    const badRole = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: 'x',
      msgType: 'ROLE',
      roleCodes: ['root'],
    });
    expect(badRole.statusCode).toBe(400);
    const unknownUser = await send('agent', 'POST', '/api/sys/annountCement/add', {
      titile: 'x',
      msgType: 'USER',
      userIds: [ids.seller, ids['acme-agent']],
    });
    expect(unknownUser.statusCode).toBe(422);
    expect(unknownUser.json()).toMatchObject({
      code: 'announcement.recipient_not_found',
      params: { count: 1 },
    });
  });

  it('edits and deletes drafts only, releases drafts and revokes released ones', async () => {
    const id = await addAnnouncement('agent', { titile: 'Draft' });
    const edit = await send('agent', 'PUT', '/api/sys/annountCement/edit', {
      id,
      titile: 'Final',
      priority: 'H',
    });
    expect(edit.json().result).toMatchObject({ titile: 'Final', priority: 'H' });

    const released = await release('agent', id);
    expect(released.sendStatus).toBe('1');
    expect(Date.now() - Date.parse(released.sendTime)).toBeLessThan(60_000);
    const again = await send('agent', 'PUT', '/api/sys/annountCement/edit', { id, titile: 'Changed' });
    expect(again.json().code).toBe('announcement.not_editable');
    const remove = world.request({
      method: 'DELETE',
      url: `/api/sys/annountCement/delete?id=${id}`,
      token: as('agent'),
    });
    expect((await remove).json().code).toBe('announcement.not_deletable');
    expect((await get('agent', `/api/sys/annountCement/doReleaseData?id=${id}`)).json().code).toBe(
      'announcement.cannot_release',
    );

    const revoked = await get('agent', `/api/sys/annountCement/doReovkeData?id=${id}`);
    expect(revoked.json().result).toMatchObject({ sendStatus: '2' });
    expect(revoked.json().result.revokeTime).not.toBeNull();
    expect((await get('agent', `/api/sys/annountCement/doReovkeData?id=${id}`)).json().code).toBe(
      'announcement.cannot_revoke',
    );
    const deleted = await world.request({
      method: 'DELETE',
      url: `/api/sys/annountCement/delete?id=${id}`,
      token: as('agent'),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get('agent', `/api/sys/annountCement/queryById?id=${id}`)).statusCode).toBe(404);
  });

  it('lists the tenant’s announcements with filters and pages', async () => {
    await addAnnouncement('agent', { titile: 'Filter me 100%' });
    const list = await get('agent', '/api/sys/annountCement/list?titile=100%25&sendStatus=0&pageSize=5');
    const { result } = list.json();
    expect(result.records.map((record: { titile: string }) => record.titile)).toEqual(['Filter me 100%']);
    expect(result).toMatchObject({ total: 1, current: 1, size: 5, pages: 1 });
    const released = (await get('agent', '/api/sys/annountCement/list?sendStatus=1')).json().result;
    expect(released.records.every((record: { sendStatus: string }) => record.sendStatus === '1')).toBe(true);
    expect((await get('agent', '/api/sys/annountCement/list?pageSize=101')).statusCode).toBe(400);
  });
});

describe('who reads an announcement', () => {
  it('sends a ROLE announcement to sellers and not to warehouse staff', async () => {
    const id = await addAnnouncement('agent', {
      titile: 'For sellers',
      msgType: 'ROLE',
      roleCodes: ['seller'],
    });
    expect(await unreadIds('seller')).not.toContain(id);
    expect((await get('seller', `/api/sys/annountCement/queryById?id=${id}`)).statusCode).toBe(404);
    await release('agent', id);
    expect(await unreadIds('seller')).toContain(id);
    expect(await unreadIds('seller2')).toContain(id);
    expect(await unreadIds('warestaff')).not.toContain(id);
    expect(await unreadIds('sellerstaff')).not.toContain(id);
    expect((await get('seller', `/api/sys/annountCement/queryById?id=${id}`)).json().result).toMatchObject({
      id,
      titile: 'For sellers',
      readFlag: '0',
      sender: 'Alice Agent',
    });
    expect((await get('warestaff', `/api/sys/annountCement/queryById?id=${id}`)).statusCode).toBe(404);
  });

  it('sends a USER announcement to the listed users only', async () => {
    const id = await addAnnouncement('agent', {
      titile: 'Just Sara',
      msgType: 'USER',
      userIds: [ids.seller2],
    });
    await release('agent', id);
    expect(await unreadIds('seller2')).toContain(id);
    expect(await unreadIds('seller')).not.toContain(id);
  });

  it('takes a revoked announcement away from its readers', async () => {
    const id = await addAnnouncement('agent', { titile: 'Oops' });
    await release('agent', id);
    expect(await unreadIds('warestaff')).toContain(id);
    await get('agent', `/api/sys/annountCement/doReovkeData?id=${id}`);
    expect(await unreadIds('warestaff')).not.toContain(id);
    expect((await get('warestaff', `/api/sys/annountCement/queryById?id=${id}`)).statusCode).toBe(404);
    expect((await get('agent', `/api/sys/annountCement/queryById?id=${id}`)).json().result.sendStatus).toBe(
      '2',
    );
  });

  it('keeps unread and read per user, with the latest unread shown on load', async () => {
    expect((await send('seller', 'PUT', '/api/sys/sysAnnouncementSend/readAll', {})).statusCode).toBe(200);
    expect((await get('seller', '/api/sys/annountCement/queryLastUnRead')).json().result).toBeNull();
    expect(await byUser('seller')).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });

    const notice = await addAnnouncement('agent', {
      titile: 'Stock count on Friday',
      msgContent: '<p>Friday</p>',
    });
    const system = await addAnnouncement('agent', { titile: 'Maintenance tonight', msgCategory: '2' });
    await release('agent', notice);
    await release('agent', system);
    const last = (await get('seller', '/api/sys/annountCement/queryLastUnRead')).json().result;
    expect(last).toMatchObject({ id: system, titile: 'Maintenance tonight', readFlag: '0' });
    const lists = await byUser('seller');
    expect(lists).toMatchObject({ anntMsgTotal: 1, sysMsgTotal: 1 });
    expect(lists.anntMsgList[0]).toMatchObject({ id: notice, msgContent: '<p>Friday</p>' });
    expect(lists.sysMsgList[0].id).toBe(system);

    const markRead = { anntId: system };
    expect(
      (await send('seller', 'PUT', '/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', markRead))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('seller', 'POST', '/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', markRead))
        .statusCode,
    ).toBe(200);
    expect((await get('seller', '/api/sys/annountCement/queryLastUnRead')).json().result.id).toBe(notice);
    expect(await unreadIds('seller2')).toContain(system);

    const mine = (
      await get('seller', '/api/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50')
    ).json().result;
    const flags = Object.fromEntries(
      mine.records.map((row: { id: string; readFlag: string }) => [row.id, row.readFlag]),
    );
    expect(flags).toMatchObject({ [system]: '1', [notice]: '0' });
    const unread = (
      await get('seller', '/api/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0')
    ).json().result;
    expect(unread.records.map((row: { id: string }) => row.id)).toEqual([notice]);

    const draft = await addAnnouncement('agent', { titile: 'Not yet' });
    const early = await send('seller', 'PUT', '/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
      anntId: draft,
    });
    expect(early.statusCode).toBe(404);
  });

  it('answers 404 for another tenant’s announcement, to readers and managers alike', async () => {
    const acmeId = await addAnnouncement('acme-agent', { titile: 'Acme only' });
    await release('acme-agent', acmeId);
    expect((await get('seller', `/api/sys/annountCement/queryById?id=${acmeId}`)).statusCode).toBe(404);
    expect((await get('agent', `/api/sys/annountCement/queryById?id=${acmeId}`)).statusCode).toBe(404);
    expect((await get('agent', `/api/sys/annountCement/doReovkeData?id=${acmeId}`)).statusCode).toBe(404);
    const read = await send('seller', 'PUT', '/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
      anntId: acmeId,
    });
    expect(read.statusCode).toBe(404);
    expect(await unreadIds('seller')).not.toContain(acmeId);
    const list = (await get('agent', '/api/sys/annountCement/list?pageSize=100')).json().result;
    expect(list.records.map((record: { id: string }) => record.id)).not.toContain(acmeId);
  });
});

describe('live channel /websocket/{userId}', () => {
  let nodeA: string;
  let nodeB: string;
  let appB: FastifyInstance;

  beforeAll(async () => {
    appB = await world.buildAnotherApp();
    nodeA = await listenLocally(world.app);
    nodeB = await listenLocally(appB);
  });

  it('pushes a release made on one node to the audience connected to another node within a second', async () => {
    const seller = await openSocket(`${nodeB}/websocket/${ids.seller}`, [as('seller')]);
    expect(seller.socket.protocol).toBe(as('seller'));
    const warehouse = await openSocket(`${nodeA}/websocket/${ids.warestaff}?token=${as('warestaff')}`);
    const id = await addAnnouncement('agent', {
      titile: 'Live for sellers',
      msgType: 'ROLE',
      roleCodes: ['seller'],
    });
    await release('agent', id);
    expect(await seller.next(1000)).toEqual({ cmd: 'announcement', msgId: id, msgTxt: 'Live for sellers' });
    const everyone = await addAnnouncement('agent', { titile: 'Live for all' });
    await release('agent', everyone);
    expect(await warehouse.next(1000)).toEqual({
      cmd: 'announcement',
      msgId: everyone,
      msgTxt: 'Live for all',
    });
    expect(warehouse.pending()).toEqual([]);
    seller.close();
    warehouse.close();
  });

  it('pushes the plain-text title', async () => {
    const socket = await openSocket(`${nodeA}/websocket/${ids.seller2}`, [as('seller2')]);
    const id = await addAnnouncement('agent', { titile: '<b>Flash</b> <img src=x onerror=alert(1)>sale' });
    await release('agent', id);
    expect(await socket.next(1000)).toEqual({ cmd: 'announcement', msgId: id, msgTxt: 'Flash sale' });
    socket.close();
  });

  it('answers a heartbeat text with heartcheck', async () => {
    const socket = await openSocket(`${nodeB}/websocket/${ids.seller2}`, [as('seller2')]);
    socket.socket.send('heartcheck');
    expect(await socket.next(1000)).toEqual({ cmd: 'heartcheck' });
    socket.socket.send('ping');
    expect(await socket.next(1000)).toEqual({ cmd: 'heartcheck' });
    socket.close();
  });

  it('refuses a bad token, a missing token and another user’s id', async () => {
    await expect(openSocket(`${nodeA}/websocket/${ids.seller}`, ['not-a-valid-token'])).rejects.toThrow(
      /401/,
    );
    await expect(openSocket(`${nodeA}/websocket/${ids.seller}`)).rejects.toThrow(/401/);
    await expect(openSocket(`${nodeA}/websocket/${ids.seller}`, [as('seller2')])).rejects.toThrow(/401/);
    await send('seller2', 'POST', '/api/sys/logout', {});
    await expect(openSocket(`${nodeA}/websocket/${ids.seller2}`, [as('seller2')])).rejects.toThrow(/401/);
  });

  it('keeps pushing after the LISTEN connections drop and reconnect', async () => {
    // A reconnected listener shows in pg_stat_activity before its LISTENs have run: wait until
    // both have run the last one (the user-event channel) and gone idle, that is, listen again.
    const listeners = `select count(*)::int as n from pg_stat_activity
      where application_name = 'wms-listener' and datname = current_database()
        and state = 'idle' and query ilike 'LISTEN %wms_user_events%'`;
    const terminated = await world.database.ownerPool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = 'wms-listener' and datname = current_database()`,
    );
    expect(terminated.rowCount).toBe(2);
    await expect
      .poll(async () => (await world.database.ownerPool.query(listeners)).rows[0].n, { timeout: 5000 })
      .toBe(2);
    const socket = await openSocket(`${nodeB}/websocket/${ids.sellerstaff}`, [as('sellerstaff')]);
    const id = await addAnnouncement('agent', { titile: 'After reconnect' });
    await release('agent', id);
    expect(await socket.next(1000)).toEqual({ cmd: 'announcement', msgId: id, msgTxt: 'After reconnect' });
    socket.close();
  });
});
