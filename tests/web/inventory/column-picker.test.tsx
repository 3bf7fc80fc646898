import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StockList } from '@admin/screens/inventory/StockList.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { stockRow, WAREHOUSES } from './fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

useApiServer(
  http.get(api('/inventory/stock/list'), () => ok(pageOf([stockRow({ sellerSku: 'MUG-RED' })], 1))),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim() ?? '');

describe('the stock list column picker', () => {
  it('shows the essential columns, adds a picked one, and remembers the choice per user', async () => {
    localStorage.clear();
    const user = signIn('ware_manager', [PERMISSIONS.stockList]);
    renderWithProviders(<StockList />, { route: '/inventory/stock' });
    expect(await screen.findByText('MUG-RED')).toBeTruthy();
    expect(headers()).toContain('Available');
    expect(headers()).not.toContain('Locations');
    expect(headers()).not.toContain('System code');

    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const picker = await screen.findByTestId('column-picker-inventory/StockList');
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'Locations' }));
    await waitFor(() => expect(headers()).toContain('Locations'));
    const stored = JSON.parse(localStorage.getItem(`list-columns:${user.id}:inventory/StockList`) ?? '[]');
    expect(stored).toContain('locationCodes');

    // Back on the list later: the choice stands.
    cleanup();
    renderWithProviders(<StockList />, { route: '/inventory/stock' });
    expect(await screen.findByText('MUG-RED')).toBeTruthy();
    expect(headers()).toContain('Locations');
  });
});
