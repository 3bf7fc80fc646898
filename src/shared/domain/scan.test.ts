import { describe, expect, it } from 'vitest';
import {
  classifyScan,
  GS,
  parseGs1,
  readingAs,
  WEDGE_DEFAULTS,
  WEDGE_IDLE,
  STX,
  lookupCode,
  gs1Batch,
  ETX,
  wedgeDeadline,
  wedgeStep,
  type ScanRules,
  type WedgeEvent,
  type WedgeScan,
  type WedgeState,
} from './scan.js';

const RULES: ScanRules = {
  location: [/^L-[A-Z0-9]+(-[A-Z0-9]+)+$/],
  box: [/^BX\d{6,}$/],
  inboundOrder: [/^RK\d{8,}$/],
  tracking: [
    { carrier: 'sf', pattern: /^SF\d{12}$/ },
    { carrier: 'ups', pattern: /^1Z[0-9A-Z]{16}$/ },
  ],
};

describe('classifyScan', () => {
  it.each([
    ['L-A-01-02', 'location', 'L-A-01-02'],
    ['l-a-01-02', 'location', 'L-A-01-02'],
    ['BX000123', 'box', 'BX000123'],
    ['RK20260001', 'inbound_order', 'RK20260001'],
    ['SF123456789012', 'tracking', 'SF123456789012'],
    ['4006381333931', 'gtin', '04006381333931'],
    ['036000291452', 'gtin', '00036000291452'],
    ['SKU-RED-42', 'sku', 'SKU-RED-42'],
  ])('reads %s as %s', (raw, kind, value) => {
    expect(classifyScan(raw, RULES).candidates[0]).toMatchObject({ kind, value });
  });

  it('names the carrier of a tracking number', () => {
    expect(readingAs(classifyScan('1Z999AA10123456784', RULES), 'tracking')).toEqual({
      kind: 'tracking',
      value: '1Z999AA10123456784',
      carrier: 'ups',
    });
  });

  it('answers every reading of an ambiguous code, the configured order first', () => {
    const scan = classifyScan('L-A-01-02', RULES);
    expect(scan.candidates.map((c) => c.kind)).toEqual(['location', 'sku']);
    const skuFirst = classifyScan('L-A-01-02', { ...RULES, order: ['sku', 'location'] });
    expect(skuFirst.candidates.map((c) => c.kind)).toEqual(['sku', 'location']);
  });

  it('does not take a GTIN-length number with a wrong check digit for a GTIN', () => {
    const scan = classifyScan('4006381333932', RULES);
    expect(readingAs(scan, 'gtin')).toBeNull();
    expect(scan.candidates).toEqual([]);
  });

  it('restricts SKU codes to the configured patterns when given', () => {
    const rules = { ...RULES, sku: [/^SKU-/] };
    expect(readingAs(classifyScan('SKU-1', rules), 'sku')).not.toBeNull();
    expect(classifyScan('HELLO', rules).candidates).toEqual([]);
  });

  it('uses no label convention it was not given', () => {
    expect(classifyScan('L-A-01-02').candidates.map((c) => c.kind)).toEqual(['sku']);
  });

  it('records and strips the AIM symbology identifier', () => {
    const scan = classifyScan(']E04006381333931', RULES);
    expect(scan.symbology).toBe('E0');
    expect(scan.code).toBe('4006381333931');
    expect(scan.candidates[0]).toEqual({ kind: 'gtin', value: '04006381333931' });
  });

  it('reads a GS1-128 box label (SSCC) as a box', () => {
    const scan = classifyScan(']C100106141412345678908', RULES);
    expect(scan.gs1).toEqual([{ ai: '00', value: '106141412345678908' }]);
    expect(scan.candidates).toEqual([{ kind: 'box', value: '106141412345678908' }]);
  });

  it('reads a bare 18-digit SSCC as a box only when its check digit is right', () => {
    expect(readingAs(classifyScan('106141412345678908', RULES), 'box')).not.toBeNull();
    expect(readingAs(classifyScan('106141412345678909', RULES), 'box')).toBeNull();
  });

  it('reads GTIN, lot and expiry from a GS1 DataMatrix with GS separators', () => {
    const scan = classifyScan(`]d2010950110153000317260630` + `10ABC123${GS}21XYZ`, RULES);
    expect(scan.gs1).toEqual([
      { ai: '01', value: '09501101530003' },
      { ai: '17', value: '260630' },
      { ai: '10', value: 'ABC123' },
      { ai: '21', value: 'XYZ' },
    ]);
    expect(scan.candidates).toEqual([{ kind: 'gtin', value: '09501101530003' }]);
  });

  it('reads GS1 with a printable placeholder for GS, as the device profile sends it', () => {
    const scan = classifyScan(']C10109501101530003' + '10LOT7~21S1', { ...RULES, gsPlaceholder: '~' });
    expect(scan.gs1).toEqual([
      { ai: '01', value: '09501101530003' },
      { ai: '10', value: 'LOT7' },
      { ai: '21', value: 'S1' },
    ]);
  });

  it('drops keyboard control noise but keeps the code', () => {
    expect(classifyScan('BX000123\r\n', RULES).candidates[0]).toEqual({ kind: 'box', value: 'BX000123' });
  });

  it('classifies nothing for an empty or unprintable scan', () => {
    expect(classifyScan('   ', RULES).candidates).toEqual([]);
    expect(classifyScan('货架一', RULES).candidates).toEqual([]);
  });
});

describe('lookupCode', () => {
  it('looks a GS1 label up by its GTIN, in every way a scanner sends it', () => {
    for (const raw of [
      '0106900000000014',
      '(01)06900000000014',
      ']C10106900000000014',
      `0106900000000014${GS}10LOT7`,
      '(01)06900000000014(17)260630(10)LOT7',
    ])
      expect(lookupCode(classifyScan(raw)), raw).toBe('06900000000014');
    expect(gs1Batch(classifyScan('(01)06900000000014(17)260630(10)LOT7'))).toEqual({
      lot: 'LOT7',
      expiry: '260630',
    });
  });

  it('looks anything else up as scanned', () => {
    expect(lookupCode(classifyScan('BOX-001'))).toBe('BOX-001');
    expect(lookupCode(classifyScan('6900000000014'))).toBe('6900000000014');
  });
});

describe('parseGs1', () => {
  it('reads the bracketed human-readable form', () => {
    expect(parseGs1('(01)09501101530003(17)260630(10)AB-1')).toEqual([
      { ai: '01', value: '09501101530003' },
      { ai: '17', value: '260630' },
      { ai: '10', value: 'AB-1' },
    ]);
  });

  it('reads four-digit measure AIs and three-digit order numbers', () => {
    expect(parseGs1(`3103001250400PO-77${GS}`)).toEqual([
      { ai: '3103', value: '001250' },
      { ai: '400', value: 'PO-77' },
    ]);
  });

  it('refuses a truncated fixed-length element or text that is not GS1', () => {
    expect(parseGs1('0109501101')).toBeNull();
    expect(parseGs1('ABC')).toBeNull();
    expect(parseGs1('(01)')).toBeNull();
  });
});

/** Feeds key events and ticks at every deadline, like the ScanSink's timer does. */
function feed(events: WedgeEvent[]): { scans: WedgeScan[]; state: WedgeState; consumed: boolean[] } {
  let state = WEDGE_IDLE;
  const scans: WedgeScan[] = [];
  const consumed: boolean[] = [];
  for (const event of events) {
    const deadline = wedgeDeadline(state);
    if (deadline !== null && deadline < event.at) {
      const ticked = wedgeStep(state, { type: 'tick', at: deadline });
      state = ticked.state;
      if (ticked.scan) scans.push(ticked.scan);
    }
    const step = wedgeStep(state, event);
    state = step.state;
    consumed.push(step.consumed);
    if (step.scan) scans.push(step.scan);
  }
  return { scans, state, consumed };
}

function typed(text: string, start: number, msPerChar: number): WedgeEvent[] {
  return [...text].map((key, index) => ({ type: 'key', key, at: start + index * msPerChar }));
}

describe('wedgeStep', () => {
  it('ends a scanner burst on Enter and labels it a scanner scan', () => {
    const events = [...typed('BX000123', 1000, 8), { type: 'key', key: 'Enter', at: 1064 } as const];
    const { scans, state, consumed } = feed(events);
    expect(scans).toEqual([
      { raw: 'BX000123', endedBy: 'enter', source: 'scanner', msPerChar: 8, startedAt: 1000, endedAt: 1064 },
    ]);
    expect(state).toEqual(WEDGE_IDLE);
    expect(consumed.every(Boolean)).toBe(true);
  });

  it('ends a scan on Tab too', () => {
    const { scans } = feed([...typed('L-A-1', 0, 10), { type: 'key', key: 'Tab', at: 50 }]);
    expect(scans.map((s) => [s.raw, s.endedBy])).toEqual([['L-A-1', 'tab']]);
  });

  it('ends a suffix-less scanner burst after the idle gap', () => {
    let state = WEDGE_IDLE;
    for (const event of typed('4006381333931', 0, 5)) state = wedgeStep(state, event).state;
    expect(wedgeDeadline(state)).toBe(60 + WEDGE_DEFAULTS.idleMs);
    expect(wedgeStep(state, { type: 'tick', at: 100 }).scan).toBeNull();
    const done = wedgeStep(state, { type: 'tick', at: 140 });
    expect(done.scan).toMatchObject({
      raw: '4006381333931',
      endedBy: 'idle',
      source: 'scanner',
      endedAt: 60,
    });
    expect(done.state).toEqual(WEDGE_IDLE);
  });

  it('keeps two back-to-back scans apart even when the timer fired late', () => {
    let state = WEDGE_IDLE;
    for (const event of typed('BX000001', 0, 5)) state = wedgeStep(state, event).state;
    const next = wedgeStep(state, { type: 'key', key: 'B', at: 500 });
    expect(next.scan?.raw).toBe('BX000001');
    expect(next.state.buffer).toBe('B');
  });

  it('lets a worker type a code slowly on a keypad and ends it only with Enter', () => {
    const { scans } = feed([...typed('RK20260001', 0, 180), { type: 'key', key: 'Enter', at: 1900 }]);
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ raw: 'RK20260001', source: 'keypad', msPerChar: 180 });
  });

  it('abandons slow typing never ended by Enter, without calling it a scan', () => {
    let state = WEDGE_IDLE;
    for (const event of typed('12', 0, 200)) state = wedgeStep(state, event).state;
    const after = wedgeStep(state, { type: 'tick', at: 200 + WEDGE_DEFAULTS.abandonMs });
    expect(after).toEqual({ state: WEDGE_IDLE, scan: null, consumed: false });
  });

  it('ignores a stray key press shorter than a code', () => {
    const { scans, consumed } = feed([
      { type: 'key', key: 'x', at: 0 },
      { type: 'key', key: 'Enter', at: 40 },
    ]);
    expect(scans).toEqual([]);
    expect(consumed).toEqual([true, true]);
  });

  it('leaves Enter and Tab to the page when no scan is being assembled', () => {
    expect(wedgeStep(WEDGE_IDLE, { type: 'key', key: 'Tab', at: 0 }).consumed).toBe(false);
  });

  it('turns Ctrl+] into the GS separator and keeps Alt-flagged characters (MC3300x)', () => {
    let state = WEDGE_IDLE;
    state = wedgeStep(state, { type: 'key', key: '1', at: 0 }).state;
    state = wedgeStep(state, { type: 'key', key: ']', at: 5, ctrlKey: true }).state;
    state = wedgeStep(state, { type: 'key', key: '2', at: 10 }).state;
    const end = wedgeStep(state, { type: 'key', key: 'Enter', at: 15 });
    expect(end.scan?.raw).toBe(`1${GS}2`);
  });

  it('ignores shortcuts, modifier keys and the IME placeholder key', () => {
    for (const event of [
      { type: 'key', key: 'c', at: 0, ctrlKey: true },
      { type: 'key', key: 'v', at: 0, metaKey: true },
      { type: 'key', key: 'Shift', at: 0 },
      { type: 'key', key: 'Unidentified', at: 0 },
    ] as const) {
      expect(wedgeStep(WEDGE_IDLE, event)).toEqual({ state: WEDGE_IDLE, scan: null, consumed: false });
    }
  });

  it('assembles an IME commit from the text each input event brings and ends it on a trailing newline', () => {
    let step = wedgeStep(WEDGE_IDLE, { type: 'text', value: 'SF1234', at: 0 });
    expect(step.scan).toBeNull();
    step = wedgeStep(step.state, { type: 'text', value: '56789012', at: 6 });
    step = wedgeStep(step.state, { type: 'text', value: '\n', at: 8 });
    expect(step.scan).toMatchObject({ raw: 'SF123456789012', endedBy: 'enter' });
    expect(step.state).toEqual(WEDGE_IDLE);
  });

  it('starts over at STX and ends at ETX, by key (Ctrl+B, Ctrl+C) or as text', () => {
    let state = WEDGE_IDLE;
    state = wedgeStep(state, { type: 'key', key: 'x', at: 0 }).state;
    state = wedgeStep(state, { type: 'key', key: 'b', at: 2, ctrlKey: true }).state;
    for (const event of typed('LOC-A1', 4, 3)) state = wedgeStep(state, event).state;
    const end = wedgeStep(state, { type: 'key', key: 'c', at: 30, ctrlKey: true });
    expect(end.scan).toMatchObject({ raw: 'LOC-A1', endedBy: 'etx' });
    const text = wedgeStep(WEDGE_IDLE, { type: 'text', value: `noise${STX}BX9${ETX}`, at: 0 });
    expect(text.scan).toMatchObject({ raw: 'BX9', endedBy: 'etx' });
  });

  it('answers what arrived when typing is abandoned, so it can be shown', () => {
    let state = WEDGE_IDLE;
    for (const event of typed('RK2026', 0, 200)) state = wedgeStep(state, event).state;
    const after = wedgeStep(state, { type: 'tick', at: 1000 + WEDGE_DEFAULTS.abandonMs });
    expect(after).toEqual({ state: WEDGE_IDLE, scan: null, consumed: false, unread: 'RK2026' });
  });

  it('waits three of a slow scanner’s gaps before ending its burst', () => {
    let state = WEDGE_IDLE;
    for (const event of typed('4006381333931', 0, 50)) state = wedgeStep(state, event).state;
    expect(wedgeDeadline(state)).toBe(600 + 150);
  });

  it('reads a scanner set to 60 ms a key as a scanner when its keys come a few ms late', () => {
    const gaps = [60, 66, 58, 71, 62, 64, 60, 69, 61, 65, 63, 67];
    let at = 0;
    let state = WEDGE_IDLE;
    for (const [index, key] of [...'4006381333931'].entries()) {
      at += index === 0 ? 0 : (gaps[index - 1] ?? 0);
      state = wedgeStep(state, { type: 'key', key, at }).state;
    }
    const deadline = wedgeDeadline(state);
    if (deadline === null) throw new Error('the burst is not waiting to end');
    expect(wedgeStep(state, { type: 'tick', at: deadline }).scan).toMatchObject({
      raw: '4006381333931',
      endedBy: 'idle',
      source: 'scanner',
    });
  });

  it('swallows a late Enter that follows a burst already ended by idle', () => {
    let state = WEDGE_IDLE;
    for (const event of typed('BX000123', 0, 5)) state = wedgeStep(state, event).state;
    const late = wedgeStep(state, { type: 'key', key: 'Enter', at: 300 });
    expect(late.scan?.raw).toBe('BX000123');
    expect(late.consumed).toBe(true);
  });
});
