import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@api/storage.js';
import { GlobalHeader } from '@admin/header/GlobalHeader.js';
import { headerEntriesFor } from '@admin/header/header-entries.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { renderWithProviders } from '../render.js';
import { api, failure, http, ok, useApiServer } from './api-server.js';
import { userWithRole } from './fixtures.js';

// antd under jsdom is slow to render a first page: give each look-up time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const questionFlags: string[] = [];
const page = (pageNo: number, total: number, ordersns: string[]) => ({
  records: ordersns.map((ordersn, index) => ({
    id: `${pageNo}-${index}`,
    orderId: null,
    ordersn,
    sellerId: 's-1',
    note: `Where is the parcel of ${ordersn}?`,
    questionFlag: 1,
    createTime: '2024-05-01T08:30:00.000Z',
  })),
  total,
  current: pageNo,
  size: 10,
  pages: Math.ceil(total / 10),
});

const server = useApiServer(
  http.get(api('/sys/annountCement/listByUser'), () =>
    ok({ anntMsgList: [], anntMsgTotal: 2, sysMsgList: [], sysMsgTotal: 1 }),
  ),
  http.get(api('/orderNoteRec/queryPendingQuestions'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    questionFlags.push(query.get('questionFlag') ?? '');
    const pageNo = Number(query.get('pageNo'));
    const ordersns = Array.from({ length: pageNo === 1 ? 10 : 2 }, (_, index) => `SN${pageNo}-${index}`);
    return ok(page(pageNo, 12, ordersns));
  }),
  http.get(api('/sys/user/getCurrentUserDeparts'), () => ok({ list: [], orgCode: null })),
);

const originalMatchMedia = window.matchMedia;
function setScreenWide(isWide: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: isWide,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

function renderHeader(role: UserRole) {
  const user = userWithRole(role);
  sessionStore.save('token-1', user);
  return renderWithProviders(
    <GlobalHeader user={user} collapsed={false} onToggleCollapsed={() => undefined} />,
  );
}

async function toolItems(): Promise<string[]> {
  fireEvent.click(screen.getByRole('button', { name: /Common tools/ }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('the header by role', () => {
  beforeEach(() => {
    questionFlags.length = 0;
    setScreenWide(true);
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('gives sellers Help and their tools, no PDA entry and no purchase plugin this product does not have', async () => {
    renderHeader('seller');
    expect(screen.getByRole('button', { name: /Help/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Purchase plugin/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /PDA/ })).toBeNull();
    expect(await toolItems()).toEqual([
      'Logistics search',
      'Download list',
      `Print pluginv${PRINT_HELPER.version}`,
    ]);
  });

  it('gives other roles the PDA entry and the warehouse tools', async () => {
    renderHeader('ware_manager');
    expect(screen.queryByRole('button', { name: /Purchase plugin/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /PDA/ }));
    expect((await screen.findByTestId('pda-address')).textContent).toBe(`${window.location.origin}/pda`);
    expect(screen.getByRole('button', { name: /Copy link/ })).toBeTruthy();
    expect(screen.getByText('Open this address in the browser of a PDA device.')).toBeTruthy();
    expect(await toolItems()).toEqual([
      'Help',
      'Logistics search',
      'Download list',
      `Print pluginv${PRINT_HELPER.version}`,
      'Virtual printer',
      'Printer settings',
    ]);
  });

  it('shows Common Tools on desktop widths only', () => {
    setScreenWide(false);
    renderHeader('ware_manager');
    expect(screen.queryByRole('button', { name: /Common tools/ })).toBeNull();
    expect(headerEntriesFor('seller', false).tools).toEqual([]);
  });

  it('counts unread announcements on the bell', async () => {
    renderHeader('seller');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Announcements\b/ }).getAttribute('data-count')).toBe('3'),
    );
  });

  it("lists a seller's pending questions (flag 1) linking to the seller order list and feedback page", async () => {
    renderHeader('seller');
    const bell = screen.getByRole('button', { name: /^Notifications\b/ });
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('12'));
    fireEvent.click(bell);
    const order = await screen.findByRole('link', { name: 'SN1-0' });
    expect(order.getAttribute('href')).toBe('/order/manage/seller?searchTrackingNo=SN1-0&type=all');
    expect(screen.getByText('Where is the parcel of SN1-0?')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Order feedback' })[0]?.getAttribute('href')).toBe(
      '/shopee/orderFeedbackSeller?ordersn=SN1-0',
    );
    expect(questionFlags).toEqual(['1']);
    fireEvent.click(screen.getByRole('button', { name: 'load more' }));
    expect(await screen.findByRole('link', { name: 'SN2-1' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'load more' })).toBeNull());
  });

  it.each([
    ['ware_manager', '2', '/order/manager/ware?searchTrackingNo=SN1-0&type=all'],
    ['ware_staff', '2', '/order/manager/ware?searchTrackingNo=SN1-0&type=all'],
    ['agent_manager', '2', '/agent/order/new?searchTrackingNo=SN1-0&type=all'],
    ['seller_staff', '1', '/order/manage/seller?searchTrackingNo=SN1-0&type=all'],
  ] as const)('links the questions of %s (flag %s) to %s', async (role, flag, href) => {
    renderHeader(role);
    fireEvent.click(screen.getByRole('button', { name: /^Notifications\b/ }));
    expect((await screen.findByRole('link', { name: 'SN1-0' })).getAttribute('href')).toBe(href);
    const feedback = role === 'seller_staff' ? '/shopee/orderFeedbackSeller' : '/shopee/orderFeedback';
    expect(screen.getAllByRole('link', { name: 'Order feedback' })[0]?.getAttribute('href')).toBe(
      `${feedback}?ordersn=SN1-0`,
    );
    expect(questionFlags[0]).toBe(flag);
  });

  it("says 'no notifications' when nothing waits", async () => {
    server.use(http.get(api('/orderNoteRec/queryPendingQuestions'), () => ok(page(1, 0, []))));
    renderHeader('seller');
    fireEvent.click(screen.getByRole('button', { name: /^Notifications\b/ }));
    expect(await screen.findByText('no notifications')).toBeTruthy();
  });
});

describe('plugin downloads', () => {
  const saved: string[] = [];
  beforeEach(() => {
    setScreenWide(true);
    saved.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.href);
    });
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
    vi.restoreAllMocks();
  });
  const archive = (name: string) => `${window.location.origin}/downloads/${name}`;

  it.each([
    ['ware_manager', 'Print plugin', 'print-plugin.zip', 'Until then, labels and documents print'],
    ['ware_manager', 'Virtual printer', 'virtual-printer.zip', 'Until then, labels and documents print'],
  ] as const)(
    'as %s, explains the %s and saves nothing when the server has no %s',
    async (role, tool, file, explanation) => {
      server.use(http.head(archive(file), () => failure(404, 'route_not_found', 'Not found')));
      renderHeader(role);
      fireEvent.click(screen.getByRole('button', { name: /Common tools/ }));
      fireEvent.click(within(await screen.findByRole('menu')).getByText(tool));
      expect(await screen.findAllByText(`${tool} is not available yet`)).not.toEqual([]);
      expect(screen.getAllByText(new RegExp(explanation))).not.toEqual([]);
      expect(saved).toEqual([]);
    },
  );

  it('saves an archive the server has', async () => {
    server.use(
      http.head(
        archive('print-plugin.zip'),
        () => new HttpResponse(null, { status: 200, headers: { 'content-type': 'application/zip' } }),
      ),
    );
    renderHeader('ware_manager');
    fireEvent.click(screen.getByRole('button', { name: /Common tools/ }));
    fireEvent.click(within(await screen.findByRole('menu')).getByText('Print plugin'));
    await waitFor(() => expect(saved).toEqual([archive('print-plugin.zip')]));
    expect(screen.queryByText('Print plugin is not available yet')).toBeNull();
  });
});
