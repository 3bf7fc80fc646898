/**
 * Routes, breadcrumb trails and side-menu entries derived from the server's menu. An item's `component` names a registered screen; an item with
 * route flag "0" is not registered; hidden items are routed but left out of the menu; a group
 * with a redirect answers its path by redirecting.
 */
import { matchPath } from 'react-router-dom';
import type { MenuItem } from '@shared/contract/identity.js';
import type { ScreenDefinition } from '../screens.js';

export interface Crumb {
  path: string;
  title: string;
}

export interface PageRoute {
  path: string;
  title: string;
  icon: string | null;
  screen: ScreenDefinition;
  /** From the top-level menu item down to this page. */
  trail: Crumb[];
}

export interface RedirectRoute {
  path: string;
  to: string;
}

export interface ShellRoutes {
  pages: PageRoute[];
  redirects: RedirectRoute[];
}

/** The home entry that starts every breadcrumb. */
export const BREADCRUMB_HOME_PATH = '/dashboard/';

export function buildShellRoutes(
  menu: MenuItem[],
  screenOf: (component: string) => ScreenDefinition | undefined,
): ShellRoutes {
  const pages: PageRoute[] = [];
  const redirects: RedirectRoute[] = [];
  const visit = (items: MenuItem[], parents: Crumb[]) => {
    for (const item of items) {
      const trail = [...parents, { path: item.path, title: item.meta.title }];
      const isRouted = item.route !== '0' && item.path.startsWith('/') && !item.meta.internalOrExternal;
      const screen = screenOf(item.component);
      if (isRouted && screen) {
        pages.push({ path: item.path, title: item.meta.title, icon: item.meta.icon, screen, trail });
      } else if (isRouted && item.redirect && item.redirect !== item.path) {
        redirects.push({ path: item.path, to: item.redirect });
      }
      if (item.children) visit(item.children, trail);
    }
  };
  visit(menu, []);
  return { pages, redirects };
}

/** The page route a location is on, if any. */
export function pageAt(pages: PageRoute[], pathname: string): PageRoute | undefined {
  return pages.find((page) => matchPath({ path: page.path, end: true }, pathname));
}

/** Menu keys (paths) of the groups above a path, outermost first, to open them in the side menu. */
export function openKeysFor(menu: MenuItem[], pathname: string): string[] {
  const search = (items: MenuItem[], parents: string[]): string[] | null => {
    for (const item of items) {
      if (item.path === pathname) return parents;
      if (item.children) {
        const found = search(item.children, [...parents, item.path]);
        if (found) return found;
      }
    }
    return null;
  };
  return search(menu, []) ?? [];
}

function isExternal(item: MenuItem): boolean {
  return item.meta.internalOrExternal && Boolean(item.meta.url);
}

/**
 * The visible menu: hidden items, items not registered as routes (route flag "0", unless they
 * are external links), pages whose screen this build does not have (a newer server's menu)
 * and empty groups (unless alwaysShow) are left out.
 */
export function visibleMenu(
  menu: MenuItem[],
  hasScreen: (component: string) => boolean = () => true,
): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of menu) {
    if (item.hidden || (item.route === '0' && !isExternal(item))) continue;
    const isPage = !item.children || item.children.length === 0;
    if (isPage && !isExternal(item) && !hasScreen(item.component)) continue;
    const children = item.children ? visibleMenu(item.children, hasScreen) : undefined;
    if (
      item.children &&
      item.children.length > 0 &&
      (!children || children.length === 0) &&
      !item.alwaysShow
    ) {
      continue;
    }
    result.push(children && children.length > 0 ? { ...item, children } : { ...item, children: undefined });
  }
  return result;
}

/**
 * The single-open-group rule of the inline menu: when a group opens, only it and its
 * ancestors stay open.
 */
export function nextOpenKeys(previous: string[], requested: string[], menu: MenuItem[]): string[] {
  const opened = requested.find((key) => !previous.includes(key));
  if (!opened) return requested;
  return [...openKeysFor(menu, opened), opened];
}
