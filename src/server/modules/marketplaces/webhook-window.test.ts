import { describe, expect, it } from 'vitest';
import { bodyKey, dateOfUnix, isInsideWindow, keptUntil } from './webhook-window.js';

const window = { pastMs: 5 * 60_000, futureMs: 60_000 };
const now = new Date('2026-05-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('a notice’s time window', () => {
  it('takes a notice up to the window old and up to the clock difference ahead', () => {
    expect(isInsideWindow(at(0), now, window)).toBe(true);
    expect(isInsideWindow(at(-5 * 60_000), now, window)).toBe(true);
    expect(isInsideWindow(at(60_000), now, window)).toBe(true);
  });

  it('refuses one older, one dated further ahead, an undated one and a 2019 one', () => {
    expect(isInsideWindow(at(-5 * 60_000 - 1), now, window)).toBe(false);
    expect(isInsideWindow(at(60_001), now, window)).toBe(false);
    expect(isInsideWindow(null, now, window)).toBe(false);
    expect(isInsideWindow(new Date('not a date'), now, window)).toBe(false);
    expect(isInsideWindow(new Date('2019-06-01T00:00:00Z'), now, window)).toBe(false);
  });

  it('keeps a notice’s keys as long as the notice itself could be taken', () => {
    expect(keptUntil(at(-60_000), window)).toEqual(at(4 * 60_000));
  });

  it('reads unix times in the unit the platform documents, and nothing else', () => {
    expect(dateOfUnix(1_660_123_127, 'seconds')).toEqual(new Date(1_660_123_127_000));
    expect(dateOfUnix('1603766859530', 'milliseconds')).toEqual(new Date(1_603_766_859_530));
    expect(dateOfUnix(undefined, 'seconds')).toBeNull();
    expect(dateOfUnix('soon', 'seconds')).toBeNull();
    expect(dateOfUnix(0, 'seconds')).toBeNull();
  });

  it('keys a body by its bytes and what prefixes it', () => {
    const body = Buffer.from('{"code":3}');
    expect(bodyKey(body)).toBe(bodyKey(Buffer.from('{"code":3}')));
    expect(bodyKey(body)).not.toBe(bodyKey(Buffer.from('{"code":4}')));
    expect(bodyKey(body, 'orders/create\n')).not.toBe(bodyKey(body, 'orders/cancelled\n'));
  });
});
