/**
 * A list screen's page and filters live in the query cache (STYLE 'Screens are declared once':
 * per-page state that must survive a tab switch lives in the URL and the query cache). The URL
 * is the tab's key, so paging there would open a tab per page; the cache keeps it instead.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys.js';

export function useScreenState<T extends object>(
  screen: string,
  initial: T,
): [T, (patch: Partial<T>) => void] {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.screenState.of(screen),
    queryFn: () => initial,
    initialData: initial,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const update = useCallback(
    (patch: Partial<T>) =>
      client.setQueryData<T>(queryKeys.screenState.of(screen), (previous) => ({
        ...(previous ?? initial),
        ...patch,
      })),
    [client, screen, initial],
  );
  return [data, update];
}

/** Trimmed filter values; empty ones are left out so they do not filter. */
export function cleanFilter<T extends object>(values: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    const cleaned = typeof value === 'string' ? value.trim() : value;
    if (cleaned !== undefined && cleaned !== null && cleaned !== '') result[key] = cleaned as T[keyof T];
  }
  return result;
}
