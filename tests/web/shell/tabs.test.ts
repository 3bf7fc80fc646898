import { describe, expect, it } from 'vitest';
import { i18next } from '@admin/i18n.js';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  HOME_PATH,
  openTab,
  type PageTab,
} from '@admin/layout/tabs.js';

const tab = (path: string, search = ''): PageTab => ({ fullPath: `${path}${search}`, path, title: path });
const home = tab(HOME_PATH);
const users = tab('/system/user');
const roles = tab('/system/role');
const logs = tab('/system/log');
const paths = (tabs: PageTab[]) => tabs.map((open) => open.fullPath);

describe('the multi-tab bar rules', () => {
  it('keys tabs by full path, so the same page with another query is another tab', () => {
    let tabs = openTab([], home, true, home);
    tabs = openTab(tabs, tab('/order/manage/seller', '?searchTrackingNo=A1&type=all'), true, home);
    tabs = openTab(tabs, tab('/order/manage/seller', '?searchTrackingNo=B2&type=all'), true, home);
    tabs = openTab(tabs, tab('/order/manage/seller', '?searchTrackingNo=A1&type=all'), true, home);
    expect(paths(tabs)).toEqual([
      HOME_PATH,
      '/order/manage/seller?searchTrackingNo=A1&type=all',
      '/order/manage/seller?searchTrackingNo=B2&type=all',
    ]);
  });

  it('always puts the home tab first, even when another page was opened first', () => {
    expect(paths(openTab([], users, true, home))).toEqual([HOME_PATH, '/system/user']);
  });

  it('keeps only the current page when multi-tab mode is off', () => {
    expect(paths(openTab([home, users], roles, false, home))).toEqual(['/system/role']);
  });

  it("refuses to close the home tab with 'Home page cannot be closed!'", () => {
    const result = closeTab([home, users], HOME_PATH, HOME_PATH);
    expect(result).toEqual({ ok: false, reason: 'shell:tabs.home_not_closable' });
    if (!result.ok) expect(i18next.t(result.reason)).toBe('Home page cannot be closed!');
  });

  it("refuses to close the last tab with 'This is the last page, cannot close any more'", () => {
    const result = closeTab([users], '/system/user', '/system/user');
    expect(result).toEqual({ ok: false, reason: 'shell:tabs.last_not_closable' });
    if (!result.ok) expect(i18next.t(result.reason)).toBe('This is the last page, cannot close any more');
  });

  it('activates the left neighbour when the active tab is closed', () => {
    const result = closeTab([home, users, roles], '/system/role', '/system/role');
    expect(result).toMatchObject({ ok: true, active: '/system/user' });
    if (result.ok) expect(paths(result.tabs)).toEqual([HOME_PATH, '/system/user']);
  });

  it('keeps the active tab when another tab is closed', () => {
    expect(closeTab([home, users, roles], '/system/user', '/system/role')).toMatchObject({
      ok: true,
      active: '/system/role',
    });
  });

  it('closes the tabs left of the chosen one but keeps home', () => {
    const result = closeLeft([home, users, roles, logs], '/system/role', '/system/user');
    expect(paths(result.tabs)).toEqual([HOME_PATH, '/system/role', '/system/log']);
    expect(result.active).toBe('/system/role');
  });

  it('closes the tabs right of the chosen one', () => {
    const result = closeRight([home, users, roles, logs], '/system/user', '/system/log');
    expect(paths(result.tabs)).toEqual([HOME_PATH, '/system/user']);
    expect(result.active).toBe('/system/user');
  });

  it('closes the others but keeps home, unless home is the chosen tab', () => {
    expect(paths(closeOthers([home, users, roles, logs], '/system/role').tabs)).toEqual([
      HOME_PATH,
      '/system/role',
    ]);
    expect(paths(closeOthers([home, users, roles, logs], HOME_PATH).tabs)).toEqual([HOME_PATH]);
    expect(closeOthers([home, users, roles], '/system/user').active).toBe('/system/user');
  });
});
