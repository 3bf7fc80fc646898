/**
 * Renders admin components as the app does: a fresh query cache (no retries) and a memory
 * router opened at `route`. Pass the routes the test navigates between as `ui`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** `state`: the router state the first address is opened with (as `navigate(to, { state })` gives). */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', state }: { route?: string; state?: unknown } = {},
) {
  const queryClient = createTestQueryClient();
  const [pathname = '/', search = ''] = route.split(/(?=\?)/);
  const entry = state === undefined ? route : { pathname, search, state };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[entry]}>{ui}</MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
