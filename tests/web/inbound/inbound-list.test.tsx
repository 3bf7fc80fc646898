import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InboundList } from '@admin/screens/inbound/InboundList.js';
import type { InboundDetail, InboundOrderRow } from '@shared/contract/inbound.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';
import { onWideScreen } from '../support/wide-screen.js';

// Read as on a wide desktop: the inbound list's abnormal reason show from 1600 px.
onWideScreen();

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
  orderRow({
    id: '00000000-0000-4000-8000-00000000e003',
    inboundNo: 'IN202611210003',
    status: 'received',
    abnormalReason: 'One carton crushed',
    receivedQuantity: 40,
  }),
];
const listQueries: URLSearchParams[] = [];
const added: unknown[] = [];
const edited: unknown[] = [];
const cancelled: unknown[] = [];
const skuQueries: URLSearchParams[] = [];
const SKU_ID = '00000000-0000-4000-8000-00000000f001';
const detailOf = (row: InboundOrderRow): InboundDetail => ({
  ...row,
  receivingLocationCode: 'RCV-01',
  boxes: [
    {
      id: '00000000-0000-4000-8000-00000000b001',
      boxNo: 'CTN-01',
      finishedAt: null,
      lines: [
        {
          id: '00000000-0000-4000-8000-00000000a001',
          skuId: SKU_ID,
          sellerSku: 'TS-BLK-M',
          sysCode: 'S00000001',
          productName: 'Cotton T-shirt',
          shipQuantity: 40,
          receivedQuantity: 0,
          shelvedQuantity: 0,
          damagedQuantity: 0,
        },
      ],
    },
  ],
  skus: [],
  discrepancies: [],
  records: [],
});

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
  http.put(api('/inbound/order/edit'), async ({ request }) => {
    edited.push(await request.json());
    return ok({ id: 'x', inboundNo: 'IN202611210001' }, 'Saved');
  }),
  http.post(api('/inbound/order/cancel'), async ({ request }) => {
    cancelled.push(await request.json());
    return ok({ id: 'x', status: 'cancelled' }, 'Saved');
  }),
  http.get(api('/inbound/order/detail'), () => ok(detailOf(orderRow()))),
  http.get(api('/catalog/sku/list'), ({ request }) => {
    skuQueries.push(new URL(request.url).searchParams);
    return ok(pageOf([], 0));
  }),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

async function renderList(role: 'seller' | 'ware_manager') {
  listQueries.length = 0;
  added.length = 0;
  edited.length = 0;
  cancelled.length = 0;
  const sellerSide = [PERMISSIONS.inboundAdd, PERMISSIONS.inboundEdit];
  signIn(role, [PERMISSIONS.inboundList, ...(role === 'seller' ? sellerSide : [])]);
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
    // A difference shows beside what went right, not instead of it.
    const received = screen.getByText('IN202611210003').closest('tr');
    if (!(received instanceof HTMLElement)) throw new Error('no row');
    expect(within(received).getByText('Received')).toBeTruthy();
    expect(within(received).getByText('With differences')).toBeTruthy();
    expect(within(row).queryByText('With differences')).toBeNull();
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

  it("refuses a negative ship quantity with the field's message and keeps what was typed", async () => {
    await renderList('seller');
    fireEvent.click(screen.getByRole('button', { name: /New inbound order/ }));
    const drawer = await screen.findByRole('dialog');
    const quantity = within(drawer).getByLabelText('Ship quantity');
    fireEvent.change(quantity, { target: { value: '-3' } });
    fireEvent.blur(quantity);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Ship quantity must be at least 1')).toBeTruthy();
    expect((quantity as HTMLInputElement).value).toBe('-3');
    expect(added).toHaveLength(0);
  });

  it('searches the SKU picker by what is typed, as a prefix or a name', async () => {
    await renderList('seller');
    fireEvent.click(screen.getByRole('button', { name: /New inbound order/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByRole('combobox', { name: 'SKU' }), { target: { value: 'TS-BLK' } });
    await waitFor(() => expect(skuQueries.map((query) => query.get('keyword'))).toContain('TS-BLK'), {
      timeout: 5000,
    });
    expect(skuQueries.every((query) => query.get('skuSearch') === null)).toBe(true);
  }, 90_000);

  it('offers edit and cancel only on pending orders nothing of which was received', async () => {
    await renderList('seller');
    const pendingRow = screen.getByText('IN202611210001').closest('tr');
    const abnormalRow = screen.getByText('IN202611210002').closest('tr');
    if (!(pendingRow instanceof HTMLElement) || !(abnormalRow instanceof HTMLElement))
      throw new Error('no row');
    expect(within(abnormalRow).queryByText('Edit')).toBeNull();
    expect(within(abnormalRow).queryByText('Cancel')).toBeNull();

    fireEvent.click(within(pendingRow).getByText('Cancel'));
    expect((await screen.findAllByText('Cancel inbound order IN202611210001?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(cancelled).toHaveLength(0);
    fireEvent.click(within(pendingRow).getByText('Cancel'));
    const confirms = await screen.findAllByRole('button', { name: 'Cancel the order' });
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement);
    await waitFor(() => expect(cancelled).toEqual([{ id: orderRow().id }]));

    fireEvent.click(within(pendingRow).getByText('Edit'));
    const title = await screen.findByText('Edit inbound order IN202611210001');
    const drawer = title.closest('.ant-drawer-content');
    if (!(drawer instanceof HTMLElement)) throw new Error('no drawer');
    await waitFor(() =>
      expect((within(drawer).getByLabelText('Box number') as HTMLInputElement).value).toBe('CTN-01'),
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edited).toHaveLength(1));
    expect(edited[0]).toMatchObject({
      id: orderRow().id,
      warehouseId: WAREHOUSE_ID,
      boxes: [{ boxNo: 'CTN-01', lines: [{ skuId: SKU_ID, shipQuantity: 40 }] }],
    });
  }, 90_000);
});
