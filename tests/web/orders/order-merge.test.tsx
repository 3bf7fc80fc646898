/**
 * Merging one buyer's orders into a combined order, and splitting units off an order: the
 * dialog shows what it works on, names a difference seen on the page before sending, sends the
 * orders chosen, keeps a refusal in the server's words, and opens the order made.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { OrderList } from '@admin/screens/orders/OrderList.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSES } from '../inventory/fixtures.js';
import { orderDetail, orderPage, orderRow } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });

const first = orderRow({ orderNo: 'SHP-A-1', localStatus: 'pending_shipment' });
const second = orderRow({ orderNo: 'SHP-A-2', localStatus: 'pending_shipment' });
const otherBuyer = orderRow({
  orderNo: 'SHP-B-1',
  localStatus: 'pending_shipment',
  buyerName: 'Maria Santos',
});
const combined = orderRow({
  orderNo: 'SO20261121000099',
  systemNo: 'SO20261121000099',
  orderType: 'combined',
  localStatus: 'pending_shipment',
});
const merged: unknown[] = [];
const split: unknown[] = [];
const detailAsked: string[] = [];

const server = useApiServer(
  http.get(api('/order/list'), () => ok(orderPage([first, second, otherBuyer]))),
  http.get(api('/order/shops'), () => ok([])),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/order/detail'), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    detailAsked.push(id);
    const row = [first, second, otherBuyer, combined].find((order) => order.id === id) ?? first;
    return ok(
      orderDetail(row, {
        mergedOrders:
          row === combined
            ? [first, second].map(({ id: orderId, orderNo, systemNo }) => ({
                id: orderId,
                orderNo,
                systemNo,
              }))
            : [],
      }),
    );
  }),
  http.post(api('/order/merge'), async ({ request }) => {
    merged.push(await request.json());
    return ok({ id: combined.id, orderNo: combined.orderNo, systemNo: combined.systemNo }, 'Saved');
  }),
  http.post(api('/order/split'), async ({ request }) => {
    split.push(await request.json());
    return ok({ id: second.id, orderNo: 'SHP-A-1-000100', systemNo: 'SO20261121000100' }, 'Saved');
  }),
);

async function renderList() {
  merged.length = 0;
  split.length = 0;
  detailAsked.length = 0;
  signIn('seller', [PERMISSIONS.orderList, PERMISSIONS.orderEdit]);
  renderWithProviders(<OrderList />, { route: '/order/manage/seller' });
  await screen.findByText('SHP-A-1');
}

function select(orderNo: string) {
  const row = screen.getByText(orderNo).closest('tr');
  const box = row?.querySelector('input[type="checkbox"]');
  if (!(box instanceof HTMLElement)) throw new Error(`no row ${orderNo}`);
  fireEvent.click(box);
}

async function dialogTitled(title: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  const modal = heading.closest('.ant-modal');
  if (!(modal instanceof HTMLElement)) throw new Error('no dialog');
  return modal;
}

describe('merge', () => {
  it("merges one buyer's orders into a combined order and opens it", async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Please select an order first')).toBeTruthy();
    select('SHP-A-1');
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Select at least two orders to merge')).toBeTruthy();

    select('SHP-A-2');
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await dialogTitled('Merge 2 orders into a combined order?');
    expect(within(dialog).getByText('SHP-A-1')).toBeTruthy();
    expect(within(dialog).getByText('SHP-A-2')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(merged).toEqual([{ ids: [first.id, second.id] }]));
    expect(await screen.findByText('Combined order SO20261121000099 created')).toBeTruthy();
    await waitFor(() => expect(detailAsked).toContain(combined.id));
    expect(await screen.findByText('Order SO20261121000099')).toBeTruthy();
    expect(await screen.findByText(/SHP-A-1 \(.*\), SHP-A-2/)).toBeTruthy();
  });

  it('names what differs between the orders and does not send them', async () => {
    await renderList();
    select('SHP-A-1');
    select('SHP-B-1');
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await dialogTitled('Merge 2 orders into a combined order?');
    expect(within(dialog).getByText(/they differ in buyer\./)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Merge' }).hasAttribute('disabled')).toBe(true);
    expect(merged).toEqual([]);
  });

  it("keeps the server's refusal in the dialog", async () => {
    server.use(
      mswHttp.post(api('/order/merge'), () =>
        failure(
          422,
          'order.merge_mismatch',
          'Orders can only be merged with the same address: SHP-A-2 differs',
        ),
      ),
    );
    await renderList();
    select('SHP-A-1');
    select('SHP-A-2');
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await dialogTitled('Merge 2 orders into a combined order?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText(/same address: SHP-A-2 differs/)).toBeTruthy();
  });
});

describe('split', () => {
  it('sends the units that leave and opens the new order', async () => {
    await renderList();
    select('SHP-A-1');
    select('SHP-A-2');
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(await screen.findByText('Select exactly one order to split')).toBeTruthy();
    select('SHP-A-2');
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    const dialog = await dialogTitled('Split order SHP-A-1');
    const leaving = await within(dialog).findByLabelText('Units of EB-BLACK leaving');
    fireEvent.change(leaving, { target: { value: '2' } });
    expect(await within(dialog).findByText('At least one unit must stay in the original order')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Split' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(leaving, { target: { value: '1' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Split' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    await waitFor(() =>
      expect(split).toEqual([
        { id: first.id, lines: [{ lineId: '00000000-0000-4000-8000-00000000a101', quantity: 1 }] },
      ]),
    );
    expect(await screen.findByText('Order SHP-A-1-000100 split off')).toBeTruthy();
  });
});
