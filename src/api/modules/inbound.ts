/**
 * The calls behind the inbound screens: the order list with its status tabs and
 * filters, one order's detail, making an order with its boxes, the box list spreadsheet and
 * the box labels. Inbound orders share the inventory cache root: making or receiving one moves
 * in-transit and received stock too.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
import {
  importedBoxList,
  inboundDetail,
  inboundOrderRow,
  type CreateInboundInput,
  type EditInboundInput,
  type InboundListQuery,
} from '@shared/contract/inbound.js';
import { downloadBlob, requestEnvelope } from '../client.js';
import { queryKeys } from '../query-keys.js';
import { changeRequest, getParsed, type PageParams } from '../client.js';

export type InboundFilter = PageParams & Partial<Omit<InboundListQuery, 'pageNo' | 'pageSize'>>;

export const fetchInboundOrders = (filter: InboundFilter) =>
  getParsed('/inbound/order/list', pageResult(inboundOrderRow), { ...filter });
export const fetchInboundOrder = (id: string) => getParsed('/inbound/order/detail', inboundDetail, { id });
const savedOrder = z.object({ id: z.string(), inboundNo: z.string() });
export const addInboundOrder = (input: CreateInboundInput) =>
  changeRequest('POST', '/inbound/order/add', savedOrder, input);
export const editInboundOrder = (input: EditInboundInput) =>
  changeRequest('PUT', '/inbound/order/edit', savedOrder, input);
export const cancelInboundOrder = (id: string) =>
  changeRequest('POST', '/inbound/order/cancel', z.object({ id: z.string(), status: z.string() }), { id });

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

/** GET /inbound/order/excel/template: the box list template, its header in the interface language. */
export const downloadBoxListTemplate = () =>
  downloadBlob('/inbound/order/excel/template', {}, 'inbound-boxes-template.xlsx');

/**
 * POST /inbound/order/excel/import: the boxes of the file for the new-order form, nothing saved.
 * A refused file answers its row-by-row report, which the caller reads with `importReportOf`.
 */
export async function importBoxList(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestEnvelope('/inbound/order/excel/import', {
    method: 'POST',
    body: form,
    schema: importedBoxList,
    silent: true,
  });
}

/** GET /inbound/order/box/labels: one label per box of the order, as a PDF. */
export const printBoxLabels = (order: { id: string; inboundNo: string }) =>
  downloadBlob('/inbound/order/box/labels', { id: order.id }, `box-labels-${order.inboundNo}.pdf`);
