import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WarehouseFormModal } from '@admin/screens/warehouse/WarehouseFormModal.js';
import { renderWithProviders } from '../render.js';
import { HttpResponse } from 'msw';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const sent: Record<string, unknown>[] = [];
const server = useApiServer(
  // The forms' duplicate check: every code here is free.
  http.get(api('/sys/duplicate/check'), () => ok(null, 'This value is available')),
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

/** Fills the required fields of a new warehouse. */
function fillRequired(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Warehouse code'), { target: { value: 'BKK3' } });
  fireEvent.change(within(dialog).getByLabelText('Warehouse name'), { target: { value: 'Bangkok 3' } });
  fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: 'TH' } });
}

describe('the over-receipt tolerance of the warehouse form', () => {
  it.each([
    ['-2', 'Over-receipt tolerance must be at least 0'],
    ['1001', 'Over-receipt tolerance must be at most 1000'],
    ['1.5', 'Over-receipt tolerance must be a whole number'],
  ])('refuses %s with the message and sends nothing, leaving what was typed', async (typed, message) => {
    const dialog = await openNew();
    fillRequired(dialog);
    const tolerance = within(dialog).getByLabelText('Over-receipt tolerance') as HTMLInputElement;
    fireEvent.change(tolerance, { target: { value: typed } });
    fireEvent.blur(tolerance);
    await waitFor(() => expect(within(dialog).getByText(message)).toBeTruthy());
    expect(tolerance.value).toBe(typed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(tolerance.value).toBe(typed);
    expect(sent).toEqual([]);
  });
});

describe("the server's refusal on the warehouse form", () => {
  it("takes a field's error and the refusal away once that field is changed", async () => {
    server.use(
      http.post(api('/warehouse/add'), () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Invalid input: isActive is not valid; address must not contain control characters',
            code: 'common.validation',
            status: 400,
            fields: [
              { path: 'isActive', rule: 'invalid', message: 'is not valid' },
              { path: 'address', rule: 'control_characters', message: 'must not contain control characters' },
            ],
            result: null,
            timestamp: Date.now(),
          },
          { status: 400 },
        ),
      ),
    );
    const dialog = await openNew();
    fillRequired(dialog);
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'Soi 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText('is not valid')).toBeTruthy());
    expect(within(dialog).getByText('must not contain control characters')).toBeTruthy();
    expect(within(dialog).getByRole('alert')).toBeTruthy();

    // The status switch has no rule of its own: its error goes only because the server's is cleared.
    fireEvent.click(within(dialog).getByRole('switch'));
    await waitFor(() => expect(within(dialog).queryByText('is not valid')).toBeNull());
    expect(within(dialog).getByText('must not contain control characters')).toBeTruthy();
    expect(within(dialog).getByRole('alert')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'Soi 2' } });
    await waitFor(() => expect(within(dialog).queryByText('must not contain control characters')).toBeNull());
    // Every field the refusal named has changed: the refusal above the form goes too.
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });
});
