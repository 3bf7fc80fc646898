// @vitest-environment jsdom
/**
 * Who a scan is sent under on a shared device: every op names the worker logged in when it
 * was made, and while one worker's scans wait to be sent, another worker cannot log in (the
 * new server session is ended again); a supervisor can, to send them.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';
import type { UserRole } from '@shared/domain/roles.js';
import { login, logout, QueuedByOtherError } from '@pda/shell/session.js';
import { PdaDatabase } from '@pda/data/db.js';
import { enqueue } from '@pda/sync/outbox.js';

const api = (path: string) => `${window.location.origin}/api${path}`;
const ok = <T>(result: T) =>
  HttpResponse.json({ success: true, message: '', code: 200, result, timestamp: 0 });

function worker(id: string, username: string, userRole: UserRole): UserInfo {
  return {
    id,
    username,
    realname: username.toUpperCase(),
    nickname: '',
    avatar: null,
    phone: null,
    email: null,
    userRole,
    orgCode: null,
    sellerId: null,
    status: 1,
    tenantId: 't',
    agentCode: 'demo',
  };
}
const ANNA = worker('11111111-1111-4111-8111-111111111111', 'anna', 'ware_staff');
const BORIS = worker('22222222-2222-4222-8222-222222222222', 'boris', 'ware_staff');
const MAYA = worker('33333333-3333-4333-8333-333333333333', 'maya', 'ware_manager');
const WORKERS: Record<string, UserInfo> = { anna: ANNA, boris: BORIS, maya: MAYA };

let loggedOut: string[] = [];
const server = setupServer(
  http.post(api('/sys/login'), async ({ request }) => {
    const { username } = (await request.json()) as { username: string };
    const userInfo = WORKERS[username];
    return ok({ token: `token-${username}`, userInfo, departs: [], multiDepart: 0 });
  }),
  http.post(api('/sys/logout'), ({ request }) => {
    loggedOut.push(request.headers.get('X-Access-Token') ?? '');
    return ok(null);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let db: PdaDatabase;
beforeEach(() => {
  db = new PdaDatabase(`session-${crypto.randomUUID()}`);
  loggedOut = [];
  sessionStore.clear();
});
afterEach(async () => {
  await db.delete();
});

const scan = () => enqueue(db, { type: 'inbound.receive', payload: { n: 1 } });

describe('the worker on a shared device', () => {
  it('names the logged-in worker on every op they queue', async () => {
    await login(db, 'anna', 'secret');
    const op = await scan();
    expect(op).toMatchObject({ userId: ANNA.id, userName: 'ANNA' });
    expect(sessionStore.token()).toBe('token-anna');
  });

  it('refuses another worker while the first one’s scans wait, ending the new session', async () => {
    await login(db, 'anna', 'secret');
    await scan();
    await scan();
    await logout();
    expect(loggedOut).toEqual(['token-anna']);

    const refused = login(db, 'boris', 'secret');
    await expect(refused).rejects.toBeInstanceOf(QueuedByOtherError);
    await expect(refused).rejects.toMatchObject({ workerName: 'ANNA', count: 2 });
    expect(loggedOut).toEqual(['token-anna', 'token-boris']);
    expect(sessionStore.token()).toBeNull();

    // The same worker comes back and carries on.
    await login(db, 'anna', 'secret');
    expect((await scan()).userId).toBe(ANNA.id);
  });

  it('lets a supervisor take over the queue, and their own scans carry their name', async () => {
    await login(db, 'anna', 'secret');
    await scan();
    await logout();
    const supervisor = await login(db, 'maya', 'secret');
    expect(supervisor.user.id).toBe(MAYA.id);
    expect((await scan()).userId).toBe(MAYA.id);
    expect(await db.outbox.count()).toBe(2);
  });
});
