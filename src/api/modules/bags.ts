/**
 * The calls behind the bag screen (集包): the bag list with its filters, one bag's parcels, its
 * manifest PDF, and setting bags' delivery status (pending, pickup, delivery success or fail).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bagDetail,
  bagPage,
  type BagDeliveryStatusBody,
  type BagListQuery,
} from '@shared/contract/packing.js';
import { changeRequest, downloadBlob, getParsed, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type BagFilter = PageParams & Partial<Omit<BagListQuery, 'pageNo' | 'pageSize' | '_t'>>;

export const fetchBags = (filter: BagFilter) => getParsed('/bag/list', bagPage, { ...filter });
export const fetchBag = (id: string) => getParsed('/bag/detail', bagDetail, { id });
/** GET /bag/manifest: the bag's manifest (bag number, package count, weight, tracking numbers). */
export const fetchBagManifest = (id: string, lang?: string) => downloadBlob('/bag/manifest', { id, lang });
export const setBagDeliveryStatus = (body: BagDeliveryStatusBody) =>
  changeRequest('POST', '/bag/deliveryStatus', z.object({ count: z.number() }), body);

export function useBags(filter: BagFilter) {
  return useQuery({
    queryKey: queryKeys.logistics.query('bags', filter),
    queryFn: () => fetchBags(filter),
    placeholderData: keepPreviousData,
  });
}

export function useBag(id: string | null) {
  return useQuery({
    queryKey: queryKeys.logistics.query('bag', id),
    queryFn: () => fetchBag(id ?? ''),
    enabled: id !== null && id !== '',
  });
}

export function useBagDeliveryStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setBagDeliveryStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}
