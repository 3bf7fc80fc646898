import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InboundList } from '../../../src/admin/screens/inbound/InboundList.js';
import type { InboundOrderRow } from '../../../src/shared/contract/inbound.js';
import { PERMISSIONS } from '../../../src/shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

function orderRow(overrides: Partial<InboundOrderRow> = {}): InboundOrderRow {
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    inboundNo: 'IN202611210001',
    sellerId: '00000000-0000-4000-8000-00000000c001',
    sellerName: 'Siam Shop',
    warehouseId: WAREHOUSE_ID,
    warehouseCode: 'BKK1',
    transportMode: 'sea',
    expectedArrival: null,
    warehousingType: 'normal',
    shippingRemark: '',
    status: 'pending',
    abnormalReason: '',
    boxCount: 2,
    shipQuantity: 40,
    receivedQuantity: 0,
    shelvedQuantity: 0,
    createdAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

const rows = [
  orderRow(),
  orderRow({
    id: '00000000-0000-4000-8000-00000000e002',
    inboundNo: 'IN202611210002',
    status: 'abnormal',
    abnormalReason: 'Box 2 short by 3',
  }),
];
const listQueries: URLSearchParams[] = [];
const added: unknown[] = [];

useApiServer(
  http.get(api('/inbound/order/list'), ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return ok(pageOf(rows, 2));
  }),
  http.post(api('/inbound/order/add'), async ({ request }) => {
    added.push(await request.json());
    return ok({ id: 'x', inboundNo: 'IN202611210003' }, 'Saved');
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/catalog/sku/list'), () => ok(pageOf([], 0))),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

async function renderList(role: 'seller' | 'ware_manager') {
  listQueries.length = 0;
  added.length = 0;
  signIn(role, [PERMISSIONS.inboundList, ...(role === 'seller' ? [PERMISSIONS.inboundAdd] : [])]);
  const view = renderWithProviders(<InboundList />);
  await screen.findByText('IN202611210001');
  return view;
}

describe('the inbound list (/inbound/list)', () => {
  it('shows the server rows with their status, and the status tabs', async () => {
    await renderList('ware_manager');
    const row = screen.getByText('IN202611210002').closest('tr');
    if (!(row instanceof HTMLElement)) throw new Error('no row');
    expect(within(row).getByText('Box 2 short by 3')).toBeTruthy();
    expect(within(row).getByText('Siam Shop')).toBeTruthy();
    for (const tab of [
      'All',
      'Awaiting storage',
      'Partially stored',
      'Abnormal',
      'Received',
      'Stored',
      'Not received',
    ]) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
    expect(listQueries[0]?.get('pageNo')).toBe('1');
    expect(listQueries[0]?.get('status')).toBeNull();
    expect(screen.queryByRole('button', { name: /New inbound order/ })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Partially stored' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('status')).toBe('partial'));
  });

  it('refuses a new order without a warehouse, before sending', async () => {
    await renderList('seller');
    fireEvent.click(screen.getByRole('button', { name: /New inbound order/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('The warehousing warehouse cannot be empty')).toBeTruthy();
    expect(added).toHaveLength(0);
  });
});
