/**
 * Entering an order by hand: refused before sending without an order number ('Order No. cannot
 * be empty'), a warehouse or a SKU, or with a quantity the contract refuses; sent with the price
 * in minor units of its currency; a refusal of the server stays above the form in its words; an
 * agent chooses the seller first and picks among that seller's SKUs.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { OrderList } from '@admin/screens/orders/OrderList.js';
import type { SkuSummary } from '@shared/contract/catalog.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn, userRecord } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';
import { orderDetail, orderPage, orderRow, SELLER_ID, SKU_ID } from './fixtures.js';

vi.setConfig({ testTimeout: 90_000 });

const SKU: SkuSummary = {
  id: SKU_ID,
  productId: '00000000-0000-4000-8000-00000000d001',
  sellerId: SELLER_ID,
  sellerSku: 'EB-BLACK',
  sysCode: 'S00000001',
  customCode: null,
  localCode: null,
  variation: 'Black',
  barcodes: [],
  weightG: null,
  lengthMm: null,
  widthMm: null,
  heightMm: null,
  cost: null,
  costCurrency: 'CNY',
  safetyStock: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  productName: 'Wireless earbuds',
  photo: null,
};
const saved = orderRow({ orderNo: 'HAND-42' });
const added: unknown[] = [];
const skuQueries: URLSearchParams[] = [];

const server = useApiServer(
  http.get(api('/order/list'), () => ok(orderPage([orderRow({ orderNo: 'SHP-LISTED' })]))),
  http.get(api('/order/shops'), () => ok([])),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/catalog/sku/list'), ({ request }) => {
    skuQueries.push(new URL(request.url).searchParams);
    return ok(pageOf([SKU], 1));
  }),
  http.get(api('/sys/user/list'), () =>
    ok(pageOf([userRecord({ id: SELLER_ID, realname: 'Siam Shop', userRole: 'seller' })], 1)),
  ),
  http.post(api('/order/add'), async ({ request }) => {
    added.push(await request.json());
    return ok({ id: saved.id, orderNo: saved.orderNo, systemNo: saved.systemNo }, 'Saved');
  }),
  http.get(api('/order/detail'), () => ok(orderDetail(saved))),
);

async function openForm(role: UserRole = 'seller') {
  added.length = 0;
  skuQueries.length = 0;
  signIn(role, [PERMISSIONS.orderList, PERMISSIONS.orderAdd, PERMISSIONS.userList]);
  renderWithProviders(<OrderList />, { route: '/order/manage/seller' });
  await screen.findByText('SHP-LISTED');
  fireEvent.click(screen.getByRole('button', { name: /Enter an order/ }));
  const title = await screen.findByText('Enter an order', { selector: '.ant-drawer-title' });
  const drawer = title.closest('.ant-drawer-content');
  if (!(drawer instanceof HTMLElement)) throw new Error('no drawer');
  return drawer;
}

async function chooseIn(drawer: HTMLElement, label: string, option: string, typed?: string) {
  const input = within(drawer).getByRole('combobox', { name: label });
  const selector = input.closest('.ant-select')?.querySelector('.ant-select-selector');
  if (!(selector instanceof HTMLElement)) throw new Error(`no select ${label}`);
  fireEvent.mouseDown(selector);
  if (typed) fireEvent.change(input, { target: { value: typed } });
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (!(found instanceof HTMLElement)) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(choice);
}

const save = (drawer: HTMLElement) => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

describe('entering an order by hand', () => {
  it('refuses an order without number, warehouse or SKU, and a quantity of 0, before sending', async () => {
    const drawer = await openForm();
    expect(within(drawer).queryByLabelText('Seller')).toBeNull();
    fireEvent.change(within(drawer).getByLabelText('Quantity'), { target: { value: '0' } });
    save(drawer);
    expect(await within(drawer).findByText('Order No. cannot be empty')).toBeTruthy();
    expect(within(drawer).getByText('Please select a warehouse')).toBeTruthy();
    expect(within(drawer).getByText('Please choose SKU')).toBeTruthy();
    expect(within(drawer).getByText('Quantity must be at least 1')).toBeTruthy();
    expect(added).toEqual([]);
  });

  it.each([
    ['-2', 'Unit price must be at least 0'],
    ['1.234', 'Unit price may have at most 2 decimals'],
  ])('refuses a unit price of %s with its message, neither rounded nor sent', async (typed, message) => {
    const drawer = await openForm();
    const price = within(drawer).getByLabelText('Unit price') as HTMLInputElement;
    fireEvent.change(price, { target: { value: typed } });
    fireEvent.blur(price);
    expect(await within(drawer).findByText(message)).toBeTruthy();
    expect(price.value).toBe(typed);
    save(drawer);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(price.value).toBe(typed);
    expect(added).toEqual([]);
  });

  it('sends the order with its prices in minor units, then opens it', async () => {
    const drawer = await openForm();
    fireEvent.change(within(drawer).getByLabelText('Order No.'), { target: { value: ' HAND-42 ' } });
    await chooseIn(drawer, 'Warehouse', 'BKK1 · Bangkok 1');
    await chooseIn(drawer, 'Currency', 'THB');
    await chooseIn(drawer, 'SKU', 'EB-BLACK · Wireless earbuds (Black)', 'EB');
    fireEvent.change(within(drawer).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(within(drawer).getByLabelText('Unit price'), { target: { value: '159.5' } });
    fireEvent.change(within(drawer).getByLabelText('Item ID'), { target: { value: '2299001' } });
    save(drawer);
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      orderNo: 'HAND-42',
      platform: 'manual',
      orderType: 'stock',
      warehouseId: WAREHOUSE_ID,
      currency: 'THB',
      lines: [{ skuId: SKU_ID, quantity: 2, unitPrice: 15_950, itemId: '2299001', variationId: '' }],
    });
    expect(await screen.findByText('Order HAND-42')).toBeTruthy();
    expect(skuQueries.at(-1)?.get('sellerId')).toBeNull();
  });

  it("keeps the server's refusal above the form", async () => {
    server.use(
      mswHttp.post(api('/order/add'), () =>
        failure(409, 'order.no_duplicate', 'Order No. HAND-42 already exists'),
      ),
    );
    const drawer = await openForm();
    fireEvent.change(within(drawer).getByLabelText('Order No.'), { target: { value: 'HAND-42' } });
    await chooseIn(drawer, 'Warehouse', 'BKK1 · Bangkok 1');
    await chooseIn(drawer, 'SKU', 'EB-BLACK · Wireless earbuds (Black)', 'EB');
    save(drawer);
    expect(await within(drawer).findByRole('alert')).toBeTruthy();
    expect(within(drawer).getByText('Order No. HAND-42 already exists')).toBeTruthy();
  });

  it("has an agent choose the seller first, then picks among that seller's SKUs", async () => {
    const drawer = await openForm('agent_manager');
    const sku = within(drawer).getByRole('combobox', { name: 'SKU' });
    expect(sku.closest('.ant-select')?.className).toContain('ant-select-disabled');
    save(drawer);
    expect(await within(drawer).findByText('Please choose Seller')).toBeTruthy();
    await chooseIn(drawer, 'Seller', 'Siam Shop');
    await waitFor(() =>
      expect(
        within(drawer).getByRole('combobox', { name: 'SKU' }).closest('.ant-select')?.className,
      ).not.toContain('ant-select-disabled'),
    );
    await chooseIn(drawer, 'SKU', 'EB-BLACK · Wireless earbuds (Black)', 'EB');
    expect(skuQueries.at(-1)?.get('sellerId')).toBe(SELLER_ID);
  });
});
