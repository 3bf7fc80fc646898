import { describe, expect, it } from 'vitest';
import {
  oauthQueryHmac,
  oauthQueryMessage,
  signaturesMatch,
  verifyOauthQuery,
  verifyWebhookHmac,
  webhookHmac,
} from './sign.js';

describe('Shopify OAuth redirect hmac', () => {
  const query = {
    shop: 'some-shop.myshopify.com',
    code: '0907a61c0c8d55e99db179b68161bc00',
    timestamp: '1337178173',
    state: '0.6784241404160823',
    hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
  };

  it('signs the query without hmac, keys sorted, joined with &', () => {
    expect(oauthQueryMessage(query)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
  });

  it('gives the vector digest byte for byte', () => {
    expect(oauthQueryHmac('hush', query)).toBe(
      '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
    );
    expect(verifyOauthQuery('hush', query)).toBe(true);
  });

  it('gives another digest when one character of the query changes', () => {
    const changed = { ...query, state: '0.6784241404160824' };
    expect(oauthQueryHmac('hush', changed)).not.toBe(query.hmac);
    expect(verifyOauthQuery('hush', changed)).toBe(false);
    expect(verifyOauthQuery('hushh', query)).toBe(false);
  });

  it('encodes spaces as %20 and leaves signature out, as the SDK test does', () => {
    expect(
      oauthQueryMessage({
        code: 'some code goes here',
        shop: 'the shop URL',
        state: 'some nonce passed from auth',
        timestamp: '1337178173',
        signature: 'ignored',
      }),
    ).toBe(
      'code=some%20code%20goes%20here&shop=the%20shop%20URL&state=some%20nonce%20passed%20from%20auth&timestamp=1337178173',
    );
  });

  it('refuses a query without hmac', () => {
    const { hmac: _hmac, ...unsigned } = query;
    expect(verifyOauthQuery('hush', unsigned)).toBe(false);
  });
});

describe('Shopify webhook hmac', () => {
  const body = '{"id":820982911946154508,"email":"jon@example.com"}';

  it('gives the vector base64 digest byte for byte', () => {
    expect(webhookHmac('shpss_test_secret', body)).toBe('LnwdZPLBbdjkBwPD/lDL1/rYEGby/GHPtL1aAH6Dxjc=');
    expect(
      verifyWebhookHmac(
        'shpss_test_secret',
        Buffer.from(body),
        'LnwdZPLBbdjkBwPD/lDL1/rYEGby/GHPtL1aAH6Dxjc=',
      ),
    ).toBe(true);
  });

  it('gives another digest when one character of the body changes', () => {
    const changed = body.replace('jon@', 'jan@');
    expect(webhookHmac('shpss_test_secret', changed)).not.toBe(
      'LnwdZPLBbdjkBwPD/lDL1/rYEGby/GHPtL1aAH6Dxjc=',
    );
    expect(
      verifyWebhookHmac(
        'shpss_test_secret',
        Buffer.from(changed),
        'LnwdZPLBbdjkBwPD/lDL1/rYEGby/GHPtL1aAH6Dxjc=',
      ),
    ).toBe(false);
    expect(verifyWebhookHmac('shpss_test_secret', Buffer.from(body), undefined)).toBe(false);
  });

  it('compares signatures of different lengths as different', () => {
    expect(signaturesMatch('abc', 'abcd')).toBe(false);
    expect(signaturesMatch('abc', 'abc')).toBe(true);
  });
});
