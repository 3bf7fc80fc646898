/**
 * Keys held while a scanning screen's code loads. The task screens are loaded when the worker
 * opens one (app.tsx), and a screen's wedge listens only once it is mounted; a scan made in
 * that moment (a tap on Receive, then straight away the first label) would lose its first keys
 * and reach the screen cut in two. While a scanning screen loads, its placeholder holds every
 * key pressed, keeps it from the page, and the wedge that mounts next replays them, with the
 * times they were pressed, before any key of its own (keyboard-wedge.ts). Keys that wait longer
 * than HELD_KEY_MAX_AGE_MS belong to no scan and are let go.
 */
import { pressedAt } from './key-time.js';

/** A key press as the wedge reads it, with when it was pressed on the performance clock. */
export interface HeldKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  pressedAt: number;
}

/** Keys older than this when a wedge mounts are not replayed (the worker has moved on). */
export const HELD_KEY_MAX_AGE_MS = 15_000;
/** At most this many keys are held: a few scans' worth; the oldest go first beyond it. */
export const HELD_KEYS_MAX = 512;
/**
 * The wedge that mounts with the loaded screen takes the keys at once (the placeholder leaves in
 * the same commit); keys a hold kept longer ago than this (the worker left before the screen
 * came) are not handed to another screen.
 */
export const HELD_KEYS_HANDOVER_MS = 1_000;

let held: HeldKey[] = [];
/** When the last hold ended: infinitely late while a placeholder holds keys. */
let heldUntil = Number.NEGATIVE_INFINITY;

/**
 * Holds the keys pressed on `doc` until the returned function is called: each is kept from the
 * page (nothing on a screen being replaced should act on it) and kept for the next wedge.
 */
export function holdKeys(doc: Document): () => void {
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    held.push({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      pressedAt: pressedAt(event, performance.now()),
    });
    if (held.length > HELD_KEYS_MAX) held = held.slice(-HELD_KEYS_MAX);
    event.preventDefault();
    event.stopPropagation();
  };
  const handleKeyUp = (event: KeyboardEvent) => event.stopPropagation();
  doc.addEventListener('keydown', handleKeyDown, true);
  doc.addEventListener('keyup', handleKeyUp, true);
  heldUntil = Number.POSITIVE_INFINITY;
  return () => {
    doc.removeEventListener('keydown', handleKeyDown, true);
    doc.removeEventListener('keyup', handleKeyUp, true);
    heldUntil = performance.now();
  };
}

/**
 * The held keys recent enough to be part of a scan, oldest first, for the wedge mounting now;
 * none once the hold ended more than HELD_KEYS_HANDOVER_MS ago. The hold is emptied either way.
 */
export function takeHeldKeys(now: number = performance.now()): HeldKey[] {
  const taken =
    now - heldUntil <= HELD_KEYS_HANDOVER_MS
      ? held.filter((key) => now - key.pressedAt <= HELD_KEY_MAX_AGE_MS)
      : [];
  held = [];
  return taken;
}
