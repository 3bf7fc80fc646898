import { describe, expect, it } from 'vitest';
import { CarrierWorld } from './carrier.js';

const parcel = (reference: string) => ({ reference, recipient: {}, weightGrams: 500 });

describe('the sandbox carrier', () => {
  it('never issues a tracking number twice, across a restart or a reset of its state', () => {
    let now = Date.UTC(2026, 10, 28, 8, 0, 0);
    const clock = () => now;
    const before = new CarrierWorld(clock);
    // A batch books faster than the clock ticks: each number is still one more than the last.
    const first = ['SO-1', 'SO-2', 'SO-3'].map(
      (reference) => before.book('key', parcel(reference)).trackingNo,
    );
    expect(new Set(first).size).toBe(3);
    for (const trackingNo of first) expect(trackingNo).toMatch(/^SBX\d{10}TH$/);
    // The same reference answers the same parcel.
    expect(before.book('key', parcel('SO-2')).trackingNo).toBe(first[1]);

    before.reset();
    const afterReset = before.book('key', parcel('SO-4')).trackingNo;
    expect(first).not.toContain(afterReset);

    // A restart: a new carrier, its state gone, a few seconds later.
    now += 5_000;
    const restarted = new CarrierWorld(clock);
    const second = ['SO-5', 'SO-6'].map((reference) => restarted.book('key', parcel(reference)).trackingNo);
    for (const trackingNo of second) expect([...first, afterReset]).not.toContain(trackingNo);
  });
});
