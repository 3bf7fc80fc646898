/**
 * The order list's 'Import orders' button: shown to those who enter orders; the template, the
 * seller for agents, approving at once for those who review; a clean file says how much was
 * imported, a refused one shows its row-by-row report.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { OrderImportButton } from '@admin/screens/orders/OrderImport.js';
import type { OrderImportSummary } from '@shared/contract/order-sheet.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import type { UserRole } from '@shared/domain/roles.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn, userRecord } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const SELLER_ID = '00000000-0000-4000-8000-00000000c001';
const summary: OrderImportSummary = {
  orders: 2,
  lines: 3,
  reviewed: 0,
  outOfStock: 0,
  created: [
    { id: 'o1', orderNo: 'SO-1', systemNo: 'SO20261121000001', row: 2 },
    { id: 'o2', orderNo: 'SO-2', systemNo: 'SO20261121000002', row: 4 },
  ],
};

let importReply: () => Response = () => ok(summary);
const queries: URLSearchParams[] = [];

useApiServer(
  http.post(api('/order/excel/import'), ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    return importReply();
  }),
  http.get(api('/sys/user/list'), () =>
    ok(pageOf([userRecord({ id: SELLER_ID, realname: 'Sam Seller', userRole: 'seller' })], 1)),
  ),
);

async function openImport(role: UserRole, codes: PermissionCode[]) {
  queries.length = 0;
  signIn(role, codes);
  const onImported = vi.fn();
  renderWithProviders(<OrderImportButton onImported={onImported} />);
  fireEvent.click(await screen.findByRole('button', { name: /Import orders/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('button', { name: /Download the template/ })).toBeTruthy();
  return { dialog, onImported };
}

function chooseFile() {
  const input = document.querySelector('input[type="file"][accept=".xlsx"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no import input');
  fireEvent.change(input, { target: { files: [new File(['x'], 'orders.xlsx')] } });
}

describe('importing orders from Excel', () => {
  it('is not offered to those who may not enter orders', async () => {
    signIn('ware_manager', [PERMISSIONS.orderList]);
    renderWithProviders(
      <>
        <span>toolbar</span>
        <OrderImportButton />
      </>,
    );
    expect(await screen.findByText('toolbar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Import orders/ })).toBeNull();
  });

  it('imports a seller’s file and says how much was imported', async () => {
    importReply = () => ok(summary);
    const { dialog, onImported } = await openImport('seller', [PERMISSIONS.orderAdd]);
    expect(within(dialog).queryByText('Seller')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    chooseFile();
    expect(await screen.findByText('Imported 2 orders with 3 lines')).toBeTruthy();
    expect(onImported).toHaveBeenCalledWith(summary);
    expect(queries[0]?.has('sellerId')).toBe(false);
    expect(queries[0]?.get('tz')).toBeTruthy();
    expect(queries[0]?.has('passReview')).toBe(false);
  });

  it('approves at once when asked, and says how many are out of stock', async () => {
    importReply = () => ok({ ...summary, reviewed: 2, outOfStock: 1 });
    const { dialog } = await openImport('seller', [PERMISSIONS.orderAdd, PERMISSIONS.orderReview]);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Approve the imported orders at once/ }));
    chooseFile();
    expect(
      await screen.findByText('Imported 2 orders with 3 lines; 2 approved, 1 of them out of stock'),
    ).toBeTruthy();
    expect(queries[0]?.get('passReview')).toBe('true');
  });

  it('needs the seller when an agent imports, and sends the one chosen', async () => {
    importReply = () => ok(summary);
    const { dialog } = await openImport('agent_manager', [PERMISSIONS.orderAdd, PERMISSIONS.userList]);
    chooseFile();
    expect(await screen.findByText('Choose the seller first')).toBeTruthy();
    expect(queries).toHaveLength(0);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Seller' }));
    fireEvent.click(await screen.findByText('Sam Seller', { selector: '.ant-select-item-option-content' }));
    chooseFile();
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]?.get('sellerId')).toBe(SELLER_ID);
  });

  it('shows the row-by-row report of a refused file', async () => {
    importReply = () =>
      HttpResponse.json(
        {
          success: false,
          code: 'import.rows_invalid',
          status: 422,
          message: '2 errors found; nothing was imported',
          report: [
            {
              row: 3,
              column: 'Seller SKU *',
              code: 'order_import.unknown_sku',
              message: "NO-SUCH is not one of the seller's SKU codes",
            },
            {
              row: 5,
              column: 'Ship by',
              code: 'order_import.bad_date',
              message: 'soon is not a date: write 2025-06-05 or 2025-06-05 18:00',
            },
          ],
          result: null,
          timestamp: Date.now(),
        },
        { status: 422 },
      );
    await openImport('seller', [PERMISSIONS.orderAdd]);
    chooseFile();
    const report = await screen.findByText('Import refused: nothing was imported');
    const dialog = report.closest('.ant-modal');
    if (!(dialog instanceof HTMLElement)) throw new Error('no report dialog');
    expect(within(dialog).getByText('2 errors found; nothing was imported')).toBeTruthy();
    expect(within(dialog).getByText("NO-SUCH is not one of the seller's SKU codes")).toBeTruthy();
    expect(within(dialog).getByText('Ship by')).toBeTruthy();
    expect(within(dialog).getByText('5')).toBeTruthy();
  });
});
