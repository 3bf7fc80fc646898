/**
 * The stock ledger's rules (docs/architecture.md §5), shared by server, admin and PDA: the kinds of movement,
 * what each does to a balance (available, frozen, in transit), to the locations and to the
 * receipt lots that give stock its age, and the stock-age buckets of spec 02 §9.
 */

export const MOVEMENT_KINDS = [
  'receipt',
  'shelve_move',
  'move',
  'reserve',
  'release',
  'issue',
  'adjust',
  'freeze',
  'unfreeze',
  'transfer_out',
  'transfer_in',
  'count_correction',
  'return',
  'destroy',
  'receipt_undo',
  'shelve_undo',
  'transfer_short',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export type StockBucket = 'available' | 'frozen' | 'inTransit';

export interface StockEffect {
  /** The sign the movement's quantity takes in each balance bucket it changes. */
  buckets: Partial<Record<StockBucket, 1 | -1>>;
  /** Goods put on a location, taken off one, moved between two, or not moved at all. */
  location: 'in' | 'out' | 'between' | 'none';
  /**
   * Goods in add a receipt lot; goods out consume lots first-in first-out, except a receipt
   * taken back, which consumes the newest lots (the one it made) so stock age stays true.
   */
  lots: 'add' | 'consume' | 'consume_newest' | 'none';
  /** The in-transit bucket of the destination warehouse (a transfer on its way). */
  destinationInTransit?: 1;
}

/**
 * What each kind does for a positive quantity. Only `adjust` and `count_correction` take a
 * signed quantity: a negative one mirrors the effect (out instead of in, consume instead of add).
 */
export const STOCK_EFFECTS: Record<MovementKind, StockEffect> = {
  receipt: { buckets: { available: 1 }, location: 'in', lots: 'add' },
  return: { buckets: { available: 1 }, location: 'in', lots: 'add' },
  transfer_in: { buckets: { available: 1, inTransit: -1 }, location: 'in', lots: 'add' },
  shelve_move: { buckets: {}, location: 'between', lots: 'none' },
  move: { buckets: {}, location: 'between', lots: 'none' },
  reserve: { buckets: { available: -1, frozen: 1 }, location: 'none', lots: 'none' },
  freeze: { buckets: { available: -1, frozen: 1 }, location: 'none', lots: 'none' },
  release: { buckets: { available: 1, frozen: -1 }, location: 'none', lots: 'none' },
  unfreeze: { buckets: { available: 1, frozen: -1 }, location: 'none', lots: 'none' },
  issue: { buckets: { frozen: -1 }, location: 'out', lots: 'consume' },
  destroy: { buckets: { available: -1 }, location: 'out', lots: 'consume' },
  transfer_out: {
    buckets: { available: -1 },
    location: 'out',
    lots: 'consume',
    destinationInTransit: 1,
  },
  adjust: { buckets: { available: 1 }, location: 'in', lots: 'add' },
  count_correction: { buckets: { available: 1 }, location: 'in', lots: 'add' },
  /** A receipt taken back (a scan undone on the PDA): off the receiving area, newest lot first. */
  receipt_undo: { buckets: { available: -1 }, location: 'out', lots: 'consume_newest' },
  /** A shelving move taken back: from the location back to the receiving area. */
  shelve_undo: { buckets: {}, location: 'between', lots: 'none' },
  /**
   * Units of a transfer that never arrived (a short arrival closed with its reason): in transit
   * down at the inbound warehouse, nothing put on a location, so nothing stays in transit for good.
   */
  transfer_short: { buckets: { inTransit: -1 }, location: 'none', lots: 'none' },
};

export const SIGNED_KINDS: readonly MovementKind[] = ['adjust', 'count_correction'];

export interface Deltas {
  available: number;
  frozen: number;
  inTransit: number;
}

/** The effect of `quantity` of `kind`, mirrored for a negative signed quantity. */
export function effectOf(kind: MovementKind, quantity: number): StockEffect {
  const effect = STOCK_EFFECTS[kind];
  if (quantity >= 0) return effect;
  const flip = (sign: 1 | -1 | undefined) => (sign === undefined ? undefined : sign === 1 ? -1 : 1);
  const buckets: Partial<Record<StockBucket, 1 | -1>> = {};
  for (const bucket of ['available', 'frozen', 'inTransit'] as const) {
    const sign = flip(effect.buckets[bucket]);
    if (sign !== undefined) buckets[bucket] = sign;
  }
  return {
    buckets,
    location: effect.location === 'in' ? 'out' : effect.location === 'out' ? 'in' : effect.location,
    lots: effect.lots === 'add' ? 'consume' : effect.lots === 'none' ? 'none' : 'add',
  };
}

/** How a movement of `kind` and `quantity` (signed for adjustments) changes the balance. */
export function deltasOf(kind: MovementKind, quantity: number): Deltas {
  const effect = effectOf(kind, quantity);
  const size = Math.abs(quantity);
  return {
    available: (effect.buckets.available ?? 0) * size,
    frozen: (effect.buckets.frozen ?? 0) * size,
    inTransit: (effect.buckets.inTransit ?? 0) * size,
  };
}

/** Receipt and issue records show only the last 90 days (spec 02 §9). */
export const RECORDS_WINDOW_DAYS = 90;

/** The stock-age filter choices of spec 02 §9: stock that has lain longer than so many days. */
export const STOCK_AGE_FILTERS = [7, 15, 30, 90, 180] as const;
export type StockAgeFilter = (typeof STOCK_AGE_FILTERS)[number];

/** The stock-age buckets (the `stock_age` dictionary): under 30, 30-90, 90-180, over 180 days. */
export const STOCK_AGE_BUCKETS = ['lt30', '30_90', '90_180', 'gt180'] as const;
export type StockAgeBucket = (typeof STOCK_AGE_BUCKETS)[number];

/** The bucket of stock received `days` ago. */
export function stockAgeBucket(days: number): StockAgeBucket {
  if (days < 30) return 'lt30';
  if (days < 90) return '30_90';
  if (days < 180) return '90_180';
  return 'gt180';
}

export const STOCK_LIMITS = {
  /** The most one movement moves: far above any real carton count, far below int overflow. */
  quantity: 1_000_000,
  reason: 255,
  sourceType: 32,
  sourceId: 64,
  /** Values one comma-separated SKU batch search may hold. */
  batchSearch: 100,
  /** Movements one call of the ledger's batch use case may write in one go. */
  movementBatch: 1000,
} as const;
