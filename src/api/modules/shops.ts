/**
 * The calls behind the shop screens (/shop/list, /shop/match, /shopifyAuth): a seller's shops on
 * the marketplaces, their authorisation, their order sync with its history, and the SKU matching
 * of the items they sold. Replies are parsed with the shared contract; no reply carries a token
 * or key, and the keys a seller types are sent once and never read back.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  authorisedShopReply,
  authoriseShopReply,
  marketplaceItemPage,
  matchReply,
  shopPage,
  shopView,
  syncNowReply,
  syncRunPage,
  type AddShopBody,
  type MarketplaceItemQuery,
  type ShopListQuery,
  type ShopView,
  type UpdateShopBody,
} from '@shared/contract/shops.js';
import { changeRequest, getParsed, type Envelope, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

const nothing = z.null();

/** How often the shop list is read again while a sync runs (or is about to). */
export const SYNC_POLL_MS = 2000;

export type ShopFilter = PageParams & Partial<Omit<ShopListQuery, 'pageNo' | 'pageSize'>>;
export type ItemFilter = PageParams & Partial<Omit<MarketplaceItemQuery, 'pageNo' | 'pageSize'>>;

export const fetchShops = (filter: ShopFilter) => getParsed('/shop/list', shopPage, { ...filter });
export const addShop = (input: AddShopBody) => changeRequest('POST', '/shop/add', shopView, input);
export const editShop = (input: UpdateShopBody) => changeRequest('PUT', '/shop/edit', shopView, input);
export const deleteShop = (id: string) => changeRequest('DELETE', '/shop/delete', nothing, { id });

/** The platform's authorisation page to send the browser to (Shopify needs the shop's domain). */
export const startAuthorisation = (input: { id: string; shopDomain?: string }) =>
  changeRequest('POST', '/shop/authorise', authoriseShopReply, input);
/** What the platform's redirect brought back to /shopifyAuth, passed on whole. */
export const finishAuthorisation = (query: Record<string, string>) =>
  changeRequest('POST', '/shop/authorise/callback', authorisedShopReply, { query });
/** Coupang: the vendor's id and keys, checked by the server with one call to the platform. */
export const saveShopKeys = (input: { id: string; vendorId: string; accessKey: string; secretKey: string }) =>
  changeRequest('POST', '/shop/keys', authorisedShopReply, input);
export const syncShop = (id: string) => changeRequest('POST', '/shop/sync', syncNowReply, { id });

export const fetchSyncRuns = (filter: PageParams & { id: string }) =>
  getParsed('/shop/syncRuns', syncRunPage, { ...filter });

export const fetchItems = (filter: ItemFilter) =>
  getParsed('/shop/items', marketplaceItemPage, { ...filter });
export const matchItems = (matches: { itemId: string; skuId: string }[]) =>
  changeRequest('POST', '/shop/items/match', matchReply, { matches });
export const unmatchItems = (itemIds: string[]) =>
  changeRequest('POST', '/shop/items/unmatch', matchReply, { itemIds });

/** Whether a page of shops shows a sync under way. */
export function hasRunningSync(shops: readonly ShopView[] | undefined): boolean {
  return (shops ?? []).some((shop) => shop.lastRun?.state === 'running');
}

/**
 * One page of shops. While a sync runs — or `isWaiting()` says one was asked for and has not
 * shown up yet — the page is read again every 2 s, until it ends.
 */
export function useShops(
  filter: ShopFilter,
  isWaiting: (shops: readonly ShopView[]) => boolean = () => false,
) {
  return useQuery({
    queryKey: queryKeys.shops.query('list', filter),
    queryFn: () => fetchShops(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const records = query.state.data?.records ?? [];
      return hasRunningSync(records) || isWaiting(records) ? SYNC_POLL_MS : false;
    },
  });
}

/** Every shop the viewer may see, for the matching screen's shop filter. */
/** The shops to choose from (up to 200); `enabled` false for a user who may not list shops. */
export function useShopOptions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.shops.query('options'),
    queryFn: () => fetchShops({ pageNo: 1, pageSize: 200 }),
    staleTime: 60_000,
    enabled,
  });
}

export function useSyncRuns(shopId: string | null, page: PageParams) {
  return useQuery({
    queryKey: queryKeys.shops.query('syncRuns', { shopId, ...page }),
    queryFn: () => fetchSyncRuns({ id: shopId ?? '', ...page }),
    enabled: shopId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMarketplaceItems(filter: ItemFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.shops.query('items', filter),
    queryFn: () => fetchItems(filter),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * A change to shops or their items that refreshes every shop read once the server agrees;
 * matching releases waiting orders, so the order and stock reads are refreshed too.
 */
export function useShopChange<I, T>(
  mutationFn: (input: I) => Promise<Envelope<T>>,
  { touchesOrders = false }: { touchesOrders?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.shops.all });
      if (touchesOrders) await client.invalidateQueries({ queryKey: queryKeys.inventory.all });
    },
  });
}
