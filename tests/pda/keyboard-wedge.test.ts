// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForScans } from '@pda/scan/keyboard-wedge.js';
import { pressedAt } from '@pda/scan/key-time.js';
import type { WedgeScan } from '@shared/domain/scan.js';

let sink: HTMLInputElement;
let scans: WedgeScan[];
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  // The quantity the next scan counts lets scans through (a code never belongs there); the
  // weight and the note own their keys.
  document.body.innerHTML =
    '<input id="sink" inputmode="none"><input id="quantity" data-scan-through>' +
    '<input id="weight" inputmode="numeric"><textarea id="note"></textarea>';
  const found = document.querySelector<HTMLInputElement>('#sink');
  if (!found) throw new Error('no sink');
  sink = found;
  scans = [];
  stop = listenForScans(sink, (scan) => scans.push(scan), { now: () => Date.now() });
  sink.focus();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

/**
 * Types as a scanner does: one keydown every `msPerChar`, on whatever has focus. A key the
 * listener does not prevent lands in a focused field, as the browser would put it there.
 */
function type(text: string, msPerChar: number, target: Element = document.activeElement ?? document.body) {
  const prevented: boolean[] = [];
  for (const key of text) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    prevented.push(event.defaultPrevented);
    if (!event.defaultPrevented && target instanceof HTMLInputElement && target !== sink && key.length === 1)
      target.value += key;
    vi.advanceTimersByTime(msPerChar);
  }
  return prevented;
}

function press(key: string, target: Element = document.activeElement ?? document.body): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('listening for keyboard-wedge scans', () => {
  it('reports a scan ended by Enter and keeps its keys from the page', () => {
    const prevented = type('BX000123', 5);
    expect(press('Enter')).toBe(true);
    expect(prevented.every(Boolean)).toBe(true);
    expect(scans.map((scan) => [scan.raw, scan.endedBy, scan.source])).toEqual([
      ['BX000123', 'enter', 'scanner'],
    ]);
  });

  it("keeps a scan's key-downs and key-ups from the page's own handlers, and a person's keys in a field not", () => {
    const reached: string[] = [];
    const note = (event: KeyboardEvent) => reached.push(`${event.type} ${event.key}`);
    document.body.addEventListener('keydown', note);
    document.body.addEventListener('keyup', note);
    for (const key of [...'BX000123', 'Enter']) {
      sink.dispatchEvent(
        new KeyboardEvent('keydown', { key, code: `Key${key}`, bubbles: true, cancelable: true }),
      );
      sink.dispatchEvent(
        new KeyboardEvent('keyup', { key, code: `Key${key}`, bubbles: true, cancelable: true }),
      );
      vi.advanceTimersByTime(5);
    }
    expect(scans.map((scan) => scan.raw)).toEqual(['BX000123']);
    expect(reached).toEqual([]);

    const quantity = document.querySelector<HTMLInputElement>('#quantity');
    quantity?.focus();
    vi.advanceTimersByTime(1000);
    type('3', 5);
    quantity?.dispatchEvent(new KeyboardEvent('keyup', { key: '3', code: 'Digit3', bubbles: true }));
    expect(reached).toEqual(['keydown 3', 'keyup 3']);
    document.body.removeEventListener('keydown', note);
    document.body.removeEventListener('keyup', note);
  });

  it('ends a scan without a suffix after the idle gap', () => {
    type('4006381333931', 5);
    expect(scans).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(scans.map((scan) => [scan.raw, scan.endedBy])).toEqual([['4006381333931', 'idle']]);
  });

  it('reads text a scanner injects through the IME', () => {
    sink.value = 'SF123456789012';
    sink.dispatchEvent(new Event('input'));
    press('Enter', sink);
    expect(scans.map((scan) => scan.raw)).toEqual(['SF123456789012']);
    expect(sink.value).toBe('');
  });

  it('lets a person type a quantity into its field', () => {
    const quantity = document.querySelector<HTMLInputElement>('#quantity');
    if (!quantity) throw new Error('no quantity field');
    const prevented = type('12', 180, quantity);
    expect(press('Enter', quantity)).toBe(false);
    expect(prevented).toEqual([false, false]);
    expect(quantity.value).toBe('12');
    expect(scans).toEqual([]);
  });

  it('takes a scan into the focused quantity-per-scan field as a scan and leaves the field as it was', () => {
    const quantity = document.querySelector<HTMLInputElement>('#quantity');
    if (!quantity) throw new Error('no quantity field');
    quantity.value = '2';
    type('6900000000014', 5, quantity);
    expect(press('Enter', quantity)).toBe(true);
    expect(scans.map((scan) => [scan.raw, scan.source])).toEqual([['6900000000014', 'scanner']]);
    expect(quantity.value).toBe('2');
  });

  it('takes a code the input method commits into a number field as a scan, after what a person typed there', () => {
    const quantity = document.querySelector<HTMLInputElement>('#quantity');
    if (!quantity) throw new Error('no quantity field');
    quantity.inputMode = 'decimal';
    quantity.value = '';
    type('2', 0, quantity);
    vi.advanceTimersByTime(400);
    const commit = (data: string) => {
      const event = new InputEvent('beforeinput', {
        data,
        inputType: 'insertText',
        bubbles: true,
        cancelable: true,
      });
      quantity.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(commit('6900000000014')).toBe(true);
    expect(press('Enter', quantity)).toBe(true);
    expect(scans.map((scan) => scan.raw)).toEqual(['6900000000014']);
    expect(quantity.value).toBe('2');
    // A person's keyboard commits a key at a time: that is typing, and lands in the field.
    expect(commit('5')).toBe(false);
  });

  it('gives a field back the keys it held when a quick pair of presses was typing', () => {
    const quantity = document.querySelector<HTMLInputElement>('#quantity');
    if (!quantity) throw new Error('no quantity field');
    type('12', 20, quantity);
    vi.advanceTimersByTime(200);
    expect(quantity.value).toBe('12');
    expect(scans).toEqual([]);
  });

  it('shows what arrived when input cannot be read as a scan, instead of dropping it', () => {
    const unread: string[] = [];
    stop();
    stop = listenForScans(sink, (scan) => scans.push(scan), {
      now: () => Date.now(),
      onUnread: (text) => unread.push(text),
    });
    type('ABC123', 150);
    vi.advanceTimersByTime(20_000);
    expect(scans).toEqual([]);
    expect(unread).toEqual(['ABC123']);
  });

  it('reads a scan framed by STX and ETX, without a suffix', () => {
    type('\x02BX000123\x03', 5);
    expect(scans.map((scan) => [scan.raw, scan.endedBy])).toEqual([['BX000123', 'etx']]);
  });

  it('keeps what came by key when a GS arrives as text', () => {
    type('0106900000000014', 3);
    sink.value = '\x1d';
    sink.dispatchEvent(new Event('input'));
    type('10LOT7', 3);
    press('Enter');
    expect(scans.map((scan) => scan.raw)).toEqual(['0106900000000014\x1d10LOT7']);
  });

  it('keeps what a person typed into a field out of the next scan made after the field was left', () => {
    const quantity = document.querySelector<HTMLInputElement>('#quantity');
    if (!quantity) throw new Error('no quantity field');
    quantity.focus();
    type('420', 180, quantity);
    expect(quantity.value).toBe('420');
    sink.focus();
    type('EB-BLACK', 50);
    expect(press('Enter')).toBe(true);
    expect(scans.map((scan) => scan.raw)).toEqual(['EB-BLACK']);
    expect(quantity.value).toBe('420');
  });

  it('waits for a slow scanner to finish: the idle gap follows its pace', () => {
    type('4006381333931', 50);
    expect(scans).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(scans.map((scan) => [scan.raw, scan.endedBy, scan.source])).toEqual([
      ['4006381333931', 'idle', 'scanner'],
    ]);
  });

  it('leaves a weight field its keys, even at scanner speed, as a scale that types like a keyboard sends them', () => {
    const weight = document.querySelector<HTMLInputElement>('#weight');
    if (!weight) throw new Error('no weight field');
    weight.focus();
    const prevented = type('1250', 5, weight);
    expect(press('Enter', weight)).toBe(false);
    expect(prevented.every((isPrevented) => !isPrevented)).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(weight.value).toBe('1250');
    expect(scans).toEqual([]);
    // Committed whole through the input method, it is the field's too.
    const commit = new InputEvent('beforeinput', {
      data: '1250',
      inputType: 'insertText',
      bubbles: true,
      cancelable: true,
    });
    weight.dispatchEvent(commit);
    expect(commit.defaultPrevented).toBe(false);
  });

  it('leaves a text field a code scanned into it, and takes the next scan once focus is back', () => {
    const note = document.querySelector<HTMLTextAreaElement>('#note');
    if (!note) throw new Error('no note field');
    note.focus();
    const prevented = type('BX000123', 5, note);
    expect(press('Enter', note)).toBe(false);
    expect(prevented.some(Boolean)).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(scans).toEqual([]);
    sink.focus();
    type('BX000124', 5);
    expect(press('Enter')).toBe(true);
    expect(scans.map((scan) => scan.raw)).toEqual(['BX000124']);
  });

  it('stops listening when told to', () => {
    stop();
    type('BX000123', 5);
    press('Enter');
    expect(scans).toEqual([]);
  });
});

describe('a busy page', () => {
  it('keeps a scan whole when its keys are handled late, by the time they were pressed', () => {
    // Keys pressed 10 ms apart at scanner speed; the page stalls 150 ms after the sixth, so the
    // rest are handled late (handling times alone would end the scan there, at 'idle').
    const base = performance.now();
    const clockNow = vi.spyOn(performance, 'now').mockReturnValue(base);
    let handledAt = 0;
    stop();
    stop = listenForScans(sink, (scan) => scans.push(scan), { now: () => handledAt });
    [...'4006381333931', 'Enter'].forEach((key, index) => {
      const lag = index < 6 ? 0 : 150;
      handledAt = index * 10 + lag;
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      // Its stamp says how long ago it was pressed.
      Object.defineProperty(event, 'timeStamp', { value: base - lag });
      sink.dispatchEvent(event);
    });
    clockNow.mockRestore();
    expect(scans.map((scan) => scan.raw)).toEqual(['4006381333931']);
  });

  /**
   * A page whose clock the test moves: keys pressed at `pressedAt` and handled at `clock`, and the
   * wedge's timers run a millisecond at a time, each seeing the clock as it is when it runs.
   */
  function busyPage() {
    const base = 1_000;
    let clock = base;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    stop();
    stop = listenForScans(sink, (scan) => scans.push(scan), { now: () => clock });
    return {
      base,
      /** Hands the page a key pressed at `pressed` (its time stamp), now. */
      handle(key: string, pressed: number) {
        const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
        Object.defineProperty(event, 'timeStamp', { value: pressed });
        sink.dispatchEvent(event);
      },
      /** Time passing with the page free to run its timers. */
      idle(ms: number) {
        for (let step = 0; step < ms; step += 1) {
          clock += 1;
          vi.advanceTimersByTime(1);
        }
      },
      /**
       * The page busy for `ms` (a render, a slow handheld): the timer due meanwhile runs late, as
       * the page comes free, before the keys queued behind it are handled.
       */
      stall(ms: number) {
        clock += ms;
        vi.runOnlyPendingTimers();
      },
    };
  }

  it('keeps a suffix-less scan whole when the page stalls mid-scan and its idle timer runs late', () => {
    // A scanner sends a key every 5 ms; the page handles six, is busy for 250 ms (the idle timer
    // is due meanwhile, and runs late), then handles the rest in one burst.
    const page = busyPage();
    const code = '4006381333931';
    [...code].forEach((key, index) => {
      if (index === 6) page.stall(250);
      page.handle(key, page.base + index * 5);
    });
    page.idle(300);
    expect(scans.map((scan) => [scan.raw, scan.endedBy, scan.source])).toEqual([[code, 'idle', 'scanner']]);
  });

  it('keeps a scan ended by Enter whole when a long delay splits its handling, its keys pressed close together', () => {
    const page = busyPage();
    const keys = [...'TF20261201-24FB51', 'Enter'];
    keys.forEach((key, index) => {
      if (index === 12) page.stall(400);
      page.handle(key, page.base + index * 5);
    });
    page.idle(300);
    expect(scans.map((scan) => [scan.raw, scan.endedBy])).toEqual([['TF20261201-24FB51', 'enter']]);
  });

  it('reads keys handled late in one burst by when they were pressed: a scan at a scanner’s pace, slow typing as typing', () => {
    const page = busyPage();
    // Pressed 5 ms apart, all handled 300 ms later at once.
    page.stall(300);
    [...'BX000123'].forEach((key, index) => page.handle(key, page.base + index * 5));
    page.idle(300);
    // Pressed 200 ms apart by a person, all handled at once after the last: not a scanner's scan.
    const typedAt = page.base + 600;
    page.stall(8 * 200);
    [...'BX000124'].forEach((key, index) => page.handle(key, typedAt + index * 200));
    page.idle(300);
    expect(scans.map((scan) => [scan.raw, scan.source])).toEqual([['BX000123', 'scanner']]);
    page.handle('Enter', typedAt + 8 * 200);
    expect(scans.map((scan) => [scan.raw, scan.source])).toEqual([
      ['BX000123', 'scanner'],
      ['BX000124', 'keypad'],
    ]);
  });

  it('falls back to the handling time when an event’s stamp is not on the performance clock', () => {
    const event = new KeyboardEvent('keydown', { key: '1' });
    Object.defineProperty(event, 'timeStamp', { value: Date.now() });
    expect(pressedAt(event, 42)).toBe(42);
  });
});
