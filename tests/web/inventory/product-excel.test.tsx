import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ProductList } from '@admin/screens/catalog/ProductList.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

let importReply: () => Response = () =>
  ok({ productsCreated: 2, productsUpdated: 1, skusCreated: 5, skusUpdated: 0 });
useApiServer(
  http.get(api('/catalog/product/list'), () => ok(pageOf([], 0))),
  http.post(api('/catalog/excel/import'), () => importReply()),
);

async function importFile() {
  signIn('seller', [PERMISSIONS.productList, PERMISSIONS.productEdit]);
  const { container } = renderWithProviders(<ProductList />);
  await screen.findByRole('button', { name: /Import from Excel/ });
  const input = container.querySelector('input[type="file"][accept=".xlsx"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no import input');
  fireEvent.change(input, { target: { files: [new File(['x'], 'products.xlsx')] } });
}

describe('products from a spreadsheet', () => {
  it('says how much was imported', async () => {
    importReply = () => ok({ productsCreated: 2, productsUpdated: 1, skusCreated: 5, skusUpdated: 0 });
    await importFile();
    expect(await screen.findByText('Imported 3 products and 5 SKUs')).toBeTruthy();
  });

  it('shows the row-by-row report of a refused file', async () => {
    importReply = () =>
      HttpResponse.json(
        {
          success: false,
          code: 'import.rows_invalid',
          status: 422,
          message: '2 rows have problems: nothing was imported',
          report: [
            {
              row: 3,
              column: 'barcodes',
              code: 'catalog.barcode_invalid',
              message: 'The barcode check digit is wrong',
            },
            {
              row: 4,
              column: 'localCode',
              code: 'catalog.local_sku_taken',
              message: 'Local SKUs must be unique',
            },
          ],
          result: null,
          timestamp: Date.now(),
        },
        { status: 422 },
      );
    await importFile();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import refused: nothing was imported')).toBeTruthy();
    expect(within(dialog).getByText('Local SKUs must be unique')).toBeTruthy();
    expect(within(dialog).getByText('The barcode check digit is wrong')).toBeTruthy();
    expect(within(dialog).getByText('4')).toBeTruthy();
  });

  it('offers no import to the warehouse side', async () => {
    signIn('ware_manager', [PERMISSIONS.productList]);
    renderWithProviders(<ProductList />);
    await screen.findByRole('button', { name: /Export to Excel/ });
    expect(screen.queryByRole('button', { name: /Import from Excel/ })).toBeNull();
  });
});
