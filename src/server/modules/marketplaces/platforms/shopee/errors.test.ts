import { describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../connector.js';
import { msToQuotaReset, readShopeeEnvelope, shopeeErrorCode } from './errors.js';

const reply = (status: number, body: unknown) => ({ status, headers: new Headers(), body });

function thrown(action: () => unknown): MarketplaceError {
  try {
    action();
  } catch (error) {
    if (error instanceof MarketplaceError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe("Shopee's error envelope", () => {
  it('maps the documented error names onto our codes', () => {
    expect(shopeeErrorCode('error_rate_limit', 'Too many requests.')).toBe('rate_limited');
    expect(shopeeErrorCode('common.error_limit', '')).toBe('rate_limited');
    expect(shopeeErrorCode('invalid_acceess_token', 'Invalid access_token.')).toBe('token_expired');
    expect(shopeeErrorCode('error_auth', 'Invalid access_token.')).toBe('token_expired');
    expect(shopeeErrorCode('error_auth', 'Invalid refresh_token.')).toBe('revoked');
    expect(shopeeErrorCode('error_auth', 'Invalid partner_id or shopid.')).toBe('revoked');
    expect(shopeeErrorCode('error_auth', 'Invalid code')).toBe('rejected');
    expect(shopeeErrorCode('error_auth', 'No permission to current api.')).toBe('rejected');
    expect(shopeeErrorCode('error_sign', 'Wrong sign.')).toBe('signature');
    expect(shopeeErrorCode('error_param', 'Timestamp is expired.')).toBe('signature');
    expect(shopeeErrorCode('error_param', 'There is no shop_id in query.')).toBe('rejected');
    expect(shopeeErrorCode('error_server', '')).toBe('unavailable');
    expect(shopeeErrorCode('order.order_list_invalid_time', '')).toBe('rejected');
  });

  it('reads an error inside HTTP 200 as an error, keeping Shopee’s name', () => {
    const error = thrown(() =>
      readShopeeEnvelope(
        reply(200, { request_id: 'r', error: 'error_rate_limit', message: 'Too many requests.' }),
        new Date(),
      ),
    );
    expect(error.code).toBe('rate_limited');
    expect(error.detail).toMatchObject({ platformCode: 'error_rate_limit', httpStatus: 200 });
  });

  it('waits for the daily quota to reset at 00:00 UTC+8', () => {
    const now = new Date('2025-03-01T15:00:00Z'); // 23:00 in UTC+8
    expect(msToQuotaReset(now)).toBe(3_600_000);
    const error = thrown(() =>
      readShopeeEnvelope(reply(200, { request_id: 'r', error: 'error_limit', message: '' }), now),
    );
    expect(error).toMatchObject({ code: 'rate_limited', detail: { retryAfterMs: 3_600_000 } });
  });

  it('returns a successful body and refuses what is not the envelope', () => {
    expect(readShopeeEnvelope(reply(200, { request_id: 'r', error: '', response: {} }), new Date())).toEqual({
      request_id: 'r',
      error: '',
      response: {},
    });
    expect(thrown(() => readShopeeEnvelope(reply(200, [1, 2]), new Date())).code).toBe('malformed');
    expect(thrown(() => readShopeeEnvelope(reply(404, null), new Date())).code).toBe('rejected');
  });
});
