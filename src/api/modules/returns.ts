/** The calls behind the returns screen: the list, a return's detail, matching an unmatched return. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageResult } from '@shared/contract/common.js';
import {
  returnChange,
  returnDetail,
  returnRow,
  type MatchReturnInput,
  type ReturnListQuery,
} from '@shared/contract/returns.js';
import { changeRequest, getParsed, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type ReturnFilter = PageParams & Partial<Omit<ReturnListQuery, 'pageNo' | 'pageSize'>>;

export const fetchReturns = (filter: ReturnFilter) =>
  getParsed('/return/list', pageResult(returnRow), { ...filter });
export const fetchReturn = (id: string) => getParsed('/return/detail', returnDetail, { id });
export const matchReturn = (input: MatchReturnInput) =>
  changeRequest('POST', '/return/match', returnChange, input);

export function useReturns(filter: ReturnFilter) {
  return useQuery({
    queryKey: queryKeys.returns.query('list', filter),
    queryFn: () => fetchReturns(filter),
    placeholderData: keepPreviousData,
  });
}

export function useReturn(id: string | null) {
  return useQuery({
    queryKey: queryKeys.returns.query('detail', id),
    queryFn: () => fetchReturn(id ?? ''),
    enabled: id !== null,
  });
}

export function useMatchReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: matchReturn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.returns.all }),
  });
}
