/** GET /dashboard/summary: the home page's numbers, each present only for roles that may see it. */
import { z } from 'zod';
import { string } from './common.js';
import { USER_ROLES } from '../domain/roles.js';

/** True for an IANA time zone name this runtime knows (Asia/Bangkok, UTC, …). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const dashboardQuery = z.object({
  /** The viewer's time zone, which decides where a day of the login chart starts. */
  tz: string()
    .max(64)
    .regex(/^[A-Za-z0-9_+/-]+$/, { message: 'time_zone' })
    .refine(isTimeZone, { message: 'time_zone' })
    .default('UTC'),
  _t: string().max(20).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardSummary = z.object({
  /** Everyone: released announcements for this user not yet read. */
  unreadAnnouncements: z.number().int(),
  /** Everyone: order questions waiting for this user's side (as the notification popover counts them). */
  pendingQuestions: z.number().int(),
  /** Those who manage users: how many users hold each role. */
  usersByRole: z.array(z.object({ userRole: z.enum(USER_ROLES), count: z.number().int() })).nullable(),
  /** Those who read the logs: sign-ins per day for the last 7 days (oldest first, YYYY-MM-DD in `tz`). */
  loginsPerDay: z.array(z.object({ date: string(), count: z.number().int() })).nullable(),
  /** Those who manage announcements: how many are released now. */
  announcementsReleased: z.number().int().nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
