import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../connector.js';
import { shopifyConnector } from './connector.js';
import { quoteLongIntegers, readPrivacyWebhook } from './privacy.js';
import { webhookHmac } from './sign.js';

const APP: AppConfig = { appKey: 'key', appSecret: 'shpss_test_secret', apiUrl: '', authUrl: '' };
const SHOP = 'privacy-test.myshopify.com';
const TRIGGERED_AT = '2026-05-01T10:00:00.000Z';

function delivered(topic: string, body: string, webhookId = 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043') {
  return {
    rawBody: Buffer.from(body, 'utf8'),
    headers: {
      'X-Shopify-Topic': topic,
      'X-Shopify-Hmac-Sha256': webhookHmac(APP.appSecret, body),
      'X-Shopify-Shop-Domain': SHOP,
      'X-Shopify-Webhook-Id': webhookId,
      'X-Shopify-Triggered-At': TRIGGERED_AT,
    },
    url: 'https://erp.example.com/api/webhooks/shopify',
  };
}

describe('Shopify compliance webhooks', () => {
  it('reads customers/redact: the customer and orders_to_redact, 64-bit ids kept to the digit', () => {
    const body =
      '{"shop_id":954889,"shop_domain":"privacy-test.myshopify.com","customer":{"id":191167,' +
      '"email":"john@example.com","phone":"555-625-1199"},"orders_to_redact":[299938,820982911946154508]}';
    expect(shopifyConnector.verifyWebhook(APP, delivered('customers/redact', body))).toEqual({
      platformShopId: SHOP,
      orderNos: [],
      kind: 'privacy',
      privacy: {
        topic: 'customers/redact',
        deliveryId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
        customerId: '191167',
        email: 'john@example.com',
        phone: '555-625-1199',
        orderNos: ['299938', '820982911946154508'],
      },
      sentAt: new Date(TRIGGERED_AT),
      deliveryKey: 'id:b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    });
  });

  it('reads customers/data_request with orders_requested', () => {
    const body =
      '{"shop_id":954889,"shop_domain":"privacy-test.myshopify.com","orders_requested":[299938,280263],' +
      '"customer":{"id":191167,"email":"john@example.com","phone":null},"data_request":{"id":9999}}';
    const notice = shopifyConnector.verifyWebhook(APP, delivered('customers/data_request', body));
    expect(notice?.kind).toBe('privacy');
    expect(notice?.privacy).toMatchObject({
      topic: 'customers/data_request',
      customerId: '191167',
      phone: '',
      orderNos: ['299938', '280263'],
    });
  });

  it('reads shop/redact as naming no customer and no order', () => {
    const body = '{"shop_id":954889,"shop_domain":"privacy-test.myshopify.com"}';
    expect(shopifyConnector.verifyWebhook(APP, delivered('shop/redact', body))?.privacy).toMatchObject({
      topic: 'shop/redact',
      customerId: '',
      email: '',
      phone: '',
      orderNos: [],
    });
  });

  it('refuses a compliance webhook whose HMAC is not the body’s', () => {
    const body = '{"shop_id":954889,"shop_domain":"privacy-test.myshopify.com"}';
    const request = delivered('shop/redact', body);
    expect(
      shopifyConnector.verifyWebhook(APP, { ...request, rawBody: Buffer.from(body.replace('954889', '1')) }),
    ).toBeNull();
  });

  it('keeps order topics as they were and leaves unknown topics as other', () => {
    const order = '{"id":450789469,"admin_graphql_api_id":"gid://shopify/Order/450789469"}';
    expect(shopifyConnector.verifyWebhook(APP, delivered('orders/updated', order))).toMatchObject({
      kind: 'order',
      orderNos: ['450789469'],
    });
    expect(shopifyConnector.verifyWebhook(APP, delivered('customers/update', '{"id":1}'))?.kind).toBe(
      'other',
    );
  });

  it('stands the body hash in for a missing webhook id, the same for the same body', () => {
    const body = Buffer.from('{"shop_id":1,"shop_domain":"privacy-test.myshopify.com"}');
    const first = readPrivacyWebhook('shop/redact', body, '');
    expect(first?.deliveryId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(readPrivacyWebhook('shop/redact', body, '  ')?.deliveryId).toBe(first?.deliveryId);
    expect(readPrivacyWebhook('shop/redact', Buffer.from('not json'), 'x')).toBeNull();
    expect(readPrivacyWebhook('orders/create', body, 'x')).toBeNull();
  });

  it('quotes long integers outside strings only', () => {
    expect(quoteLongIntegers('{"a":[12345678901234567,-1.5e3],"b":"x 12345678901234567","c":7}')).toBe(
      '{"a":["12345678901234567",-1.5e3],"b":"x 12345678901234567","c":7}',
    );
    expect(quoteLongIntegers('{"s":"q\\"12345678901234567"}')).toBe('{"s":"q\\"12345678901234567"}');
  });
});
