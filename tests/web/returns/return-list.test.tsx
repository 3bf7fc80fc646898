/**
 * The returns list (/return/list): the status tabs and filters sent to the server, a return's
 * detail with what the order shipped and each item's outcome, and an unmatched return matched to
 * its order by hand — the match offered only to those who may match, and a refusal shown in the
 * form without closing it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReturnList } from '@admin/screens/returns/ReturnList.js';
import type { ReturnDetail, ReturnRow } from '@shared/contract/returns.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { onWideScreen } from '../support/wide-screen.js';

// Read as on a wide desktop: the return list's tracking, postage, weight and who received it show from 1600 px.
onWideScreen();

vi.setConfig({ testTimeout: 30_000 });

const processed: ReturnRow = {
  id: '00000000-0000-4000-8000-00000000a001',
  warehouseId: '00000000-0000-4000-8000-00000000b001',
  warehouseCode: 'DG01',
  kind: 'refused',
  status: 'returned_processed',
  returnTrackingNo: 'TH123456789',
  originalTrackingNo: 'TH123456789',
  orderId: '00000000-0000-4000-8000-00000000c001',
  orderNo: 'SHP-1001',
  systemNo: 'SO20261127-0001',
  sellerName: 'Seller One',
  postageCents: 1250,
  weightGrams: 640,
  reshelved: 1,
  destroyed: 1,
  receivedByName: 'Warehouse staff',
  receivedAt: '2026-11-27T08:00:00.000Z',
  finishedAt: '2026-11-27T08:05:00.000Z',
};
const unmatched: ReturnRow = {
  ...processed,
  id: '00000000-0000-4000-8000-00000000a002',
  kind: 'return',
  status: 'returned_unprocessed',
  returnTrackingNo: 'RT-LOST-1',
  originalTrackingNo: '',
  orderId: null,
  orderNo: '',
  systemNo: '',
  sellerName: '',
  reshelved: 0,
  destroyed: 0,
  finishedAt: null,
};
const detail: ReturnDetail = {
  ...processed,
  note: '',
  finishedByName: 'Warehouse staff',
  lines: [
    { skuId: '00000000-0000-4000-8000-00000000d001', sellerSku: 'MUG-RED', skuName: 'Red mug', quantity: 2 },
  ],
  items: [
    {
      id: '00000000-0000-4000-8000-00000000e001',
      skuId: '00000000-0000-4000-8000-00000000d001',
      sellerSku: 'MUG-RED',
      skuName: 'Red mug',
      quantity: 1,
      condition: 'good',
      outcome: 'reshelved',
      locationCode: 'R-01-01',
      inspectedByName: 'Warehouse staff',
      inspectedAt: '2026-11-27T08:02:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-00000000e002',
      skuId: '00000000-0000-4000-8000-00000000d001',
      sellerSku: 'MUG-RED',
      skuName: 'Red mug',
      quantity: 1,
      condition: 'damaged',
      outcome: 'destroyed',
      locationCode: '',
      inspectedByName: 'Warehouse staff',
      inspectedAt: '2026-11-27T08:03:00.000Z',
    },
  ],
};
const listQueries: URLSearchParams[] = [];
const matches: unknown[] = [];

useApiServer(
  http.get(api('/return/list'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    const rows = [processed, unmatched].filter(
      (row) =>
        (!query.get('status') || row.status === query.get('status')) &&
        (query.get('unmatched') !== 'true' || row.orderId === null),
    );
    return ok(pageOf(rows, rows.length));
  }),
  http.get(api('/return/detail'), () => ok(detail)),
  http.get(api('/warehouse/options'), () => ok([])),
  http.post(api('/return/match'), async ({ request }) => {
    const body = (await request.json()) as { id: string; orderNo: string };
    matches.push(body);
    if (body.orderNo !== 'SHP-2002')
      return failure(
        404,
        'returns.order_not_found',
        `No order information found for ${body.orderNo} in this warehouse`,
      );
    return ok(
      { id: unmatched.id, status: 'returned_unprocessed', orderId: processed.orderId, orderNo: 'SHP-2002' },
      'Updated',
    );
  }),
);

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByText(text)[0]?.closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${text}`);
  return row;
}

describe('the returns list (/return/list)', () => {
  it('shows returns by status, with the detail of their items and outcomes', async () => {
    signIn('ware_manager', [PERMISSIONS.returnList, PERMISSIONS.returnMatch]);
    renderWithProviders(<ReturnList />);
    await screen.findAllByText('TH123456789');
    for (const tab of ['All', 'Returned, unprocessed', 'Returned, processed', 'Return failed'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    const row = rowOf('TH123456789');
    expect(within(row).getByText('SHP-1001')).toBeTruthy();
    expect(within(row).getByText('12.50')).toBeTruthy();
    expect(within(row).getByText('Refused receipt')).toBeTruthy();
    expect(within(rowOf('RT-LOST-1')).getByText('Unmatched')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Return failed' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('status')).toBe('return_failed'));

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await screen.findAllByText('TH123456789');
    fireEvent.click(within(rowOf('TH123456789')).getByText('Detail'));
    expect(await screen.findByText('Re-shelved on R-01-01')).toBeTruthy();
    expect(screen.getByText('What the order shipped')).toBeTruthy();
    expect(screen.getAllByText('Destroyed').length).toBeGreaterThan(0);
  });

  it('matches an unmatched return to its order by hand, showing a refusal in the form', async () => {
    signIn('ware_manager', [PERMISSIONS.returnList, PERMISSIONS.returnMatch]);
    renderWithProviders(<ReturnList />);
    await screen.findByText('RT-LOST-1');
    expect(within(rowOf('TH123456789')).queryByText('Match order')).toBeNull();
    fireEvent.click(within(rowOf('RT-LOST-1')).getByText('Match order'));
    const field = await screen.findByLabelText('Order no. or tracking no.');
    fireEvent.change(field, { target: { value: 'SHP-9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    expect(await screen.findByText('No order information found for SHP-9999 in this warehouse')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'SHP-2002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(matches.at(-1)).toEqual({ id: unmatched.id, orderNo: 'SHP-2002' }));
    expect(await screen.findByText('Updated')).toBeTruthy();
  });

  it('filters by a date shortcut of spec 02 §9 on its date range', { timeout: 60_000 }, async () => {
    signIn('ware_manager', [PERMISSIONS.returnList]);
    renderWithProviders(<ReturnList />);
    await waitFor(() => expect(listQueries.length).toBeGreaterThan(0));
    const start = screen.getByPlaceholderText('Start date');
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    expect(await screen.findByText('Last year')).toBeTruthy();
    fireEvent.click(screen.getByText('Last 30 days'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listQueries.at(-1)?.get('dateFrom')).not.toBeNull());
    const query = listQueries.at(-1);
    const days =
      (Date.parse(query?.get('dateTo') ?? '') - Date.parse(query?.get('dateFrom') ?? '')) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('offers no match to those who may only look', async () => {
    signIn('seller', [PERMISSIONS.returnList]);
    renderWithProviders(<ReturnList />);
    await screen.findByText('RT-LOST-1');
    expect(screen.queryByText('Match order')).toBeNull();
  });
});
