/**
 * The stock records list (/stock/records) offers the date shortcuts of spec 02 §9 on its date
 * range, as the order list does, but only those inside the 90 days it shows.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StockRecords } from '@admin/screens/inventory/StockRecords.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 45_000 });

const queries: URLSearchParams[] = [];
useApiServer(
  http.get(api('/inventory/stock/records'), ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    return ok(pageOf([], 0));
  }),
  http.get(api('/warehouse/options'), () => ok([])),
);

describe('the stock records date range', () => {
  it('offers the shortcuts within the 90 days shown, and searches the days one names', async () => {
    signIn('seller', [PERMISSIONS.stockRecords]);
    renderWithProviders(<StockRecords />);
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    const start = screen.getByPlaceholderText('Start date');
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    expect(await screen.findByText('Last 90 days')).toBeTruthy();
    expect(screen.getByText('Last 15 days')).toBeTruthy();
    expect(screen.getByText('Last week')).toBeTruthy();
    // Records older than 90 days are not shown, so no shortcut reaches a year back.
    expect(screen.queryByText('Last year')).toBeNull();

    fireEvent.click(screen.getByText('Last 7 days'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).not.toBeNull());
    const query = queries.at(-1);
    const days = (Date.parse(query?.get('to') ?? '') - Date.parse(query?.get('from') ?? '')) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(Date.parse(query?.get('to') ?? '')).toBeGreaterThan(Date.now());
  });
});
