/**
 * The order detail drawer: every field of the order, its lines with the marketplace item and
 * variation, what each line holds frozen and, when short, what is missing per SKU; problems,
 * history; notes editable by whoever keeps them; an order out of sight says 'No order
 * information found'.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrderList } from '@admin/screens/orders/OrderList.js';
import type { OrderDetail } from '@shared/contract/orders.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSES } from '../inventory/fixtures.js';
import { orderDetail, orderPage, orderRow, SKU_ID } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });

const reserved = orderRow({ orderNo: 'SHP-RESERVED', localStatus: 'pending_shipment', tags: ['urgent'] });
const short = orderRow({
  orderNo: 'SHP-SHORT',
  localStatus: 'pending_shipment',
  problems: ['out_of_stock'],
  tags: ['out_of_stock', 'problem'],
});
const gone = orderRow({ orderNo: 'SHP-GONE' });

const details: Record<string, OrderDetail> = {
  [reserved.id]: orderDetail(reserved, {
    sellerNote: 'Gift wrap please',
    lines: [
      {
        id: '00000000-0000-4000-8000-00000000a201',
        skuId: SKU_ID,
        sellerSku: 'EB-BLACK',
        productName: 'Wireless earbuds',
        itemId: '2299001',
        variationId: '77001',
        quantity: 2,
        unitPrice: 29_900,
        reserved: 2,
      },
    ],
    reservations: [
      {
        id: '00000000-0000-4000-8000-00000000b201',
        lineId: '00000000-0000-4000-8000-00000000a201',
        skuId: SKU_ID,
        sellerSku: 'EB-BLACK',
        warehouseId: reserved.warehouseId,
        quantity: 2,
        state: 'active',
        reserveMovementId: 4411,
        endMovementId: null,
        createdAt: '2026-11-21T09:00:00.000Z',
        endedAt: null,
      },
    ],
    history: [
      {
        id: 1,
        field: 'local',
        fromStatus: null,
        toStatus: 'to_review',
        note: '',
        actorName: 'Sam Seller',
        createdAt: '2026-11-21T08:00:00.000Z',
      },
      {
        id: 2,
        field: 'local',
        fromStatus: 'to_review',
        toStatus: 'pending_shipment',
        note: '',
        actorName: 'Sam Seller',
        createdAt: '2026-11-21T09:00:00.000Z',
      },
    ],
  }),
  [short.id]: orderDetail(short, {
    exceptions: [
      {
        id: '00000000-0000-4000-8000-00000000e201',
        reason: 'out_of_stock',
        note: 'EB-BLACK 496',
        shortages: [{ skuId: SKU_ID, sellerSku: 'EB-BLACK', needed: 500, available: 4 }],
        createdAt: '2026-11-21T09:00:00.000Z',
        resolvedAt: null,
        resolution: '',
      },
    ],
  }),
};
const notes: unknown[] = [];

useApiServer(
  http.get(api('/order/list'), () => ok(orderPage([reserved, short, gone]))),
  http.get(api('/order/shops'), () => ok([])),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/order/detail'), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    const found = details[id];
    return found ? ok(found) : failure(404, 'order.not_found', 'No order information found');
  }),
  http.post(api('/order/notes'), async ({ request }) => {
    notes.push(await request.json());
    return ok({ id: reserved.id, orderNo: reserved.orderNo, systemNo: reserved.systemNo }, 'Saved');
  }),
);

const ALL: PermissionCode[] = [PERMISSIONS.orderList, PERMISSIONS.orderEdit, PERMISSIONS.orderReview];

async function openOrder(orderNo: string, role: UserRole = 'seller', codes = ALL) {
  notes.length = 0;
  signIn(role, codes);
  renderWithProviders(<OrderList />, { route: '/order/manage/seller' });
  fireEvent.click(await screen.findByText(orderNo));
  const drawer = await waitFor(() => {
    const found = document.querySelector('.ant-drawer-content');
    if (!(found instanceof HTMLElement)) throw new Error('no drawer');
    return found;
  });
  return { drawer };
}

async function notesDialog(orderNo: string): Promise<HTMLElement> {
  const title = await screen.findByText(`Notes of order ${orderNo}`);
  const modal = title.closest('.ant-modal');
  if (!(modal instanceof HTMLElement)) throw new Error('no notes dialog');
  return modal;
}

const section = (drawer: HTMLElement, name: string) => within(drawer).getByRole('region', { name });

describe('the order detail drawer', () => {
  it("shows the order's fields, lines with what they hold frozen, and the status history", async () => {
    const { drawer } = await openOrder('SHP-RESERVED');
    await within(drawer).findByText('SO' + reserved.systemNo.slice(2));
    const order = section(drawer, 'Order');
    for (const text of [
      'Shopee',
      'Siam Shopee',
      'READY_TO_SHIP',
      'Stock order',
      'Single item, multiple units',
      'THB 598.00',
      '12 Sukhumvit Soi 11, Bangkok',
      '0812345678',
      'Shopee Xpress',
      'Unprinted',
      'Not reissued',
    ])
      expect(within(order).getAllByText(text).length, text).toBeGreaterThan(0);
    expect(within(order).getByText(/left$/)).toBeTruthy();

    const lines = section(drawer, 'Items (1)');
    const line = within(lines).getByText('EB-BLACK').closest('tr') as HTMLElement;
    for (const text of ['Wireless earbuds', '2299001', '77001', 'THB 299.00', 'THB 598.00'])
      expect(within(line).getByText(text)).toBeTruthy();
    expect(within(lines).getByRole('columnheader', { name: 'Frozen' })).toBeTruthy();

    const stock = section(drawer, 'Reserved stock');
    expect(within(stock).getByText('This order holds 2 units frozen in BKK1.')).toBeTruthy();
    expect(within(stock).getByText('Held')).toBeTruthy();
    expect(within(stock).getByText('#4411')).toBeTruthy();

    const history = section(drawer, 'Status history');
    expect(within(history).getByText('To review → Pending shipment')).toBeTruthy();
    expect(within(section(drawer, 'Notes')).getByText('Gift wrap please')).toBeTruthy();
    // Pending shipment: review is over, cancel and out of stock are still allowed.
    expect(within(drawer).getByRole('button', { name: 'Pass review' }).hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false);
  });

  it('names what an out-of-stock order is missing per SKU', async () => {
    const { drawer } = await openOrder('SHP-SHORT');
    const stock = await waitFor(() => section(drawer, 'Reserved stock'));
    expect(within(stock).getByText('This order holds no stock now.')).toBeTruthy();
    const shortages = within(stock).getByRole('table', { name: 'Missing units' });
    const row = within(shortages).getByText('EB-BLACK').closest('tr') as HTMLElement;
    expect(within(row).getByText('500')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText('496')).toBeTruthy();
    expect(within(section(drawer, 'Problems')).getByText('Out of stock')).toBeTruthy();
  });

  it('lets a seller edit the seller note only, and sends just that', async () => {
    const { drawer } = await openOrder('SHP-RESERVED');
    fireEvent.click(await within(drawer).findByRole('button', { name: /Edit notes/ }));
    const modal = await notesDialog('SHP-RESERVED');
    expect(within(modal).queryByLabelText('Warehouse note')).toBeNull();
    const note = within(modal).getByLabelText('Seller note');
    expect((note as HTMLTextAreaElement).value).toBe('Gift wrap please');
    fireEvent.change(note, { target: { value: 'Gift wrap, no invoice' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notes).toEqual([{ id: reserved.id, sellerNote: 'Gift wrap, no invoice' }]));
  });

  it('lets the warehouse edit its own notes', async () => {
    const { drawer } = await openOrder('SHP-RESERVED', 'ware_manager');
    fireEvent.click(await within(drawer).findByRole('button', { name: /Edit notes/ }));
    const modal = await notesDialog('SHP-RESERVED');
    expect(within(modal).queryByLabelText('Seller note')).toBeNull();
    for (const label of ['Warehouse note', 'Transfer note', 'Express note'])
      expect(within(modal).getByLabelText(label)).toBeTruthy();
  });

  it('shows no edit of notes without the permission', async () => {
    const { drawer } = await openOrder('SHP-RESERVED', 'seller', [PERMISSIONS.orderList]);
    await within(drawer).findByText('Gift wrap please');
    expect(within(drawer).queryByRole('button', { name: /Edit notes/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("says 'No order information found' for an order out of sight", async () => {
    const { drawer } = await openOrder('SHP-GONE');
    expect(await within(drawer).findByText('No order information found')).toBeTruthy();
  });
});
