/**
 * Wrong passwords counted per account across addresses: many addresses guessing one
 * account make it wait, then lock its password sign-in; the owner's SMS sign-in still works and
 * lifts the lock; the user is told about the attempts after signing in. The clock is moved by
 * moving the recorded times back, never by sleeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_LOCK_FAILURES, LOCKOUT_MS } from '@shared/domain/session.js';
import { adminCalls } from '../support/admin-calls.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const { signIn, call, idOf } = adminCalls(() => world);
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

/** A fresh address for every attempt, as a botnet would send them: no per-address limit is met. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.${Math.floor(addresses / 250) + 1}.${addresses % 250}.7`;
};

function attempt(username: string, password: string, remoteAddress = nextAddress()) {
  return world.app.inject({
    method: 'POST',
    url: '/api/sys/login',
    remoteAddress,
    headers: { 'accept-language': 'en-US' },
    payload: { username, password },
  });
}

/** Moves every recorded account attempt an hour into the past: any wait has run out. */
async function waitOut() {
  await world.database.ownerPool.query(
    "update login_failures set checked_at = checked_at - interval '1 hour', last_at = last_at - interval '1 hour'",
  );
}

/** `count` wrong passwords, each checked (the wait run out before each), from fresh addresses. */
async function failChecked(username: string, count: number) {
  for (let n = 0; n < count; n += 1) {
    await waitOut();
    await attempt(username, `Wrong${n}xxxx`);
  }
}

/** Sends a code to the phone (0: login, 2: password retrieval) and answers it. */
async function smsCode(mobile: string, smsmode: '0' | '2', remoteAddress: string): Promise<string> {
  await world.database.ownerPool.query(
    "update sms_codes set created_at = created_at - interval '2 minutes' where phone = $1",
    [mobile],
  );
  const send = await world.app.inject({
    method: 'POST',
    url: '/api/account/sms',
    remoteAddress,
    payload: { mobile, smsmode },
  });
  expect(send.json()).toMatchObject({ success: true });
  const code = world.sentSms
    .filter((sms) => sms.phone === mobile)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

/** Signs in by a code sent to the phone, as the login page's mobile tab does. */
async function smsSignIn(mobile: string) {
  const remoteAddress = nextAddress();
  return world.app.inject({
    method: 'POST',
    url: '/api/sys/phoneLogin',
    remoteAddress,
    headers: { 'accept-language': 'en-US' },
    payload: { mobile, captcha: await smsCode(mobile, '0', remoteAddress) },
  });
}

describe('sign-in lockout per account, across addresses', () => {
  it('makes 100 wrong passwords from 100 addresses hold the account back: the right one does not then sign in', async () => {
    const codes = new Map<string, number>();
    for (let n = 0; n < 99; n += 1) {
      const code = String((await attempt('agent', `Guess${n}xxxx`)).json().code);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect(codes.get('auth.bad_credentials')).toBeGreaterThanOrEqual(ACCOUNT_FREE_FAILURES);
    expect(codes.get('auth.login_delayed')).toBeGreaterThan(50);
    // The 100th guess comes when the wait has run out, so it is checked; the right password
    // right after it is then held back whatever the speed of this machine.
    await waitOut();
    expect((await attempt('agent', 'Guess99xxxx')).json().code).toBe('auth.bad_credentials');

    const right = await attempt('agent', 'Demo12345');
    expect(right.statusCode).toBe(429);
    const body = right.json();
    expect(body).toMatchObject({ success: false, code: 'auth.login_delayed' });
    expect(body.result).toBeNull();
    const seconds = Number(body.params.seconds);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(right.headers['retry-after']).toBe(String(seconds));
    expect(body.message).toBe(`Too many wrong passwords for this account: try again in ${seconds} seconds`);

    // Another account, from the same addresses' kind of traffic, is not held back.
    expect((await attempt('seller2', 'Demo12345')).json().success).toBe(true);

    // Once the wait has run out the owner signs in and hears of the attempts: the 100 and the
    // one turned away unchecked while the account waited.
    await waitOut();
    const later = await attempt('agent', 'Demo12345');
    expect(later.json().success).toBe(true);
    expect(later.json().result.failedSignIns).toMatchObject({ count: 101 });
  });

  it('doubles the wait after each wrong password past the free ones, whichever address sends it', async () => {
    await failChecked('waremanager', ACCOUNT_FREE_FAILURES);
    const waits: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      const held = await attempt('waremanager', 'Demo12345');
      expect(held.json().code).toBe('auth.login_delayed');
      waits.push(Number(held.json().params.seconds));
      await failChecked('waremanager', 1);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
  });

  it('lets parallel guesses from many addresses through no faster than the wait allows', async () => {
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, n) => attempt('sellerstaff', `Parallel${n}xx`)),
    );
    const checked = replies.filter((reply) => reply.json().code === 'auth.bad_credentials').length;
    expect(checked).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES + 1);
    expect(replies.filter((reply) => reply.statusCode === 429).length).toBe(30 - checked);
  });

  it('locks password sign-in at the ceiling until the owner signs in by SMS, which lifts it and tells the attempts', async () => {
    await failChecked('seller', ACCOUNT_LOCK_FAILURES - 1);
    await waitOut();
    const last = await attempt('seller', 'WrongLastxx');
    expect(last.statusCode).toBe(423);
    expect(last.json().code).toBe('auth.login_locked');
    expect(last.json().message).toContain("Sign in with a code sent to the account's mobile number");

    // Time does not lift the lock, nor a fresh address, nor the right password.
    await waitOut();
    await world.database.ownerPool.query(
      `update login_failures set checked_at = checked_at - interval '${(LOCKOUT_MS / 1000) * 100} seconds'`,
    );
    const right = await attempt('seller', 'Demo12345');
    expect(right.statusCode).toBe(423);
    expect(right.json().code).toBe('auth.login_locked');

    const bySms = await smsSignIn('13800000002');
    expect(bySms.json().success).toBe(true);
    expect(bySms.json().result.userInfo.username).toBe('seller');
    // Every attempt is told: the checked ones and the one refused unchecked while locked.
    const notice = bySms.json().result.failedSignIns;
    expect(notice.count).toBe(ACCOUNT_LOCK_FAILURES + 1);
    expect(Date.now() - Date.parse(notice.lastAt)).toBeLessThan(60_000);

    const again = await attempt('seller', 'Demo12345');
    expect(again.json().success).toBe(true);
    expect(again.json().result).not.toHaveProperty('failedSignIns');
  });

  it('answers an unknown username exactly as a real one, delay and lock alike', async () => {
    const sequence = async (username: string) => {
      const seen: unknown[] = [];
      // Every fourth attempt comes before the wait has run out.
      for (let n = 0; n < ACCOUNT_LOCK_FAILURES + 10; n += 1) {
        if (n % 4 !== 3) await waitOut();
        const { timestamp: _t, ...body } = (await attempt(username, `Wrong${n}xxxx`)).json();
        seen.push(body);
      }
      return seen;
    };
    const real = await sequence('service');
    expect(real).toContainEqual(expect.objectContaining({ code: 'auth.login_delayed' }));
    expect(real.at(-1)).toMatchObject({ code: 'auth.login_locked' });
    expect(await sequence('nobody-at-all')).toEqual(real);
  });

  it('is lifted by a new password set with a code sent to the phone', async () => {
    await failChecked('seller', ACCOUNT_LOCK_FAILURES);
    expect((await attempt('seller', 'Demo12345')).json().code).toBe('auth.login_locked');
    const remoteAddress = nextAddress();
    const reset = await world.app.inject({
      method: 'POST',
      url: '/api/auth/forge-password',
      remoteAddress,
      payload: {
        mobile: '13800000002',
        captcha: await smsCode('13800000002', '2', remoteAddress),
        password: 'Renewed12345',
        confirmPassword: 'Renewed12345',
      },
    });
    expect(reset.json().success).toBe(true);
    const signedIn = await attempt('seller', 'Renewed12345');
    expect(signedIn.json().success).toBe(true);
    expect(signedIn.json().result.failedSignIns.count).toBe(ACCOUNT_LOCK_FAILURES + 1);
  });

  it('is lifted by an administrator unfreezing the user, and keeps the attempts for the notice', async () => {
    const admin = await signIn('admin');
    const listed = async () =>
      (await call(admin, 'GET', 'sys/user/list?username=warestaff')).body.result.records[0];
    await failChecked('warestaff', ACCOUNT_LOCK_FAILURES - 1);
    expect(await listed()).toMatchObject({ username: 'warestaff', status: 1, isLocked: false });
    await failChecked('warestaff', 1);
    expect((await attempt('warestaff', 'Demo12345')).json().code).toBe('auth.login_locked');
    // The user list shows the lock, so that an administrator knows to unlock it.
    expect(await listed()).toMatchObject({ username: 'warestaff', status: 1, isLocked: true });
    const id = await idOf('users', 'username', 'warestaff');
    const unlocked = await call(admin, 'PUT', 'sys/user/frozenBatch', { ids: [id], status: 1 });
    expect(unlocked.body.success).toBe(true);
    expect(await listed()).toMatchObject({ username: 'warestaff', isLocked: false });
    const signedIn = await attempt('warestaff', 'Demo12345');
    expect(signedIn.json().success).toBe(true);
    expect(signedIn.json().result.failedSignIns.count).toBe(ACCOUNT_LOCK_FAILURES + 1);
  });

  it('tells the failed attempts once after sign-in, then the count starts again', async () => {
    const from = nextAddress();
    await attempt('seller2', 'Wrong1xxxx', from);
    await attempt('seller2', 'Wrong2xxxx', nextAddress());
    const before = Date.now();
    const second = await attempt('seller2', 'Demo12345', from);
    const notice = second.json().result.failedSignIns;
    expect(notice.count).toBe(2);
    expect(Date.parse(notice.lastAt)).toBeLessThanOrEqual(before);
    expect(before - Date.parse(notice.lastAt)).toBeLessThan(60_000);
    const next = await attempt('seller2', 'Demo12345', from);
    expect(next.json().success).toBe(true);
    expect(next.json().result).not.toHaveProperty('failedSignIns');
  });
});
