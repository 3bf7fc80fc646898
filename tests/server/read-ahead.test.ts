/**
 * Reads ahead of the session read (http/auth.ts, `config.readsAhead`: the order list): a token's
 * second list starts on the actor its first confirmed, and whatever changed in between, on this
 * node or another, decides the reply exactly as it would have without the read ahead: a logout,
 * a revocation, a freeze or an expiry answers its refusal and no order; a permission taken away
 * answers 403; an actor changed in a way the route allows answers the list as it is now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const LIST = '/api/order/list?type=all&pageSize=5';

async function list(token: string) {
  return world.request({ method: 'GET', url: LIST, token, headers: { 'accept-language': 'en-US' } });
}

/** Signs a user in and reads the list once, so the node knows the token's actor. */
async function signedInWithList(username: string): Promise<string> {
  const token = await world.login(username);
  const first = await list(token);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().result.records.length).toBeGreaterThan(0);
  return token;
}

async function sql(text: string, values: unknown[] = []): Promise<void> {
  await world.database.ownerPool.query(text, values);
}

/** Changes a user's live sessions in the database, as another node would (`assignment`: the set clause). */
async function setSessionsOf(username: string, assignment: string): Promise<void> {
  await sql(
    `update sessions set ${assignment} where revoked_at is null and user_id = (select id from users where username = $1)`,
    [username],
  );
}

describe('a read ahead of its session read', () => {
  it('answers the same list as the first read when nothing changed', async () => {
    const token = await signedInWithList('seller');
    const first = (await list(token)).json().result;
    const second = await list(token);
    expect(second.statusCode).toBe(200);
    expect(second.json().result).toEqual(first);
  });

  it('answers 401 and no order once the session is revoked elsewhere (another node’s logout)', async () => {
    const token = await signedInWithList('seller');
    await setSessionsOf('seller', 'revoked_at = now()');
    const after = await list(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'common.unauthorized' });
    expect(after.body).not.toContain('records');
    // And again: the node forgot the token's actor, the next read waits for its session.
    expect((await list(token)).statusCode).toBe(401);
  });

  it('answers 401 after a logout on this node', async () => {
    const token = await signedInWithList('sellerstaff');
    expect((await world.request({ method: 'POST', url: '/api/sys/logout', token })).statusCode).toBe(200);
    const after = await list(token);
    expect(after.statusCode).toBe(401);
    expect(after.body).not.toContain('records');
  });

  it('answers the login-expired code once the session ran out', async () => {
    const token = await signedInWithList('service');
    await setSessionsOf('service', "expires_at = now() - interval '1 second'");
    const after = await list(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('auth.token_expired');
  });

  it('answers 401 once the user is frozen', async () => {
    const token = await signedInWithList('waremanager');
    await sql("update users set status = 2 where username = 'waremanager'");
    try {
      const after = await list(token);
      expect(after.statusCode).toBe(401);
      expect(after.body).not.toContain('records');
    } finally {
      await sql("update users set status = 1 where username = 'waremanager'");
    }
  });

  it('answers 403 once the role loses the permission, and the list again once it is back', async () => {
    const token = await signedInWithList('agent');
    // The agent's roles' grants of order:list.
    const grants = `
      rp.role_id in (select ur.role_id from user_roles ur join users u on u.id = ur.user_id where u.username = 'agent')
      and rp.permission_id in (select id from permissions where perms = 'order:list')`;
    const { rows } = await world.database.ownerPool.query(
      `select role_id, permission_id, tenant_id from role_permissions rp where ${grants}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    await sql(`delete from role_permissions rp where ${grants}`);
    try {
      const after = await list(token);
      expect(after.statusCode).toBe(403);
      expect(after.json().code).toBe('common.forbidden');
      expect(after.body).not.toContain('records');
    } finally {
      for (const row of rows)
        await sql('insert into role_permissions (role_id, permission_id, tenant_id) values ($1, $2, $3)', [
          row.role_id,
          row.permission_id,
          row.tenant_id,
        ]);
    }
    const back = await list(token);
    expect(back.statusCode).toBe(200);
    expect(back.json().result.records.length).toBeGreaterThan(0);
  });

  it('runs the read again for an actor changed in a way the route allows, with its full reply', async () => {
    const token = await signedInWithList('seller2');
    const before = (await list(token)).json().result;
    // Without a language named, a refusal speaks the actor's: the stale actor's would be zh-CN.
    const refused = () => world.request({ method: 'GET', url: '/api/order/list?pageSize=0', token });
    const chinese = (await refused()).json().message;
    await sql("update users set language = 'th-TH' where username = 'seller2'");
    try {
      const afterRefusal = await refused();
      expect(afterRefusal.statusCode).toBe(400);
      const thai = afterRefusal.json().message;
      expect(thai).not.toBe(chinese);
      expect((await refused()).json().message).toBe(thai);
      await sql("update users set language = 'ru-RU' where username = 'seller2'");
      const after = await list(token);
      expect(after.statusCode).toBe(200);
      expect(after.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(after.headers['content-length'])).toBe(Buffer.byteLength(after.body));
      expect(after.headers['x-content-type-options']).toBe('nosniff');
      expect(after.json().result).toEqual(before);
    } finally {
      await sql("update users set language = null where username = 'seller2'");
    }
  });

  it('never reads ahead for a token it has not confirmed, nor for a route that may write', async () => {
    expect((await list('not-a-token')).statusCode).toBe(401);
    const token = await signedInWithList('seller');
    await setSessionsOf('seller', 'revoked_at = now()');
    // /api/order/shops runs in a transaction that may write: it waits for the session read.
    const shops = await world.request({ method: 'GET', url: '/api/order/shops', token });
    expect(shops.statusCode).toBe(401);
  });
});
