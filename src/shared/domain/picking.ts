/**
 * Waves and picking: a wave groups orders of one
 * warehouse that are ready to pick; a worker picks it on the handheld in walking order (location
 * code order), each unit moving from its shelf to the warehouse's staging location through the
 * ledger. A unit that cannot be found is a short pick with a coded reason.
 */

/** open: nobody picked yet; picking: under way; picked: every order picked; short: done, some short. */
export const WAVE_STATUSES = ['open', 'picking', 'picked', 'short'] as const;
export type WaveStatus = (typeof WAVE_STATUSES)[number];

/** Waves still to pick (the handheld lists these). */
export const OPEN_WAVE_STATUSES = ['open', 'picking'] as const satisfies readonly WaveStatus[];

/** An order in a wave: still to pick, picked whole, finished short, or cancelled meanwhile. */
export const WAVE_ORDER_STATES = ['open', 'picked', 'short', 'cancelled'] as const;
export type WaveOrderState = (typeof WAVE_ORDER_STATES)[number];

/**
 * Why units could not be picked. What each does to stock (research §1.4, "a short-pick reason
 * must say what happens to stock"): none of them changes the ledger by itself — the units stay
 * booked on their shelf and the order keeps its reservation; the order becomes a problem order
 * (short_pick) naming what is missing, and the books are corrected only by a count of the shelf
 * (not_found, wrong_item) or by moving the damaged units to the damaged area (damaged).
 */
export const SHORT_PICK_REASONS = ['not_found', 'damaged', 'wrong_item'] as const;
export type ShortPickReason = (typeof SHORT_PICK_REASONS)[number];

/** The code of the staging location each warehouse gets on its first pick. */
export const STAGING_LOCATION_CODE = 'PICKED';

export const WAVE_LIMITS = {
  /** Orders one wave may hold. */
  orders: 200,
  /** Ready orders the admin lists to choose from. */
  readyList: 500,
  /** Units one pick op may take (a typed quantity). */
  quantityPerPick: 9999,
  waveNo: 32,
} as const;
