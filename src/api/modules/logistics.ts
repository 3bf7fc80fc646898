/**
 * The calls behind the logistics screens: the channels parcels leave by (/logistics/channel/*),
 * the outbound list with each order's waybill (/waybill/*), and the outbound steps of warehouses
 * without handhelds (/outbound/*). Replies are parsed with the shared contract; a channel's keys
 * are sent when typed and never read back (a channel shows the key's last characters only).
 * Labels, merged batches and pick or packing lists are PDFs fetched with the session's token.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  batchView,
  bulkReply,
  channelOptions,
  channelPage,
  channelView,
  markPrintedReply,
  waybillPage,
  type AddChannelBody,
  type ArrangeBody,
  type ChannelListQuery,
  type EditChannelBody,
  type MarkPrintedBody,
  type SelfShippedBody,
  type waybillListQuery,
} from '@shared/contract/logistics.js';
import {
  changeRequest,
  downloadBlob,
  getParsed,
  requestEnvelope,
  type Envelope,
  type PageParams,
} from '../client.js';
import { queryKeys } from '../query-keys.js';

const nothing = z.null();

/** How often a running batch (arrange or print) is read again. */
export const BATCH_POLL_MS = 1000;

export type ChannelFilter = PageParams & Partial<Omit<ChannelListQuery, 'pageNo' | 'pageSize'>>;
/** The outbound list's filters as the query string carries them (a batch search as comma-separated text). */
export type WaybillFilter = PageParams &
  Partial<Omit<z.input<typeof waybillListQuery>, 'pageNo' | 'pageSize'>>;

// Channels

export const fetchChannels = (filter: ChannelFilter) =>
  getParsed('/logistics/channel/list', channelPage, { ...filter });
export const addChannel = (input: AddChannelBody) =>
  changeRequest('POST', '/logistics/channel/add', channelView, input);
/** Keys left blank keep the stored ones. */
export const editChannel = (input: EditChannelBody) =>
  changeRequest('PUT', '/logistics/channel/edit', channelView, input);
export const enableChannel = (input: { id: string; isEnabled: boolean }) =>
  changeRequest('POST', '/logistics/channel/enable', channelView, input);
/** Checks the channel's authorisation again (a carrier's keys, a marketplace's shops). */
export const authoriseChannel = (id: string) =>
  changeRequest('POST', '/logistics/channel/authorise', channelView, { id });
/** Refused while waybills use the channel (logistics.channel_in_use). */
export const deleteChannel = (id: string) =>
  changeRequest('DELETE', '/logistics/channel/delete', nothing, { id });
/** The enabled channels every one of the orders may ship by. */
export const fetchChannelOptions = (orderIds: readonly string[]) =>
  getParsed('/logistics/channel/options', channelOptions, { orderIds: orderIds.join(',') });

// Waybills

export const fetchWaybills = (filter: WaybillFilter) =>
  getParsed('/waybill/list', waybillPage, { ...filter });
/** Starts a batch arranging the orders' shipments; follow it with fetchBatch. */
export const arrangeShipments = (input: ArrangeBody) =>
  changeRequest('POST', '/waybill/arrange', batchView, input);
/** Starts a batch merging the orders' labels into one PDF; follow it with fetchBatch. */
export const printWaybills = (orderIds: readonly string[]) =>
  changeRequest('POST', '/waybill/print', batchView, { orderIds });
export const fetchBatch = (id: string) => getParsed('/waybill/batch', batchView, { id });
/** The merged PDF of a finished print batch. */
export const fetchBatchPdf = (id: string) => downloadBlob('/waybill/batch/pdf', { id });
/** One order's stored label, the same bytes every reprint. */
export const fetchLabel = (orderId: string) => downloadBlob('/waybill/label', { orderId });
/** 'Try again': asks the platform or carrier for the labels that were not saved once more. */
export const retryLabels = (orderIds: readonly string[]) =>
  changeRequest('POST', '/waybill/label/retry', bulkReply, { orderIds });
/** 'Save again': saves the labels from the documents already fetched, or renders ours again. */
export const regenerateLabels = (orderIds: readonly string[]) =>
  changeRequest('POST', '/waybill/label/regenerate', bulkReply, { orderIds });
/** A label PDF (at most 5 MB) saved by hand for one order. */
export function uploadLabel(input: { orderId: string; file: File }): Promise<Envelope<unknown>> {
  const form = new FormData();
  form.append('file', input.file);
  const query = new URLSearchParams({ orderId: input.orderId });
  return requestEnvelope(`/waybill/label/upload?${query}`, { method: 'POST', body: form, silent: true });
}
/** Marks labels printed (each print counted) or unprinted again. */
export const markPrinted = (input: MarkPrintedBody) =>
  changeRequest('POST', '/waybill/printed', markPrintedReply, input);
/** A parcel shipped outside the warehouse's channels: its tracking number typed in. */
export const markSelfShipped = (input: SelfShippedBody) =>
  changeRequest('POST', '/waybill/selfShipped', nothing, input);

// Outbound (warehouses without handhelds)

export const markPicked = (orderIds: readonly string[]) =>
  changeRequest('POST', '/outbound/picked', bulkReply, { orderIds });
export const markPacked = (input: { orderIds: readonly string[]; weightGrams?: number }) =>
  changeRequest('POST', '/outbound/packed', bulkReply, input);
export const markDelivered = (orderIds: readonly string[]) =>
  changeRequest('POST', '/outbound/delivered', bulkReply, { orderIds });
/** Sends our carrier's tracking number to the orders' marketplaces again after it failed. */
export const retryTrackingPush = (orderIds: readonly string[]) =>
  changeRequest('POST', '/waybill/tracking/push', bulkReply, { orderIds });
export const fetchPickList = (orderIds: readonly string[], lang?: string) =>
  downloadBlob('/outbound/pickList', { orderIds: orderIds.join(','), lang });
export const fetchPackingList = (orderIds: readonly string[], lang?: string) =>
  downloadBlob('/outbound/packingList', { orderIds: orderIds.join(','), lang });

// Queries

export function useChannels(filter: ChannelFilter) {
  return useQuery({
    queryKey: queryKeys.logistics.query('channels', filter),
    queryFn: () => fetchChannels(filter),
    placeholderData: keepPreviousData,
  });
}

/** Every channel, for the outbound list's channel filter. */
export function useAllChannels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.logistics.query('channels', 'all'),
    queryFn: () => fetchChannels({ pageNo: 1, pageSize: 200 }),
    staleTime: 60_000,
    enabled,
  });
}

export function useChannelOptions(orderIds: readonly string[] | null) {
  return useQuery({
    queryKey: queryKeys.logistics.query('channelOptions', orderIds),
    queryFn: () => fetchChannelOptions(orderIds ?? []),
    enabled: orderIds !== null && orderIds.length > 0,
  });
}

export function useWaybills(filter: WaybillFilter) {
  return useQuery({
    queryKey: queryKeys.logistics.query('waybills', filter),
    queryFn: () => fetchWaybills(filter),
    placeholderData: keepPreviousData,
  });
}

/** A batch read every second until it is done or failed. */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: queryKeys.logistics.query('batch', id),
    queryFn: () => fetchBatch(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : BATCH_POLL_MS;
    },
  });
}

/**
 * A change to channels or waybills that refreshes every logistics read once the server
 * agrees; the outbound steps move stock and orders, so those reads are refreshed too.
 */
export function useLogisticsChange<I, T>(mutationFn: (input: I) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.logistics.all });
      await client.invalidateQueries({ queryKey: queryKeys.inventory.all });
    },
  });
}
