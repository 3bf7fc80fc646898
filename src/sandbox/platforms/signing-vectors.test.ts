/**
 * The sandbox's own signatures against the published and recomputed test vectors of
 * docs/research/marketplace-apis.md ("Test-vector appendix", rows 1 to 13), with no
 * connector in sight: the sandbox is checked against the platforms' documents, so that a
 * connector is checked against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { coupangExpectedSignature, readCeaHeader, signedDateInstant, signedDateOf } from './coupang-spec.js';
import { hmacSha256 } from './hmac.js';
import { lazadaExpectedSign, lazadaPushAuthorization, lazadaSignBase } from './lazada-spec.js';
import { shopeeBaseString, shopeeExpectedSign, shopeePushAuthorization } from './shopee-spec.js';
import { shopifyRedirectHmac, shopifyRedirectMessage, shopifyWebhookHmac } from './shopify-spec.js';
import { tiktokExpectedSign, tiktokSignBase, tiktokWebhookAuthorization } from './tiktok-spec.js';

describe('Shopee Open Platform v2 (§1.3, §1.8)', () => {
  const key = 'sandbox_partner_key_0001';

  it('1: the SDK test’s concatenation, HMAC-SHA256 under the UTF-8 key', () => {
    const message = '/api/v2/auth/token/get123456test_partner_idtest_shop_idtest_main_account_id';
    expect(hmacSha256('test_partner_key', [message]).toString('hex')).toBe(
      '37c864bd9821ff5f2c2f46b2faca14eb1811a718d1fdc6dcf383cba7c74bf9e9',
    );
  });

  it('2: a shop API, over the doc’s base string partner_id + path + timestamp + access_token + shop_id', () => {
    const call = {
      partnerId: '2001887',
      path: '/api/v2/shop/get_shop_info',
      timestamp: '1655714431',
      shop: { accessToken: '59777174636562737266615546704c6d', shopId: '14701711' },
    };
    expect(shopeeBaseString(call)).toBe(
      '2001887/api/v2/shop/get_shop_info165571443159777174636562737266615546704c6d14701711',
    );
    expect(shopeeExpectedSign(key, call)).toBe(
      '9a09a709ae155c13deb25de7099584b816eb9ac5169b2c155b113b9c10a8baa9',
    );
  });

  it('3 and 4: a public API and the auth link end at the timestamp', () => {
    const publicCall = { partnerId: '2001887', timestamp: '1655714431' };
    expect(shopeeExpectedSign(key, { ...publicCall, path: '/api/v2/auth/token/get' })).toBe(
      '13dcfe1565fe5c5002ce03fb17b2b38fd17f03141211d6b03e6ead76cf2dc84a',
    );
    expect(shopeeExpectedSign(key, { ...publicCall, path: '/api/v2/shop/auth_partner' })).toBe(
      'b84e48c1cf39ea16dd84dcd34df15d8656fa2de97397eb19c716d7797f614fee',
    );
  });

  it('5: a push, over the callback URL, "|" and the raw body', () => {
    const body =
      '{"shop_id":600000,"code":3,"timestamp":1660123127,"data":{"ordersn":"220810QSK8S7BX","status":"PROCESSED","update_time":1660123127}}';
    expect(shopeePushAuthorization(key, 'https://erp.example.com/webhooks/shopee', body)).toBe(
      '285525ba6993985ad82dbeb706c7238af73f96a1d685605364b6b05fd1166f27',
    );
  });
});

describe('Lazada Open Platform (§3.3, §3.8)', () => {
  it('6: the documented request, path first, parameters sorted, upper-case hex', () => {
    const params = {
      timestamp: '1517820392000',
      sign_method: 'sha256',
      order_id: '1234',
      app_key: '123456',
      access_token: 'test',
      sign: 'whatever was sent is not signed',
    };
    expect(lazadaSignBase('/order/get', params)).toBe(
      '/order/getaccess_tokentestapp_key123456order_id1234sign_methodsha256timestamp1517820392000',
    );
    expect(lazadaExpectedSign('helloworld', '/order/get', params)).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
    // An empty value is left out, as the official Java and C# samples leave it out.
    expect(lazadaSignBase('/order/get', { ...params, status: '' })).toBe(
      lazadaSignBase('/order/get', params),
    );
  });

  it('7: a push, lower-case hex over app_key + the raw body', () => {
    const body =
      '{"seller_id":"1234567","message_type":0,"data":{"order_status":"pending","trade_order_id":"260422900198363","trade_order_line_id":"260422900298363","status_update_time":1603698638},"timestamp":1603766859530,"site":"lazada_vn"}';
    expect(lazadaPushAuthorization('123456', '3412gyo124goi3124', body)).toBe(
      'f599483ef22edde225833f23be067106381cc8c3d6ea21d91ad1298fb29a11d7',
    );
  });
});

describe('TikTok Shop Open API (§4.3, §4.8)', () => {
  it('8: EcomPHP’s test, a GET wrapped in the secret', () => {
    const call = { path: '/test-api', query: { foo: 'bar' }, body: '' };
    expect(tiktokSignBase('app_secret', call)).toBe('app_secret/test-apifoobarapp_secret');
    expect(tiktokExpectedSign('app_secret', call)).toBe(
      'd3cb7fe11ecae942802ceeca67e7cf10120cc12f1517d45fbc1c8cfe5413c80f',
    );
  });

  it('9: a POST, its query sorted without sign and access_token, the raw body before the closing secret', () => {
    const call = {
      path: '/order/202309/orders/search',
      query: {
        timestamp: '1623812664',
        shop_cipher: 'ROW_abc',
        page_size: '20',
        app_key: '29a39d',
        sign: 'not signed',
        access_token: 'not signed either',
      },
      body: Buffer.from('{"order_status":"AWAITING_SHIPMENT"}', 'utf8'),
    };
    expect(tiktokExpectedSign('tt_secret_0001', call)).toBe(
      '01c4339be7d6dd3a36239b828eff3ac77df34f9964187317d497d008aab54aae',
    );
  });

  it('10: a webhook, over app_key + the raw body', () => {
    const body =
      '{"type":1,"tts_notification_id":"7327112393057371910","shop_id":"7494049642642441621","timestamp":1644412885,"data":{"order_id":"576486316948490001","order_status":"AWAITING_SHIPMENT","is_on_hold_order":false,"update_time":1644412885}}';
    expect(tiktokWebhookAuthorization('29a39d', 'tt_secret_0001', body)).toBe(
      'd1a7913b4da4f5173faa5341db89fd3524e69233eced73f2512c2a19bbc39269',
    );
  });
});

describe('Shopify (§2.3)', () => {
  it('11: the OAuth redirect’s hmac, over the sorted query without hmac', () => {
    const query = {
      timestamp: '1337178173',
      state: '0.6784241404160823',
      shop: 'some-shop.myshopify.com',
      hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
      code: '0907a61c0c8d55e99db179b68161bc00',
    };
    expect(shopifyRedirectMessage(query)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
    expect(shopifyRedirectHmac('hush', query)).toBe(query.hmac);
    // The SDK test's pattern: a space is written %20, never '+'.
    expect(shopifyRedirectMessage({ code: 'some code goes here', shop: 'the shop URL' })).toBe(
      'code=some%20code%20goes%20here&shop=the%20shop%20URL',
    );
  });

  it('12: a webhook, base64 over the raw body', () => {
    expect(
      shopifyWebhookHmac('shpss_test_secret', '{"id":820982911946154508,"email":"jon@example.com"}'),
    ).toBe('LnwdZPLBbdjkBwPD/lDL1/rYEGby/GHPtL1aAH6Dxjc=');
  });
});

describe('Coupang Open API (§5)', () => {
  it('13: the CEA signature over signed-date, method, path and the query as sent', () => {
    const signedDate = signedDateOf(Date.UTC(2025, 0, 1));
    expect(signedDate).toBe('250101T000000Z');
    expect(signedDateInstant(signedDate)).toBe(Date.UTC(2025, 0, 1));
    const signature = coupangExpectedSignature('cp_secret_0001', {
      signedDate,
      method: 'get',
      path: '/v2/providers/openapi/apis/api/v4/vendors/A00012345/ordersheets',
      query: 'createdAtFrom=2025-01-01&createdAtTo=2025-01-02&status=ACCEPT',
    });
    expect(signature).toBe('06c13e325eb4ce72786685dd9eaefcd9926986298d2a81b315174ebc4b8a3121');
    // The header as the portal's examples write it, with and without a space after each comma.
    for (const separator of [', ', ',']) {
      const header = [
        'CEA algorithm=HmacSHA256',
        'access-key=cp_access_0001',
        `signed-date=${signedDate}`,
        `signature=${signature}`,
      ].join(separator);
      expect(readCeaHeader(header)).toEqual({
        algorithm: 'HmacSHA256',
        accessKey: 'cp_access_0001',
        signedDate,
        signature,
      });
    }
    // A signed-date naming no real time is no signed-date.
    expect(signedDateInstant('250231T000000Z')).toBeNull();
  });
});
