import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretsKey, secretBox } from './secret-box.js';

const box = secretBox(randomBytes(32));

describe('secret box', () => {
  it('opens what it sealed, and the sealed bytes do not contain the secret', () => {
    const sealed = box.seal({ accessToken: 'tok-123456789' }, 'tenant/shop');
    expect(sealed.toString('latin1')).not.toContain('tok-123456789');
    expect(box.open(sealed, 'tenant/shop')).toEqual({ accessToken: 'tok-123456789' });
  });

  it('refuses a blob bound to another shop, a tampered blob, and another key', () => {
    const sealed = box.seal({ accessToken: 'a' }, 'tenant/shop-1');
    expect(() => box.open(sealed, 'tenant/shop-2')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered.writeUInt8((tampered.at(-1) ?? 0) ^ 1, tampered.length - 1);
    expect(() => box.open(tampered, 'tenant/shop-1')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'tenant/shop-1')).toThrow();
  });

  it('takes only a 32-byte key', () => {
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(parseSecretsKey(randomBytes(32).toString('base64'))).toHaveLength(32);
  });
});
