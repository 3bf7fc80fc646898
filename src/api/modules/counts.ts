/**
 * The calls behind the stock check screens: the list with its status tabs, one check order's
 * detail with its variances, planning, assigning and closing, the review of variances, and the
 * count sheets as one PDF. Counts share the inventory cache root: a pass corrects stock.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
import {
  countDetail,
  countRow,
  reviewCountView,
  type AssignCountInput,
  type CountListQuery,
  type CreateCountInput,
  type ReviewCountInput,
} from '@shared/contract/counts.js';
import { changeRequest, downloadBlob, getParsed, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type CountFilter = PageParams & Partial<Omit<CountListQuery, 'pageNo' | 'pageSize'>>;

const done = z.object({ id: z.string() });

export const fetchCounts = (filter: CountFilter) =>
  getParsed('/stock/check/list', pageResult(countRow), { ...filter });
export const fetchCount = (id: string) => getParsed('/stock/check/detail', countDetail, { id });
export const addCount = (input: CreateCountInput) =>
  changeRequest('POST', '/stock/check/add', z.object({ id: z.string(), countNo: z.string() }), input);
export const assignCount = (input: AssignCountInput) =>
  changeRequest('POST', '/stock/check/assign', done, input);
export const closeCount = (id: string) => changeRequest('POST', '/stock/check/close', done, { id });
export const reviewCount = (input: ReviewCountInput) =>
  changeRequest('POST', '/stock/check/review', reviewCountView, input);
/** GET /stock/check/sheet: the count sheets of the chosen check orders, blind (no book quantity). */
export const fetchCountSheets = (ids: readonly string[], lang?: string) =>
  downloadBlob('/stock/check/sheet', { ids: ids.join(','), lang });

export function useCounts(filter: CountFilter) {
  return useQuery({
    queryKey: queryKeys.inventory.query('counts', filter),
    queryFn: () => fetchCounts(filter),
    placeholderData: keepPreviousData,
  });
}

export function useCount(id: string | null) {
  return useQuery({
    queryKey: queryKeys.inventory.query('count', id),
    queryFn: () => fetchCount(id ?? ''),
    enabled: id !== null && id !== '',
  });
}
