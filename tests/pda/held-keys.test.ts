// @vitest-environment jsdom
/**
 * Keys pressed while a scanning screen loads (held-keys.ts): kept from the page, and handed to
 * the wedge that mounts with the screen, which reads them as the start of its first scan.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELD_KEY_MAX_AGE_MS, holdKeys, takeHeldKeys } from '@pda/scan/held-keys.js';
import { listenForScans } from '@pda/scan/keyboard-wedge.js';
import type { WedgeScan } from '@shared/domain/scan.js';

/** The page's clock, moved by the test. */
let clock = 0;
let sink: HTMLInputElement;
let scans: WedgeScan[];
const stops: (() => void)[] = [];

beforeEach(() => {
  clock = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  document.body.innerHTML = '<input id="sink" inputmode="none">';
  const found = document.querySelector<HTMLInputElement>('#sink');
  if (!found) throw new Error('no sink');
  sink = found;
  scans = [];
  takeHeldKeys();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  takeHeldKeys();
  vi.restoreAllMocks();
});

/** Presses keys on the page a few milliseconds apart, as a scanner does; answers which the page saw. */
function press(keys: string[], msPerKey = 5): boolean[] {
  return keys.map((key) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    clock += msPerKey;
    return event.defaultPrevented;
  });
}

const listen = () => stops.push(listenForScans(sink, (scan) => scans.push(scan)));

describe('keys pressed while a scanning screen loads', () => {
  it('are kept from the page and read as a whole scan by the wedge that mounts next', () => {
    const reached: string[] = [];
    document.body.addEventListener('keydown', (event) => reached.push(event.key));
    const release = holdKeys(document);
    expect(press([...'BOX-002', 'Enter'])).toEqual(Array(8).fill(true));
    expect(reached).toEqual([]);
    clock += 300;
    release();
    listen();
    expect(scans.map((scan) => [scan.raw, scan.endedBy, scan.source])).toEqual([
      ['BOX-002', 'enter', 'scanner'],
    ]);
  });

  it('begin a scan that the keys after the screen has mounted finish', () => {
    const release = holdKeys(document);
    press([...'BOX']);
    release();
    listen();
    expect(scans).toEqual([]);
    press([...'-002', 'Enter']);
    expect(scans.map((scan) => scan.raw)).toEqual(['BOX-002']);
  });

  it('are read by one wedge only', () => {
    const release = holdKeys(document);
    press([...'BOX-002', 'Enter']);
    release();
    listen();
    listen();
    expect(scans.map((scan) => scan.raw)).toEqual(['BOX-002']);
  });

  it('are let go when no screen took them within a moment of the hold ending', () => {
    const release = holdKeys(document);
    press([...'BOX-002', 'Enter']);
    release();
    clock += 5_000;
    listen();
    expect(scans).toEqual([]);
  });

  it('are let go when they are too old to be part of a scan', () => {
    const release = holdKeys(document);
    press([...'BOX-002', 'Enter']);
    clock += HELD_KEY_MAX_AGE_MS + 1;
    release();
    listen();
    expect(scans).toEqual([]);
  });

  it('are not held once the screen has come: its keys reach the page as before', () => {
    holdKeys(document)();
    expect(press(['a'])).toEqual([false]);
    listen();
    expect(scans).toEqual([]);
  });
});
