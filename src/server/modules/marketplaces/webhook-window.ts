/**
 * When a marketplace notice is fresh enough to take, and the keys that tell one delivery from
 * another: pure rules, no I/O. A signature proves who made a notice, never when: a captured
 * notice stays correctly signed for ever. So a notice is taken only inside its platform's window
 * of its own stamped time, and each taken notice's key is kept for that window
 * (webhook_deliveries), so a notice is taken once however often it arrives.
 */
import { createHash } from 'node:crypto';

/** How far a notice's own time may lie behind our clock, and ahead of it (clock difference). */
export interface WebhookWindow {
  pastMs: number;
  futureMs: number;
}

/** Clocks of two machines differ a little; a notice stamped further ahead is refused as forged. */
export const WEBHOOK_CLOCK_SKEW_MS = 60_000;

/** What the notice kinds a delivery record keeps are (a notice of another kind changes nothing). */
export type WebhookDeliveryKind = 'order' | 'revoked' | 'privacy';

/**
 * What came of a delivery: 'taken' (its orders queued, its privacy request handled); for a
 * deauthorisation, 'revocation_pending' while the platform is asked, then 'revoked' (the platform
 * confirmed it and the shop stopped), 'revocation_refuted' (the platform answered the shop is
 * authorised: the notice is ignored) or 'revocation_unchecked' (the platform's answer told
 * nothing; a sync of the shop settles it).
 */
export const WEBHOOK_DELIVERY_OUTCOMES = [
  'taken',
  'revocation_pending',
  'revoked',
  'revocation_refuted',
  'revocation_unchecked',
] as const;
export type WebhookDeliveryOutcome = (typeof WEBHOOK_DELIVERY_OUTCOMES)[number];

/** Whether a notice stamped `sentAt` may be taken at `now`; an undated one never is. */
export function isInsideWindow(sentAt: Date | null, now: Date, window: WebhookWindow): boolean {
  if (!sentAt || Number.isNaN(sentAt.getTime())) return false;
  const age = now.getTime() - sentAt.getTime();
  return age <= window.pastMs && -age <= window.futureMs;
}

/** Until when a notice's key is kept: as long as the notice itself could still be taken. */
export function keptUntil(sentAt: Date, window: WebhookWindow): Date {
  return new Date(sentAt.getTime() + window.pastMs);
}

/** The key of a signed body: its SHA-256, with what else the platform signs or names it by. */
export function bodyKey(rawBody: Buffer, prefix = ''): string {
  return `sha256:${createHash('sha256').update(prefix).update(rawBody).digest('hex')}`;
}

/** The key of the platform's own delivery id (the same on every retry of one delivery). */
export function deliveryIdKey(id: string): string {
  return `id:${id.slice(0, 150)}`;
}

/** A unix time the platform stamped, in seconds or milliseconds as it documents; null when absent. */
export function dateOfUnix(value: unknown, unit: 'seconds' | 'milliseconds'): Date | null {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return null;
  return new Date(unit === 'seconds' ? number * 1000 : number);
}
