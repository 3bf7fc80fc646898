/**
 * The duplicate check from the forms that create a unique value (spec 01 §5): a new dictionary's
 * code is asked of GET /sys/duplicate/check on blur, a taken one shows the server's message and
 * the form is not sent; a free one is sent.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DictFormModal } from '@admin/screens/system/DictFormModal.js';
import { renderWithProviders } from '../render.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 45_000 });

const TAKEN = 'This value is not available: it already exists!';
const asked: URLSearchParams[] = [];
const added: unknown[] = [];
useApiServer(
  http.get(api('/sys/duplicate/check'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    return query.get('fieldVal') === 'order_status'
      ? failure(409, 'duplicate.value_exists', TAKEN)
      : HttpResponse.json({ success: true, message: 'This value is available', code: 200, result: null });
  }),
  http.post(api('/sys/dict/add'), async ({ request }) => {
    added.push(await request.json());
    return ok({ id: 'd-1', dictCode: 'shelf_kind', dictName: 'Shelf kinds', description: null }, 'Added');
  }),
);

describe('the duplicate check of the new dictionary form', () => {
  it("shows the server's message for a taken code on blur and sends nothing; a free code is sent", async () => {
    renderWithProviders(<DictFormModal open dict={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('Dictionary code');
    fireEvent.change(within(dialog).getByLabelText('Dictionary name'), { target: { value: 'Shelf kinds' } });
    fireEvent.change(code, { target: { value: 'order_status' } });
    // Typing asks nothing: the check waits for the field to be left.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toHaveLength(0);
    fireEvent.blur(code);
    expect(await within(dialog).findByText(TAKEN)).toBeTruthy();
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({
      tableName: 'sys_dict',
      fieldName: 'dictCode',
      fieldVal: 'order_status',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(within(dialog).getByText(TAKEN)).toBeTruthy();
    expect(added).toEqual([]);
    // The same value is not asked again.
    expect(asked).toHaveLength(1);

    fireEvent.change(code, { target: { value: 'shelf_kind' } });
    fireEvent.blur(code);
    await waitFor(() => expect(within(dialog).queryByText(TAKEN)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ dictCode: 'shelf_kind', dictName: 'Shelf kinds' });
  });
});
