/**
 * The duplicate check of the product and location forms (spec 01 §5): a taken SKU code, barcode
 * or location code shows the server's message at its field on blur and nothing is sent; a
 * location's code is asked in the chosen warehouse (again when another is chosen), a rack names
 * the codes its warehouse already holds, and two SKU rows of one form may not share a code.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ProductList } from '@admin/screens/catalog/ProductList.js';
import { LocationFormModal } from '@admin/screens/warehouse/LocationFormModal.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 45_000 });

const TAKEN = 'This value is not available: it already exists!';
const WAREHOUSE = '00000000-0000-4000-8000-0000000000a1';
const OTHER_WAREHOUSE = '00000000-0000-4000-8000-0000000000a2';
const TAKEN_BARCODE = '4006381333931';
const asked: Record<string, string>[] = [];
const sent: unknown[] = [];
useApiServer(
  http.get(api('/sys/duplicate/check'), ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    asked.push(query);
    const isTaken =
      (query.tableName === 'skus' && query.fieldVal === 'MUG-1') ||
      (query.tableName === 'sku_barcodes' && query.fieldVal === TAKEN_BARCODE) ||
      (query.tableName === 'warehouse_locations' &&
        query.fieldVal === 'A-01-01' &&
        query.scopeId === WAREHOUSE);
    return isTaken
      ? failure(409, 'duplicate.value_exists', TAKEN)
      : HttpResponse.json({ success: true, message: 'This value is available', code: 200, result: null });
  }),
  http.get(api('/catalog/product/list'), () => ok(pageOf([], 0))),
  http.post(api('/catalog/product/add'), async ({ request }) => {
    sent.push(await request.json());
    return ok(null);
  }),
  http.get(api('/warehouse/options'), () =>
    ok([
      { id: WAREHOUSE, code: 'DG01', name: 'Dongguan warehouse', country: 'CN' },
      { id: OTHER_WAREHOUSE, code: 'BKK1', name: 'Bangkok warehouse', country: 'TH' },
    ]),
  ),
  http.post(api('/warehouse/location/checkCodes'), async ({ request }) => {
    const body = (await request.json()) as { warehouseId: string; codes: string[] };
    asked.push({ checkCodes: String(body.codes.length), warehouseId: body.warehouseId });
    const held = body.warehouseId === WAREHOUSE ? ['R1-01-02', 'R1-02-01'] : [];
    return ok({ taken: body.codes.filter((code) => held.includes(code)) });
  }),
  http.post(api('/warehouse/location/addBatch'), async ({ request }) => {
    sent.push(await request.json());
    return ok([]);
  }),
  http.get(api('/warehouse/partition/list'), () => ok([])),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
  http.post(api('/warehouse/location/add'), async ({ request }) => {
    sent.push(await request.json());
    return ok(null);
  }),
);

async function openProductForm() {
  sent.length = 0;
  asked.length = 0;
  signIn('seller', [PERMISSIONS.productList, PERMISSIONS.productEdit]);
  renderWithProviders(<ProductList />);
  fireEvent.click(await screen.findByRole('button', { name: /Add product/ }));
  return screen.findByRole('dialog');
}

describe('the duplicate check of the product form', () => {
  it("shows the server's message at a taken seller SKU on blur, and sends nothing", async () => {
    const drawer = await openProductForm();
    const sku = within(drawer).getByLabelText('SKU');
    fireEvent.change(sku, { target: { value: ' MUG-1 ' } });
    fireEvent.blur(sku);
    expect(await within(drawer).findByText(TAKEN)).toBeTruthy();
    expect(asked.find((query) => query.fieldName === 'sellerSku')).toMatchObject({
      tableName: 'skus',
      fieldName: 'sellerSku',
      fieldVal: 'MUG-1',
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(within(drawer).getByText(TAKEN)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(sku, { target: { value: 'MUG-2' } });
    fireEvent.blur(sku);
    await waitFor(() => expect(within(drawer).queryByText(TAKEN)).toBeNull());
  });

  it('flags a second SKU row repeating the code of the first', async () => {
    const drawer = await openProductForm();
    fireEvent.click(within(drawer).getByRole('button', { name: /Add SKU/ }));
    const [first, second] = within(drawer).getAllByLabelText('SKU');
    if (!first || !second) throw new Error('two SKU rows expected');
    fireEvent.change(first, { target: { value: 'CUP-1' } });
    fireEvent.change(second, { target: { value: 'CUP-1 ' } });
    expect(await within(drawer).findByText('This value is also entered in row 1 of this form')).toBeTruthy();
    fireEvent.change(second, { target: { value: 'CUP-2' } });
    await waitFor(() =>
      expect(within(drawer).queryByText('This value is also entered in row 1 of this form')).toBeNull(),
    );
  });
});

describe('the duplicate check of the product form for barcodes', () => {
  const addBarcode = (drawer: HTMLElement, index: number, value: string) => {
    const box = within(drawer).getAllByLabelText('Barcodes')[index];
    if (!box) throw new Error(`no barcode box ${index}`);
    fireEvent.change(box, { target: { value: `${value},` } });
    fireEvent.blur(box);
  };

  it("names a taken barcode with the server's message, and sends nothing", async () => {
    const drawer = await openProductForm();
    fireEvent.change(within(drawer).getByLabelText('SKU'), { target: { value: 'MUG-9' } });
    addBarcode(drawer, 0, TAKEN_BARCODE);
    expect(await within(drawer).findByText(`${TAKEN_BARCODE}: ${TAKEN}`)).toBeTruthy();
    expect(asked.find((query) => query.tableName === 'sku_barcodes')).toMatchObject({
      fieldName: 'barcode',
      fieldVal: TAKEN_BARCODE,
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sent).toEqual([]);
  });

  it('names a barcode that cannot be one', async () => {
    const drawer = await openProductForm();
    addBarcode(drawer, 0, '4006381333932');
    expect(await within(drawer).findByText('4006381333932 is a GTIN with a wrong check digit')).toBeTruthy();
  });

  it('flags a barcode another row of the form holds, compared as stored', async () => {
    const drawer = await openProductForm();
    addBarcode(drawer, 0, 'CUP-CODE');
    fireEvent.click(within(drawer).getByRole('button', { name: /Add SKU/ }));
    addBarcode(drawer, 1, 'cup-code');
    expect(await within(drawer).findByText('cup-code is also entered in row 1 of this form')).toBeTruthy();
  });
});

describe('the duplicate check of the location form', () => {
  it('asks again when another warehouse is chosen after the code was typed', async () => {
    asked.length = 0;
    renderWithProviders(
      <LocationFormModal editing={{ mode: 'add', warehouseId: OTHER_WAREHOUSE }} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('Location code');
    fireEvent.change(code, { target: { value: 'A-01-01' } });
    fireEvent.blur(code);
    await waitFor(() =>
      expect(asked.at(-1)).toMatchObject({ fieldVal: 'A-01-01', scopeId: OTHER_WAREHOUSE }),
    );
    expect(within(dialog).queryByText(TAKEN)).toBeNull();
    fireEvent.mouseDown(within(dialog).getByLabelText('Warehouse'));
    fireEvent.click(await screen.findByText(/Dongguan warehouse/));
    expect(await within(dialog).findByText(TAKEN)).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({ fieldVal: 'A-01-01', scopeId: WAREHOUSE });
  });

  it('names the codes of a rack its warehouse already holds, and sends nothing', async () => {
    sent.length = 0;
    asked.length = 0;
    renderWithProviders(
      <LocationFormModal editing={{ mode: 'rack', warehouseId: WAREHOUSE }} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog');
    const prefix = within(dialog).getByLabelText('Rack code');
    fireEvent.change(prefix, { target: { value: 'r1' } });
    fireEvent.blur(prefix);
    const named = 'Already in use in this warehouse (2): R1-01-02, R1-02-01';
    expect(await within(dialog).findByText(named)).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({ checkCodes: '20', warehouseId: WAREHOUSE });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Save/ }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sent).toEqual([]);

    fireEvent.change(prefix, { target: { value: 'R2' } });
    fireEvent.blur(prefix);
    await waitFor(() => expect(within(dialog).queryByText(named)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Save/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      warehouseId: WAREHOUSE,
      codes: expect.arrayContaining(['R2-01-01', 'R2-04-05']),
    });
  });

  it("asks in the chosen warehouse and shows the server's message at a taken code", async () => {
    sent.length = 0;
    asked.length = 0;
    renderWithProviders(
      <LocationFormModal editing={{ mode: 'add', warehouseId: WAREHOUSE }} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('Location code');
    fireEvent.change(code, { target: { value: 'A-01-01' } });
    fireEvent.blur(code);
    expect(await within(dialog).findByText(TAKEN)).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({
      tableName: 'warehouse_locations',
      fieldName: 'code',
      fieldVal: 'A-01-01',
      scopeId: WAREHOUSE,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Save/ }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sent).toEqual([]);

    fireEvent.change(code, { target: { value: 'A-01-02' } });
    fireEvent.blur(code);
    await waitFor(() => expect(within(dialog).queryByText(TAKEN)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Save/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ warehouseId: WAREHOUSE, code: 'A-01-02' });
  });
});
