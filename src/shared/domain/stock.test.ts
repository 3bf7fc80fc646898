import { describe, expect, it } from 'vitest';
import { findDictionary } from './dictionaries.js';
import {
  deltasOf,
  effectOf,
  MOVEMENT_KINDS,
  SIGNED_KINDS,
  STOCK_AGE_BUCKETS,
  STOCK_EFFECTS,
  stockAgeBucket,
} from './stock.js';
import { LOCATION_STATUSES, LOCATION_TYPES, locationStatus } from './warehouse.js';

describe('stock effects', () => {
  it('keeps total = available + frozen whenever goods do not enter or leave a location', () => {
    for (const kind of MOVEMENT_KINDS) {
      const effect = STOCK_EFFECTS[kind];
      const deltas = deltasOf(kind, 5);
      const totalChange = deltas.available + deltas.frozen;
      if (effect.location === 'in') expect(totalChange, kind).toBe(5);
      else if (effect.location === 'out') expect(totalChange, kind).toBe(-5);
      else expect(totalChange, kind).toBe(0);
    }
  });

  it('adds a lot for goods in and consumes lots for goods out', () => {
    for (const kind of MOVEMENT_KINDS) {
      const effect = STOCK_EFFECTS[kind];
      const expected = effect.location === 'in' ? 'add' : effect.location === 'out' ? 'consume' : 'none';
      // A receipt taken back consumes the newest lots: the one it made.
      expect(kind === 'receipt_undo' ? 'consume' : effect.lots, kind).toBe(expected);
    }
    expect(STOCK_EFFECTS.receipt_undo.lots).toBe('consume_newest');
  });

  it('mirrors a negative adjustment: available down, goods out, lots consumed', () => {
    expect(deltasOf('adjust', -3)).toEqual({ available: -3, frozen: 0, inTransit: 0 });
    expect(effectOf('adjust', -3)).toMatchObject({ location: 'out', lots: 'consume' });
    expect(effectOf('count_correction', 4)).toMatchObject({ location: 'in', lots: 'add' });
    expect(SIGNED_KINDS).toEqual(['adjust', 'count_correction']);
  });

  it('reserves and freezes from available into frozen, releases and unfreezes back', () => {
    expect(deltasOf('reserve', 2)).toEqual({ available: -2, frozen: 2, inTransit: 0 });
    expect(deltasOf('freeze', 2)).toEqual({ available: -2, frozen: 2, inTransit: 0 });
    expect(deltasOf('release', 2)).toEqual({ available: 2, frozen: -2, inTransit: 0 });
    expect(deltasOf('issue', 2)).toEqual({ available: 0, frozen: -2, inTransit: 0 });
    expect(deltasOf('transfer_in', 2)).toEqual({ available: 2, frozen: 0, inTransit: -2 });
  });
});

describe('stock age', () => {
  it.each([
    [0, 'lt30'],
    [29, 'lt30'],
    [30, '30_90'],
    [89, '30_90'],
    [90, '90_180'],
    [179, '90_180'],
    [180, 'gt180'],
    [1000, 'gt180'],
  ] as const)('puts stock %i days old in %s', (days, bucket) => {
    expect(stockAgeBucket(days)).toBe(bucket);
  });

  it('uses the buckets of the stock_age dictionary', () => {
    expect([...STOCK_AGE_BUCKETS]).toEqual([...(findDictionary('stock_age')?.values ?? [])]);
  });
});

describe('location status', () => {
  it('is idle when empty, full at capacity, in use between, never full without a capacity', () => {
    expect(locationStatus(0, 10)).toBe('idle');
    expect(locationStatus(3, 10)).toBe('in_use');
    expect(locationStatus(10, 10)).toBe('full');
    expect(locationStatus(12, 10)).toBe('full');
    expect(locationStatus(5000, null)).toBe('in_use');
  });

  it('uses the types and statuses of the location_type and shelf_status dictionaries', () => {
    expect([...LOCATION_TYPES]).toEqual([...(findDictionary('location_type')?.values ?? [])]);
    expect([...LOCATION_STATUSES]).toEqual([...(findDictionary('shelf_status')?.values ?? [])]);
  });
});
