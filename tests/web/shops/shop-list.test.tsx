/**
 * The shop list (/shop/list): each shop with its platform, status and the reason it stopped, its
 * last sync and waiting orders; row links shown by permission and greyed out by status; adding
 * a shop; authorising by the platform's page, by Shopify's domain first, or with Coupang's keys;
 * and a sync asked for by hand followed to its end while the list polls.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveFor } from '@admin/screens/shops/leave.js';
import { ShopList } from '@admin/screens/shops/ShopList.js';
import type { ShopView } from '@shared/contract/shops.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { lastRun, pageOf, shopRow } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('@admin/screens/shops/leave.js', () => ({ leaveFor: vi.fn() }));

const active = shopRow({
  alias: 'Siam Shopee',
  lastRun: lastRun({ state: 'succeeded' }),
  waitingOrders: 3,
});
const expired = shopRow({
  alias: 'Siam Lazada',
  platform: 'lazada',
  status: 'expired',
  statusReason: 'shop.revoked',
});
const pending = shopRow({
  alias: 'Siam Shopify',
  platform: 'shopify',
  status: 'pending',
  platformShopId: '',
  shopName: '',
  authorisedUntil: null,
  lastSyncedAt: null,
});
const coupang = shopRow({
  alias: 'Seoul Coupang',
  platform: 'coupang',
  status: 'pending',
  platformShopId: '',
});

/** What GET /shop/list answers next; a test may queue pages to follow a sync. */
let shops: ShopView[] = [];
let queued: ShopView[][] = [];
const listQueries: URLSearchParams[] = [];
const sent: { path: string; body: unknown }[] = [];

const record =
  (path: string) =>
  async ({ request }: { request: Request }) => {
    sent.push({
      path,
      body: request.method === 'DELETE' ? new URL(request.url).searchParams.get('id') : await request.json(),
    });
  };

const server = useApiServer(
  http.get(api('/shop/list'), ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    const next = queued.shift();
    if (next) shops = next;
    return ok(pageOf(shops));
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.post(api('/shop/add'), async (info) => {
    await record('add')(info);
    return ok(shopRow({ alias: 'New shop', status: 'pending' }), 'Added');
  }),
  http.post(api('/shop/authorise'), async (info) => {
    await record('authorise')(info);
    return ok({ url: 'https://partner.shopeemobile.com/api/v2/shop/auth_partner?sign=x' });
  }),
  http.post(api('/shop/keys'), async (info) => {
    await record('keys')(info);
    return ok({ ...coupang, status: 'active', platformShopId: 'A00012345' }, 'Connected');
  }),
  http.delete(api('/shop/delete'), async (info) => {
    await record('delete')(info);
    return ok(null, 'Deleted');
  }),
);

async function renderList({
  role = 'seller',
  codes = [PERMISSIONS.shopList, PERMISSIONS.shopEdit],
  rows = [active, expired, pending],
}: { role?: UserRole; codes?: PermissionCode[]; rows?: ShopView[] } = {}) {
  shops = rows;
  queued = [];
  listQueries.length = 0;
  sent.length = 0;
  vi.mocked(leaveFor).mockClear();
  signIn(role, codes);
  const view = renderWithProviders(<ShopList />, { route: '/shop/list' });
  await screen.findByText(rows[0]?.alias ?? '');
  return view;
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${text}`);
  return row;
}

/** A row link by its text, and whether it is greyed out. */
function link(row: HTMLElement, text: string) {
  const element = within(row).getByText(text, { selector: 'a' });
  return { element, isDisabled: element.getAttribute('aria-disabled') === 'true' };
}

async function pickOption(field: HTMLElement, option: string) {
  const selector = field.closest('.ant-form-item')?.querySelector('.ant-select-selector');
  if (!(selector instanceof HTMLElement)) throw new Error('no select');
  fireEvent.mouseDown(selector);
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (!(found instanceof HTMLElement)) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(choice);
}

describe('the shop list', () => {
  it('shows each shop with its platform, status, why it stopped, its last sync and its waiting orders', async () => {
    await renderList();
    const shopee = rowOf('Siam Shopee');
    expect(within(shopee).getByText(`Shopee · ${active.shopName}`)).toBeTruthy();
    expect(within(shopee).getByText(/^Authorised until 202[67]-/)).toBeTruthy();
    expect(within(shopee).getByText('Active')).toBeTruthy();
    expect(within(shopee).getByText('Succeeded')).toBeTruthy();
    expect(within(shopee).getByText('ID: ' + active.platformShopId)).toBeTruthy();
    const waiting = within(shopee).getByRole('link', {
      name: /3 orders of Siam Shopee wait for SKU matching/,
    });
    expect(waiting.getAttribute('href')).toBe(`/shop/match?shopId=${active.id}`);

    const lazada = rowOf('Siam Lazada');
    expect(within(lazada).getByText('Authorisation expired')).toBeTruthy();
    expect(
      within(lazada).getByText(/authorisation was cancelled or has lapsed on the marketplace/),
    ).toBeTruthy();

    const shopify = rowOf('Siam Shopify');
    expect(within(shopify).getByText('Not authorised')).toBeTruthy();
    expect(within(shopify).getByText('Not connected yet')).toBeTruthy();
    expect(within(shopify).getByText('Never synced')).toBeTruthy();
    // A seller sees only their own shops: no seller column or filter.
    expect(screen.queryByRole('columnheader', { name: 'Seller' })).toBeNull();
  });

  it('shows agents the seller of each shop and lets them filter by seller', async () => {
    await renderList({ role: 'agent_manager' });
    expect(screen.getByRole('columnheader', { name: 'Seller' })).toBeTruthy();
    expect(within(rowOf('Siam Shopee')).getByText('Siam Shop')).toBeTruthy();
    expect(within(screen.getByRole('search')).getByText('Seller', { selector: 'label' })).toBeTruthy();
  });

  it('sends the filters as the contract names them', async () => {
    await renderList();
    expect([...(listQueries[0]?.keys() ?? [])].sort()).toEqual(['_t', 'pageNo', 'pageSize']);
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('Shop alias'), {
      target: { value: ' Siam ' },
    });
    await pickOption(within(screen.getByRole('search')).getByLabelText('Platform'), 'Lazada');
    await pickOption(within(screen.getByRole('search')).getByLabelText('Status'), 'Authorisation expired');
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listQueries.at(-1)?.get('platform')).toBe('lazada'));
    const query = listQueries.at(-1);
    expect(query?.get('alias')).toBe('Siam');
    expect(query?.get('status')).toBe('expired');
    expect(query?.get('pageNo')).toBe('1');
    expect(query?.has('filter')).toBe(false);
  });

  it("greys out what a shop's status does not allow yet, saying why", async () => {
    await renderList();
    const pendingRow = rowOf('Siam Shopify');
    expect(link(pendingRow, 'Authorise').isDisabled).toBe(false);
    expect(link(pendingRow, 'Sync now').isDisabled).toBe(true);
    expect(link(pendingRow, 'Sync now').element.getAttribute('aria-description')).toBe(
      'Authorise the shop before syncing it',
    );
    expect(link(pendingRow, 'Pause').isDisabled).toBe(true);
    expect(link(pendingRow, 'Sync history').isDisabled).toBe(true);

    const expiredRow = rowOf('Siam Lazada');
    expect(link(expiredRow, 'Authorise again').isDisabled).toBe(false);
    expect(link(expiredRow, 'Sync now').isDisabled).toBe(true);
    expect(link(expiredRow, 'Sync history').isDisabled).toBe(false);

    const activeRow = rowOf('Siam Shopee');
    for (const text of ['Authorise again', 'Sync now', 'Pause', 'Edit', 'Sync history', 'Delete'])
      expect(link(activeRow, text).isDisabled).toBe(false);
  });

  it('hides what the viewer may not do: without shop:edit only the list and its history', async () => {
    await renderList({ codes: [PERMISSIONS.shopList] });
    expect(screen.queryByRole('button', { name: /Add shop/ })).toBeNull();
    const activeRow = rowOf('Siam Shopee');
    for (const text of ['Authorise again', 'Sync now', 'Pause', 'Edit', 'Delete'])
      expect(within(activeRow).queryByText(text)).toBeNull();
    expect(link(activeRow, 'Sync history').isDisabled).toBe(false);
  });

  it('refuses to add a shop before its platform, alias and warehouse are given, then sends it', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: /Add shop/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Please choose Platform')).toBeTruthy();
    expect(within(drawer).getByText('Please enter Shop alias')).toBeTruthy();
    expect(within(drawer).getByText('Please choose Shipping warehouse')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(within(drawer).getByText('Lazada'));
    expect(await within(drawer).findByText(/authorise the shop by signing in to Lazada/)).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Shop alias'), { target: { value: '  Siam Lazada 2 ' } });
    await pickOption(within(drawer).getByLabelText('Shipping warehouse'), 'BKK1 · Bangkok 1');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: 'add',
          body: { platform: 'lazada', alias: 'Siam Lazada 2', warehouseId: WAREHOUSE_ID, sellerId: '' },
        },
      ]),
    );
    expect(await screen.findByText('Added')).toBeTruthy();
  });

  it("sends a redirect platform's shop to its authorisation page", async () => {
    await renderList();
    fireEvent.click(link(rowOf('Siam Lazada'), 'Authorise again').element);
    await waitFor(() => expect(sent).toEqual([{ path: 'authorise', body: { id: expired.id } }]));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith(
        'https://partner.shopeemobile.com/api/v2/shop/auth_partner?sign=x',
      ),
    );
  });

  it("asks a Shopify shop's myshopify domain before sending it to Shopify", async () => {
    await renderList();
    fireEvent.click(link(rowOf('Siam Shopify'), 'Authorise').element);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Authorise Siam Shopify on Shopify')).toBeTruthy();
    const domain = within(dialog).getByLabelText('Shop address on Shopify');
    fireEvent.change(domain, { target: { value: 'my shop!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Shopify' }));
    expect(await within(dialog).findByText(/Enter an address ending in .myshopify.com/)).toBeTruthy();
    expect(sent).toEqual([]);

    // The shop's handle alone, or its admin address, names the same shop.
    fireEvent.change(domain, { target: { value: 'https://Siam-Goods.myshopify.com/admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Shopify' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: 'authorise', body: { id: pending.id, shopDomain: 'siam-goods.myshopify.com' } },
      ]),
    );
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
  });

  it("shows the server's refusal in the domain dialog and stays on the page", async () => {
    server.use(
      http.post(api('/shop/authorise'), () =>
        failure(
          503,
          'shop.not_configured',
          'Shopify is not set up on this server: its app keys are missing.',
        ),
      ),
    );
    await renderList();
    fireEvent.click(link(rowOf('Siam Shopify'), 'Authorise').element);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Shop address on Shopify'), {
      target: { value: 'siam-goods' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Shopify' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Shopify is not set up on this server',
    );
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("connects a Coupang shop with the vendor's id and keys typed into password fields", async () => {
    await renderList({ rows: [coupang] });
    fireEvent.click(link(rowOf('Seoul Coupang'), 'Authorise').element);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Connect Seoul Coupang to Coupang')).toBeTruthy();
    const accessKey = within(dialog).getByLabelText('Access key');
    const secretKey = within(dialog).getByLabelText('Secret key');
    expect(accessKey.getAttribute('type')).toBe('password');
    expect(secretKey.getAttribute('type')).toBe('password');
    expect(secretKey.getAttribute('autocomplete')).toBe('new-password');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Please enter Vendor ID')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Vendor ID'), { target: { value: 'A00012345' } });
    fireEvent.change(accessKey, { target: { value: 'ak-1' } });
    fireEvent.change(secretKey, { target: { value: 'sk-secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: 'keys',
          body: { id: coupang.id, vendorId: 'A00012345', accessKey: 'ak-1', secretKey: 'sk-secret' },
        },
      ]),
    );
    expect(await screen.findByText('Connected')).toBeTruthy();
    // The dialog closes (jsdom never ends antd's closing animation, so it stays mid-leave).
    await waitFor(() =>
      expect(dialog.closest('.ant-modal')?.classList.contains('ant-zoom-leave')).toBe(true),
    );
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('asks before deleting, naming the shop', async () => {
    await renderList();
    fireEvent.click(link(rowOf('Siam Lazada'), 'Delete').element);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Delete the shop Siam Lazada?').length).toBeGreaterThan(0);
    expect(within(confirm).getByText(/The Lazada shop Siam Lazada stops syncing/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toEqual([{ path: 'delete', body: expired.id }]));
  });
});
