/**
 * The calls behind the inbound screens (issue 5): the order list with its status tabs and
 * filters, one order's detail, and making an order with its boxes. Inbound orders share the
 * inventory cache root: making or receiving one moves in-transit and received stock too.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageResult } from '../../shared/contract/common.js';
import {
  inboundDetail,
  inboundOrderRow,
  type CreateInboundInput,
  type InboundListQuery,
} from '../../shared/contract/inbound.js';
import { queryKeys } from '../query-keys.js';
import { changeRequest, getParsed, type PageParams } from './inventory.js';

export type InboundFilter = PageParams & Partial<Omit<InboundListQuery, 'pageNo' | 'pageSize'>>;

export const fetchInboundOrders = (filter: InboundFilter) =>
  getParsed('/inbound/order/list', pageResult(inboundOrderRow), { ...filter });
export const fetchInboundOrder = (id: string) => getParsed('/inbound/order/detail', inboundDetail, { id });
export const addInboundOrder = (input: CreateInboundInput) =>
  changeRequest('POST', '/inbound/order/add', z.object({ id: z.string(), inboundNo: z.string() }), input);

/** One page of orders; the last page stays on screen while the next loads. */
export function useInboundOrders(filter: InboundFilter) {
  return useQuery({
    queryKey: queryKeys.inventory.query('inboundOrders', filter),
    queryFn: () => fetchInboundOrders(filter),
    placeholderData: keepPreviousData,
  });
}

export function useInboundOrder(id: string | null) {
  return useQuery({
    queryKey: queryKeys.inventory.query('inboundOrder', id),
    queryFn: () => fetchInboundOrder(id ?? ''),
    enabled: id !== null && id !== '',
  });
}
