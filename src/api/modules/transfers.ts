/** The calls behind the transfer screen: the list, one transfer with its differences, making a transfer, its audit. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageResult } from '@shared/contract/common.js';
import {
  transferChange,
  transferDetail,
  transferRow,
  type AuditTransferInput,
  type CreateTransferInput,
  type TransferListQuery,
} from '@shared/contract/transfers.js';
import { changeRequest, getParsed, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type TransferFilter = PageParams & Partial<Omit<TransferListQuery, 'pageNo' | 'pageSize'>>;

export const fetchTransfers = (filter: TransferFilter) =>
  getParsed('/stock/transfer/list', pageResult(transferRow), { ...filter });
export const fetchTransfer = (id: string) => getParsed('/stock/transfer/detail', transferDetail, { id });
export const addTransfer = (input: CreateTransferInput) =>
  changeRequest('POST', '/stock/transfer/add', transferChange, input);
export const auditTransfer = (input: AuditTransferInput) =>
  changeRequest('POST', '/stock/transfer/audit', transferChange, input);

export function useTransfers(filter: TransferFilter) {
  return useQuery({
    queryKey: queryKeys.inventory.query('transfers', filter),
    queryFn: () => fetchTransfers(filter),
    placeholderData: keepPreviousData,
  });
}

export function useTransfer(id: string | null) {
  return useQuery({
    queryKey: queryKeys.inventory.query('transfer', id),
    queryFn: () => fetchTransfer(id ?? ''),
    enabled: id !== null && id !== '',
  });
}
