/**
 * A token that stops working says why: a session that ran out of time answers
 * 'auth.token_expired' (the admin shows its 'login expired' dialog), while a missing, unknown
 * or revoked token and a frozen user answer 'common.unauthorized'. Both are 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const userInfo = (token?: string) =>
  world.request({ method: 'GET', url: '/api/user/info', token, headers: { 'x-lang': 'en-US' } });

describe('a token that no longer signs anyone in', () => {
  it('answers auth.token_expired once its session has run out of time', async () => {
    const token = await world.login('service');
    expect((await userInfo(token)).statusCode).toBe(200);
    await world.database.ownerPool.query(
      "update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where username = 'service')",
    );
    const reply = await userInfo(token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({
      success: false,
      code: 'auth.token_expired',
      message: 'Sorry, login has expired, please log in again',
    });
  });

  it('answers common.unauthorized without a token, with an unknown one and after logout', async () => {
    expect((await userInfo()).json().code).toBe('common.unauthorized');
    expect((await userInfo('not-a-token')).json().code).toBe('common.unauthorized');
    const token = await world.login('sellerstaff');
    await world.request({ method: 'POST', url: '/api/sys/logout', token });
    const reply = await userInfo(token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().code).toBe('common.unauthorized');
  });

  it('answers common.unauthorized for a revoked session even after its time ran out', async () => {
    const token = await world.login('seller2');
    await world.request({ method: 'POST', url: '/api/sys/logout', token });
    await world.database.ownerPool.query(
      "update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where username = 'seller2')",
    );
    expect((await userInfo(token)).json().code).toBe('common.unauthorized');
  });
});
