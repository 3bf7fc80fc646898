/** The time-of-day greeting of the header (boundaries at hours 9, 11, 13 and 20). */
export type Greeting = 'early' | 'morning' | 'noon' | 'afternoon' | 'evening';

/**
 * Before 9 early morning, 9 to 11 (inclusive) morning, 12 to 13 noon, 14 to 19 afternoon and
 * from 20 evening: the hour is the local hour of the viewer.
 */
export function greetingAt(hour: number): Greeting {
  if (hour < 9) return 'early';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
