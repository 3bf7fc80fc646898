import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WarehouseFormModal } from '@admin/screens/warehouse/WarehouseFormModal.js';
import { renderWithProviders } from '../render.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const sent: Record<string, unknown>[] = [];
useApiServer(
  http.post(api('/warehouse/add'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    return ok({ id: 'w-1', ...body });
  }),
);

function openNew() {
  sent.length = 0;
  renderWithProviders(<WarehouseFormModal editing="new" onClose={() => undefined} />);
  return screen.findByRole('dialog');
}

describe('the warehouse form', () => {
  it("fills in the country's time zone: a Thai warehouse keeps Bangkok time", async () => {
    const dialog = await openNew();
    const zone = within(dialog).getByLabelText('Time zone');
    expect((zone as HTMLInputElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('Warehouse code'), { target: { value: 'BKK2' } });
    fireEvent.change(within(dialog).getByLabelText('Warehouse name'), { target: { value: 'Bangkok 2' } });
    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: 'th' } });
    await waitFor(() => expect((zone as HTMLInputElement).value).toBe('Asia/Bangkok'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ country: 'TH', timeZone: 'Asia/Bangkok' });
    // A new warehouse allows no over-receipt unless its manager sets a tolerance.
    expect(sent[0]).toMatchObject({ overReceiptUnit: 'units', overReceiptTolerance: 0 });
  });

  it('keeps a time zone the user named when the country changes', async () => {
    const dialog = await openNew();
    const zone = within(dialog).getByLabelText('Time zone');
    fireEvent.change(zone, { target: { value: 'Asia/Shanghai' } });
    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: 'VN' } });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Country') as HTMLInputElement).value).toBe('VN'),
    );
    expect((zone as HTMLInputElement).value).toBe('Asia/Shanghai');
  });
});
