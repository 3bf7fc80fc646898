/**
 * Stock check orders (spec 02 §3 'Stock check order', §4 'Stock count'): their types, the
 * statuses to count → counting → counted, the review of each line's variance, and the rule that
 * makes a count fair while stock keeps moving: a line's book quantity is what lay on the location
 * at the moment it was counted, and a pass posts the difference seen then (never the counted
 * quantity over whatever lies there now).
 */

export const COUNT_TYPES = ['product', 'warehouse', 'location'] as const;
export type CountType = (typeof COUNT_TYPES)[number];

/** to_count: nothing counted yet; counting: locations coming in; counted: closed by a manager. */
export const COUNT_STATUSES = ['to_count', 'counting', 'counted'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

export const COUNT_TRANSITIONS: Record<CountStatus, readonly CountStatus[]> = {
  to_count: ['counting', 'counted'],
  counting: ['counted'],
  counted: [],
};

export function canCountTransition(from: CountStatus, to: CountStatus): boolean {
  return COUNT_TRANSITIONS[from].includes(to);
}

/** Statuses in which handhelds may still count. */
export const OPEN_COUNT_STATUSES: readonly CountStatus[] = ['to_count', 'counting'];

/** A location of a check order: waiting, counted, or sent back for a recount by a rejection. */
export const COUNT_LOCATION_STATUSES = ['pending', 'counted', 'recount'] as const;
export type CountLocationStatus = (typeof COUNT_LOCATION_STATUSES)[number];

/**
 * A line of a counted location: not_counted is an SKU the books had there that the worker neither
 * counted nor confirmed as none (it has no counted quantity and no variance, and is never passed
 * as a 0: only a recount settles it); no_variance needs no review; pending waits for a manager;
 * passed posted its correction; rejected was refused (its location is counted again).
 */
export const COUNT_LINE_STATES = ['not_counted', 'no_variance', 'pending', 'passed', 'rejected'] as const;
export type CountLineState = (typeof COUNT_LINE_STATES)[number];

/** What a manager may decide for a line in each state: a not-counted line only goes to a recount. */
export const COUNT_LINE_DECISIONS: Record<CountLineState, readonly ('pass' | 'reject')[]> = {
  not_counted: ['reject'],
  no_variance: [],
  pending: ['pass', 'reject'],
  passed: [],
  rejected: [],
};

export function canDecideLine(state: CountLineState, decision: 'pass' | 'reject'): boolean {
  return COUNT_LINE_DECISIONS[state].includes(decision);
}

export const COUNT_LIMITS = {
  locations: 2000,
  skus: 500,
  linesPerLocation: 500,
  quantity: 1_000_000,
  note: 255,
  /** Lines one review may pass or reject at once. */
  reviewLines: 500,
} as const;

/**
 * The book quantity at the moment of counting, from what lies there now and what the ledger
 * moved onto (positive) or off (negative) the location since then.
 */
export function bookAtCount(onLocationNow: number, movedSinceCount: number): number {
  return onLocationNow - movedSinceCount;
}

/** Counted minus book-at-count: negative is a shortage, positive units found. */
export function varianceOf(counted: number, bookAtCountQuantity: number): number {
  return counted - bookAtCountQuantity;
}

/** The units of a shortage that available stock cannot cover: they were reserved by orders. */
export function reservedShortfall(variance: number, available: number): number {
  return variance >= 0 ? 0 : Math.max(0, -variance - available);
}
