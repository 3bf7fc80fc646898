import { describe, expect, it } from 'vitest';
import {
  canTransition,
  damagedFromReceived,
  INBOUND_STATUSES,
  INBOUND_TRANSITIONS,
  inboundNumber,
  inboundStatus,
  leftToShelve,
  lineOutstanding,
  type InboundLineProgress,
} from './inbound.js';

const line = (ship: number, received = 0, shelved = 0, damaged = 0): InboundLineProgress => ({
  shipQuantity: ship,
  receivedQuantity: received,
  shelvedQuantity: shelved,
  damagedQuantity: damaged,
});

describe('inbound status', () => {
  it('is pending before anything arrives', () => {
    expect(inboundStatus({ lines: [line(10)], boxesFinished: [false], discrepancyCount: 0 })).toBe('pending');
  });

  it('is partial while some goods are in', () => {
    expect(inboundStatus({ lines: [line(10, 4)], boxesFinished: [false], discrepancyCount: 0 })).toBe(
      'partial',
    );
  });

  it('is received when every unit arrived, and stored once all of it is shelved', () => {
    expect(inboundStatus({ lines: [line(10, 10, 3)], boxesFinished: [false], discrepancyCount: 0 })).toBe(
      'received',
    );
    expect(inboundStatus({ lines: [line(10, 10, 10)], boxesFinished: [false], discrepancyCount: 0 })).toBe(
      'stored',
    );
  });

  it('counts a finished box as all in, even when short', () => {
    expect(inboundStatus({ lines: [line(10, 6)], boxesFinished: [true], discrepancyCount: 0 })).toBe(
      'received',
    );
    expect(inboundStatus({ lines: [line(10, 6, 6)], boxesFinished: [true], discrepancyCount: 0 })).toBe(
      'stored',
    );
  });

  it('keeps saying how far the goods got when a difference is reported', () => {
    expect(inboundStatus({ lines: [line(10, 6)], boxesFinished: [false], discrepancyCount: 1 })).toBe(
      'partial',
    );
    expect(inboundStatus({ lines: [line(10, 6)], boxesFinished: [true], discrepancyCount: 1 })).toBe(
      'received',
    );
    expect(inboundStatus({ lines: [line(10, 6, 6)], boxesFinished: [true], discrepancyCount: 1 })).toBe(
      'stored',
    );
  });

  it('is not received when every box is closed empty', () => {
    expect(inboundStatus({ lines: [line(10)], boxesFinished: [true, true], discrepancyCount: 1 })).toBe(
      'not_received',
    );
  });

  it('counts damaged units among the received ones, receiving those not yet scanned', () => {
    // Two of seven received units are reported damaged: taken from what was received.
    expect(damagedFromReceived(line(10, 7), 2)).toEqual({ taken: 2, received: 0 });
    // Three damaged units reported where one good unit was scanned: one taken, two received now.
    expect(damagedFromReceived(line(10, 1), 3)).toEqual({ taken: 1, received: 2 });
    // Units already marked damaged are not taken twice.
    expect(damagedFromReceived(line(10, 2, 0, 2), 1)).toEqual({ taken: 0, received: 1 });
    expect(lineOutstanding(line(10, 7, 0, 3))).toBe(3);
    expect(inboundStatus({ lines: [line(10, 10, 10, 3)], boxesFinished: [false], discrepancyCount: 1 })).toBe(
      'stored',
    );
    expect(leftToShelve(line(10, 7, 2))).toBe(5);
  });
});

describe('inbound transitions', () => {
  it('lets a status stay and ends at stored and not received', () => {
    for (const status of INBOUND_STATUSES) expect(canTransition(status, status)).toBe(true);
    expect(INBOUND_TRANSITIONS.stored).toEqual([]);
    expect(INBOUND_TRANSITIONS.not_received).toEqual([]);
    expect(canTransition('stored', 'partial')).toBe(false);
    // Orders marked abnormal before move on by their progress.
    expect(canTransition('abnormal', 'partial')).toBe(true);
  });

  it('goes back a step only as far as an undone receipt takes it', () => {
    expect(canTransition('received', 'partial')).toBe(true);
    expect(canTransition('partial', 'pending')).toBe(true);
    expect(canTransition('received', 'pending')).toBe(true);
    expect(canTransition('stored', 'received')).toBe(false);
  });

  it('allows every step the status function takes as goods arrive and are shelved', () => {
    const steps = [
      { lines: [line(4)], boxesFinished: [false], discrepancyCount: 0 },
      { lines: [line(4, 2)], boxesFinished: [false], discrepancyCount: 0 },
      { lines: [line(4, 4)], boxesFinished: [false], discrepancyCount: 0 },
      { lines: [line(4, 4, 1, 1)], boxesFinished: [false], discrepancyCount: 1 },
      { lines: [line(4, 4, 4)], boxesFinished: [true], discrepancyCount: 1 },
    ];
    const statuses = steps.map(inboundStatus);
    expect(statuses).toEqual(['pending', 'partial', 'received', 'received', 'stored']);
    for (let index = 1; index < statuses.length; index += 1) {
      const from = statuses[index - 1] ?? 'pending';
      const to = statuses[index] ?? 'pending';
      expect(canTransition(from, to), `${from} → ${to}`).toBe(true);
    }
  });
});

describe('inbound number', () => {
  it('is IN, the day and a four-digit sequence', () => {
    expect(inboundNumber('2026-11-21', 7)).toBe('IN202611210007');
  });
});
