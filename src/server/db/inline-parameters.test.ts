import { describe, expect, it } from 'vitest';
import { inlineParameters } from './client.js';

describe('inlineParameters', () => {
  it('writes each placeholder in as a quoted literal, as the driver would send the value', () => {
    expect(
      inlineParameters('select * from t where a = $1 and b = any($2) and c < $3 limit $4 offset $10', [
        "O'Brien",
        ['x', 'y"z', null],
        '2026-11-28T00:00:00.000Z',
        20,
        0,
        0,
        0,
        0,
        0,
        true,
      ]),
    ).toBe(
      `select * from t where a = 'O''Brien' and b = any( E'{"x","y\\\\"z",NULL}') and c < '2026-11-28T00:00:00.000Z' limit '20' offset 'true'`,
    );
  });

  it('writes null as null and a backslash as an escape string', () => {
    expect(inlineParameters('select $1, $2', [null, 'a\\b'])).toBe(`select null,  E'a\\\\b'`);
  });

  it('leaves placeholders inside quoted strings and identifiers alone', () => {
    expect(inlineParameters(`select '$1', 'it''s $2', "col$1" from t where x = $1`, ['v'])).toBe(
      `select '$1', 'it''s $2', "col$1" from t where x = 'v'`,
    );
  });

  it("writes bytes in bytea's hex form", () => {
    expect(inlineParameters('select $1', [Buffer.from([0, 0x27, 0xff])])).toBe(`select '\\x0027ff'`);
  });

  it('refuses a placeholder without a value and an unterminated quote', () => {
    expect(() => inlineParameters('select $2', ['a'])).toThrow(/no value for \$2/);
    expect(() => inlineParameters("select 'a", [])).toThrow(/unterminated/);
  });
});
