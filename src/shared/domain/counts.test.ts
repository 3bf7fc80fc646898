import { describe, expect, it } from 'vitest';
import { bookAtCount, canCountTransition, reservedShortfall, varianceOf } from './counts.js';

describe('stock count rules', () => {
  it('computes the book quantity at count time from the stock now and what moved since', () => {
    // 7 lie there now; 3 were picked off and 1 shelved on after the count: 9 lay there then.
    expect(bookAtCount(7, -3 + 1)).toBe(9);
    expect(varianceOf(8, bookAtCount(7, -2))).toBe(-1);
  });

  it('names the part of a shortage that only reserved units can cover', () => {
    expect(reservedShortfall(-5, 3)).toBe(2);
    expect(reservedShortfall(-2, 3)).toBe(0);
    expect(reservedShortfall(4, 0)).toBe(0);
  });

  it('lets a check order only move forward', () => {
    expect(canCountTransition('to_count', 'counting')).toBe(true);
    expect(canCountTransition('counting', 'counted')).toBe(true);
    expect(canCountTransition('counted', 'counting')).toBe(false);
    expect(canCountTransition('counting', 'to_count')).toBe(false);
  });
});
