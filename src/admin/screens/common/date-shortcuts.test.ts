import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_SHORTCUTS, shortcutsFrom } from './date-shortcuts.js';

describe('the date shortcuts a list offers', () => {
  const now = dayjs('2026-03-18T10:00:00');

  it('are all of spec 02 §9 without an earliest day', () => {
    expect(shortcutsFrom(undefined, now)).toEqual([...DATE_SHORTCUTS]);
  });

  it('are those inside a 90-day window (no this or last year before April)', () => {
    expect(shortcutsFrom(now.subtract(90, 'day').startOf('day'), now)).toEqual([
      '7d',
      '15d',
      '30d',
      '90d',
      'this_week',
      'last_week',
      'this_month',
      'last_month',
      'this_year',
    ]);
    expect(shortcutsFrom(now.subtract(30, 'day').startOf('day'), now)).toEqual([
      '7d',
      '15d',
      '30d',
      'this_week',
      'last_week',
      'this_month',
    ]);
  });
});
