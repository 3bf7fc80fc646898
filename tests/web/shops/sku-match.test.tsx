/**
 * SKU matching (/shop/match): the shop list's ?shopId= narrows the items; an unmatched item is
 * offered the SKU whose code is its seller SKU; selected items are matched together ('bind
 * succeeded', with the waiting orders released), one is matched by hand from its picker, and a
 * matched one is unmatched after a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SkuMatch } from '@admin/screens/shops/SkuMatch.js';
import type { SkuSummary } from '@shared/contract/catalog.js';
import type { MarketplaceItemView } from '@shared/contract/shops.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { itemRow, pageOf, SELLER_ID, shopRow } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });

function sku(id: string, sellerSku: string, variation: string, barcodes: string[] = []): SkuSummary {
  return {
    id,
    productId: '00000000-0000-4000-8000-00000000d001',
    sellerId: SELLER_ID,
    sellerSku,
    sysCode: `S-${sellerSku}`,
    customCode: null,
    localCode: null,
    variation,
    barcodes,
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
}

const BLACK = sku('00000000-0000-4000-8000-00000000f001', 'EB-BLACK', 'Black');
const WHITE = sku('00000000-0000-4000-8000-00000000f002', 'EB-WHITE', 'White');
const shop = shopRow({ alias: 'Siam Shopee' });
const byCode = itemRow({ shopId: shop.id, title: 'Earbuds black', sellerSku: 'eb-black', waitingOrders: 2 });
const noCode = itemRow({
  shopId: shop.id,
  title: 'Earbuds no code',
  sellerSku: '',
  barcode: '',
  waitingOrders: 1,
});
const matched = itemRow({
  shopId: shop.id,
  title: 'Earbuds white',
  sellerSku: 'EB-WHITE',
  skuId: WHITE.id,
  skuCode: 'EB-WHITE',
  skuName: 'Wireless earbuds (White)',
  matchedBy: 'sku_code',
});

const itemQueries: URLSearchParams[] = [];
const matchBodies: unknown[] = [];
const unmatchBodies: unknown[] = [];

useApiServer(
  http.get(api('/shop/items'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    itemQueries.push(query);
    const match = query.get('match');
    const rows: MarketplaceItemView[] =
      match === 'matched' ? [matched] : match === 'unmatched' ? [byCode, noCode] : [byCode, noCode, matched];
    return ok({ ...pageOf(rows), total: query.get('pageSize') === '1' ? 2 : rows.length });
  }),
  http.get(api('/shop/list'), () => ok(pageOf([shop]))),
  http.get(api('/catalog/sku/list'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    // The suggestions' batch search answers exact codes; a picker's keyword answers the seller's SKUs.
    const search = query.get('skuSearch');
    const found = search
      ? [BLACK, WHITE].filter(
          (entry) =>
            search.split(',').includes(entry.sellerSku.toLowerCase()) ||
            search.split(',').includes(entry.sellerSku),
        )
      : [BLACK, WHITE];
    return ok(pageOf(found));
  }),
  http.post(api('/shop/items/match'), async ({ request }) => {
    const body = (await request.json()) as { matches: unknown[] };
    matchBodies.push(body);
    return ok({ matched: body.matches.length, released: 3 });
  }),
  http.post(api('/shop/items/unmatch'), async ({ request }) => {
    unmatchBodies.push(await request.json());
    return ok({ matched: 0, released: 0 });
  }),
);

async function renderMatching(route = `/shop/match?shopId=${shop.id}`) {
  itemQueries.length = 0;
  matchBodies.length = 0;
  unmatchBodies.length = 0;
  signIn('seller', [PERMISSIONS.shopList, PERMISSIONS.skuMatch, PERMISSIONS.productList]);
  renderWithProviders(<SkuMatch />, { route });
  await screen.findByText('Earbuds black');
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${text}`);
  return row;
}

function select(row: HTMLElement) {
  const box = row.querySelector('input[type="checkbox"]');
  if (!(box instanceof HTMLElement)) throw new Error('no checkbox');
  fireEvent.click(box);
}

describe('SKU matching', () => {
  it("opens on the unmatched items of the shop the shop list's link names", async () => {
    await renderMatching();
    const first = itemQueries[0];
    expect(first?.get('shopId')).toBe(shop.id);
    expect(first?.get('match')).toBe('unmatched');
    expect(screen.getByRole('tab', { name: 'Unmatched (2)', selected: true })).toBeTruthy();
    expect(await screen.findByTitle('Siam Shopee · Shopee')).toBeTruthy();
  });

  it("suggests the SKU of the item's code and matches the selected items: 'bind succeeded'", async () => {
    await renderMatching();
    const row = rowOf('Earbuds black');
    expect(await within(row).findByText('Suggested: same SKU code')).toBeTruthy();
    expect(within(row).getByTitle('EB-BLACK · Wireless earbuds (Black)')).toBeTruthy();

    select(row);
    select(rowOf('Earbuds no code'));
    expect(await screen.findByText('Selected: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Match selected' }));
    await waitFor(() => expect(matchBodies).toEqual([{ matches: [{ itemId: byCode.id, skuId: BLACK.id }] }]));
    expect(await screen.findByText('bind succeeded. Waiting orders released: 3')).toBeTruthy();
    expect(await screen.findByText('Items left unmatched, no SKU chosen: 1')).toBeTruthy();
  });

  it('matches one item with a SKU picked by hand', async () => {
    await renderMatching();
    const row = rowOf('Earbuds no code');
    const picker = within(row).getByRole('combobox', { name: 'SKU for Earbuds no code' });
    fireEvent.mouseDown(picker.closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].find(
        (element) => element.textContent === 'EB-WHITE · Wireless earbuds (White)',
      );
      if (!(found instanceof HTMLElement)) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(within(row).getByText('Match', { selector: 'a' }));
    await waitFor(() => expect(matchBodies).toEqual([{ matches: [{ itemId: noCode.id, skuId: WHITE.id }] }]));
    expect(await screen.findByText('bind succeeded. Waiting orders released: 3')).toBeTruthy();
  });

  it('asks before unmatching a matched item, then unmatches it', async () => {
    await renderMatching();
    fireEvent.click(screen.getByRole('tab', { name: 'Matched' }));
    await waitFor(() => expect(itemQueries.some((query) => query.get('match') === 'matched')).toBe(true));
    // The Unmatched tab keeps its count while another tab is shown.
    expect(await screen.findByRole('tab', { name: 'Unmatched (2)' })).toBeTruthy();
    const row = rowOf('Earbuds white');
    expect(within(row).getByText('Wireless earbuds (White)')).toBeTruthy();
    expect(within(row).getByText('Matched by: Seller SKU code')).toBeTruthy();
    fireEvent.click(within(row).getByText('Unmatch', { selector: 'a' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Unmatch items: 1?').length).toBeGreaterThan(0);
    expect(within(confirm).getByText(/Earbuds white is no longer paired to EB-WHITE/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unmatch' }));
    await waitFor(() => expect(unmatchBodies).toEqual([{ itemIds: [matched.id] }]));
    expect(await screen.findByText('Items unmatched: 1')).toBeTruthy();
  });
});
