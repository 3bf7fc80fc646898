/**
 * The date shortcuts of spec 02 §9 (the last 7, 15, 30 and 90 days, this or last week, month or
 * year) as the days each means: the presets of every list's date range (DateRangePicker).
 */
import dayjs, { type Dayjs } from 'dayjs';

export const DATE_SHORTCUTS = [
  '7d',
  '15d',
  '30d',
  '90d',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_year',
] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

/** The first day (Monday) of the week `day` is in. */
function mondayOf(day: Dayjs): Dayjs {
  return day.startOf('day').subtract((day.day() + 6) % 7, 'day');
}

/** The days a shortcut means, both included, as of `now`. */
export function shortcutDays(shortcut: DateShortcut, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const today = now.startOf('day');
  switch (shortcut) {
    case '7d':
    case '15d':
    case '30d':
    case '90d':
      return [today.subtract(Number.parseInt(shortcut, 10) - 1, 'day'), today];
    case 'this_week':
      return [mondayOf(today), today];
    case 'last_week': {
      const monday = mondayOf(today).subtract(7, 'day');
      return [monday, monday.add(6, 'day')];
    }
    case 'this_month':
      return [today.startOf('month'), today];
    case 'last_month': {
      const first = today.startOf('month').subtract(1, 'month');
      return [first, first.endOf('month').startOf('day')];
    }
    case 'this_year':
      return [today.startOf('year'), today];
    case 'last_year': {
      const first = today.startOf('year').subtract(1, 'year');
      return [first, first.endOf('year').startOf('day')];
    }
  }
}

/**
 * The shortcuts a list offers: those whose days all fall on or after `earliest` (a list that
 * shows only the last 90 days offers no 'last year'), every one without it.
 */
export function shortcutsFrom(earliest: Dayjs | undefined, now: Dayjs = dayjs()): DateShortcut[] {
  if (!earliest) return [...DATE_SHORTCUTS];
  return DATE_SHORTCUTS.filter((shortcut) => !shortcutDays(shortcut, now)[0].isBefore(earliest, 'day'));
}
