/** Scales of the chart kit: round steps for the value axis and which category labels to print. */

export const TICKS = 4;

/** A round step (1, 2 or 5 times a power of ten) so that `ticks` steps cover `max`. */
export function niceStep(max: number, ticks = TICKS): number {
  if (max <= ticks) return 1;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  return step ?? 10 * power;
}

/** The axis top: `ticks` round steps reaching at least `max`. */
export function axisTop(max: number, ticks = TICKS): { step: number; top: number } {
  const step = niceStep(max, ticks);
  return { step, top: step * ticks };
}

/**
 * Every how many categories a label is printed so that labels of `labelWidth` fit side by side in
 * `width`; the last category is always labelled (it is usually today).
 */
export function labelEvery(count: number, width: number, labelWidth: number): number {
  if (count <= 0) return 1;
  const fits = Math.max(1, Math.floor(width / labelWidth));
  return Math.max(1, Math.ceil(count / fits));
}

export function showsLabel(index: number, count: number, every: number): boolean {
  if (every <= 1) return true;
  const fromEnd = count - 1 - index;
  return fromEnd % every === 0;
}

/** Per category, the sum of every series (a stacked bar's height). */
export function totalsOf(series: readonly { values: readonly number[] }[], count: number): number[] {
  return Array.from({ length: count }, (_, index) =>
    series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0),
  );
}
