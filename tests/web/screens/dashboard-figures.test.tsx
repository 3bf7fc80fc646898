/**
 * The dashboard's business figures (GET /dashboard/figures) as the Analysis page shows them: the
 * tab cards, orders at risk, waiting for stock, inbound due, the orders chart and stock by
 * warehouse, each linking to its list for the role; empty figures say why; a skeleton while
 * they load.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Analysis } from '@admin/screens/dashboard/Analysis.js';
import { queryKeys } from '@api/query-keys.js';
import type { DashboardFigures, DashboardSummary } from '@shared/contract/dashboard.js';
import { renderWithProviders } from '../render.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { pageOf, ROLE_ITEMS, signIn } from './fixtures.js';

vi.setConfig({ testTimeout: 20_000 });

const DAYS = Array.from({ length: 30 }, (_, index) =>
  new Date(Date.UTC(2024, 4, 1 + index)).toISOString().slice(0, 10),
);
const series = (last: number) => DAYS.map((_, index) => (index === 29 ? last : index % 5 === 0 ? 2 : 0));

const FIGURES: DashboardFigures = {
  scope: 'seller',
  warehouseCount: 2,
  asOf: '2024-05-30T09:15:00.000Z',
  orders: {
    perDay: {
      days: DAYS,
      byPlatform: [
        { platform: 'shopee', counts: series(7) },
        { platform: 'lazada', counts: series(1) },
      ],
      byStatus: [
        { tab: 'to_review', counts: series(3) },
        { tab: 'pending', counts: series(4) },
        { tab: 'shipped', counts: series(1) },
        { tab: 'cancelled', counts: series(0) },
      ],
    },
    today: { ordered: 8, to_review: 12, pending: 14, problem: 3, shipped: 36, cancelled: 2 },
    atRisk: {
      total: 6,
      overdue: 1,
      toReview: 2,
      pending: 4,
      top: [
        {
          id: 'o1',
          orderNo: 'SHP-240001',
          systemNo: 'SO2024053000001',
          platform: 'shopee',
          shopName: 'Demo Shopee',
          sellerName: 'Sam Seller',
          warehouseCode: 'DG01',
          tab: 'pending',
          shipBy: '2024-05-01T00:00:00.000Z',
        },
      ],
    },
    outOfStock: {
      orders: 7,
      skus: 2,
      units: 3418,
      top: [
        {
          skuId: 'k1',
          sellerSku: 'EB-BLACK',
          productName: 'Wireless earbuds',
          warehouseId: 'w1',
          warehouseCode: 'DG01',
          orders: 4,
          needed: 2000,
          available: 59,
          short: 1941,
        },
      ],
    },
  },
  inbound: {
    overdue: 1,
    today: 0,
    next7Days: 2,
    later: 1,
    noDate: 0,
    top: [
      {
        id: 'i1',
        inboundNo: 'IN2024052800001',
        warehouseCode: 'DG01',
        sellerName: 'Sam Seller',
        expectedArrival: '2024-05-28T03:00:00.000Z',
        units: 120,
      },
    ],
  },
  stock: [
    {
      warehouseId: 'w2',
      code: 'BKK1',
      name: 'Bangkok warehouse',
      available: 46,
      frozen: 4,
      total: 50,
      skus: 2,
    },
    {
      warehouseId: 'w1',
      code: 'DG01',
      name: 'Dongguan warehouse',
      available: 556,
      frozen: 18,
      total: 574,
      skus: 6,
    },
  ],
};

const EMPTY_SELLER: DashboardFigures = {
  scope: 'seller',
  warehouseCount: 2,
  asOf: '2024-05-30T09:15:00.000Z',
  orders: {
    perDay: {
      days: DAYS,
      byPlatform: [],
      byStatus: (['to_review', 'pending', 'shipped', 'cancelled'] as const).map((tab) => ({
        tab,
        counts: DAYS.map(() => 0),
      })),
    },
    today: { ordered: 0, to_review: 0, pending: 0, problem: 0, shipped: 0, cancelled: 0 },
    atRisk: { total: 0, overdue: 0, toReview: 0, pending: 0, top: [] },
    outOfStock: { orders: 0, skus: 0, units: 0, top: [] },
  },
  inbound: { overdue: 0, today: 0, next7Days: 0, later: 0, noDate: 0, top: [] },
  stock: [],
};

const SUMMARY: DashboardSummary = {
  unreadAnnouncements: 0,
  pendingQuestions: 0,
  usersByRole: null,
  loginsPerDay: null,
  announcementsReleased: null,
};

const server = useApiServer(
  http.get(api('/dashboard/figures'), () => ok(FIGURES)),
  http.get(api('/dashboard/summary'), () => ok(SUMMARY)),
  http.get(api('/sys/annountCement/listByUser'), () =>
    ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
  ),
  http.get(api('/orderNoteRec/queryPendingQuestions'), () => ok(pageOf([], 0))),
  http.get(api('/sys/dict/getDictItems/user_role'), () => ok(ROLE_ITEMS)),
);

const hrefOf = (element: HTMLElement) =>
  (element.closest('a') ?? element.querySelector('a'))?.getAttribute('href');

describe('the dashboard’s business figures', () => {
  it('shows a seller the order tabs, each opening the seller’s order list on its tab', async () => {
    signIn('seller', []);
    renderWithProviders(<Analysis />);

    const toReview = await screen.findByTestId('figure-to_review');
    expect(toReview.textContent).toContain('12');
    expect(hrefOf(toReview)).toBe('/order/manage/seller?type=all&tab=to_review');
    expect(hrefOf(screen.getByTestId('figure-problem'))).toBe('/order/manage/seller?type=all&tab=problem');
    expect(screen.getByTestId('figure-shipped').textContent).toContain('36');
    expect(hrefOf(screen.getByTestId('figure-shipped'))).toMatch(
      /^\/order\/manage\/seller\?type=all&tab=shipped&dateField=shipped&dateFrom=/,
    );
    expect(screen.getByText("Your shop's figures")).toBeTruthy();
  });

  it('lists the orders at risk, the SKUs short and the inbound due, with their links', async () => {
    signIn('seller', []);
    renderWithProviders(<Analysis />);

    const risk = await screen.findByTestId('card-at-risk');
    expect(within(risk).getByTestId('at-risk-overdue').textContent).toContain('1');
    expect(hrefOf(within(risk).getByTestId('at-risk-pending'))).toBe(
      '/order/manage/seller?type=all&tab=pending&shipTime=24h',
    );
    expect(within(risk).getByRole('link', { name: 'SHP-240001' }).getAttribute('href')).toBe(
      '/order/manage/seller?type=all&orderNos=SO2024053000001',
    );
    expect(within(risk).getByText('Overdue', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(risk).getByText('And 5 more')).toBeTruthy();

    const stock = screen.getByTestId('card-out-of-stock');
    expect(within(stock).getByTestId('oos-units').textContent).toContain('3,418');
    expect(within(stock).getByText('Short 1941')).toBeTruthy();
    expect(within(stock).getByText('Need 2000, available 59')).toBeTruthy();
    expect(hrefOf(within(stock).getByTestId('oos-orders'))).toBe(
      '/order/manage/seller?type=all&tag=out_of_stock',
    );

    const inbound = screen.getByTestId('card-inbound');
    expect(within(inbound).getByTestId('inbound-week').textContent).toContain('2');
    expect(within(inbound).getByRole('link', { name: 'IN2024052800001' }).getAttribute('href')).toBe(
      '/inbound/detail?id=i1',
    );
    expect(within(inbound).getByText('Later: 1 · no date: 0')).toBeTruthy();
  });

  it('opens the stock list filtered by the SKU or warehouse a figure names', async () => {
    signIn('seller', []);
    const { queryClient } = renderWithProviders(<Analysis />);

    const short = await screen.findByTestId('card-out-of-stock');
    const sku = within(short).getByText('EB-BLACK');
    expect(hrefOf(sku)).toBe('/stock/list');
    fireEvent.click(sku);
    expect(queryClient.getQueryData(queryKeys.screenState.of('inventory/StockList'))).toEqual({
      pageNo: 1,
      pageSize: 10,
      filter: { skuSearch: 'EB-BLACK', warehouseId: 'w1' },
    });

    const warehouses = await screen.findByTestId('card-stock', {}, { timeout: 10_000 });
    fireEvent.click(within(warehouses).getByText('BKK1 · Bangkok warehouse'));
    expect(queryClient.getQueryData(queryKeys.screenState.of('inventory/StockList'))).toEqual({
      pageNo: 1,
      pageSize: 10,
      filter: { warehouseId: 'w2' },
    });
    const card = screen.getByTestId('card-stock');
    expect(within(card).getByText('Units in stock: 624')).toBeTruthy();
    expect(within(card).getByText('Available 556')).toBeTruthy();
  });

  it('draws the orders per day by marketplace, then by status, as stacked bars or lines', async () => {
    signIn('seller', []);
    renderWithProviders(<Analysis />);

    const chart = await screen.findByRole(
      'img',
      { name: 'Orders in the last 30 days · By marketplace' },
      { timeout: 10_000 },
    );
    expect(chart.querySelectorAll('rect[data-value]')).toHaveLength(60);
    const titles = [...chart.querySelectorAll('rect[data-value] title')].map((title) => title.textContent);
    expect(titles).toContain('2024-05-30 Thu · Shopee: 7');
    const table = screen.getByRole('table', { name: 'Orders in the last 30 days · By marketplace' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);

    fireEvent.click(screen.getByText('By status'));
    const byStatus = await screen.findByRole('img', { name: 'Orders in the last 30 days · By status' });
    expect(byStatus.querySelectorAll('rect[data-value]')).toHaveLength(120);

    fireEvent.click(screen.getByText('Show as lines'));
    const lines = await screen.findByRole('img', { name: 'Orders in the last 30 days · By status' });
    expect(lines.querySelectorAll('polyline')).toHaveLength(4);
  });

  it('says why a new seller has nothing to show', async () => {
    server.use(http.get(api('/dashboard/figures'), () => ok(EMPTY_SELLER)));
    signIn('seller', []);
    renderWithProviders(<Analysis />);

    expect(await screen.findByText(/You have no orders in the last 30 days/)).toBeTruthy();
    expect(screen.getByText('No open order has to ship within 24 hours')).toBeTruthy();
    expect(screen.getByText('No order is waiting for stock')).toBeTruthy();
    expect(screen.getByText(/You have no inbound orders on the way/)).toBeTruthy();
    expect(
      await screen.findByText(/You have no stock in any warehouse yet/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Orders in the last 30 days/ })).toBeNull();
  });

  it('tells a warehouse worker without a warehouse, and links warehouse roles to the warehouse order list', async () => {
    server.use(
      http.get(api('/dashboard/figures'), () =>
        ok({ ...EMPTY_SELLER, scope: 'warehouses', warehouseCount: 0 }),
      ),
    );
    signIn('ware_staff', []);
    renderWithProviders(<Analysis />);

    expect(
      (await screen.findAllByText(/You are not assigned to any warehouse yet/, {}, { timeout: 10_000 }))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Figures of your warehouses (0)')).toBeTruthy();
    expect(hrefOf(screen.getByTestId('figure-pending'))).toBe('/order/manager/ware?type=all&tab=pending');
  });

  it('links an agent to the agent’s order list and leaves out what the role may not see', async () => {
    server.use(
      http.get(api('/dashboard/figures'), () =>
        ok({ ...FIGURES, scope: 'tenant', inbound: null, stock: null }),
      ),
    );
    signIn('agent_manager', []);
    renderWithProviders(<Analysis />);

    expect(hrefOf(await screen.findByTestId('figure-pending'))).toBe('/agent/order/new?type=all&tab=pending');
    expect(screen.getByText('Figures of every seller and warehouse')).toBeTruthy();
    expect(screen.queryByTestId('card-inbound')).toBeNull();
    expect(await screen.findByTestId('card-orders-chart')).toBeTruthy();
    expect(screen.queryByTestId('card-stock')).toBeNull();
  });

  it('shows skeletons while the figures load', async () => {
    server.use(
      http.get(api('/dashboard/figures'), async () => {
        await delay(300);
        return ok(FIGURES);
      }),
    );
    signIn('seller', []);
    renderWithProviders(<Analysis />);

    expect(screen.getByTestId('figures-loading')).toBeTruthy();
    expect(await screen.findByTestId('figure-ordered')).toBeTruthy();
    expect(screen.queryByTestId('figures-loading')).toBeNull();
  });
});
