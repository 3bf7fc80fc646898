import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Analysis } from '@admin/screens/dashboard/Analysis.js';
import type { DashboardSummary } from '@shared/contract/dashboard.js';
import { renderWithProviders } from '../render.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { pageOf, ROLE_ITEMS, signIn } from './fixtures.js';

vi.setConfig({ testTimeout: 20_000 });

const MANAGER_SUMMARY: DashboardSummary = {
  unreadAnnouncements: 3,
  pendingQuestions: 4,
  usersByRole: [
    { userRole: 'ware_staff', count: 9 },
    { userRole: 'seller', count: 17 },
  ],
  loginsPerDay: [
    { date: '2024-05-01', count: 0 },
    { date: '2024-05-02', count: 6 },
    { date: '2024-05-03', count: 0 },
    { date: '2024-05-04', count: 2 },
    { date: '2024-05-05', count: 0 },
    { date: '2024-05-06', count: 0 },
    { date: '2024-05-07', count: 11 },
  ],
  announcementsReleased: 5,
};

const summaries: string[] = [];
const NO_FIGURES = {
  scope: 'tenant',
  warehouseCount: 0,
  asOf: '2024-05-07T08:00:00.000Z',
  orders: null,
  inbound: null,
  stock: null,
};

const server = useApiServer(
  http.get(api('/dashboard/figures'), () => ok(NO_FIGURES)),
  http.get(api('/dashboard/summary'), ({ request }) => {
    summaries.push(new URL(request.url).searchParams.get('tz') ?? '');
    return ok(MANAGER_SUMMARY);
  }),
  http.get(api('/sys/annountCement/listByUser'), () =>
    ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
  ),
  http.get(api('/orderNoteRec/queryPendingQuestions'), () => ok(pageOf([], 0))),
  http.get(api('/sys/dict/getDictItems/user_role'), () => ok(ROLE_ITEMS)),
);

const figure = async (key: string) => (await screen.findByTestId(`figure-${key}`)).textContent ?? '';

describe('the dashboard (/dashboard/analysis)', () => {
  it('shows the figures the server counted for a manager, in the viewer’s time zone', async () => {
    signIn('agent_manager', []);
    renderWithProviders(<Analysis />);

    expect(await figure('unread')).toContain('3');
    expect(await figure('questions')).toContain('4');
    expect(await figure('users')).toContain('26');
    expect(await figure('logins')).toContain('11');
    expect(await figure('released')).toContain('5');
    expect(summaries.at(-1)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('draws the 7-day sign-ins as bars and the users of each role', async () => {
    signIn('agent_manager', []);
    renderWithProviders(<Analysis />);

    const chart = await screen.findByRole('img', { name: 'Sign-ins in the last 7 days' }, { timeout: 5000 });
    expect(chart.querySelectorAll('rect[data-value]')).toHaveLength(7);
    const values = [...chart.querySelectorAll('rect[data-value] title')].map((title) => title.textContent);
    expect(values.at(1)).toMatch(/: 6$/);
    expect(values.at(6)).toMatch(/: 11$/);
    expect(screen.getByText('This week: 19')).toBeTruthy();

    const byRole = screen.getByText('Users by role').closest('.ant-card');
    if (!(byRole instanceof HTMLElement)) throw new Error('no users-by-role card');
    expect(within(byRole).getByText('Warehouse staff')).toBeTruthy();
    expect(within(byRole).getByText('17')).toBeTruthy();
    expect(within(byRole).getByText('Total users: 26')).toBeTruthy();
  });

  it('shows a seller only their own figures, and empty states when nothing waits', async () => {
    server.use(
      http.get(api('/dashboard/summary'), () =>
        ok({
          unreadAnnouncements: 0,
          pendingQuestions: 0,
          usersByRole: null,
          loginsPerDay: null,
          announcementsReleased: null,
        }),
      ),
    );
    signIn('seller', []);
    renderWithProviders(<Analysis />);

    expect(await figure('unread')).toContain('0');
    expect(screen.queryByTestId('figure-users')).toBeNull();
    expect(screen.queryByTestId('figure-released')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Sign-ins in the last 7 days' })).toBeNull();
    expect(await screen.findByText('You have read every announcement')).toBeTruthy();
    expect(await screen.findByText('No order questions are waiting for you')).toBeTruthy();
  });

  it('says nobody signed in rather than drawing an empty chart', async () => {
    server.use(
      http.get(api('/dashboard/summary'), () =>
        ok({
          ...MANAGER_SUMMARY,
          loginsPerDay: MANAGER_SUMMARY.loginsPerDay?.map((day) => ({ ...day, count: 0 })),
        }),
      ),
    );
    signIn('agent_manager', []);
    renderWithProviders(<Analysis />);

    expect(await screen.findByText('Nobody has signed in during the last 7 days')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Sign-ins in the last 7 days' })).toBeNull();
  });

  it('lists unread announcements and pending questions from the server', async () => {
    server.use(
      http.get(api('/sys/annountCement/listByUser'), () =>
        ok({
          anntMsgList: [
            {
              id: 'a1',
              anntId: 'a1',
              titile: 'Warehouse closed on Friday',
              msgContent: '<p>Closed</p>',
              msgAbstract: 'Closed',
              priority: 'H',
              msgCategory: '1',
              msgType: 'ALL',
              sendStatus: '1',
              sendTime: '2024-05-02T08:00:00.000Z',
              revokeTime: null,
              sender: 'agent',
              readFlag: '0',
              readTime: null,
            },
          ],
          anntMsgTotal: 1,
          sysMsgList: [],
          sysMsgTotal: 0,
        }),
      ),
      http.get(api('/orderNoteRec/queryPendingQuestions'), () =>
        ok(
          pageOf(
            [
              {
                id: 'q1',
                orderId: null,
                ordersn: 'SN-2024-001',
                sellerId: 's1',
                note: 'Please confirm the address',
                questionFlag: 2,
                createTime: '2024-05-02T08:00:00.000Z',
              },
            ],
            1,
          ),
        ),
      ),
    );
    signIn('agent_manager', []);
    renderWithProviders(<Analysis />);

    expect(await screen.findByText('Warehouse closed on Friday')).toBeTruthy();
    const order = await screen.findByRole('link', { name: 'SN-2024-001' });
    expect(order.getAttribute('href')).toBe('/agent/order/new?searchTrackingNo=SN-2024-001&type=all');
    expect(screen.getByText('Please confirm the address')).toBeTruthy();
  });
});
