/**
 * A shop's sync from the list: 'Sync now' queues a run and the list follows it every 2 s — the
 * orders fetched so far while it runs — until it ends, then stops asking; a run already queued
 * is said so; the sync history names each run's trigger, counts and translated error.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShopList } from '@admin/screens/shops/ShopList.js';
import type { ShopView } from '@shared/contract/shops.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { lastRun, pageOf, shopRow, syncRun } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });

const RUN_BEFORE = '00000000-0000-4000-8000-0000000f0101';
const RUN_NEW = '00000000-0000-4000-8000-0000000f0102';
const shop = shopRow({ alias: 'Siam Shopee', lastRun: lastRun({ id: RUN_BEFORE, state: 'succeeded' }) });
const running = (fetched: number): ShopView => ({
  ...shop,
  lastRun: lastRun({ id: RUN_NEW, state: 'running', trigger: 'manual', fetched }),
});
const finished: ShopView = {
  ...shop,
  lastSyncedAt: '2026-11-25T09:00:00.000Z',
  lastRun: lastRun({ id: RUN_NEW, state: 'succeeded', trigger: 'manual', fetched: 60 }),
};

/** The pages GET /shop/list answers in turn; the last one is repeated. */
let pages: ShopView[][] = [];
let listCalls = 0;
let isQueued = true;
const syncRequests: unknown[] = [];

useApiServer(
  http.get(api('/shop/list'), () => {
    listCalls += 1;
    const page = pages.length > 1 ? (pages.shift() ?? []) : (pages[0] ?? []);
    return ok(pageOf(page));
  }),
  http.post(api('/shop/sync'), async ({ request }) => {
    syncRequests.push(await request.json());
    return ok({ isQueued });
  }),
  http.get(api('/shop/syncRuns'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    return ok(pageOf(query.get('id') === shop.id ? [syncRun({ shopId: shop.id })] : []));
  }),
);

async function renderList(following: ShopView[][], queued = true, first = shop, state?: unknown) {
  pages = [[first], ...following];
  listCalls = 0;
  isQueued = queued;
  syncRequests.length = 0;
  signIn('seller', [PERMISSIONS.shopList, PERMISSIONS.shopEdit]);
  renderWithProviders(<ShopList />, { route: '/shop/list', ...(state === undefined ? {} : { state }) });
  await screen.findByText('Siam Shopee');
}

const row = () => {
  const found = screen.getByText('Siam Shopee').closest('tr');
  if (!(found instanceof HTMLElement)) throw new Error('no row');
  return found;
};
const syncLink = () => within(row()).getByText('Sync now', { selector: 'a' });

describe("a shop's sync from the list", () => {
  it('follows the run asked for every 2 s while it runs, showing the orders fetched, and stops once it ends', async () => {
    // Right after the click the old run still shows (the job has not started), then the new one runs.
    await renderList([[shop], [running(20)], [running(45)], [finished]]);
    fireEvent.click(syncLink());
    expect(await screen.findByText('Sync of Siam Shopee started')).toBeTruthy();
    expect(syncRequests).toEqual([{ id: shop.id }]);

    expect(await within(row()).findByText('Syncing: 20 orders fetched', {}, { timeout: 8000 })).toBeTruthy();
    expect(syncLink().getAttribute('aria-disabled')).toBe('true');
    expect(await within(row()).findByText('Syncing: 45 orders fetched', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText('Succeeded')).toBeTruthy(), { timeout: 8000 });
    expect(within(row()).getByText(/2026-11-25/)).toBeTruthy();
    expect(syncLink().getAttribute('aria-disabled')).toBeNull();

    // Nothing runs any more: the list is not asked again.
    const calls = listCalls;
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(listCalls).toBe(calls);
  });

  it('waits for the first sync an authorisation queued, which has not started when the list opens', async () => {
    const authorised: ShopView = { ...shop, lastRun: null };
    const arrival = { askedSync: { shopId: shop.id, runId: null, askedAt: Date.now() } };
    await renderList([[authorised], [running(20)], [finished]], true, authorised, arrival);
    expect(await within(row()).findByText('Syncing: 20 orders fetched', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText('Succeeded')).toBeTruthy(), { timeout: 8000 });
  });

  it('reads the list once when nothing runs or was asked for', async () => {
    await renderList([[running(20)]], true, { ...shop, lastRun: null });
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(listCalls).toBe(1);
    expect(within(row()).queryByText(/Syncing/)).toBeNull();
  });

  it('says so when a sync of the shop is already queued or running', async () => {
    await renderList([], false);
    fireEvent.click(syncLink());
    expect(await screen.findByText('A sync of Siam Shopee is already queued or running')).toBeTruthy();
  });

  it("shows the shop's runs with their trigger, counts and the platform's refusal in the viewer's words", async () => {
    await renderList([]);
    fireEvent.click(within(row()).getByText('Sync history', { selector: 'a' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Sync history of Siam Shopee')).toBeTruthy();
    const run = (await within(drawer).findByText('By hand')).closest('tr');
    if (!(run instanceof HTMLElement)) throw new Error('no run row');
    expect(within(run).getByText('Failed')).toBeTruthy();
    expect(within(run).getByText('The marketplace refused the request: partner_id is invalid')).toBeTruthy();
    for (const count of ['3', '120', '40', '70', '10', '4'])
      expect(within(run).getByText(count)).toBeTruthy();
  });
});
