/**
 * A list screen's page and filters live in the query cache, keyed by its screen id: per-page
 * state that must survive a tab switch lives in the URL or the query cache. The URL is the
 * tab's key, so paging there would open a tab per page; the cache keeps it instead.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PageParams } from '@api/client.js';
import { queryKeys } from '@api/query-keys.js';
import type { ScreenId } from '@shared/menu.js';

/**
 * `instance` tells apart tabs of one screen opened at different addresses (the order list at
 * ?searchTrackingNo=A and at ?searchTrackingNo=B), each with its own page and filters.
 */
export function useScreenState<T extends object>(
  screen: ScreenId,
  initial: T,
  instance = '',
): [T, (patch: Partial<T>) => void] {
  const client = useQueryClient();
  const key = queryKeys.screenState.of(instance ? `${screen}${instance}` : screen);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => initial,
    initialData: initial,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const update = useCallback(
    (patch: Partial<T>) =>
      client.setQueryData<T>(
        queryKeys.screenState.of(instance ? `${screen}${instance}` : screen),
        (previous) => ({
          ...(previous ?? initial),
          ...patch,
        }),
      ),
    [client, screen, instance, initial],
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

/** A server-paged list's state: the page and the filter of its search bar. */
export type ListState = PageParams & { filter: object };

/**
 * useScreenState for a searchable, paged list, with its SearchBar's onSearch: a new search
 * keeps the cleaned filter and goes back to the first page.
 */
export function useListState<S extends ListState>(
  screen: ScreenId,
  initial: S,
  instance = '',
): [S, (patch: Partial<S>) => void, (values: Partial<S['filter']>) => void] {
  const [state, setState] = useScreenState(screen, initial, instance);
  const search = useCallback(
    (values: Partial<S['filter']>) => setState({ filter: cleanFilter(values), pageNo: 1 } as Partial<S>),
    [setState],
  );
  return [state, setState, search];
}
