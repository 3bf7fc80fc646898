/**
 * The numbers of the home page and the log screen: GET /dashboard/summary and GET
 * /dashboard/figures (each figure only for the roles that may see it; days in the viewer's time
 * zone) and the login statistics of /sys/loginfo and /sys/visitInfo. Cached under queryKeys.dashboard.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  dashboardFigures,
  dashboardSummary,
  type DashboardFigures,
  type DashboardSummary,
} from '@shared/contract/dashboard.js';
import { loginInfo, visitDay, type LoginInfo, type VisitDay } from '@shared/contract/system-admin.js';
import { getParsed } from '../client.js';
import { queryKeys } from '../query-keys.js';

/** The viewer's IANA time zone, which decides where a day of the login chart starts. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** GET /dashboard/summary?tz=… */
export function fetchSummary(timeZone: string): Promise<DashboardSummary> {
  return getParsed('/dashboard/summary', dashboardSummary, { tz: timeZone });
}

/** GET /dashboard/figures?tz=…: orders, inbound due and stock, as far as the user may see them. */
export function fetchFigures(timeZone: string): Promise<DashboardFigures> {
  return getParsed('/dashboard/figures', dashboardFigures, { tz: timeZone });
}

/** GET /sys/loginfo: logins ever, today, addresses today and the viewer's own logins today. */
export function fetchLoginInfo(): Promise<LoginInfo> {
  return getParsed('/sys/loginfo', loginInfo);
}

/** GET /sys/visitInfo: logins and distinct addresses on each of the last seven days. */
export function fetchVisitInfo(): Promise<VisitDay[]> {
  return getParsed('/sys/visitInfo', z.array(visitDay));
}

export function useSummary(timeZone: string = viewerTimeZone()) {
  return useQuery({ queryKey: queryKeys.dashboard.summary(timeZone), queryFn: () => fetchSummary(timeZone) });
}

/** The business figures; refetched when the user comes back to the page after a minute. */
export function useFigures(timeZone: string = viewerTimeZone()) {
  return useQuery({
    queryKey: queryKeys.dashboard.figures(timeZone),
    queryFn: () => fetchFigures(timeZone),
    staleTime: 60_000,
  });
}

export function useLoginInfo() {
  return useQuery({ queryKey: queryKeys.dashboard.loginInfo(), queryFn: fetchLoginInfo });
}

export function useVisitInfo() {
  return useQuery({ queryKey: queryKeys.dashboard.visitInfo(), queryFn: fetchVisitInfo });
}
