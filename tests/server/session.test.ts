import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '@server/db/client.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  world.request({ method: 'POST', url: '/api/sys/login', payload, headers });

describe('POST /api/sys/login', () => {
  it('signs the seller in with a token and userInfo', async () => {
    const response = await login({ username: 'seller', password: 'Demo12345' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.result.userInfo).toMatchObject({
      username: 'seller',
      userRole: 'seller',
      realname: 'Sam Seller',
    });
    expect(body.result.userInfo).not.toHaveProperty('passwordHash');
    expect(body.result.userInfo.sellerId).toBe(body.result.userInfo.id);
    expect(typeof body.timestamp).toBe('number');
  });

  it('stores only the hash of the token', async () => {
    const token = await world.login('seller2');
    const { rows } = await world.database.ownerPool.query('select token_hash from sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('refuses a wrong password with a translated message and no token', async () => {
    const response = await login(
      { username: 'service', password: 'Wrong12345' },
      { 'accept-language': 'en-US' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'auth.bad_credentials',
      message: 'Incorrect username or password',
    });
    const zh = await login({ username: 'service', password: 'Wrong12345' });
    expect(zh.json().message).toBe('用户名或密码错误');
  });

  it('refuses an unknown user exactly as a wrong password for a real one', async () => {
    const headers = { 'accept-language': 'en-US' };
    const real = await login({ username: 'service', password: 'Wrong12345' }, headers);
    const unknown = await login({ username: 'nobody', password: 'Wrong12345' }, headers);
    expect(unknown.statusCode).toBe(real.statusCode);
    const { timestamp: _a, ...realBody } = real.json();
    const { timestamp: _b, ...unknownBody } = unknown.json();
    expect(realBody).toEqual(unknownBody);
    expect(realBody).toMatchObject({ code: 'auth.bad_credentials', params: {} });
  });

  it('locks a username for the address that sent 5 wrong passwords, even for the right one', async () => {
    const from = '203.0.113.50';
    const attempt = (password: string, remoteAddress = from) =>
      world.app.inject({
        method: 'POST',
        url: '/api/sys/login',
        remoteAddress,
        headers: { 'accept-language': 'en-US' },
        payload: { username: 'warestaff', password },
      });
    for (let n = 1; n <= 4; n += 1) {
      expect((await attempt(`Wrong${n}xxxx`)).json().code).toBe('auth.bad_credentials');
    }
    const fifth = await attempt('Wrong5xxxx');
    expect(fifth.json()).toMatchObject({ code: 'auth.account_locked', params: { minutes: 15 } });
    expect(fifth.json().message).toContain('15 minutes');
    expect((await attempt('Demo12345')).json().code).toBe('auth.account_locked');
    // The owner, elsewhere, still signs in; the attacker's address stays refused.
    expect((await attempt('Demo12345', '198.51.100.20')).json().success).toBe(true);
    expect((await attempt('Demo12345')).json().code).toBe('auth.account_locked');
    // 15 minutes later the address may try again.
    await world.database.ownerPool.query(
      "update rate_limits set hits = array(select h - interval '15 minutes' from unnest(hits) h) where key like 'login:fail:%'",
    );
    expect((await attempt('Demo12345')).json().success).toBe(true);
  });

  it('locks an unknown username the same way, so a lock tells nothing', async () => {
    const attempt = (username: string) =>
      world.app.inject({
        method: 'POST',
        url: '/api/sys/login',
        remoteAddress: '203.0.113.51',
        payload: { username, password: 'Wrong12345' },
      });
    const codes = async (username: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i += 1) {
        const { timestamp: _t, ...body } = (await attempt(username)).json();
        seen.push(body);
      }
      return seen;
    };
    expect(await codes('nobody-here')).toEqual(await codes('seller2'));
  });

  it('resets the failure count after a successful login', async () => {
    const attempt = (password: string) =>
      world.app.inject({
        method: 'POST',
        url: '/api/sys/login',
        remoteAddress: '203.0.113.52',
        payload: { username: 'waremanager', password },
      });
    for (let i = 1; i <= 4; i += 1) await attempt('Nope12345');
    expect((await attempt('Demo12345')).json().success).toBe(true);
    for (let i = 1; i <= 4; i += 1)
      expect((await attempt('Nope12345')).json().code).toBe('auth.bad_credentials');
  });

  it('keeps tenants apart: acme users sign in on the acme domain or with its agent code only', async () => {
    expect((await login({ username: 'acme-seller', password: 'Demo12345' })).json().code).toBe(
      'auth.bad_credentials',
    );
    expect(
      (
        await login({ username: 'acme-seller', password: 'Demo12345' }, { host: 'acme.localhost:8080' })
      ).json().success,
    ).toBe(true);
    expect(
      (await login({ username: 'acme-seller', password: 'Demo12345', agentCode: 'acme' })).json().success,
    ).toBe(true);
    expect((await login({ username: 'seller', password: 'Demo12345', agentCode: 'acme' })).json().code).toBe(
      'auth.bad_credentials',
    );
  });

  it('answers 400 with the failing fields for missing, extra and over-long fields', async () => {
    const missing = await login({ username: 'seller' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('common.validation');
    expect(missing.json().fields).toEqual([expect.objectContaining({ path: 'password' })]);
    const extra = await login({ username: 'seller', password: 'Demo12345', isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields[0].rule).toBe('unrecognized_keys');
    const long = await login({ username: 'x'.repeat(500), password: 'Demo12345' });
    expect(long.statusCode).toBe(400);
    const injected = await login({ username: "seller' or '1'='1", password: 'x' });
    expect(injected.statusCode).toBe(400);
  });

  it('answers 400 to malformed JSON and 415 to an unknown content type', async () => {
    const malformed = await world.request({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "seller",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('common.malformed_json');
    const xml = await world.request({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().success).toBe(false);
  });
});

describe('sessions', () => {
  it('lets a token call the API until logout, then answers 401', async () => {
    const token = await world.login('sellerstaff');
    expect((await world.request({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
    const out = await world.request({ method: 'POST', url: '/api/sys/logout', token });
    expect(out.json()).toMatchObject({ success: true });
    const reused = await world.request({ method: 'GET', url: '/api/user/info', token });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('common.unauthorized');
  });

  it('answers 401 to no token, an unknown token and an expired token', async () => {
    expect((await world.request({ method: 'GET', url: '/api/user/info' })).statusCode).toBe(401);
    expect(
      (await world.request({ method: 'GET', url: '/api/user/info', token: 'not-a-token' })).statusCode,
    ).toBe(401);
    const token = await world.login('service');
    await world.database.ownerPool.query("update sessions set expires_at = now() - interval '1 second'");
    expect((await world.request({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
  });

  it('gives a session 7 days', async () => {
    await world.login('seller2');
    const { rows } = await world.database.ownerPool.query(
      'select extract(epoch from expires_at - created_at) as seconds from sessions order by created_at desc limit 1',
    );
    expect(Math.round(Number(rows[0].seconds))).toBe(7 * 24 * 3600);
  });

  it('limits login attempts per address', async () => {
    const ip = '203.0.113.7';
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await world.app.inject({
        method: 'POST',
        url: '/api/sys/login',
        remoteAddress: ip,
        payload: { username: `nobody${attempt}`, password: 'x' },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
    const other = await world.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      remoteAddress: '203.0.113.8',
      payload: { username: 'seller', password: 'Demo12345' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a frozen user at login and ends their sessions', async () => {
    const token = await world.login('seller2');
    await withTenant(world.database.db, await tenantOf('seller2'), async (tx) => {
      await tx.execute(sql`update users set status = 2 where username = 'seller2'`);
    });
    expect((await world.request({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
    const response = await login({ username: 'seller2', password: 'Demo12345' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('auth.account_frozen');
  });
});

async function tenantOf(username: string): Promise<string> {
  const { rows } = await world.database.ownerPool.query('select tenant_id from users where username = $1', [
    username,
  ]);
  return rows[0].tenant_id;
}
