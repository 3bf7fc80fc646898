import { describe, expect, it } from 'vitest';
import { instantOfWallClock, readDateTime, serialWallClockText, wallClockText } from './sheet-dates.js';

describe('dates in an imported sheet', () => {
  it('reads a wall clock in the importer’s time zone', () => {
    expect(readDateTime('2024-06-05 14:30', 'Asia/Bangkok')).toBe('2024-06-05T07:30:00.000Z');
    expect(readDateTime('2024/6/5 14:30:15', 'UTC')).toBe('2024-06-05T14:30:15.000Z');
    expect(readDateTime('2024-06-05', 'Asia/Shanghai')).toBe('2024-06-04T16:00:00.000Z');
    expect(readDateTime('2024-06-05T14:30', 'America/New_York')).toBe('2024-06-05T18:30:00.000Z');
    expect(readDateTime('2024-01-05 14:30', 'America/New_York')).toBe('2024-01-05T19:30:00.000Z');
  });

  it('keeps an offset the text carries', () => {
    expect(readDateTime('2024-06-05T14:30:00Z', 'Asia/Bangkok')).toBe('2024-06-05T14:30:00.000Z');
    expect(readDateTime('2024-06-05 14:30+07:00', 'UTC')).toBe('2024-06-05T07:30:00.000Z');
    expect(readDateTime('2024-06-05 14:30 -0330', 'UTC')).toBe('2024-06-05T18:00:00.000Z');
  });

  it('refuses what is no date or no real day', () => {
    for (const text of ['tomorrow', '2024-02-30', '2024-13-01', '2024-06-05 24:00', '05/06/2024', ''])
      expect(readDateTime(text, 'UTC'), text).toBeNull();
  });

  it('reads a time skipped by a clock change as the time after it', () => {
    // 2024-03-10 02:30 does not exist in New York (clocks jump from 02:00 to 03:00).
    const instant = instantOfWallClock(Date.UTC(2024, 2, 10, 2, 30), 'America/New_York');
    expect(new Date(instant).toISOString()).toBe('2024-03-10T07:30:00.000Z');
  });

  it('turns date cells and Excel serial numbers into wall-clock text', () => {
    expect(wallClockText(new Date(Date.UTC(2024, 5, 5, 14, 30)))).toBe('2024-06-05 14:30:00');
    expect(serialWallClockText(45448.6041666667)).toBe('2024-06-05 14:30:00');
    expect(serialWallClockText(-1)).toBeNull();
  });
});
