/**
 * The order list (/order/manage/seller, /order/manager/ware, /agent/order/new): tabs with the
 * server's counts, the filters and batch search sent to the server, the route's
 * ?searchTrackingNo= prefilling the search, batch scan, and the batch actions shown by permission,
 * greyed out by the lifecycle table, asking first and showing the result per order.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrderList } from '@admin/screens/orders/OrderList.js';
import type { OrderPage, OrderRow } from '@shared/contract/orders.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';
import { orderPage, orderRow } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });

const toReview = orderRow({ orderNo: 'SHP-REVIEW-1' });
const toReviewToo = orderRow({ orderNo: 'SHP-REVIEW-2', buyerName: 'Nguyen Thi Lan' });
const shipped = orderRow({ orderNo: 'SHP-SHIPPED-1', localStatus: 'shipped', trackingNo: 'TH8800000001' });
/** To review on the list, but the server finds it waiting for SKU matching when asked to pass it. */
const unmatched = orderRow({ orderNo: 'SHP-REVIEW-3' });
let rows: OrderRow[] = [toReview, toReviewToo, shipped, unmatched];
/** A reply the list answers instead, as the server would send it. */
let answer: OrderPage | null = null;
const listQueries: URLSearchParams[] = [];
const passed: unknown[] = [];

useApiServer(
  http.get(api('/order/list'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    if (answer) return ok(answer);
    // As the server names them: the searched numbers no order carries.
    const searched = (query.get('numbers') ?? '').split(',').filter((number) => number !== '');
    const carried = new Set(rows.flatMap((row) => [row.orderNo, row.systemNo, row.trackingNo]));
    return ok(
      orderPage(
        rows,
        undefined,
        searched.filter((number) => !carried.has(number)),
      ),
    );
  }),
  http.get(api('/order/shops'), () =>
    ok([
      { platform: 'shopee', shopName: 'Siam Shopee', orders: 40 },
      { platform: 'lazada', shopName: 'Siam Lazada', orders: 12 },
    ]),
  ),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.post(api('/order/review/pass'), async ({ request }) => {
    const body = (await request.json()) as { ids: string[] };
    passed.push(body);
    return ok(
      body.ids.map((id, index) =>
        id === unmatched.id
          ? {
              id,
              orderNo: unmatched.orderNo,
              localStatus: 'to_review',
              ok: false,
              code: 'order.sku_unmatched',
            }
          : {
              id,
              orderNo: rows.find((row) => row.id === id)?.orderNo ?? id,
              localStatus: 'pending_shipment',
              ok: true,
              code: index === 1 ? 'order.out_of_stock' : null,
            },
      ),
      'Saved',
    );
  }),
);

const ALL: PermissionCode[] = [
  PERMISSIONS.orderList,
  PERMISSIONS.orderAdd,
  PERMISSIONS.orderEdit,
  PERMISSIONS.orderReview,
];

async function renderList({
  role = 'seller',
  codes = ALL,
  route = '/order/manage/seller',
}: { role?: UserRole; codes?: PermissionCode[]; route?: string } = {}) {
  listQueries.length = 0;
  passed.length = 0;
  rows = [toReview, toReviewToo, shipped, unmatched];
  answer = null;
  signIn(role, codes);
  const view = renderWithProviders(<OrderList />, { route });
  await screen.findByText('SHP-REVIEW-1');
  return view;
}

const lastQuery = () => listQueries.at(-1);

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${text}`);
  return row;
}

function select(row: HTMLElement) {
  const box = row.querySelector('input[type="checkbox"]');
  if (!(box instanceof HTMLElement)) throw new Error('no checkbox');
  fireEvent.click(box);
}

/** Opens the antd select of the labelled filter and picks an option. */
async function pick(label: string, option: string) {
  const search = screen.getByRole('search');
  const field = within(search).getByText(label, { selector: 'label' }).closest('.ant-form-item');
  const selector = field?.querySelector('.ant-select-selector');
  if (!(selector instanceof HTMLElement)) throw new Error(`no select ${label}`);
  fireEvent.mouseDown(selector);
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (!(found instanceof HTMLElement)) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(choice);
}

const searchButton = () => within(screen.getByRole('search')).getByRole('button', { name: /Search/ });

describe('the order list', () => {
  it('shows the tabs with the counts the server answered and asks for the tab chosen', async () => {
    await renderList();
    for (const name of [
      'All (63)',
      'Pending review (12)',
      'Pending (8)',
      'Shipped (40)',
      'Cancelled (3)',
      'Problem orders (2)',
    ])
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(lastQuery()?.get('tab')).toBeNull();
    expect(lastQuery()?.get('type')).toBe('all');

    fireEvent.click(screen.getByRole('tab', { name: 'Problem orders (2)' }));
    await waitFor(() => expect(lastQuery()?.get('tab')).toBe('problem'));
    expect(lastQuery()?.get('pageNo')).toBe('1');

    const type = screen.getByRole('combobox', { name: 'Order type' }).closest('.ant-select');
    fireEvent.mouseDown(type?.querySelector('.ant-select-selector') as HTMLElement);
    fireEvent.click(await screen.findByTitle('Express order'));
    await waitFor(() => expect(lastQuery()?.get('type')).toBe('express'));
    expect(lastQuery()?.get('tab')).toBe('problem');
  });

  it('sends the filters and a comma-separated batch of numbers to the server', async () => {
    await renderList();
    fireEvent.change(screen.getByLabelText('Order / tracking No.'), {
      target: { value: 'SHP-REVIEW-1, TH8800000001，SHP-REVIEW-1 SO1' },
    });
    await pick('Status', 'Pending shipment');
    await pick('Time left to ship', 'Within 12 hours');
    await pick('Warehouse', 'BKK1 · Bangkok 1');
    fireEvent.click(screen.getByText('More filters'));
    await pick('Platform', 'Lazada');
    await pick('Shop', 'Siam Lazada');
    await pick('Tags', 'Urgent');
    await pick('Tags', 'Review purchase');
    const match = screen.getByRole('combobox', { name: 'Tag match' }).closest('.ant-select');
    fireEvent.mouseDown(match?.querySelector('.ant-select-selector') as HTMLElement);
    fireEvent.click(await screen.findByTitle('All of them'));
    fireEvent.click(searchButton());
    await waitFor(() => expect(lastQuery()?.get('numbers')).toBe('SHP-REVIEW-1,TH8800000001,SO1'));
    const query = lastQuery();
    expect(query?.get('status')).toBe('pending_shipment');
    expect(query?.get('shipTime')).toBe('12h');
    expect(query?.get('warehouseId')).toBe(WAREHOUSE_ID);
    expect(query?.get('platform')).toBe('lazada');
    expect(query?.get('shopName')).toBe('Siam Lazada');
    expect(query?.get('tags')).toBe('urgent,evaluation');
    expect(query?.get('tagMatch')).toBe('all');
    expect(query?.get('dateFrom')).toBeNull();
    // A number the page shows no order for is named.
    expect(await screen.findByText(/found no order: SO1/)).toBeTruthy();
  });

  it('names the numbers the server found no order for, on any tab and whatever page is shown', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('tab', { name: 'Shipped (40)' }));
    await waitFor(() => expect(lastQuery()?.get('tab')).toBe('shipped'));
    // 45 shipped orders answer, 20 on this page: only the server knows that two numbers found none.
    answer = { ...orderPage([shipped]), total: 45, pages: 3, notFound: ['SO-GONE-1', 'TH-GONE-2'] };
    fireEvent.change(screen.getByLabelText('Order / tracking No.'), {
      target: { value: 'TH8800000001, SO-GONE-1, TH-GONE-2' },
    });
    fireEvent.click(searchButton());
    await waitFor(() => expect(lastQuery()?.get('numbers')).toBe('TH8800000001,SO-GONE-1,TH-GONE-2'));
    expect(lastQuery()?.get('tab')).toBe('shipped');
    expect(await screen.findByText('2 number(s) found no order: SO-GONE-1, TH-GONE-2')).toBeTruthy();
  });

  it('filters by a date shortcut on the date chosen', async () => {
    await renderList();
    fireEvent.click(screen.getByText('More filters'));
    await pick('Date', 'Ship by');
    const start = screen.getByPlaceholderText('Start date');
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText('Last 7 days'));
    fireEvent.click(searchButton());
    await waitFor(() => expect(lastQuery()?.get('dateFrom')).not.toBeNull());
    const query = lastQuery();
    expect(query?.get('dateField')).toBe('shipBy');
    const days =
      (Date.parse(query?.get('dateTo') ?? '') - Date.parse(query?.get('dateFrom') ?? '')) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(Date.parse(query?.get('dateTo') ?? '')).toBeGreaterThan(Date.now());
  });

  it("prefills the search from the route's searchTrackingNo and shows every tab", async () => {
    await renderList({ route: '/order/manage/seller?searchTrackingNo=240603KQ7T2M9P&type=all' });
    expect(listQueries[0]?.get('numbers')).toBe('240603KQ7T2M9P');
    expect(listQueries[0]?.get('type')).toBe('all');
    expect(listQueries[0]?.get('tab')).toBeNull();
    expect((screen.getByLabelText('Order / tracking No.') as HTMLInputElement).value).toBe('240603KQ7T2M9P');
    expect(screen.getByRole('tab', { name: 'All (63)', selected: true })).toBeTruthy();
  });

  it('searches numbers scanned one a line', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('tab', { name: 'Shipped (40)' }));
    await waitFor(() => expect(lastQuery()?.get('tab')).toBe('shipped'));
    fireEvent.click(screen.getByRole('button', { name: /Batch scan/ }));
    const scan = await screen.findByRole('dialog');
    fireEvent.change(within(scan).getByLabelText('Scanned numbers'), {
      target: { value: 'TH8800000001\nSHP-REVIEW-2\n\nTH8800000001\nMISSING-9\n' },
    });
    expect(within(scan).getByText('3 number(s)')).toBeTruthy();
    fireEvent.click(within(scan).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery()?.get('numbers')).toBe('TH8800000001,SHP-REVIEW-2,MISSING-9'));
    expect(lastQuery()?.get('tab')).toBeNull();
    await waitFor(() =>
      expect((screen.getByLabelText('Order / tracking No.') as HTMLInputElement).value).toBe(
        'TH8800000001,SHP-REVIEW-2,MISSING-9',
      ),
    );
    expect(await screen.findByText(/found no order: MISSING-9/)).toBeTruthy();
  });

  it.each([
    ['ware_staff', '/order/manager/ware'],
    ['customer_service', '/agent/order/new'],
  ] as const)('hides the actions %s holds no permission for', async (role, route) => {
    await renderList({ role, codes: [PERMISSIONS.orderList], route });
    for (const name of ['Enter an order', 'Pass review', 'Reject review', 'Cancel', 'Merge', 'Split', 'Tags'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(within(rowOf('SHP-REVIEW-1')).queryByText('Cancel')).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
  });

  it('asks for a selection, greys out what the status does not allow, and shows the result per order', async () => {
    await renderList();
    expect(screen.getByText('No order selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pass review' }));
    expect(await screen.findByText('Please select an order first')).toBeTruthy();

    select(rowOf('SHP-SHIPPED-1'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pass review' }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(within(rowOf('SHP-SHIPPED-1')).queryByText('Cancel')).toBeNull();
    select(rowOf('SHP-SHIPPED-1'));

    select(rowOf('SHP-REVIEW-1'));
    select(rowOf('SHP-REVIEW-2'));
    select(rowOf('SHP-REVIEW-3'));
    expect(await screen.findByText('Selected: 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pass review' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Pass the review of 3 order(s)?')).toBeTruthy();
    expect(within(confirm).getByText('SHP-REVIEW-1, SHP-REVIEW-2, SHP-REVIEW-3')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pass' }));
    await waitFor(() => expect(passed).toEqual([{ ids: [toReview.id, toReviewToo.id, unmatched.id] }]));

    const results = await screen.findByRole('table', { name: 'Result per order' });
    expect(within(rowIn(results, 'SHP-REVIEW-1')).getByText('Done')).toBeTruthy();
    expect(
      within(rowIn(results, 'SHP-REVIEW-2')).getByText('Passed; out of stock, waits for stock'),
    ).toBeTruthy();
    expect(within(rowIn(results, 'SHP-REVIEW-2')).getByText('Pending shipment')).toBeTruthy();
    // A refusal says why in words, not by its code.
    expect(
      within(rowIn(results, 'SHP-REVIEW-3')).getByText(
        'Refused: Order SHP-REVIEW-3 has items not matched to your SKUs; match them under SKU matching first',
      ),
    ).toBeTruthy();
    expect(screen.getByText('1 of 3 order(s) done.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No order selected')).toBeTruthy());
  });
});

function rowIn(table: HTMLElement, text: string): HTMLElement {
  const row = within(table).getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${text}`);
  return row;
}
