import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filtersOf, initialState, numbersOf, rangeInstants, shortcutDays } from './order-filters.js';

const day = (text: string) => dayjs(text).format('YYYY-MM-DD');

describe('the date shortcuts (spec 02 §9)', () => {
  // A Wednesday.
  const now = dayjs('2026-03-18T15:30:00');

  it('count the last days with today included', () => {
    expect(shortcutDays('7d', now).map((d) => day(d.toISOString()))).toEqual(['2026-03-12', '2026-03-18']);
    expect(shortcutDays('90d', now).map((d) => day(d.toISOString()))).toEqual(['2025-12-19', '2026-03-18']);
  });

  it('start weeks on Monday, and last week runs Monday to Sunday', () => {
    expect(shortcutDays('this_week', now).map((d) => day(d.toISOString()))).toEqual([
      '2026-03-16',
      '2026-03-18',
    ]);
    expect(shortcutDays('last_week', now).map((d) => day(d.toISOString()))).toEqual([
      '2026-03-09',
      '2026-03-15',
    ]);
    const sunday = dayjs('2026-03-22T10:00:00');
    expect(day(shortcutDays('this_week', sunday)[0].toISOString())).toBe('2026-03-16');
  });

  it('take this month and this year from their first day', () => {
    expect(day(shortcutDays('this_month', now)[0].toISOString())).toBe('2026-03-01');
    expect(day(shortcutDays('this_year', now)[0].toISOString())).toBe('2026-01-01');
  });

  it('take last month and last year whole, from their first day to their last', () => {
    expect(shortcutDays('last_month', now).map((d) => day(d.toISOString()))).toEqual([
      '2026-02-01',
      '2026-02-28',
    ]);
    expect(shortcutDays('last_year', now).map((d) => day(d.toISOString()))).toEqual([
      '2025-01-01',
      '2025-12-31',
    ]);
    const january = dayjs('2026-01-10T08:00:00');
    expect(shortcutDays('last_month', january).map((d) => day(d.toISOString()))).toEqual([
      '2025-12-01',
      '2025-12-31',
    ]);
    const { dateFrom, dateTo } = rangeInstants(shortcutDays('last_month', now));
    expect(dayjs(dateTo).diff(dayjs(dateFrom), 'day')).toBe(28);
  });

  it('filter up to the start of the day after the last one', () => {
    const { dateFrom, dateTo } = rangeInstants(shortcutDays('7d', now));
    expect(dayjs(dateTo).diff(dayjs(dateFrom), 'day')).toBe(7);
    expect(dayjs(dateTo).isAfter(now)).toBe(true);
  });
});

describe('the list filters', () => {
  it('read numbers separated by commas, spaces or lines, each once', () => {
    expect(numbersOf('A1, B2，C3\nA1\r\n\n D4')).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(numbersOf('  ')).toEqual([]);
  });

  it('prefill the number search from searchTrackingNo and show every tab', () => {
    const state = initialState('?searchTrackingNo=240603KQ7T2M9P&type=all');
    expect(state).toMatchObject({ tab: 'all', type: 'all', filter: { numbers: '240603KQ7T2M9P' } });
    expect(filtersOf(state)).toMatchObject({ numbers: '240603KQ7T2M9P', type: 'all', tab: undefined });
    expect(initialState('?type=express&status=nonsense')).toMatchObject({ type: 'express', filter: {} });
  });

  it('send several tags as one comma-separated filter, matching any of them unless all is chosen', () => {
    const state = initialState('?tag=urgent&tag=problem&tag=nonsense');
    expect(state.filter).toEqual({ tags: ['urgent', 'problem'] });
    expect(filtersOf(state)).toMatchObject({ tags: 'urgent,problem', tagMatch: 'any' });
    expect(initialState('?tags=urgent,evaluation&tagMatch=all').filter).toEqual({
      tags: ['urgent', 'evaluation'],
      tagMatch: 'all',
    });
    const all = filtersOf({ tab: 'all', type: 'all', filter: { tags: ['urgent'], tagMatch: 'all' } });
    expect(all).toMatchObject({ tags: 'urgent', tagMatch: 'all' });
    const none = filtersOf({ tab: 'all', type: 'all', filter: { tags: [], tagMatch: 'all' } });
    expect(none).not.toHaveProperty('tags');
    expect(none).not.toHaveProperty('tagMatch');
  });

  it('send a date range with the time it applies to', () => {
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-03-01'), dayjs('2026-03-02')];
    const filters = filtersOf({
      tab: 'pending',
      type: 'all',
      filter: { dateRange: range, dateField: 'shipBy' },
    });
    expect(filters).toMatchObject({ tab: 'pending', dateField: 'shipBy' });
    expect(dayjs(filters.dateTo).diff(dayjs(filters.dateFrom), 'day')).toBe(2);
  });
});
