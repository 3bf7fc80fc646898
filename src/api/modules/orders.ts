/**
 * The calls behind the order screens (/order/manage/seller, /order/manager/ware,
 * /agent/order/new): the list with its tab counts, filters and batch search, one order's detail,
 * entering an order, the hand actions, which orders hold a SKU's frozen units, and the
 * reservation repair. Orders share the inventory cache root: every action here may freeze or
 * release stock.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  orderActionResults,
  orderDetail,
  orderPage,
  orderShopView,
  repairReport,
  savedOrderView,
  stockHoldersView,
  type CancelOrdersInput,
  type CreateOrderInput,
  type MergeOrdersInput,
  type OrderIdsInput,
  type OrderNotesInput,
  type OrderTagsInput,
  type RejectReviewInput,
  type RepairReservationsInput,
  type SplitOrderInput,
  type orderListQuery,
} from '@shared/contract/orders.js';
import { z } from 'zod';
import { changeRequest, getParsed, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

/** The list's filters as the query string carries them (batch searches as comma-separated text). */
export type OrderFilter = PageParams & Partial<Omit<z.input<typeof orderListQuery>, 'pageNo' | 'pageSize'>>;

export const fetchOrders = (filter: OrderFilter) => getParsed('/order/list', orderPage, { ...filter });
export const fetchOrderShops = () => getParsed('/order/shops', z.array(orderShopView));
export const fetchOrder = (id: string) => getParsed('/order/detail', orderDetail, { id });
export const fetchStockHolders = (skuId: string, warehouseId?: string) =>
  getParsed('/order/reservation/holders', stockHoldersView, { skuId, warehouseId });

export const addOrder = (input: CreateOrderInput) =>
  changeRequest('POST', '/order/add', savedOrderView, input);
export const cancelOrders = (input: CancelOrdersInput) =>
  changeRequest('POST', '/order/cancel', orderActionResults, input);
export const passOrderReview = (input: OrderIdsInput) =>
  changeRequest('POST', '/order/review/pass', orderActionResults, input);
export const rejectOrderReview = (input: RejectReviewInput) =>
  changeRequest('POST', '/order/review/reject', orderActionResults, input);
export const markOrdersOutOfStock = (input: OrderIdsInput) =>
  changeRequest('POST', '/order/outOfStock', orderActionResults, input);
export const setOrderTags = (input: OrderTagsInput) =>
  changeRequest('POST', '/order/tags', orderActionResults, input);
export const editOrderNotes = (input: OrderNotesInput) =>
  changeRequest('POST', '/order/notes', savedOrderView, input);
export const mergeOrders = (input: MergeOrdersInput) =>
  changeRequest('POST', '/order/merge', savedOrderView, input);
export const splitOrder = (input: SplitOrderInput) =>
  changeRequest('POST', '/order/split', savedOrderView, input);
export const repairReservations = (input: RepairReservationsInput) =>
  changeRequest('POST', '/order/reservation/repair', repairReport, input);

/** One page of orders with the tab counts; the last page stays on screen while the next loads. */
export function useOrders(filter: OrderFilter) {
  return useQuery({
    queryKey: queryKeys.inventory.query('orders', filter),
    queryFn: () => fetchOrders(filter),
    placeholderData: keepPreviousData,
  });
}

/** The shops the viewer's orders came from, for the shop filter. */
export function useOrderShops() {
  return useQuery({
    queryKey: queryKeys.inventory.query('orderShops'),
    queryFn: fetchOrderShops,
    staleTime: 60_000,
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: queryKeys.inventory.query('order', id),
    queryFn: () => fetchOrder(id ?? ''),
    enabled: id !== null && id !== '',
  });
}

export function useStockHolders(skuId: string | null, warehouseId?: string) {
  return useQuery({
    queryKey: queryKeys.inventory.query('stockHolders', { skuId, warehouseId }),
    queryFn: () => fetchStockHolders(skuId ?? '', warehouseId),
    enabled: skuId !== null && skuId !== '',
  });
}
