/** The calls behind destroying stock by age: the returned or damaged stock old enough, and its destruction. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageResult } from '@shared/contract/common.js';
import {
  destroyCandidate,
  destroyResult,
  type DestroyInput,
  type DestroyListQuery,
} from '@shared/contract/destroy.js';
import { changeRequest, getParsed, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type DestroyFilter = PageParams & Omit<DestroyListQuery, 'pageNo' | 'pageSize'>;

export const fetchDestroyCandidates = (filter: DestroyFilter) =>
  getParsed('/stock/destroy/list', pageResult(destroyCandidate), { ...filter });
export const destroyStockByAge = (input: DestroyInput) =>
  changeRequest('POST', '/stock/destroy', destroyResult, input);

export function useDestroyCandidates(filter: DestroyFilter | null) {
  return useQuery({
    queryKey: queryKeys.inventory.query('destroy', filter),
    queryFn: () => fetchDestroyCandidates(filter ?? { pageNo: 1, pageSize: 10, warehouseId: '', days: 30 }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
