import { describe, expect, it } from 'vitest';
import {
  coupangAuthorization,
  coupangSignature,
  coupangSignatureMatches,
  coupangSignatureMessage,
  coupangSignedDate,
  parseCoupangAuthorization,
  parseCoupangSignedDate,
} from './sign.js';

// Coupang's test vector 13, derived from the documented algorithm (key, signed date, method, path, query).
const VECTOR = {
  secretKey: 'cp_secret_0001',
  message:
    '250101T000000ZGET/v2/providers/openapi/apis/api/v4/vendors/A00012345/ordersheetscreatedAtFrom=2025-01-01&createdAtTo=2025-01-02&status=ACCEPT',
  signature: '06c13e325eb4ce72786685dd9eaefcd9926986298d2a81b315174ebc4b8a3121',
};
const PATH = '/v2/providers/openapi/apis/api/v4/vendors/A00012345/ordersheets';
const QUERY = 'createdAtFrom=2025-01-01&createdAtTo=2025-01-02&status=ACCEPT';

describe('Coupang signing', () => {
  it('signs vector 13 byte for byte', () => {
    expect(coupangSignature(VECTOR.secretKey, VECTOR.message)).toBe(VECTOR.signature);
  });

  it('builds vector 13’s message from the signed-date, method, path and query', () => {
    const signedDate = coupangSignedDate(new Date('2025-01-01T00:00:00Z'));
    expect(signedDate).toBe('250101T000000Z');
    expect(coupangSignatureMessage({ signedDate, method: 'get', path: PATH, query: QUERY })).toBe(
      VECTOR.message,
    );
  });

  it('writes the CEA Authorization header with vector 13’s signature', () => {
    const header = coupangAuthorization({
      accessKey: 'cp_access_0001',
      secretKey: VECTOR.secretKey,
      method: 'GET',
      path: PATH,
      query: QUERY,
      now: new Date('2025-01-01T00:00:00.999Z'),
    });
    expect(header).toBe(
      `CEA algorithm=HmacSHA256, access-key=cp_access_0001, signed-date=250101T000000Z, signature=${VECTOR.signature}`,
    );
  });

  it('gives another signature when one character of the message changes', () => {
    const changed = VECTOR.message.replace('status=ACCEPT', 'status=ACCEPS');
    expect(coupangSignature(VECTOR.secretKey, changed)).not.toBe(VECTOR.signature);
    expect(coupangSignature('cp_secret_0002', VECTOR.message)).not.toBe(VECTOR.signature);
  });

  it('reads the header back, with or without spaces after the commas', () => {
    const spaced = `CEA algorithm=HmacSHA256, access-key=ak, signed-date=250101T000000Z, signature=${VECTOR.signature}`;
    const tight = spaced.replace(/, /g, ',');
    for (const header of [spaced, tight]) {
      expect(parseCoupangAuthorization(header)).toEqual({
        algorithm: 'HmacSHA256',
        accessKey: 'ak',
        signedDate: '250101T000000Z',
        signature: VECTOR.signature,
      });
    }
    expect(parseCoupangAuthorization('Bearer abc')).toBeNull();
    expect(parseCoupangAuthorization('CEA algorithm=HmacSHA256, access-key=ak')).toBeNull();
    expect(parseCoupangAuthorization(undefined)).toBeNull();
  });

  it('parses signed-dates and refuses other spellings', () => {
    expect(parseCoupangSignedDate('250101T000000Z')).toBe(Date.parse('2025-01-01T00:00:00Z'));
    expect(parseCoupangSignedDate('2025-01-01T00:00:00Z')).toBeNull();
    expect(parseCoupangSignedDate('251301T000000Z')).toBeNull();
  });

  it('compares signatures exactly', () => {
    expect(coupangSignatureMatches(VECTOR.signature, VECTOR.signature.toUpperCase())).toBe(true);
    expect(coupangSignatureMatches(VECTOR.signature, `${VECTOR.signature.slice(0, -1)}0`)).toBe(false);
    expect(coupangSignatureMatches(VECTOR.signature, 'short')).toBe(false);
  });
});
