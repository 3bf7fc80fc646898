import { describe, expect, it } from 'vitest';
import { i18next } from '@admin/i18n.js';
import { greetingAt } from '@admin/header/greeting.js';

describe('the time-of-day greeting (boundaries 9, 11, 13, 20)', () => {
  it.each([
    [0, 'early'],
    [8, 'early'],
    [9, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ])('at %i o’clock says %s', (hour, greeting) => {
    expect(greetingAt(hour)).toBe(greeting);
  });

  it('has a text for every greeting', () => {
    for (const hour of [0, 10, 12, 15, 21]) {
      expect(i18next.t(`shell:greeting.${greetingAt(hour)}`)).not.toMatch(/greeting\./);
    }
  });
});
