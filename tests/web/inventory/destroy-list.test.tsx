/**
 * Destroying stock by age (/stock/destroy): the list opens on the user's first warehouse; the
 * returned or damaged stock old enough is listed for the age chosen; the selected rows are
 * destroyed (all their units old enough) only after the confirmation spec 02 §9 asks for.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DestroyList } from '@admin/screens/inventory/DestroyList.js';
import type { DestroyCandidate } from '@shared/contract/destroy.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from './fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const row: DestroyCandidate = {
  locationId: '00000000-0000-4000-8000-00000000d001',
  locationCode: 'RET-01',
  locationType: 'returns',
  skuId: '00000000-0000-4000-8000-00000000d002',
  sellerSku: 'MUG-RED',
  name: 'Red mug',
  quantity: 7,
  agedQuantity: 4,
  oldestReceivedAt: '2026-09-01T08:00:00.000Z',
};
const asked: string[] = [];
const destroyed: unknown[] = [];

useApiServer(
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/stock/destroy/list'), ({ request }) => {
    asked.push(new URL(request.url).search);
    return ok(pageOf([row], 1));
  }),
  http.post(api('/stock/destroy'), async ({ request }) => {
    destroyed.push(await request.json());
    return ok({ lines: 1, quantity: 4 }, 'Updated');
  }),
);

describe('destroying stock by age (/stock/destroy)', () => {
  it('lists the old returned stock of the chosen warehouse and destroys the selection after a confirmation', async () => {
    signIn('ware_manager', [PERMISSIONS.stockDestroy]);
    renderWithProviders(<DestroyList />);
    // The first warehouse is listed at once; choosing it again keeps it.
    await waitFor(() => expect(asked.at(0)).toContain(`warehouseId=${WAREHOUSE_ID}`));
    expect(screen.queryByText(/Select a warehouse to see/)).toBeNull();

    const input = screen.getByRole('combobox', { name: 'Warehouse' });
    const selector = input.closest('.ant-select')?.querySelector('.ant-select-selector');
    if (!(selector instanceof HTMLElement)) throw new Error('no warehouse select');
    fireEvent.mouseDown(selector);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.textContent === 'BKK1 · Bangkok 1',
      );
      if (!(found instanceof HTMLElement)) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);

    const cell = await screen.findByText('MUG-RED');
    await waitFor(() => expect(asked.at(-1)).toContain(`warehouseId=${WAREHOUSE_ID}`));
    expect(asked.at(-1)).toContain('days=30');
    const tableRow = cell.closest('tr');
    if (!(tableRow instanceof HTMLElement)) throw new Error('no row');
    expect(within(tableRow).getByText('Returns')).toBeTruthy();
    expect(within(tableRow).getByText('4')).toBeTruthy();

    const destroy = screen.getByRole('button', { name: /Destroy selected/ });
    expect(destroy.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(tableRow).getByRole('checkbox'));
    await waitFor(() => expect(destroy.hasAttribute('disabled')).toBe(false));
    fireEvent.click(destroy);
    expect((await screen.findAllByText('Destroy 1 rows of stock?')).length).toBeGreaterThan(0);
    expect(destroyed).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Destroy' }).at(-1);
    if (!confirm) throw new Error('no confirmation');
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(destroyed).toEqual([
        {
          warehouseId: WAREHOUSE_ID,
          days: 30,
          lines: [{ locationId: row.locationId, skuId: row.skuId, quantity: 4 }],
        },
      ]),
    );
  });
});
