/**
 * Links from a summary to the list it summarises. The order lists take their filters from the
 * address (the order list's query names: tab, shipTime, orderNos, dateField, dateFrom, and tag,
 * one tag of its tags filter); the stock and inbound lists keep theirs in the query cache
 * (screen-state.ts), so a link there sets the list's state as it is followed and the list opens
 * already filtered.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@api/query-keys.js';
import type { OrderListQuery } from '@shared/contract/orders.js';
import type { OrderTag } from '@shared/domain/order.js';
import { isSellerSide, WAREHOUSE_ROLES, type UserRole } from '@shared/domain/roles.js';
import type { InboundStatus } from '@shared/domain/inbound.js';
import type { ScreenId } from '@shared/menu.js';
import { DEFAULT_PAGE } from './paging.js';

export const STOCK_LIST_PATH = '/stock/list';
export const INBOUND_LIST_PATH = '/inbound/list';

/** The order list of the role: the seller's, the warehouse's, or the agent's. */
export function orderListPath(role: UserRole): string {
  if (isSellerSide(role)) return '/order/manage/seller';
  if (WAREHOUSE_ROLES.includes(role)) return '/order/manager/ware';
  return '/agent/order/new';
}

type OrderLinkQuery = Partial<
  Pick<OrderListQuery, 'tab' | 'shipTime' | 'dateField' | 'dateFrom' | 'platform' | 'warehouseId'>
> & { orderNos?: string; tag?: OrderTag };

/** The role's order list with these filters in the address (every type of order). */
export function orderListLink(role: UserRole, query: OrderLinkQuery = {}): string {
  const params = new URLSearchParams({ type: 'all' });
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  return `${orderListPath(role)}?${params.toString()}`;
}

export function inboundDetailLink(id: string): string {
  return `/inbound/detail?${new URLSearchParams({ id }).toString()}`;
}

export interface StockListPreset {
  warehouseId?: string;
  skuSearch?: string;
}

export interface InboundListPreset {
  status?: InboundStatus | 'all';
  warehouseId?: string;
}

/**
 * Sets a list's state before its link is followed (the onClick of a <Link>): the first page,
 * and the given filter instead of whatever was left there.
 */
export function usePresetList() {
  const client = useQueryClient();
  const preset = useCallback(
    (screen: ScreenId, state: object) => client.setQueryData(queryKeys.screenState.of(screen), state),
    [client],
  );
  return {
    stock: (filter: StockListPreset) => preset('inventory/StockList', { ...DEFAULT_PAGE, filter }),
    inbound: ({ status = 'all', ...filter }: InboundListPreset) =>
      preset('inbound/InboundList', { ...DEFAULT_PAGE, status, filter }),
  };
}
