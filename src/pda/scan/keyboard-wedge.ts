/**
 * The DOM side of the ScanSink: a document-level keydown listener in the
 * capture phase, plus the off-screen `inputmode="none"` input for scanners that inject text
 * through the IME (keydown says 'Unidentified', the text arrives as an `input` event). The
 * assembly rules live in the pure `wedgeStep` (src/shared/domain/scan.ts); this file only feeds
 * it events and times, and keeps the timer that ends suffix-less scans.
 */
import {
  WEDGE_DEFAULTS,
  WEDGE_IDLE,
  wedgeDeadline,
  wedgeStep,
  type WedgeEvent,
  type WedgeOptions,
  type WedgeScan,
} from '@shared/domain/scan.js';
import { takeHeldKeys } from './held-keys.js';
import { pressedAt } from './key-time.js';

export interface ScanListenerOptions extends Partial<WedgeOptions> {
  now?: () => number;
}

/** The attribute a field carries when a code never belongs in it (a scanning step's quantity). */
export const SCAN_THROUGH_ATTRIBUTE = 'data-scan-through';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Where a key lands when it is not the sink: a field, or an editable element of the page. */
function editableOf(target: EventTarget | null, sink: HTMLInputElement): HTMLElement | null {
  if (target === sink || !(target instanceof HTMLElement)) return null;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return target;
  return target.isContentEditable ? target : null;
}

/**
 * The field a scanner-speed burst may be taken from as a scan: only one marked
 * SCAN_THROUGH_ATTRIBUTE (the quantity the next scan counts, where a code never belongs). Every
 * other field owns its keys at any pace: a weight typed or sent by a scale that types like a
 * keyboard, a reason, a code typed by hand is that field's text, never a scan.
 */
function scanThroughField(editable: HTMLElement): Field | null {
  return editable instanceof HTMLInputElement && editable.hasAttribute(SCAN_THROUGH_ATTRIBUTE)
    ? editable
    : null;
}

/** A timer this late ran after the page was busy: keys pressed meanwhile may still wait their turn. */
const LATE_TICK_MS = 20;
/** However busy the page stays, a suffix-less scan ends within this long of its idle deadline. */
const MAX_TICK_DEFER_MS = 2_000;

/** A field that holds a number (the quantity): a code never belongs there. */
function isNumberField(field: Field): boolean {
  return (
    field instanceof HTMLInputElement &&
    (field.type === 'number' || /^(numeric|decimal)$/.test(field.inputMode))
  );
}

/** Sets a field's value so React (and any listener) sees it as typed. */
function setFieldValue(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface ScanListenerCallbacks {
  /** Input that could not be read as a scan: shown to the worker, never dropped silently. */
  onUnread?: (text: string) => void;
}

/**
 * Listens for scans until the returned function is called. Keys that belong to a scan are
 * kept from the page (preventDefault, and outside a field stopPropagation too), so they never
 * land in a focused field as well. A scan is framed by when its keys were pressed (each event's
 * own time stamp, pressedAt) and by its Enter, Tab or STX/ETX, never by when the page got round
 * to handling them.
 *
 * A field owns its keys: typed, or sent at scanner speed by a scale, they are its text. Only in a
 * field marked SCAN_THROUGH_ATTRIBUTE (the quantity the next scan counts) is scanner-speed input
 * a scan: the first key lands as typed, the next ones are held while they come at scanner speed,
 * and when the burst ends as a scan the field gets back the value it had before it, so a barcode
 * never becomes a quantity. A burst that turns out to be typing gives the field the held keys.
 * Scanners that type through the input method commit a whole code at once: into such a number
 * field that is a scan too (a person's keyboard commits a key at a time), and never lands there.
 */
export function listenForScans(
  sink: HTMLInputElement,
  onScan: (scan: WedgeScan) => void,
  options: ScanListenerOptions & ScanListenerCallbacks = {},
): () => void {
  const rules: WedgeOptions = { ...WEDGE_DEFAULTS, ...options };
  const now = options.now ?? (() => performance.now());
  const doc = sink.ownerDocument;
  let state = WEDGE_IDLE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The field a burst is being typed into: its value before the burst, and the keys held from it. */
  let field: { element: Field; before: string; held: string } | null = null;

  /** A burst in a field ended without a scan: the held keys are the field's after all. */
  function releaseField(): void {
    if (field && field.held) setFieldValue(field.element, field.element.value + field.held);
    field = null;
  }

  /**
   * Ends a suffix-less scan at its idle deadline, as the keys' own times say, but only once the
   * page has caught up with them. Keys handled late (a render, a slow handheld) come in a burst:
   * the idle gap is then also counted from when the last of them was handled, and a timer that
   * runs late (the page was busy, and the rest of the scan's keys may be queued behind it,
   * pressed in time but not handled yet) waits a turn, as input is handled before timers. It
   * decides on a timer that ran on time; keys handled meanwhile carry their own times.
   */
  function armTick(deadline: number, dueAt: number): void {
    timer = setTimeout(
      () => {
        const firedAt = now();
        if (firedAt - dueAt > LATE_TICK_MS && firedAt - deadline < MAX_TICK_DEFER_MS) {
          armTick(deadline, firedAt);
          return;
        }
        feed({ type: 'tick', at: Math.max(firedAt, deadline) });
      },
      Math.max(0, dueAt - now()),
    );
  }

  /** Whether the last event fed ended a scan. */
  let didScan = false;

  function feed(event: WedgeEvent): boolean {
    const step = wedgeStep(state, event, rules);
    didScan = step.scan !== null;
    state = step.state;
    if (state.buffer === '') sink.value = '';
    clearTimeout(timer);
    const deadline = wedgeDeadline(state, rules);
    if (deadline !== null) armTick(deadline, Math.max(deadline, now() + deadline - state.lastAt));
    if (step.scan && step.scan.source === 'scanner' && field) {
      setFieldValue(field.element, field.before);
      field = null;
    }
    if (state.buffer === '' && field) releaseField();
    if (step.scan) onScan(step.scan);
    if (step.unread && !field) options.onUnread?.(step.unread);
    return step.consumed;
  }

  const handleKeyDown = (event: KeyboardEvent): void => {
    const editable = editableOf(event.target, sink);
    const at = pressedAt(event, now());
    if (editable) {
      const scanThrough = scanThroughField(editable);
      if (!scanThrough) return;
      const isGs = event.ctrlKey && event.key === ']';
      const isCharacter = (event.key.length === 1 && !event.ctrlKey && !event.metaKey) || isGs;
      const isEnd = event.key === 'Enter' || event.key === 'Tab';
      if (!isCharacter && !isEnd) return;
      if (isGs && state.buffer === '') return;
      if (state.buffer === '' && !isCharacter) return;
      if (state.buffer === '') {
        // The first key lands as typed; whether it starts a scan shows with the next one.
        field = { element: scanThrough, before: scanThrough.value, held: '' };
        feed({ type: 'key', key: event.key, at });
        return;
      }
      const gap = at - state.lastAt;
      if (isCharacter && gap > rules.scannerMaxMsPerChar) {
        // A person typing: what was held goes into the field, and this key lands as typed.
        releaseField();
        state = WEDGE_IDLE;
        field = { element: scanThrough, before: scanThrough.value, held: '' };
        feed({ type: 'key', key: event.key, at });
        return;
      }
      feed({ type: 'key', key: event.key, at, ctrlKey: event.ctrlKey, metaKey: event.metaKey });
      if (isCharacter && field) {
        if (!isGs) field.held += event.key;
        event.preventDefault();
      } else if (isEnd && didScan) event.preventDefault();
      return;
    }
    if (field) {
      // The last key typed into a field (focus has left it since) stays the field's: it never
      // starts the scan that comes next, however slow the scanner.
      releaseField();
      state = WEDGE_IDLE;
    }
    const consumed = feed({
      type: 'key',
      key: event.key,
      at,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
    });
    if (consumed) {
      // A scan's key is the wedge's alone: nothing else on the page handles it (the app's own
      // event handling of each key, at scanner speed, would sit between a scan and its feedback).
      event.preventDefault();
      event.stopPropagation();
      if (event.code) swallowed.add(event.code);
    }
  };
  /** The codes of keys taken as part of a scan, whose key-up goes no further either. */
  const swallowed = new Set<string>();
  const handleKeyUp = (event: KeyboardEvent): void => {
    if (swallowed.delete(event.code)) event.stopPropagation();
  };
  const handleBeforeInput = (event: InputEvent): void => {
    const editable = editableOf(event.target, sink);
    const field = editable && scanThroughField(editable);
    const text = event.data ?? '';
    if (!field || !isNumberField(field) || event.inputType !== 'insertText') return;
    if (text.length < rules.minLength) return;
    event.preventDefault();
    // What was typed into the field before stays the field's: the code is a scan of its own.
    releaseField();
    state = WEDGE_IDLE;
    feed({ type: 'text', value: text, at: pressedAt(event, now()) });
  };
  const handleInput = (event: Event): void => {
    if ((event as InputEvent).isComposing) return;
    // Only what came since the last event: the sink is emptied each time.
    const value = sink.value;
    sink.value = '';
    if (value) feed({ type: 'text', value, at: pressedAt(event, now()) });
  };

  // Keys pressed while this screen loaded (held-keys.ts) come first, at the times they were
  // pressed, so a scan begun then is read whole.
  const performanceToNow = now() - performance.now();
  for (const key of takeHeldKeys())
    feed({
      type: 'key',
      key: key.key,
      at: key.pressedAt + performanceToNow,
      ctrlKey: key.ctrlKey,
      metaKey: key.metaKey,
    });
  doc.addEventListener('keydown', handleKeyDown, true);
  doc.addEventListener('keyup', handleKeyUp, true);
  doc.addEventListener('beforeinput', handleBeforeInput, true);
  sink.addEventListener('input', handleInput);
  return () => {
    doc.removeEventListener('keydown', handleKeyDown, true);
    doc.removeEventListener('keyup', handleKeyUp, true);
    doc.removeEventListener('beforeinput', handleBeforeInput, true);
    sink.removeEventListener('input', handleInput);
    clearTimeout(timer);
  };
}
