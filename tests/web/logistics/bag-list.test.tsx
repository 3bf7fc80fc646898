/**
 * The bag list (/logistics/bags): bags with package count, weight and delivery status; a filter
 * by bag number reaching the server; a bag's parcels with their tracking numbers in the drawer;
 * its manifest fetched as a PDF; and the delivery status of the chosen bags set only after a
 * choice and a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BagList } from '@admin/screens/logistics/BagList.js';
import type { BagDetail, BagView } from '@shared/contract/packing.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';

vi.setConfig({ testTimeout: 90_000 });

const bag: BagView = {
  id: '00000000-0000-4000-8000-00000000ba01',
  bagNo: 'BG2611280001',
  warehouseId: WAREHOUSE_ID,
  warehouseName: 'BKK1 Bangkok warehouse',
  channelId: null,
  channelName: 'Kerry Express',
  status: 'closed',
  packageCount: 2,
  weightGrams: 2100,
  deliveryStatus: 'pickup',
  deliveredAt: '2026-11-28T03:00:00.000Z',
  openedAt: '2026-11-28T01:00:00.000Z',
  closedAt: '2026-11-28T02:00:00.000Z',
};

const detail: BagDetail = {
  ...bag,
  parcels: [
    {
      orderId: '00000000-0000-4000-8000-00000000a001',
      orderNo: 'SO-1',
      trackingNo: 'TH0000000001',
      weightGrams: 1000,
      warehouseStatus: 'delivered',
    },
    {
      orderId: '00000000-0000-4000-8000-00000000a002',
      orderNo: 'SO-2',
      trackingNo: 'TH0000000002',
      weightGrams: 1100,
      warehouseStatus: 'delivered',
    },
  ],
};

const listed: string[] = [];
const changes: unknown[] = [];
const manifests: string[] = [];

useApiServer(
  http.get(api('/bag/list'), ({ request }) => {
    listed.push(new URL(request.url).searchParams.get('bagNo') ?? '');
    return ok(pageOf([bag], 1));
  }),
  http.get(api('/bag/detail'), () => ok(detail)),
  http.post(api('/bag/deliveryStatus'), async ({ request }) => {
    changes.push(await request.json());
    return ok({ count: 1 }, 'Updated');
  }),
  http.get(api('/bag/manifest'), ({ request }) => {
    manifests.push(new URL(request.url).searchParams.get('id') ?? '');
    return new Response(new Blob(['%PDF-1.4']), { headers: { 'content-type': 'application/pdf' } });
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

async function renderList() {
  signIn('ware_manager', [PERMISSIONS.waybillList, PERMISSIONS.outboundEdit]);
  renderWithProviders(<BagList />);
  await screen.findByText('BG2611280001');
}

describe('the bag list (/logistics/bags)', () => {
  it('lists bags, filters by bag number, shows a bag’s parcels and fetches its manifest', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderList();
    const row = screen.getByText('BG2611280001').closest('tr');
    if (!(row instanceof HTMLElement)) throw new Error('no row');
    expect(within(row).getByText('Pickup')).toBeTruthy();
    expect(within(row).getByText('2.1 kg')).toBeTruthy();
    expect(within(row).getByText('Kerry Express')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Bag number'), { target: { value: 'BG26' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listed).toContain('BG26'));

    fireEvent.click(within(row).getByText('Detail'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('TH0000000001')).toBeTruthy();
    expect(within(drawer).getByText('TH0000000002')).toBeTruthy();

    fireEvent.click(within(row).getByText('Manifest'));
    await waitFor(() => expect(manifests).toEqual([bag.id]));
  });

  it('sets the delivery status of the chosen bags only after a choice and a confirmation', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Set delivery status' }));
    expect(await screen.findByText('Please select a bag first')).toBeTruthy();
    const row = screen.getByText('BG2611280001').closest('tr');
    if (!(row instanceof HTMLElement)) throw new Error('no row');
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Set delivery status' }));
    expect(await screen.findByText('Please choose a delivery status')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'New delivery status' }));
    fireEvent.click(await screen.findByTitle('Delivery success'));
    fireEvent.click(screen.getByRole('button', { name: 'Set delivery status' }));
    expect(
      (await screen.findAllByText('Set the delivery status of 1 bags to Delivery success?')).length,
    ).toBeGreaterThan(0);
    expect(changes).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Set delivery status' }).at(-1);
    if (!confirm) throw new Error('no confirmation');
    fireEvent.click(confirm);
    await waitFor(() => expect(changes).toEqual([{ ids: [bag.id], deliveryStatus: 'delivery_success' }]));
  });
});
