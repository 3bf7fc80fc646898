/**
 * The calls behind the stock screens: the stock list with ages, stock per location,
 * receipt and issue records, and the hand-made changes (adjust, freeze, unfreeze, move). The
 * warehouse and catalog modules share the cache root defined here: a stock change moves
 * location statuses and product lists too, so one root is refreshed.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageResult } from '@shared/contract/common.js';
import {
  locationStockRow,
  stockChangeView,
  stockRecord,
  stockRow,
  type AdjustBody,
  type FreezeBody,
  type MoveBody,
} from '@shared/contract/inventory.js';
import type { MovementKind, StockAgeFilter } from '@shared/domain/stock.js';
import type { LocationType } from '@shared/domain/warehouse.js';
import { changeRequest, getParsed, type Envelope, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type InventoryResource =
  | 'warehouseOptions'
  | 'warehouses'
  | 'staff'
  | 'staffCandidates'
  | 'partitions'
  | 'locations'
  | 'products'
  | 'skus'
  | 'stock'
  | 'locationStock'
  | 'records';

/** A cached read; paged lists keep the last page on screen while the next loads. */
export function useInventoryQuery<P, T>(
  resource: InventoryResource,
  params: P,
  fetch: (params: P) => Promise<T>,
  { enabled = true, keepPrevious = false }: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.inventory.query(resource, params),
    queryFn: () => fetch(params),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled,
  });
}

/** A change that refreshes every warehouse, catalog and stock read once the server agrees. */
export function useInventoryChange<I, T>(mutationFn: (input: I) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.inventory.all }),
  });
}

// Stock

export interface StockFilter extends PageParams {
  warehouseId?: string;
  /** Values separated by English commas, as the server's batch searches take them. */
  skuSearch?: string;
  stockAge?: StockAgeFilter;
  belowSafety?: boolean;
  sellerId?: string;
}

export interface LocationStockFilter extends PageParams {
  warehouseId?: string;
  locationCode?: string;
  locationType?: LocationType;
  skuSearch?: string;
  sellerId?: string;
}

export interface RecordsFilter extends PageParams {
  warehouseId?: string;
  skuSearch?: string;
  kind?: MovementKind;
  direction?: 'in' | 'out';
  sourceId?: string;
  sellerId?: string;
  from?: string;
  to?: string;
}

export const fetchStock = (filter: StockFilter) =>
  getParsed('/inventory/stock/list', pageResult(stockRow), { ...filter });
export const fetchLocationStock = (filter: LocationStockFilter) =>
  getParsed('/inventory/stock/locations', pageResult(locationStockRow), { ...filter });
export const fetchStockRecords = (filter: RecordsFilter) =>
  getParsed('/inventory/stock/records', pageResult(stockRecord), { ...filter });

export const adjustStock = (input: AdjustBody) =>
  changeRequest('POST', '/inventory/stock/adjust', stockChangeView, input);
export const freezeStock = (input: FreezeBody) =>
  changeRequest('POST', '/inventory/stock/freeze', stockChangeView, input);
export const unfreezeStock = (input: FreezeBody) =>
  changeRequest('POST', '/inventory/stock/unfreeze', stockChangeView, input);
export const moveStock = (input: MoveBody) =>
  changeRequest('POST', '/inventory/stock/move', stockChangeView, input);

/** English commas between values, whatever separators were typed (batch search). */
export function batchValues(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const values = text
    .split(/[,，;\s]+/)
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return values.length > 0 ? values.join(',') : undefined;
}
