import { describe, expect, it } from 'vitest';
import { parsePaymentForm } from '@admin/standalone/payment-form.js';

const origin = 'https://wms.example.com';
const alipayForm = (action = 'https://openapi.alipay.com/gateway.do?charset=utf-8', inner = '') =>
  `<form name="punchout_form" method="post" action="${action}">` +
  '<input type="hidden" name="biz_content" value="{&quot;out_trade_no&quot;:&quot;R1&quot;}">' +
  '<input type="hidden" name="sign" value="abc=">' +
  inner +
  '<input type="submit" value="Pay now" style="display:none"></form>' +
  '<script>document.forms[0].submit();</script>';

describe('the payment return page form check', () => {
  it("accepts Alipay's page-pay form and keeps only its hidden fields", () => {
    expect(parsePaymentForm(alipayForm(), origin)).toEqual({
      ok: true,
      form: {
        action: 'https://openapi.alipay.com/gateway.do?charset=utf-8',
        method: 'post',
        fields: [
          { name: 'biz_content', value: '{"out_trade_no":"R1"}' },
          { name: 'sign', value: 'abc=' },
        ],
      },
    });
  });

  it('accepts the sandbox gateway and this site itself', () => {
    expect(
      parsePaymentForm(alipayForm('https://openapi-sandbox.dl.alipaydev.com/gateway.do'), origin).ok,
    ).toBe(true);
    expect(parsePaymentForm(alipayForm('/api/pay/return'), origin)).toMatchObject({
      ok: true,
      form: { action: 'https://wms.example.com/api/pay/return' },
    });
  });

  it.each([
    ['no data', null, 'missing'],
    ['two forms', alipayForm() + alipayForm(), 'not_one_form'],
    ['plain http to the gateway', alipayForm('http://openapi.alipay.com/gateway.do'), 'action_not_allowed'],
    ['another host', alipayForm('https://evil.example.net/steal'), 'action_not_allowed'],
    ['a look-alike host', alipayForm('https://openapi.alipay.com.evil.net/gateway.do'), 'action_not_allowed'],
    ['a script address', alipayForm('javascript:alert(1)'), 'action_not_allowed'],
    ['a visible text field', alipayForm(undefined, '<input type="text" name="card">'), 'field_not_allowed'],
    ['markup inside the form', alipayForm(undefined, '<img src=x onerror="alert(1)">'), 'field_not_allowed'],
  ])('refuses %s', (_, html, problem) => {
    expect(parsePaymentForm(html, origin)).toEqual({ ok: false, problem });
  });
});
