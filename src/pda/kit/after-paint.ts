/**
 * Work that follows a scan's frame rather than delaying it: `afterPaint(run)` runs `run` in a
 * task after the next frame is painted (or after PAINT_WAIT_MS where no frame comes: a hidden
 * page draws none), so writing the screen's saved work to the device's database (saved-work.ts)
 * starts once the scan's feedback is on the screen.
 */

/** How long work waits for its frame where none comes. */
const PAINT_WAIT_MS = 100;

/** Runs `run` once the next frame is painted; answers how to call it off. */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isDone = false;
  const follow = () => {
    if (isDone) return;
    isDone = true;
    timer = setTimeout(run, 0);
  };
  const frame = requestAnimationFrame(follow);
  const fallback = setTimeout(follow, PAINT_WAIT_MS);
  return () => {
    isDone = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}
