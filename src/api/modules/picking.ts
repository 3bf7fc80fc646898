/**
 * The calls behind the waves screen: the list with its status tabs, one wave's detail (orders,
 * lines, progress, shortages), the orders a wave may take, making a wave, and its pick list PDF.
 * Waves share the logistics cache root: picking changes the outbound list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
import {
  readyOrderRow,
  waveDetail,
  waveRow,
  type CreateWaveInput,
  type RepickInput,
  type WaveListQuery,
} from '@shared/contract/picking.js';
import { changeRequest, downloadBlob, getParsed, type PageParams } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type WaveFilter = PageParams & Partial<Omit<WaveListQuery, 'pageNo' | 'pageSize'>>;

export const fetchWaves = (filter: WaveFilter) => getParsed('/wave/list', pageResult(waveRow), { ...filter });
export const fetchWave = (id: string) => getParsed('/wave/detail', waveDetail, { id });
export const fetchReadyOrders = (warehouseId: string) =>
  getParsed('/wave/readyOrders', z.array(readyOrderRow), { warehouseId });
export const addWave = (input: CreateWaveInput) =>
  changeRequest(
    'POST',
    '/wave/add',
    z.object({ id: z.string(), waveNo: z.string(), orderCount: z.number() }),
    input,
  );
/** POST /wave/repick: short-picked orders put back to be picked in a new wave. */
export const repickOrders = (input: RepickInput) =>
  changeRequest('POST', '/wave/repick', z.object({ count: z.number() }), input);
/** GET /wave/pickList: the wave's printed pick list (the shelves in walking order). */
export const fetchWavePickList = (id: string, lang?: string) => downloadBlob('/wave/pickList', { id, lang });

export function useWaves(filter: WaveFilter) {
  return useQuery({
    queryKey: queryKeys.logistics.query('waves', filter),
    queryFn: () => fetchWaves(filter),
    placeholderData: keepPreviousData,
  });
}

export function useWave(id: string | null) {
  return useQuery({
    queryKey: queryKeys.logistics.query('wave', id),
    queryFn: () => fetchWave(id ?? ''),
    enabled: id !== null && id !== '',
  });
}

export function useReadyOrders(warehouseId: string) {
  return useQuery({
    queryKey: queryKeys.logistics.query('readyOrders', warehouseId),
    queryFn: () => fetchReadyOrders(warehouseId),
    enabled: warehouseId !== '',
  });
}

export function useAddWave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addWave,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}

export function useRepick() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: repickOrders,
    // The order leaves the problem list and joins the orders ready to pick.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.logistics.all }),
        client.invalidateQueries({ queryKey: queryKeys.inventory.all }),
      ]),
  });
}
