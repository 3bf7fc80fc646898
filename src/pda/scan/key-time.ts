/**
 * When a key was pressed, for the wedge (keyboard-wedge.ts) and the keys held while a screen
 * loads (held-keys.ts).
 */

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
