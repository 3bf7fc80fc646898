import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProductList } from '@admin/screens/catalog/ProductList.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const PHOTO = 'product/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002.png';
const sent: unknown[] = [];
useApiServer(
  // The forms' duplicate check: every code here is free.
  http.get(api('/sys/duplicate/check'), () => ok(null, 'This value is available')),
  http.get(api('/catalog/product/list'), () => ok(pageOf([], 0))),
  http.post(api('/catalog/product/add'), async ({ request }) => {
    sent.push(await request.json());
    return failure(409, 'catalog.local_sku_taken', 'Local SKUs must be unique');
  }),
  http.post(api('/sys/common/upload'), () =>
    ok([
      {
        key: PHOTO,
        url: `/api/sys/common/static/${PHOTO}`,
        name: 'mug.png',
        contentType: 'image/png',
        size: 68,
      },
    ]),
  ),
  http.get(api(`/sys/common/static/${PHOTO}`), () => new Response(new Uint8Array([137, 80, 78, 71]))),
);

async function openForm() {
  sent.length = 0;
  signIn('seller', [PERMISSIONS.productList, PERMISSIONS.productEdit]);
  renderWithProviders(<ProductList />);
  fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
  return screen.findByRole('dialog');
}

describe('the product form (/product/list)', () => {
  it('refuses to send without a name, a photo and a seller SKU', async () => {
    const drawer = await openForm();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Please enter Product name')).toBeTruthy();
    expect(within(drawer).getByText('A product photo is mandatory')).toBeTruthy();
    expect(within(drawer).getByText('Please enter SKU')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("refuses an HS code that is not 6 to 10 digits, with the field's message", async () => {
    const drawer = await openForm();
    fireEvent.change(within(drawer).getByLabelText('HS code'), { target: { value: 'abc' } });
    expect(
      await within(drawer).findByText('Enter an HS code of 6 to 10 digits, such as 610910'),
    ).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('HS code'), { target: { value: '610910' } });
    await waitFor(() =>
      expect(within(drawer).queryByText('Enter an HS code of 6 to 10 digits, such as 610910')).toBeNull(),
    );
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const drawer = await openForm();
    const input = drawer.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Only images can be uploaded (JPG, PNG, WebP, GIF)')).toBeTruthy();
  });

  it("shows the server's refusal above the form", async () => {
    const drawer = await openForm();
    const input = drawer.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(8)], 'mug.png', { type: 'image/png' })] },
    });
    await screen.findByText('Upload succeeded');
    fireEvent.change(within(drawer).getByLabelText('Product name'), { target: { value: 'Mug' } });
    fireEvent.change(within(drawer).getByLabelText('SKU'), { target: { value: 'MUG-1' } });
    fireEvent.change(within(drawer).getByLabelText('Local code'), { target: { value: 'L1' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByRole('alert')).toHaveProperty(
      'textContent',
      'Local SKUs must be unique',
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Mug',
      photos: [PHOTO],
      skus: [{ sellerSku: 'MUG-1', localCode: 'L1', customCode: null, costCurrency: 'CNY', safetyStock: 0 }],
    });
  });
});

describe("the product form's SKU numbers", () => {
  it.each([
    ['Weight (g)', '-5', 'Weight (g) must be at least 0'],
    ['Weight (g)', '2.5', 'Weight (g) must be a whole number'],
    ['Safety stock', '100000000', 'Safety stock must be at most 1000000'],
    ['Cost', '-2', 'Cost must be at least 0'],
    ['Cost', '1.234', 'Cost may have at most 2 decimals'],
  ])(
    'refuses %s %s with its message and sends nothing, leaving what was typed',
    async (label, typed, message) => {
      const drawer = await openForm();
      const box = within(drawer).getByLabelText(label) as HTMLInputElement;
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.blur(box);
      expect(await within(drawer).findByText(message)).toBeTruthy();
      expect(box.value).toBe(typed);
      fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(box.value).toBe(typed);
      expect(sent).toHaveLength(0);
    },
  );
});
