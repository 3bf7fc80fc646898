import { describe, expect, it } from 'vitest';
import {
  lazadaStringToSign,
  sameSignature,
  signedLazadaParams,
  signLazadaRequest,
  signLazadaWebhook,
} from './sign.js';

const PUSH_BODY =
  '{"seller_id":"1234567","message_type":0,"data":{"order_status":"pending","trade_order_id":"260422900198363","trade_order_line_id":"260422900298363","status_update_time":1603698638},"timestamp":1603766859530,"site":"lazada_vn"}';

const DOCUMENTED_PARAMS = {
  timestamp: '1517820392000',
  order_id: '1234',
  sign_method: 'sha256',
  app_key: '123456',
  access_token: 'test',
};

describe('Lazada request signing', () => {
  it('builds the documented string: path, then sorted name+value pairs', () => {
    expect(lazadaStringToSign('/order/get', DOCUMENTED_PARAMS)).toBe(
      '/order/getaccess_tokentestapp_key123456order_id1234sign_methodsha256timestamp1517820392000',
    );
  });

  it('matches the published sign for /order/get with secret helloworld, in upper case', () => {
    expect(signLazadaRequest('helloworld', '/order/get', DOCUMENTED_PARAMS)).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('leaves out sign itself and empty values, as the official samples do', () => {
    const withExtras = { ...DOCUMENTED_PARAMS, sign: 'ANYTHING', status: '' };
    expect(signLazadaRequest('helloworld', '/order/get', withExtras)).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('gives another sign when one character of a value changes', () => {
    const changed = { ...DOCUMENTED_PARAMS, order_id: '1235' };
    expect(signLazadaRequest('helloworld', '/order/get', changed)).not.toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('adds the system parameters and signs them all', () => {
    const params = signedLazadaParams(
      '/order/get',
      { order_id: '1234' },
      { appKey: '123456', appSecret: 'helloworld', timestampMs: 1517820392000, accessToken: 'test' },
    );
    expect(params).toEqual({
      ...DOCUMENTED_PARAMS,
      sign: '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    });
  });
});

describe('Lazada push signature', () => {
  it('matches the derived vector: lower-case hex of HMAC(app_secret, app_key + body)', () => {
    expect(signLazadaWebhook('123456', '3412gyo124goi3124', PUSH_BODY)).toBe(
      'f599483ef22edde225833f23be067106381cc8c3d6ea21d91ad1298fb29a11d7',
    );
    expect(signLazadaWebhook('123456', '3412gyo124goi3124', Buffer.from(PUSH_BODY, 'utf8'))).toBe(
      'f599483ef22edde225833f23be067106381cc8c3d6ea21d91ad1298fb29a11d7',
    );
  });

  it('gives another signature when one character of the body changes', () => {
    expect(
      signLazadaWebhook('123456', '3412gyo124goi3124', PUSH_BODY.replace('pending', 'pendinG')),
    ).not.toBe('f599483ef22edde225833f23be067106381cc8c3d6ea21d91ad1298fb29a11d7');
  });

  it('compares signatures whatever their case, and refuses a different length', () => {
    expect(sameSignature('ABCDEF', 'abcdef')).toBe(true);
    expect(sameSignature('ABCDEF', 'abcde')).toBe(false);
    expect(sameSignature('ABCDEF', 'abcdee')).toBe(false);
  });
});
