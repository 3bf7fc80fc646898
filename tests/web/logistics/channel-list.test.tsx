/**
 * The logistics channels (/logistics/channels): a marketplace channel takes a platform and no
 * keys, a carrier channel its carrier with an app key and secret; on edit the key fields start
 * blank and blank keeps the stored keys; deleting a channel in use shows the server's words.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChannelList } from '@admin/screens/logistics/ChannelList.js';
import type { ChannelView } from '@shared/contract/logistics.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import { WAREHOUSES } from '../inventory/fixtures.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { channelRow, pageOf } from './fixtures.js';
import { onWideScreen } from '../support/wide-screen.js';

// Read as on a wide desktop: the channel list's key hint show from 1600 px.
onWideScreen();

vi.setConfig({ testTimeout: 60_000 });

const carrier = channelRow({
  name: 'Sandbox express',
  kind: 'carrier',
  platform: null,
  carrier: 'sandbox',
  keyHint: '…a1b2',
  companyName: 'Sandbox Co',
});
const shopee = channelRow({ name: 'Shopee logistics' });

const sent: { path: string; body: unknown }[] = [];
/** How often the screen asked for the shop list (shop:list, the seller side's). */
let shopListCalls = 0;
/** The channels the list answers: the rows renderList was given. */
let listed: ChannelView[] = [];

useApiServer(
  // The forms' duplicate check: every code here is free.
  http.get(api('/sys/duplicate/check'), () => ok(null, 'This value is available')),
  http.get(api('/logistics/channel/list'), () => ok(pageOf(listed))),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/shop/list'), () => {
    shopListCalls += 1;
    return ok(pageOf([]));
  }),
  http.post(api('/logistics/channel/add'), async ({ request }) => {
    sent.push({ path: 'add', body: await request.json() });
    return ok(channelRow(), 'Added');
  }),
  http.put(api('/logistics/channel/edit'), async ({ request }) => {
    sent.push({ path: 'edit', body: await request.json() });
    return ok(carrier, 'Saved');
  }),
  http.delete(api('/logistics/channel/delete'), () =>
    failure(409, 'logistics.channel_in_use', 'Waybills use this channel: disable it instead of deleting it'),
  ),
);

async function renderList(
  rows: ChannelView[] = [carrier, shopee],
  permissions: PermissionCode[] = [PERMISSIONS.channelList, PERMISSIONS.channelEdit, PERMISSIONS.shopList],
) {
  sent.length = 0;
  shopListCalls = 0;
  listed = rows;
  signIn(permissions.includes(PERMISSIONS.shopList) ? 'admin' : 'ware_manager', permissions);
  renderWithProviders(<ChannelList />, { route: '/logistics/channels' });
  await screen.findByText(rows[0]?.name ?? '');
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${text}`);
  return row;
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

describe('the logistics channel list', () => {
  it('shows each channel with its kind, source, authorisation, key hint and scope', async () => {
    await renderList();
    const row = rowOf('Sandbox express');
    expect(within(row).getByText('Sandbox carrier')).toBeTruthy();
    expect(within(row).getByText('Authorised')).toBeTruthy();
    expect(within(row).getByText('…a1b2')).toBeTruthy();
    expect(within(row).getByText('All warehouses')).toBeTruthy();
    expect(within(row).getByText('All shops')).toBeTruthy();
  });

  it('asks a marketplace channel for its platform and a carrier channel for its keys', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: /Add channel/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Platform')).toBeTruthy();
    expect(within(dialog).queryByLabelText('App key')).toBeNull();

    fireEvent.click(within(dialog).getByLabelText('Carrier'));
    await waitFor(() => expect(within(dialog).getByLabelText('App key')).toBeTruthy());
    expect(within(dialog).queryByLabelText('Platform')).toBeNull();
    expect(within(dialog).getByLabelText('App key').getAttribute('type')).toBe('password');
    expect(within(dialog).getByLabelText('App secret').getAttribute('type')).toBe('password');

    fireEvent.change(within(dialog).getByLabelText('Channel name'), { target: { value: 'Own express' } });
    await pickOption(within(dialog).getByText('Carrier', { selector: 'label' }), 'Sandbox carrier');
    fireEvent.change(within(dialog).getByLabelText('App key'), { target: { value: 'key-123' } });
    fireEvent.change(within(dialog).getByLabelText('App secret'), { target: { value: 'secret-456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: 'add',
      body: {
        kind: 'carrier',
        carrier: 'sandbox',
        appKey: 'key-123',
        appSecret: 'secret-456',
        name: 'Own express',
        companyName: '',
        companyCode: '',
        warehouseIds: null,
        shopIds: null,
      },
    });
  });

  it('starts the key fields blank on edit and keeps the stored keys when left blank', async () => {
    await renderList();
    fireEvent.click(within(rowOf('Sandbox express')).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    const key = within(dialog).getByLabelText('App key');
    expect((key as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('App secret') as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByText(/keep the stored key \(ending in a1b2\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Channel name'), { target: { value: 'Sandbox 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      id: carrier.id,
      name: 'Sandbox 2',
      companyName: 'Sandbox Co',
      companyCode: '',
      warehouseIds: null,
      shopIds: null,
    });
  });

  it('leaves the shops of a channel as they are for a user who may not list shops', async () => {
    await renderList(undefined, [PERMISSIONS.channelList, PERMISSIONS.channelEdit]);
    fireEvent.click(within(rowOf('Sandbox express')).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Shops')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).not.toHaveProperty('shopIds');
  });

  it('asks a warehouse manager, who may not list shops, for no shop list', async () => {
    const scoped = channelRow({
      name: 'Two shops only',
      shopIds: ['00000000-0000-4000-8000-0000000051a1', '00000000-0000-4000-8000-0000000051a2'],
    });
    await renderList([scoped, carrier], [PERMISSIONS.channelList, PERMISSIONS.channelEdit]);
    expect(within(rowOf('Two shops only')).getByText('Chosen shops: 2')).toBeTruthy();
    expect(within(rowOf('Sandbox express')).getByText('All shops')).toBeTruthy();
    fireEvent.click(within(rowOf('Sandbox express')).getByText('Edit'));
    await screen.findByRole('dialog');
    expect(shopListCalls).toBe(0);
  });

  it("asks before deleting and shows the server's refusal of a channel in use", async () => {
    await renderList();
    fireEvent.click(within(rowOf('Shopee logistics')).getByText('Delete'));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Waybills use this channel: disable it instead of deleting it'),
    ).toBeTruthy();
  });
});
