/**
 * The scans a screen's scan line holds while a message waits for OK, shared with that message's
 * banner: the banner names the codes held behind it, where the worker is looking, instead of a
 * note under a banner that names only the earlier code. One scan line is on a screen at a time,
 * so there is one list; it lives in memory only (the line itself is not stored either).
 */
import { useSyncExternalStore } from 'react';

interface HeldScans {
  /** The codes waiting, in the order they came. */
  codes: readonly string[];
  /** How many banners name them now (0 or 1): while one does, the scan line's own note steps aside. */
  banners: number;
}

let held: HeldScans = { codes: [], banners: 0 };
const listeners = new Set<() => void>();

function change(next: Partial<HeldScans>) {
  held = { ...held, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The scan line tells which codes it holds (none once they are handed on or it goes away). */
export function setHeldScans(codes: readonly string[]): void {
  if (codes.length === 0 && held.codes.length === 0) return;
  change({ codes });
}

/** A banner starts naming the held codes; the returned function stops it. */
export function showHeldInBanner(): () => void {
  change({ banners: held.banners + 1 });
  return () => change({ banners: held.banners - 1 });
}

export function useHeldScans(): HeldScans {
  return useSyncExternalStore(subscribe, () => held);
}
