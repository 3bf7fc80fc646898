/**
 * The waves screen (/logistics/waves): rows with status, progress, units short and who is
 * picking; the detail with its orders, lines and shortages with their reasons; a new wave made
 * from the orders chosen among those ready to pick; no "New wave" without the permission; a
 * short-picked order put back to be picked after a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WaveList } from '@admin/screens/picking/WaveList.js';
import type { ReadyOrderRow, WaveDetail, WaveRow } from '@shared/contract/picking.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const row: WaveRow = {
  id: '00000000-0000-4000-8000-00000000a0a1',
  waveNo: 'WV20261128-0001',
  warehouseId: WAREHOUSE_ID,
  warehouseCode: 'BKK1',
  status: 'short',
  orderCount: 2,
  units: 5,
  pickedUnits: 3,
  shortUnits: 2,
  pickerName: 'Somchai',
  createdAt: '2026-11-28T08:00:00.000Z',
};

const detail: WaveDetail = {
  ...row,
  orders: [
    {
      orderId: '00000000-0000-4000-8000-00000000b001',
      orderNo: 'SO-1',
      trackingNo: 'TH001',
      state: 'picked',
      localStatus: 'pending_shipment',
      warehouseStatus: 'picked',
      repickable: false,
      lines: [
        {
          lineId: '00000000-0000-4000-8000-00000000c001',
          sellerSku: 'MUG-RED',
          name: 'Red mug',
          quantity: 3,
          picked: 3,
          short: 0,
        },
      ],
    },
    {
      orderId: '00000000-0000-4000-8000-00000000b002',
      orderNo: 'SO-2',
      trackingNo: 'TH002',
      state: 'short',
      localStatus: 'pending_shipment',
      warehouseStatus: 'picking',
      repickable: true,
      lines: [
        {
          lineId: '00000000-0000-4000-8000-00000000c002',
          sellerSku: 'MUG-BLUE',
          name: 'Blue mug',
          quantity: 2,
          picked: 0,
          short: 2,
        },
      ],
    },
  ],
  shortages: [
    {
      orderNo: 'SO-2',
      sellerSku: 'MUG-BLUE',
      locationCode: 'A-01-02',
      quantity: 2,
      reason: 'damaged',
      reportedBy: 'Somchai',
      createdAt: '2026-11-28T09:00:00.000Z',
    },
  ],
};

const ready: ReadyOrderRow[] = [
  {
    id: '00000000-0000-4000-8000-00000000d001',
    orderNo: 'SO-10',
    shopId: 'shop-1',
    shopName: 'Demo shop',
    parcelType: 'single_single',
    channelId: null,
    channelName: 'Kerry Express',
    trackingNo: 'TH010',
    units: 1,
    shipBy: null,
  },
  {
    id: '00000000-0000-4000-8000-00000000d002',
    orderNo: 'SO-11',
    shopId: 'shop-1',
    shopName: 'Demo shop',
    parcelType: 'multi',
    channelId: null,
    channelName: 'Kerry Express',
    trackingNo: 'TH011',
    units: 3,
    shipBy: null,
  },
];

const made: unknown[] = [];
const repicked: unknown[] = [];

useApiServer(
  http.get(api('/wave/list'), () => ok(pageOf([row], 1))),
  http.get(api('/wave/detail'), () => ok(detail)),
  http.get(api('/wave/readyOrders'), () => ok(ready)),
  http.post(api('/wave/add'), async ({ request }) => {
    made.push(await request.json());
    return ok(
      { id: '00000000-0000-4000-8000-00000000a0a2', waveNo: 'WV20261128-0002', orderCount: 1 },
      'Added',
    );
  }),
  http.post(api('/wave/repick'), async ({ request }) => {
    repicked.push(await request.json());
    return ok({ count: 1 }, 'Updated');
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

async function renderList(permissions: PermissionCode[]) {
  signIn('ware_manager', permissions);
  renderWithProviders(<WaveList />);
  await screen.findByText('WV20261128-0001');
}

describe('the waves screen (/logistics/waves)', () => {
  it('shows each wave with its progress, shortages and picker, and its detail with reasons', async () => {
    await renderList([PERMISSIONS.waveList]);
    const tableRow = screen.getByText('WV20261128-0001').closest('tr');
    if (!(tableRow instanceof HTMLElement)) throw new Error('no row');
    expect(within(tableRow).getByText('3 / 5 picked')).toBeTruthy();
    expect(within(tableRow).getByText('Short')).toBeTruthy();
    expect(within(tableRow).getByText('Somchai')).toBeTruthy();
    for (const tab of ['All', 'To pick', 'Picking', 'Picked', 'Short'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New wave/ })).toBeNull();

    fireEvent.click(screen.getByText('WV20261128-0001'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('A-01-02');
    expect(within(drawer).getByText('Wave WV20261128-0001')).toBeTruthy();
    const shortage = within(drawer).getByText('A-01-02').closest('tr');
    if (!(shortage instanceof HTMLElement)) throw new Error('no shortage row');
    expect(within(shortage).getByText('Damaged')).toBeTruthy();
    expect(within(shortage).getByText('MUG-BLUE')).toBeTruthy();
    // Without the permission to run waves there is nothing to put back.
    expect(within(drawer).queryByRole('button', { name: 'Pick again' })).toBeNull();
  });

  it('puts a short-picked order back to be picked after a confirmation', async () => {
    await renderList([PERMISSIONS.waveList, PERMISSIONS.waveEdit]);
    fireEvent.click(screen.getByText('WV20261128-0001'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('A-01-02');
    // Only the short order offers it.
    const buttons = within(drawer).getAllByRole('button', { name: 'Pick again' });
    expect(buttons).toHaveLength(1);
    // SO-2 shows in its order row and in the shortages: the row is the one with the button.
    const [button] = buttons;
    const shortRow = button?.closest('tr');
    if (!(shortRow instanceof HTMLElement) || !button) throw new Error('no order row');
    expect(within(shortRow).getByText('SO-2')).toBeTruthy();
    fireEvent.click(button);
    // antd names the confirmation by its title too: the text shows more than once.
    expect((await screen.findAllByText('Pick order SO-2 again?')).length).toBeGreaterThan(0);
    expect(repicked).toEqual([]);
    const confirm = screen.getAllByRole('button', { name: 'Pick again' }).at(-1);
    if (!confirm) throw new Error('no confirmation');
    fireEvent.click(confirm);
    await waitFor(() => expect(repicked).toEqual([{ orderIds: ['00000000-0000-4000-8000-00000000b002'] }]));
    expect(
      await screen.findByText('Order SO-2 is ready for a new wave: only its missing units will be picked.'),
    ).toBeTruthy();
  });

  it('makes a wave of the orders chosen among those ready to pick', async () => {
    await renderList([PERMISSIONS.waveList, PERMISSIONS.waveEdit]);
    fireEvent.click(screen.getByRole('button', { name: /New wave/ }));
    const modal = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(modal).getByRole('combobox'));
    fireEvent.click(await screen.findByText('BKK1 · Bangkok 1'));
    await within(modal).findByText('SO-11');
    const create = within(modal).getByRole('button', { name: 'Create wave' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    const orderRow = within(modal).getByText('SO-11').closest('tr');
    if (!(orderRow instanceof HTMLElement)) throw new Error('no order row');
    fireEvent.click(within(orderRow).getByRole('checkbox'));
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    expect(within(modal).getByText('1 orders chosen')).toBeTruthy();
    fireEvent.click(create);
    await waitFor(() =>
      expect(made).toEqual([
        { warehouseId: WAREHOUSE_ID, orderIds: ['00000000-0000-4000-8000-00000000d002'] },
      ]),
    );
  });
});
