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

export interface ScanListenerOptions extends Partial<WedgeOptions> {
  now?: () => number;
}

/** A key event older than this is not trusted to carry a time stamp on our clock. */
const MAX_KEY_LAG_MS = 10_000;

/**
 * When a key was pressed, on the clock `handledAt` was read from: a busy page (a slow handheld,
 * a render) handles queued keys late, and those late handling times must not cut one scan in
 * two, so the event's own time stamp counts where it is on the performance clock; else the
 * time it is handled.
 */
export function pressedAt(event: Event, handledAt: number): number {
  const lag = performance.now() - event.timeStamp;
  return lag >= 0 && lag < MAX_KEY_LAG_MS ? handledAt - lag : handledAt;
}

function isOtherEditable(target: EventTarget | null, sink: HTMLInputElement): boolean {
  if (!(target instanceof HTMLElement) || target === sink) return false;
  // A quantity field keeps its keys, unless it opts in to scans (as Odoo's data-enable-barcode).
  if (target.dataset.scan !== undefined) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}

/**
 * Listens for scans until the returned function is called. Keys that belong to a scan are
 * kept from the page (preventDefault), so they never land in a focused field as well.
 */
export function listenForScans(
  sink: HTMLInputElement,
  onScan: (scan: WedgeScan) => void,
  options: ScanListenerOptions = {},
): () => void {
  const rules: WedgeOptions = { ...WEDGE_DEFAULTS, ...options };
  const now = options.now ?? (() => performance.now());
  const doc = sink.ownerDocument;
  let state = WEDGE_IDLE;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function feed(event: WedgeEvent): boolean {
    const step = wedgeStep(state, event, rules);
    state = step.state;
    if (state.buffer === '') sink.value = '';
    clearTimeout(timer);
    const deadline = wedgeDeadline(state, rules);
    if (deadline !== null)
      timer = setTimeout(() => feed({ type: 'tick', at: now() }), Math.max(0, deadline - now()));
    if (step.scan) onScan(step.scan);
    return step.consumed;
  }

  const handleKeyDown = (event: KeyboardEvent): void => {
    if (isOtherEditable(event.target, sink)) return;
    const consumed = feed({
      type: 'key',
      key: event.key,
      at: pressedAt(event, now()),
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
    });
    if (consumed) event.preventDefault();
  };
  const handleInput = (): void => {
    feed({ type: 'text', value: sink.value, at: now() });
  };

  doc.addEventListener('keydown', handleKeyDown, true);
  sink.addEventListener('input', handleInput);
  return () => {
    doc.removeEventListener('keydown', handleKeyDown, true);
    sink.removeEventListener('input', handleInput);
    clearTimeout(timer);
  };
}
