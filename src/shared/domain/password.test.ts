import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './password.js';

describe('the password rule of spec 01 §5', () => {
  it('wants letters and digits and at least 8 characters', () => {
    expect(isStrongPassword('Demo12345')).toBe(true);
    expect(isStrongPassword('abcd1234')).toBe(true);
    expect(isStrongPassword('abc1234')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('')).toBe(false);
  });
});
