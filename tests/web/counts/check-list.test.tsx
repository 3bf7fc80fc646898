/**
 * The stock check list (/stock/check): rows with progress and result, the print button asking
 * for a choice first (spec 02 §8), and the review drawer passing only variances waiting for
 * review, after a confirmation (spec 02 §5).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckList } from '@admin/screens/counts/CheckList.js';
import type { CountDetail, CountRow } from '@shared/contract/counts.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const row: CountRow = {
  id: '00000000-0000-4000-8000-00000000c0a1',
  countNo: 'PD20261127-0001',
  warehouseId: WAREHOUSE_ID,
  warehouseCode: 'BKK1',
  type: 'location',
  status: 'counting',
  assigneeId: null,
  assigneeName: '',
  note: '',
  countedLocations: 1,
  totalLocations: 2,
  checkQuantity: 12,
  pendingLines: 1,
  varianceLines: 1,
  createdAt: '2026-11-27T08:00:00.000Z',
  closedAt: null,
};

const line = (id: string, sellerSku: string, variance: number, state: 'pending' | 'no_variance') => ({
  id,
  locationId: '00000000-0000-4000-8000-00000000b001',
  locationCode: 'A-01-01',
  skuId: `00000000-0000-4000-8000-0000000${id.slice(-5)}`,
  sellerSku,
  sysCode: 'S00000001',
  skuName: 'Mug',
  countedQuantity: 10 + variance,
  bookQuantity: 10,
  movedSince: -3,
  variance,
  state,
  round: 1,
  affectedOrders: 0,
  reviewedAt: null,
});

const detail: CountDetail = {
  ...row,
  locations: [
    {
      id: '00000000-0000-4000-8000-00000000d001',
      locationId: '00000000-0000-4000-8000-00000000b001',
      locationCode: 'A-01-01',
      status: 'counted',
      round: 1,
      countedAt: '2026-11-27T09:00:00.000Z',
    },
  ],
  lines: [
    line('00000000-0000-4000-8000-00000000e001', 'MUG-RED', -1, 'pending'),
    line('00000000-0000-4000-8000-00000000e002', 'MUG-BLUE', 0, 'no_variance'),
  ],
};

const reviews: unknown[] = [];
const sheets: string[] = [];

useApiServer(
  http.get(api('/stock/check/list'), () => ok(pageOf([row], 1))),
  http.get(api('/stock/check/detail'), () => ok(detail)),
  http.post(api('/stock/check/review'), async ({ request }) => {
    reviews.push(await request.json());
    return ok({ id: row.id, passed: 1, rejected: 0, affectedOrders: 0 }, 'Updated');
  }),
  http.get(api('/stock/check/sheet'), ({ request }) => {
    sheets.push(new URL(request.url).searchParams.get('ids') ?? '');
    return new Response(new Blob(['%PDF-1.4']), { headers: { 'content-type': 'application/pdf' } });
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

async function renderList() {
  signIn('ware_manager', [PERMISSIONS.countList, PERMISSIONS.countEdit, PERMISSIONS.countReview]);
  renderWithProviders(<CheckList />);
  await screen.findByText('PD20261127-0001');
}

describe('the stock check list (/stock/check)', () => {
  it('shows progress and result, and asks for a count sheet before printing', async () => {
    await renderList();
    const tableRow = screen.getByText('PD20261127-0001').closest('tr');
    if (!(tableRow instanceof HTMLElement)) throw new Error('no row');
    expect(within(tableRow).getByText('1 / 2 locations')).toBeTruthy();
    expect(within(tableRow).getByText('1 variances to review')).toBeTruthy();
    expect(within(tableRow).getByText('Counting')).toBeTruthy();
    for (const tab of ['All', 'To count', 'Counting', 'Counted'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Print count sheet' }));
    expect(await screen.findByText('Please select a count sheet to print')).toBeTruthy();
    expect(sheets).toHaveLength(0);
  });

  it('passes a chosen variance after a confirmation, and only variances waiting for review', async () => {
    await renderList();
    fireEvent.click(screen.getByText('PD20261127-0001'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('MUG-RED');
    const checkboxes = within(drawer).getAllByRole('checkbox') as HTMLInputElement[];
    // The header's select-all, the pending line, the line without variance (not selectable).
    expect(checkboxes.at(-1)?.disabled).toBe(true);
    const pass = within(drawer).getByRole('button', { name: 'Pass' });
    expect((pass as HTMLButtonElement).disabled).toBe(true);
    const pendingRow = within(drawer).getByText('MUG-RED').closest('tr');
    if (!(pendingRow instanceof HTMLElement)) throw new Error('no line');
    fireEvent.click(within(pendingRow).getByRole('checkbox'));
    await waitFor(() => expect((pass as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pass);
    expect((await screen.findAllByText('Pass 1 variances?')).length).toBeGreaterThan(0);
    expect(reviews).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Pass' }).at(-1);
    if (!confirm) throw new Error('no confirmation');
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(reviews).toEqual([
        { id: row.id, lineIds: ['00000000-0000-4000-8000-00000000e001'], decision: 'pass' },
      ]),
    );
  });
});
