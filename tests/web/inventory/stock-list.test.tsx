import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StockList } from '@admin/screens/inventory/StockList.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { LOCATION_ID, stockRow, WAREHOUSES } from './fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const KEEPER = [PERMISSIONS.stockList, PERMISSIONS.stockAdjust, PERMISSIONS.stockFreeze];
const rows = [stockRow({ sellerSku: 'MUG-RED' }), stockRow({ sellerSku: 'MUG-BLUE' })];
const listQueries: URLSearchParams[] = [];
const sent: { path: string; body: unknown }[] = [];
const holderQueries: URLSearchParams[] = [];

useApiServer(
  http.get(api('/inventory/stock/list'), ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return ok(pageOf(rows, 2));
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/warehouse/location/list'), () =>
    ok(
      pageOf(
        [
          {
            id: LOCATION_ID,
            warehouseId: WAREHOUSES[0]?.id ?? '',
            warehouseCode: 'BKK1',
            partitionId: null,
            partitionCode: null,
            code: 'A01-01-01',
            locationType: 'storage',
            capacity: null,
            quantity: 3,
            skuCount: 1,
            status: 'in_use',
          },
        ],
        1,
      ),
    ),
  ),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
  http.get(api('/order/reservation/holders'), ({ request }) => {
    holderQueries.push(new URL(request.url).searchParams);
    return ok({
      holders: [
        {
          orderId: '00000000-0000-4000-8000-00000000d101',
          orderNo: 'SHP240001',
          systemNo: 'SO20261121000001',
          warehouseId: rows[0]?.warehouseId ?? '',
          warehouseCode: 'BKK1',
          localStatus: 'pending_shipment',
          quantity: 3,
          reservedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
      warehouses: [
        { warehouseId: rows[0]?.warehouseId ?? '', warehouseCode: 'BKK1', reserved: 3, frozen: 5 },
      ],
    });
  }),
  http.post(api('/order/reservation/repair'), () =>
    ok(
      {
        ordersChecked: 12,
        differences: [
          {
            orderId: '00000000-0000-4000-8000-00000000d102',
            orderNo: 'SHP240002',
            skuId: rows[0]?.skuId ?? '',
            sellerSku: 'MUG-RED',
            warehouseId: rows[0]?.warehouseId ?? '',
            expected: 2,
            ledger: 0,
            fix: 'reserved',
          },
        ],
      },
      'Saved',
    ),
  ),
  http.post(api('/inventory/stock/adjust'), async ({ request }) => {
    sent.push({ path: 'adjust', body: await request.json() });
    return ok({ movementId: 1, balance: { ...rows[0], available: 33 } }, 'Saved');
  }),
);

async function renderList(codes: PermissionCode[] = KEEPER) {
  localStorage.clear();
  listQueries.length = 0;
  sent.length = 0;
  signIn('ware_manager', codes);
  const view = renderWithProviders(<StockList />);
  await screen.findByText('MUG-RED');
  return view;
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${text}`);
  return row;
}

describe('the stock list (/stock/list)', () => {
  it('shows the server rows with their balances and, picked, the age buckets', async () => {
    await renderList();
    // Stock age is one of the columns shown only when picked (the list fits 1366 px without it).
    expect(screen.queryAllByText('Under 30 days')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const picker = await screen.findByTestId('column-picker-inventory/StockList');
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'Stock age' }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'In transit' }));
    await waitFor(() => expect(screen.getAllByText('Under 30 days').length).toBeGreaterThan(0));
    const row = rowOf('MUG-RED');
    for (const value of ['35', '30', '5', '2', '10', '11', '12', '7']) {
      expect(within(row).getAllByText(value).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText('Stock age').length).toBeGreaterThan(1);
    expect(screen.getAllByText('Under 30 days').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Over 180 days').length).toBeGreaterThan(0);
    expect(listQueries[0]?.get('pageNo')).toBe('1');
  });

  it('sends a comma-separated SKU batch search to the server', async () => {
    await renderList();
    const search = screen.getByRole('search');
    fireEvent.change(within(search).getByPlaceholderText('SKU1,SKU2,SKU3'), {
      target: { value: ' MUG-RED，MUG-BLUE  TEA-1 ' },
    });
    fireEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listQueries.at(-1)?.get('skuSearch')).toBe('MUG-RED,MUG-BLUE,TEA-1'));
  });

  it('asks for a selection before acting', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: /Adjust/ }));
    expect(await screen.findByText('Select at least one inventory data!')).toBeTruthy();
  });

  it('adjusts only after the confirmation', async () => {
    await renderList();
    fireEvent.click(within(rowOf('MUG-RED')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /Adjust/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = screen
        .getAllByTitle('A01-01-01')
        .find((item) => item.classList.contains('ant-select-item-option'));
      if (!found) throw new Error('no location option yet');
      return found;
    });
    fireEvent.click(option);
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'found in count' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));

    const confirm = await screen.findByText(/Adjust 1 stock record\(s\)\? MUG-RED \+3/);
    expect(sent).toHaveLength(0);
    const confirmDialog = confirm.closest('.ant-modal-confirm');
    if (!(confirmDialog instanceof HTMLElement)) throw new Error('no confirmation');
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      warehouseId: rows[0]?.warehouseId,
      skuId: rows[0]?.skuId,
      locationId: LOCATION_ID,
      quantity: 3,
      reason: 'found in count',
    });
  });

  it('warns that frozen stock can block the order from leaving the warehouse', async () => {
    await renderList();
    fireEvent.click(within(rowOf('MUG-BLUE')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /^(lock ?)?Freeze$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Stock quantity equals frozen plus available; changing the frozen quantity can block the order from leaving the warehouse.',
      ),
    ).toBeTruthy();
  });

  it('hides the change buttons without their permissions', async () => {
    await renderList([PERMISSIONS.stockList]);
    expect(screen.queryByRole('button', { name: /Adjust/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Freeze/ })).toBeNull();
  });

  it('opens the orders holding the frozen units from the frozen figure', async () => {
    await renderList([...KEEPER, PERMISSIONS.orderList]);
    fireEvent.click(
      within(rowOf('MUG-RED')).getByLabelText('Orders holding the frozen units of MUG-RED in BKK1'),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('SHP240001')).toBeTruthy();
    expect(
      within(dialog).getByText('5 units frozen: 3 held by the orders below, 2 frozen by hand.'),
    ).toBeTruthy();
    expect(holderQueries.at(-1)?.get('skuId')).toBe(rows[0]?.skuId);
    expect(holderQueries.at(-1)?.get('warehouseId')).toBe(rows[0]?.warehouseId);
  });

  it('repairs reservations after a confirmation, for managers with the permission only, and shows the report', async () => {
    await renderList([...KEEPER, PERMISSIONS.orderList]);
    expect(screen.queryByRole('button', { name: /Repair reservations/ })).toBeNull();
    cleanup();
    await renderList([...KEEPER, PERMISSIONS.orderList, PERMISSIONS.orderRepair]);
    fireEvent.click(screen.getByRole('button', { name: /Repair reservations/ }));
    const [confirm] = await screen.findAllByText('Repair the reservations?');
    const confirmDialog = confirm?.closest('.ant-modal-confirm');
    if (!(confirmDialog instanceof HTMLElement)) throw new Error('no confirmation');
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Repair' }));
    expect(await screen.findByText('Checked 12 open orders and fixed 1 difference(s):')).toBeTruthy();
    expect(screen.getByText('Reserved the missing units')).toBeTruthy();
  });
});
