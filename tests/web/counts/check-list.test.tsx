/**
 * The stock check list (/stock/check): rows with progress and result, the print button asking
 * for a choice first (spec 02 §8), and the review drawer passing only variances waiting for
 * review, after a confirmation (spec 02 §5); an SKU not counted shows as such, apart from one
 * counted 0, without a variance, and cannot be passed (as a 0), only rejected for a recount.
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
  uncountedLines: 0,
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
  isCounted: true,
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

/** A second order: EB-BLACK counted 0 (5 on the book), EB-WHITE not counted (35 on the book). */
const uncountedRow: CountRow = {
  ...row,
  id: '00000000-0000-4000-8000-00000000c0a2',
  countNo: 'PD20261127-0002',
  pendingLines: 1,
  uncountedLines: 1,
};
const uncountedDetail: CountDetail = {
  ...uncountedRow,
  locations: detail.locations,
  lines: [
    {
      ...line('00000000-0000-4000-8000-00000000e003', 'EB-BLACK', -10, 'pending'),
      countedQuantity: 0,
      bookQuantity: 10,
      variance: -10,
    },
    {
      ...line('00000000-0000-4000-8000-00000000e004', 'EB-WHITE', 0, 'pending'),
      isCounted: false,
      countedQuantity: null,
      bookQuantity: 35,
      movedSince: 0,
      variance: null,
      state: 'not_counted',
    },
  ],
};

const reviews: unknown[] = [];
const sheets: string[] = [];

useApiServer(
  http.get(api('/stock/check/list'), () => ok(pageOf([row, uncountedRow], 2))),
  http.get(api('/stock/check/detail'), ({ request }) =>
    ok(new URL(request.url).searchParams.get('id') === uncountedRow.id ? uncountedDetail : detail),
  ),
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

  it('shows a line not counted apart from one counted 0, without a variance, and lets it only be rejected', async () => {
    await renderList();
    const listRow = screen.getByText('PD20261127-0002').closest('tr');
    if (!(listRow instanceof HTMLElement)) throw new Error('no row');
    expect(within(listRow).getByText('1 SKUs not counted')).toBeTruthy();
    fireEvent.click(screen.getByText('PD20261127-0002'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('EB-WHITE');
    const rowOf = (sku: string) => {
      const found = within(drawer).getByText(sku).closest('tr');
      if (!(found instanceof HTMLElement)) throw new Error(`no line ${sku}`);
      return found;
    };
    const cells = (sku: string) => [...rowOf(sku).querySelectorAll('td')].map((cell) => cell.textContent);
    // Counted 0: its 0 and its variance; not counted: said so, no quantity and no variance.
    expect(cells('EB-BLACK')).toEqual(expect.arrayContaining(['0', '10', '-10', 'To review']));
    expect(cells('EB-WHITE')).toEqual(expect.arrayContaining(['Not counted', '35', '-']));
    expect(cells('EB-WHITE')).not.toContain('0');
    expect(within(rowOf('EB-WHITE')).getAllByText('Not counted')).toHaveLength(2);

    // Each row's selection box is named after its line.
    const white = within(drawer).getByRole('checkbox', { name: 'Select EB-WHITE on A-01-01' });
    expect(within(drawer).getByRole('checkbox', { name: 'Select EB-BLACK on A-01-01' })).toBeTruthy();
    fireEvent.click(white);
    const pass = within(drawer).getByRole('button', { name: 'Pass' }) as HTMLButtonElement;
    const reject = within(drawer).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    await waitFor(() => expect(reject.disabled).toBe(false));
    expect(pass.disabled).toBe(true);
    expect(
      within(drawer).getByText(
        'Lines not counted cannot be passed as 0: reject them to have their locations counted again',
      ),
    ).toBeTruthy();
  });
});
