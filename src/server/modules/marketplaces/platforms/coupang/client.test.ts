import { describe, expect, it } from 'vitest';
import { coupangGet } from './client.js';
import { coupangSignedDate } from './sign.js';

describe("Coupang's signed calls", () => {
  it('sign each request at the time it is sent, not when the call was set up', async () => {
    let clock = Date.parse('2026-12-01T00:00:00Z');
    const signed: string[] = [];
    const fetchStub: typeof fetch = async (_url, init) => {
      const authorization = new Headers(init?.headers).get('authorization') ?? '';
      signed.push(/signed-date=([^,]+)/.exec(authorization)?.[1] ?? '');
      clock += 10 * 60_000;
      return new Response(JSON.stringify({ code: 200, message: 'OK', data: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const call = {
      fetch: fetchStub,
      now: () => new Date(clock),
      apiUrl: 'http://coupang.test',
      keys: { vendorId: 'A00012345', accessKey: 'access', secretKey: 'secret' },
    };
    await coupangGet({
      ...call,
      path: '/v2/providers/openapi/apis/api/v4/vendors/A00012345/ordersheets',
      query: '',
    });
    await coupangGet({
      ...call,
      path: '/v2/providers/openapi/apis/api/v4/vendors/A00012345/ordersheets',
      query: '',
    });
    expect(signed).toEqual([
      coupangSignedDate(new Date('2026-12-01T00:00:00Z')),
      coupangSignedDate(new Date('2026-12-01T00:10:00Z')),
    ]);
  });
});
