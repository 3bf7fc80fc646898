import { describe, expect, it } from 'vitest';
import {
  shopeeBaseString,
  shopeePushSignature,
  shopeeSign,
  signShopeeRequest,
  verifyShopeePush,
} from './sign.js';

const KEY = 'sandbox_partner_key_0001';
const PUSH_URL = 'https://erp.example.com/webhooks/shopee';
const PUSH_BODY =
  '{"shop_id":600000,"code":3,"timestamp":1660123127,"data":{"ordersn":"220810QSK8S7BX","status":"PROCESSED","update_time":1660123127}}';

describe('Shopee signatures', () => {
  it('vector 1: the SDK test concatenates its parts with no separator', () => {
    expect(
      shopeeSign('test_partner_key', [
        '/api/v2/auth/token/get',
        123456,
        'test_partner_id',
        'test_shop_id',
        'test_main_account_id',
      ]),
    ).toBe('37c864bd9821ff5f2c2f46b2faca14eb1811a718d1fdc6dcf383cba7c74bf9e9');
  });

  it('vector 2: a shop API signs partner_id, path, timestamp, access_token and shop_id', () => {
    const input = {
      partnerId: '2001887',
      path: '/api/v2/shop/get_shop_info',
      timestamp: 1655714431,
      shop: { accessToken: '59777174636562737266615546704c6d', shopId: '14701711' },
    };
    expect(shopeeBaseString(input)).toBe(
      '2001887/api/v2/shop/get_shop_info165571443159777174636562737266615546704c6d14701711',
    );
    expect(signShopeeRequest(KEY, input)).toBe(
      '9a09a709ae155c13deb25de7099584b816eb9ac5169b2c155b113b9c10a8baa9',
    );
  });

  it('vector 3: a public API signs partner_id, path and timestamp only', () => {
    const input = { partnerId: '2001887', path: '/api/v2/auth/token/get', timestamp: 1655714431 };
    expect(shopeeBaseString(input)).toBe('2001887/api/v2/auth/token/get1655714431');
    expect(signShopeeRequest(KEY, input)).toBe(
      '13dcfe1565fe5c5002ce03fb17b2b38fd17f03141211d6b03e6ead76cf2dc84a',
    );
  });

  it('vector 4: the authorisation link is signed as a public API', () => {
    expect(
      signShopeeRequest(KEY, {
        partnerId: '2001887',
        path: '/api/v2/shop/auth_partner',
        timestamp: 1655714431,
      }),
    ).toBe('b84e48c1cf39ea16dd84dcd34df15d8656fa2de97397eb19c716d7797f614fee');
  });

  it('vector 5: a push is signed over the callback URL, "|" and the raw body', () => {
    const expected = '285525ba6993985ad82dbeb706c7238af73f96a1d685605364b6b05fd1166f27';
    expect(shopeePushSignature(KEY, PUSH_URL, PUSH_BODY)).toBe(expected);
    expect(shopeePushSignature(KEY, PUSH_URL, Buffer.from(PUSH_BODY))).toBe(expected);
    expect(verifyShopeePush(KEY, PUSH_URL, Buffer.from(PUSH_BODY), expected)).toBe(true);
  });

  it('gives another signature when one character changes', () => {
    const base = { partnerId: '2001887', path: '/api/v2/auth/token/get', timestamp: 1655714431 };
    const signed = signShopeeRequest(KEY, base);
    expect(signShopeeRequest(KEY, { ...base, timestamp: 1655714432 })).not.toBe(signed);
    expect(signShopeeRequest('sandbox_partner_key_0002', base)).not.toBe(signed);
    const tampered = PUSH_BODY.replace('PROCESSED', 'PROCESSEd');
    const pushSigned = shopeePushSignature(KEY, PUSH_URL, PUSH_BODY);
    expect(shopeePushSignature(KEY, PUSH_URL, tampered)).not.toBe(pushSigned);
    expect(verifyShopeePush(KEY, PUSH_URL, Buffer.from(tampered), pushSigned)).toBe(false);
    expect(verifyShopeePush(KEY, `${PUSH_URL}/`, Buffer.from(PUSH_BODY), pushSigned)).toBe(false);
    expect(verifyShopeePush(KEY, PUSH_URL, Buffer.from(PUSH_BODY), undefined)).toBe(false);
  });
});
