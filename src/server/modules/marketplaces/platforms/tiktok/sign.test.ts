import { describe, expect, it } from 'vitest';
import { sameSignature, signTiktokRequest, signTiktokWebhook, tiktokStringToSign } from './sign.js';

const WEBHOOK_BODY =
  '{"type":1,"tts_notification_id":"7327112393057371910","shop_id":"7494049642642441621","timestamp":1644412885,"data":{"order_id":"576486316948490001","order_status":"AWAITING_SHIPMENT","is_on_hold_order":false,"update_time":1644412885}}';

const SEARCH = {
  appSecret: 'tt_secret_0001',
  path: '/order/202309/orders/search',
  query: {
    timestamp: '1623812664',
    shop_cipher: 'ROW_abc',
    page_size: '20',
    app_key: '29a39d',
    sign: 'ignored',
    access_token: 'ignored too',
  },
  body: '{"order_status":"AWAITING_SHIPMENT"}',
};

describe('TikTok Shop request signing', () => {
  it('matches vector 8, the SDK test: GET /test-api with foo=bar', () => {
    const input = { appSecret: 'app_secret', path: '/test-api', query: { foo: 'bar' }, body: '' };
    expect(tiktokStringToSign(input)).toBe('app_secret/test-apifoobarapp_secret');
    expect(signTiktokRequest(input)).toBe('d3cb7fe11ecae942802ceeca67e7cf10120cc12f1517d45fbc1c8cfe5413c80f');
  });

  it('matches vector 9: a POST search, query sorted, sign and access_token left out, raw body appended', () => {
    expect(tiktokStringToSign(SEARCH)).toBe(
      'tt_secret_0001/order/202309/orders/searchapp_key29a39dpage_size20shop_cipherROW_abctimestamp1623812664{"order_status":"AWAITING_SHIPMENT"}tt_secret_0001',
    );
    expect(signTiktokRequest(SEARCH)).toBe(
      '01c4339be7d6dd3a36239b828eff3ac77df34f9964187317d497d008aab54aae',
    );
    expect(signTiktokRequest({ ...SEARCH, body: Buffer.from(SEARCH.body, 'utf8') })).toBe(
      '01c4339be7d6dd3a36239b828eff3ac77df34f9964187317d497d008aab54aae',
    );
  });

  it('gives another signature when one character of the body changes', () => {
    const tampered = { ...SEARCH, body: '{"order_status":"AWAITING_SHIPMENU"}' };
    expect(signTiktokRequest(tampered)).not.toBe(signTiktokRequest(SEARCH));
  });
});

describe('TikTok Shop webhook signature', () => {
  it('matches vector 10: hex HMAC(app_secret, app_key + raw body)', () => {
    expect(signTiktokWebhook('29a39d', 'tt_secret_0001', WEBHOOK_BODY)).toBe(
      'd1a7913b4da4f5173faa5341db89fd3524e69233eced73f2512c2a19bbc39269',
    );
    expect(signTiktokWebhook('29a39d', 'tt_secret_0001', Buffer.from(WEBHOOK_BODY, 'utf8'))).toBe(
      'd1a7913b4da4f5173faa5341db89fd3524e69233eced73f2512c2a19bbc39269',
    );
  });

  it('gives another signature when one character of the body changes, and compares in constant time', () => {
    const forged = signTiktokWebhook('29a39d', 'tt_secret_0001', WEBHOOK_BODY.replace('0001', '0002'));
    expect(forged).not.toBe('d1a7913b4da4f5173faa5341db89fd3524e69233eced73f2512c2a19bbc39269');
    expect(sameSignature(forged, 'd1a7913b4da4f5173faa5341db89fd3524e69233eced73f2512c2a19bbc39269')).toBe(
      false,
    );
    expect(sameSignature(forged, forged)).toBe(true);
    expect(sameSignature(forged, forged.slice(1))).toBe(false);
  });
});
