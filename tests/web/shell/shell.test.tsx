import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '@admin/settings/settings-store.js';
import { useApiServer } from './api-server.js';
import { userWithRole } from './fixtures.js';
import { FakeWebSocket, permissionRequests, renderShell, shellHandlers, sockets } from './shell-harness.js';

// antd under jsdom is slow to render a first page: give each look-up time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const mounts: Record<string, number> = {};
function testPage(text: string, extra?: () => JSX.Element) {
  return lazy(async () => ({
    default: function TestPage() {
      mounts[text] = (mounts[text] ?? 0) + 1;
      return (
        <div>
          <p>{text}</p>
          {extra?.()}
        </div>
      );
    },
  }));
}

vi.mock('@admin/screens.js', () => {
  const screens: Record<string, { page: ReturnType<typeof testPage> }> = {
    'test/Home': { page: testPage('Home page content') },
    'test/Users': {
      page: testPage('Users page content', () => <nav className="custom-paginator">1 2 3</nav>),
    },
    'test/Roles': { page: testPage('Roles page content') },
    'test/Secret': { page: testPage('Secret page content') },
    'test/Unrouted': { page: testPage('Unrouted page content') },
  };
  return { SCREENS: screens, screenOf: (component: string) => screens[component] };
});

useApiServer(...shellHandlers);
// After msw has started: it replaces WebSocket with its own interceptor.
beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

const seller = userWithRole('seller', 'seller-1');
const path = () => screen.getByTestId('current-path').textContent;
const tabLabels = () =>
  Array.from(document.querySelectorAll('.ant-tabs-tab [data-tab-path]')).map((tab) =>
    tab.getAttribute('data-tab-path'),
  );

async function contextMenu() {
  return waitFor(() => {
    const menu = document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    if (!(menu instanceof HTMLElement)) throw new Error('no context menu');
    return within(menu);
  });
}

function sideMenu() {
  const menu = document.querySelector('.ant-layout-sider .ant-menu');
  if (!(menu instanceof HTMLElement)) throw new Error('no side menu');
  return within(menu);
}

beforeEach(() => {
  permissionRequests.length = 0;
  sockets.length = 0;
  for (const key of Object.keys(mounts)) delete mounts[key];
  settingsStore.reset();
});

describe('the signed-in shell', () => {
  it('sends a visitor without a token to /user/login', async () => {
    renderShell('/system/user', null);
    expect(await screen.findByText('Login page')).toBeTruthy();
  });

  it("asks for the menu with the language and opens '/' on the dashboard", async () => {
    localStorage.setItem('language', 'en-US');
    renderShell('/', seller);
    expect(await screen.findByText('Home page content')).toBeTruthy();
    expect(path()).toBe('/dashboard/analysis');
    expect(permissionRequests[0]?.searchParams.get('lang')).toBe('en-US');
  });

  it('shows visible menu items only; hidden items are still routed, route flag "0" is not', async () => {
    renderShell('/system/user', seller);
    expect(await screen.findByText('Users page content')).toBeTruthy();
    expect(sideMenu().getByText('Users')).toBeTruthy();
    expect(sideMenu().getByText('Roles')).toBeTruthy();
    expect(sideMenu().queryByText('Secret page')).toBeNull();
    expect(sideMenu().queryByText('Unrouted')).toBeNull();
  });

  it('routes hidden items', async () => {
    renderShell('/system/secret', seller);
    expect(await screen.findByText('Secret page content')).toBeTruthy();
  });

  it.each(['/system/unrouted', '/no/such/page', '/isps/userAnnouncement'])(
    'sends %s (not routed) to the dashboard',
    async (start) => {
      renderShell(start, seller);
      expect(await screen.findByText('Home page content')).toBeTruthy();
      expect(path()).toBe('/dashboard/analysis');
    },
  );

  it('redirects a group to its first page', async () => {
    renderShell('/system', seller);
    expect(await screen.findByText('Users page content')).toBeTruthy();
  });

  it('builds the breadcrumb: home to /dashboard/, then one entry per level, the current one not a link', async () => {
    renderShell('/system/role', seller);
    await screen.findByText('Roles page content');
    const crumbs = document.querySelector('.ant-breadcrumb');
    if (!(crumbs instanceof HTMLElement)) throw new Error('no breadcrumb');
    const links = within(crumbs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/dashboard/'],
      ['System', '/system'],
    ]);
    expect(within(crumbs).getByText('Roles').closest('a')).toBeNull();
    // The current page's title is the page's one h1.
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Roles']);
    expect(crumbs.contains(headings[0] ?? null)).toBe(true);
  });

  it('names home once on the home page: Home / Dashboard', async () => {
    renderShell('/dashboard/analysis', seller);
    await screen.findByText('Home page content');
    const crumbs = document.querySelector('.ant-breadcrumb');
    if (!(crumbs instanceof HTMLElement)) throw new Error('no breadcrumb');
    const entries = [...crumbs.querySelectorAll('.ant-breadcrumb-link')].map((entry) => entry.textContent);
    expect(entries).toEqual(['Home', 'Dashboard']);
    expect(within(crumbs).getByRole('link').getAttribute('href')).toBe('/dashboard/');
  });

  it('connects the live channel with the token as its subprotocol', async () => {
    renderShell('/dashboard/analysis', seller);
    await screen.findByText('Home page content');
    expect(sockets[0]).toEqual({
      url: `ws://${window.location.host}/websocket/seller-1`,
      protocols: ['token-1'],
    });
  });

  it('pads the content while a page shows a custom paginator', async () => {
    renderShell('/system/user', seller);
    await screen.findByText('Users page content');
    const content = document.querySelector('.ant-layout-content');
    if (!(content instanceof HTMLElement)) throw new Error('no content');
    await waitFor(() => expect(content.style.paddingBottom).toBe('56px'), { timeout: 3000 });
  });
});

describe('the multi-tab bar', () => {
  it('opens a tab per visited page with home first, and refuses to close home', async () => {
    renderShell('/system/user', seller);
    await screen.findByText('Users page content');
    fireEvent.click(sideMenu().getByText('Roles'));
    await screen.findByText('Roles page content');
    expect(tabLabels()).toEqual(['/dashboard/analysis', '/system/user', '/system/role']);

    const closeHome = document.querySelectorAll('.ant-tabs-tab-remove')[0];
    if (!closeHome) throw new Error('no close icon');
    fireEvent.click(closeHome);
    expect(await screen.findByText('Home page cannot be closed!')).toBeTruthy();
    expect(tabLabels()).toHaveLength(3);
  });

  it('closes the active tab and shows its neighbour', async () => {
    renderShell('/system/user', seller);
    await screen.findByText('Users page content');
    fireEvent.click(sideMenu().getByText('Roles'));
    await screen.findByText('Roles page content');
    const closeRoles = document.querySelectorAll('.ant-tabs-tab-remove')[2];
    if (!closeRoles) throw new Error('no close icon');
    fireEvent.click(closeRoles);
    await screen.findByText('Users page content');
    expect(path()).toBe('/system/user');
    expect(tabLabels()).toEqual(['/dashboard/analysis', '/system/user']);
  });

  it('offers refresh and the close actions on right click; close others keeps home', async () => {
    renderShell('/system/user', seller);
    await screen.findByText('Users page content');
    fireEvent.click(sideMenu().getByText('Roles'));
    await screen.findByText('Roles page content');

    const rolesTab = document.querySelector('[data-tab-path="/system/role"]');
    if (!rolesTab) throw new Error('no roles tab');
    fireEvent.contextMenu(rolesTab);
    const menu = await contextMenu();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Refresh',
      'Close tabs on the left',
      'Close tabs on the right',
      'Close other tabs',
    ]);
    const before = mounts['Roles page content'] ?? 0;
    fireEvent.click(menu.getByText('Refresh'));
    await waitFor(() => expect(mounts['Roles page content']).toBe(before + 1));

    fireEvent.contextMenu(rolesTab);
    fireEvent.click((await contextMenu()).getByText('Close other tabs'));
    await waitFor(() => expect(tabLabels()).toEqual(['/dashboard/analysis', '/system/role']));
  });

  it('keeps only the current page when multi-tab mode is off', async () => {
    settingsStore.update({ multipage: false });
    renderShell('/system/user', seller);
    await screen.findByText('Users page content');
    fireEvent.click(sideMenu().getByText('Roles'));
    await screen.findByText('Roles page content');
    expect(tabLabels()).toEqual(['/system/role']);
  });
});

describe("the 'Initialize boot' button", () => {
  it('shows for a seller on the home page until the guide is marked done', async () => {
    renderShell('/dashboard/analysis', seller);
    fireEvent.click(await screen.findByRole('button', { name: /Initialize boot/ }));
    expect(await screen.findByText('Authorise your shops')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Initialize boot/ })).toBeNull());
    expect(localStorage.getItem('shell.initBootDone.seller-1')).toBe('1');
  });

  it('shows for an agent manager with the agent steps', async () => {
    renderShell('/dashboard/analysis', userWithRole('agent_manager'));
    fireEvent.click(await screen.findByRole('button', { name: /Initialize boot/ }));
    expect(await screen.findByText('Set up warehouses')).toBeTruthy();
  });

  it('is not shown on other pages, to other roles, or once done', async () => {
    const first = renderShell('/system/user', seller);
    await screen.findByText('Users page content');
    expect(screen.queryByRole('button', { name: /Initialize boot/ })).toBeNull();
    first.unmount();

    const second = renderShell('/dashboard/analysis', userWithRole('ware_manager'));
    await screen.findByText('Home page content');
    expect(screen.queryByRole('button', { name: /Initialize boot/ })).toBeNull();
    second.unmount();

    localStorage.setItem('shell.initBootDone.seller-1', '1');
    renderShell('/dashboard/analysis', seller);
    await screen.findByText('Home page content');
    expect(screen.queryByRole('button', { name: /Initialize boot/ })).toBeNull();
  });
});
