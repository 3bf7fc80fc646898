/**
 * The new stock transfer form (/stock/transfer): a quantity out of range is refused with the
 * field's message and the form is not sent — never clamped to 1 as the number box would on blur.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TransferList } from '@admin/screens/transfers/TransferList.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { WAREHOUSES } from '../inventory/fixtures.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const added: unknown[] = [];

useApiServer(
  http.get(api('/stock/transfer/list'), () => ok(pageOf([], 0))),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/catalog/sku/list'), () => ok(pageOf([], 0))),
  http.get(api('/warehouse/location/list'), () => ok(pageOf([], 0))),
  http.post(api('/stock/transfer/add'), async ({ request }) => {
    added.push(await request.json());
    return ok({ id: 'x', batchNo: 'TF1', status: 'to_audit', stage: 'waiting' }, 'Saved');
  }),
);

describe('the new stock transfer form', () => {
  it('refuses a quantity of -2 with the field message and sends nothing', async () => {
    signIn('agent_manager', [PERMISSIONS.transferList, PERMISSIONS.transferEdit]);
    renderWithProviders(<TransferList />);
    fireEvent.click(await screen.findByRole('button', { name: /New stock transfer/ }));
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(quantity, { target: { value: '-2' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(screen.getByText('Quantity must be at least 1')).toBeTruthy());
    // What was typed stays as typed: the box does not put 1 in its place.
    expect((quantity as HTMLInputElement).value).toBe('-2');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getAllByText('Quantity must be at least 1').length).toBeGreaterThan(0));
    expect((quantity as HTMLInputElement).value).toBe('-2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(added).toEqual([]);
  });
});
