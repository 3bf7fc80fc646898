/**
 * The rules of the multi-tab bar, as pure functions over
 * the list of open tabs. Tabs are keyed by full path (path plus query); the home page is always
 * the first tab and can never be closed; the last remaining tab cannot be closed either.
 */
export const HOME_PATH = '/dashboard/analysis';

export interface PageTab {
  /** path plus query string: the tab's key. */
  fullPath: string;
  path: string;
  title: string;
  icon?: string | null;
}

/** Why a close was refused, as the i18n key of the message the user sees. */
export type CloseRefusal = 'shell:tabs.home_not_closable' | 'shell:tabs.last_not_closable';

export type CloseResult = { ok: true; tabs: PageTab[]; active: string } | { ok: false; reason: CloseRefusal };

export function isHome(tab: Pick<PageTab, 'path'>): boolean {
  return tab.path === HOME_PATH;
}

function homeFirst(tabs: PageTab[]): PageTab[] {
  const home = tabs.find(isHome);
  return home ? [home, ...tabs.filter((tab) => tab !== home)] : tabs;
}

/**
 * Opens (or refreshes the title of) the tab of a visited page. With multi-tab mode off only the
 * current page is kept. The home tab, once known, stays first.
 */
export function openTab(tabs: PageTab[], tab: PageTab, multipage: boolean, home?: PageTab): PageTab[] {
  if (!multipage) return [tab];
  const index = tabs.findIndex((open) => open.fullPath === tab.fullPath);
  const next = index >= 0 ? tabs.map((open, at) => (at === index ? tab : open)) : [...tabs, tab];
  if (home && !next.some(isHome)) next.unshift(home);
  return homeFirst(next);
}

/** Closes one tab; closing the active tab activates its left neighbour (or the next one). */
export function closeTab(tabs: PageTab[], fullPath: string, active: string): CloseResult {
  const index = tabs.findIndex((tab) => tab.fullPath === fullPath);
  const target = tabs[index];
  if (!target) return { ok: true, tabs, active };
  if (isHome(target)) return { ok: false, reason: 'shell:tabs.home_not_closable' };
  if (tabs.length <= 1) return { ok: false, reason: 'shell:tabs.last_not_closable' };
  const next = tabs.filter((tab) => tab.fullPath !== fullPath);
  if (fullPath !== active) return { ok: true, tabs: next, active };
  const neighbour = next[Math.max(0, index - 1)] ?? next[0];
  return { ok: true, tabs: next, active: neighbour ? neighbour.fullPath : active };
}

function activeAfter(tabs: PageTab[], chosen: string, active: string): string {
  return tabs.some((tab) => tab.fullPath === active) ? active : chosen;
}

/** Closes every tab left of the chosen one, except the home tab. */
export function closeLeft(
  tabs: PageTab[],
  chosen: string,
  active: string,
): { tabs: PageTab[]; active: string } {
  const index = tabs.findIndex((tab) => tab.fullPath === chosen);
  if (index < 0) return { tabs, active };
  const next = tabs.filter((tab, at) => at >= index || isHome(tab));
  return { tabs: next, active: activeAfter(next, chosen, active) };
}

/** Closes every tab right of the chosen one, except the home tab. */
export function closeRight(
  tabs: PageTab[],
  chosen: string,
  active: string,
): { tabs: PageTab[]; active: string } {
  const index = tabs.findIndex((tab) => tab.fullPath === chosen);
  if (index < 0) return { tabs, active };
  const next = tabs.filter((tab, at) => at <= index || isHome(tab));
  return { tabs: next, active: activeAfter(next, chosen, active) };
}

/** Closes every other tab; the home tab stays unless it is the chosen one (then it is all that is left). */
export function closeOthers(tabs: PageTab[], chosen: string): { tabs: PageTab[]; active: string } {
  const target = tabs.find((tab) => tab.fullPath === chosen);
  if (!target) return { tabs, active: chosen };
  const next = homeFirst(tabs.filter((tab) => tab === target || isHome(tab)));
  return { tabs: next, active: chosen };
}
