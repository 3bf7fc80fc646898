import { describe, expect, it } from 'vitest';
import { chartDays } from './order-figures.queries.js';

describe('the orders chart’s days', () => {
  it('counts back whole calendar days from today, across months and years', () => {
    const days = chartDays('2025-01-02');
    expect(days).toHaveLength(30);
    expect(days.slice(0, 2)).toEqual(['2024-12-04', '2024-12-05']);
    expect(days.slice(-3)).toEqual(['2024-12-31', '2025-01-01', '2025-01-02']);
    expect(chartDays('2024-03-01', 2)).toEqual(['2024-02-29', '2024-03-01']);
  });
});
