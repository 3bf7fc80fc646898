import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const post = (url: string, payload: Record<string, unknown>, remoteAddress = '198.51.100.1') =>
  world.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'x-lang': 'en-US' } });

/** The 6-digit code in the last text sent to this phone. */
function lastCode(phone: string): string {
  const sent = world.sentSms.filter((sms) => sms.phone === phone).at(-1);
  const code = sent?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Lets the next code be sent at once (the resend limit is one a minute). */
async function allowResend(phone: string) {
  await world.database.ownerPool.query(
    "update sms_codes set created_at = created_at - interval '2 minutes' where phone = $1",
    [phone],
  );
}

describe('POST /api/account/sms and /api/sys/phoneLogin', () => {
  it('sends a 6-digit code through the sender and signs in with it once', async () => {
    const sent = await post('/api/account/sms', { mobile: '13800000002', smsmode: '0' });
    expect(sent.json()).toMatchObject({ success: true });
    const code = lastCode('13800000002');
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await world.database.ownerPool.query(
      'select code_hash from sms_codes where phone = $1',
      ['13800000002'],
    );
    expect(rows[0].code_hash).not.toContain(code);
    const login = await post('/api/sys/phoneLogin', { mobile: '13800000002', captcha: code });
    expect(login.json().result.userInfo.username).toBe('seller');
    const again = await post('/api/sys/phoneLogin', { mobile: '13800000002', captcha: code });
    expect(again.json().code).toBe('auth.sms_code_invalid');
  });

  it('refuses a second code within a minute', async () => {
    await allowResend('13800000003');
    expect((await post('/api/account/sms', { mobile: '13800000003', smsmode: '0' })).statusCode).toBe(200);
    const second = await post('/api/account/sms', { mobile: '13800000003', smsmode: '0' });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('auth.sms_too_frequent');
  });

  it('refuses a wrong code, and the right one after 5 wrong tries', async () => {
    await allowResend('13800000007');
    await post('/api/account/sms', { mobile: '13800000007', smsmode: '0' });
    const code = lastCode('13800000007');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/sys/phoneLogin', { mobile: '13800000007', captcha: wrong })).json().code).toBe(
        'auth.sms_code_invalid',
      );
    }
    expect((await post('/api/sys/phoneLogin', { mobile: '13800000007', captcha: code })).json().code).toBe(
      'auth.sms_code_invalid',
    );
  });

  it('refuses an expired code', async () => {
    await allowResend('13800000005');
    await post('/api/account/sms', { mobile: '13800000005', smsmode: '0' });
    const code = lastCode('13800000005');
    await world.database.ownerPool.query(
      "update sms_codes set expires_at = now() - interval '1 second' where phone = '13800000005'",
    );
    expect((await post('/api/sys/phoneLogin', { mobile: '13800000005', captcha: code })).json().code).toBe(
      'auth.sms_code_invalid',
    );
  });

  it('says when a phone is not registered and validates the number', async () => {
    const unknown = await post('/api/account/sms', { mobile: '13811112222', smsmode: '0' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'auth.phone_not_registered',
      message: 'This mobile number is not registered',
    });
    const bad = await post('/api/account/sms', { mobile: 'call me', smsmode: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ path: 'mobile', rule: 'phone_format' });
  });
});

describe('POST /api/auth/register', () => {
  it('registers a seller on the tenant of the site after an SMS code', async () => {
    await post('/api/account/sms', { mobile: '13722223333', smsmode: '1' });
    const code = lastCode('13722223333');
    const response = await post('/api/auth/register', {
      username: 'newseller',
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
      mobile: '13722223333',
      captcha: code,
    });
    expect(response.json()).toMatchObject({ success: true, result: { username: 'newseller' } });
    const login = await post('/api/sys/login', { username: 'newseller', password: 'Fresh1234' });
    expect(login.json().result.userInfo).toMatchObject({ userRole: 'seller', agentCode: 'demo' });
    const token = login.json().result.token;
    const permissions = await world.request({
      method: 'GET',
      url: '/api/sys/permission/getUserPermissionByToken',
      token,
    });
    expect(JSON.stringify(permissions.json().result.menu)).toContain('/seller/staff');
  });

  it('refuses a taken username or phone, weak passwords and a wrong code without creating anything', async () => {
    const before = await world.database.ownerPool.query('select count(*)::int as n from users');
    await post('/api/account/sms', { mobile: '13744445555', smsmode: '1' });
    const code = lastCode('13744445555');
    const base = {
      username: 'another',
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
      mobile: '13744445555',
      captcha: code,
    };
    expect((await post('/api/auth/register', { ...base, username: 'seller' })).json().code).toBe(
      'auth.register_username_taken',
    );
    expect(
      (
        await post('/api/auth/register', { ...base, password: 'weakpass', confirmPassword: 'weakpass' })
      ).json().code,
    ).toBe('password.rule');
    expect((await post('/api/auth/register', { ...base, confirmPassword: 'Fresh9999' })).json().code).toBe(
      'password.mismatch',
    );
    expect(
      (await post('/api/auth/register', { ...base, captcha: code === '123456' ? '654321' : '123456' })).json()
        .code,
    ).toBe('auth.sms_code_invalid');
    expect((await post('/api/account/sms', { mobile: '13800000002', smsmode: '1' })).json().code).toBe(
      'auth.register_phone_taken',
    );
    const after = await world.database.ownerPool.query('select count(*)::int as n from users');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('POST /api/auth/forge-password', () => {
  it('sets a new password with an SMS code and ends the old sessions', async () => {
    const token = await world.login('sellerstaff');
    await allowResend('13800000004');
    await post('/api/account/sms', { mobile: '13800000004', smsmode: '2' });
    const code = lastCode('13800000004');
    const weak = await post('/api/auth/forge-password', {
      mobile: '13800000004',
      captcha: code,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(weak.json().code).toBe('password.rule');
    const reset = await post('/api/auth/forge-password', {
      mobile: '13800000004',
      captcha: code,
      password: 'Reset12345',
      confirmPassword: 'Reset12345',
    });
    expect(reset.json().success).toBe(true);
    expect((await world.request({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
    expect(
      (await post('/api/sys/login', { username: 'sellerstaff', password: 'Reset12345' })).json().success,
    ).toBe(true);
  });
});
