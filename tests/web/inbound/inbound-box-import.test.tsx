import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { InboundFormDrawer } from '@admin/screens/inbound/InboundFormDrawer.js';
import type { ImportedBoxList } from '@shared/contract/inbound.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID, WAREHOUSES } from '../inventory/fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const RED = '00000000-0000-4000-8000-00000000f001';
const BLUE = '00000000-0000-4000-8000-00000000f002';
const line = (skuId: string, sellerSku: string, shipQuantity: number) => ({
  skuId,
  sellerSku,
  name: 'Ceramic mug',
  variation: null,
  shipQuantity,
});
const imported: ImportedBoxList = {
  boxes: [
    { boxNo: 'CTN-01', lines: [line(RED, 'MUG-RED', 12), line(BLUE, 'MUG-BLUE', 8)] },
    { boxNo: 'CTN-02', lines: [line(BLUE, 'MUG-BLUE', 30)] },
  ],
};

let importReply: () => Response = () => ok(imported);
const added: { warehouseId: string; boxes: unknown[] }[] = [];

useApiServer(
  http.post(api('/inbound/order/excel/import'), () => importReply()),
  http.post(api('/inbound/order/add'), async ({ request }) => {
    added.push((await request.json()) as (typeof added)[number]);
    return ok({ id: 'x', inboundNo: 'IN202611210003' }, 'Saved');
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/catalog/sku/list'), () => ok(pageOf([], 0))),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

async function openDrawer() {
  added.length = 0;
  signIn('seller', [PERMISSIONS.inboundList, PERMISSIONS.inboundAdd]);
  const view = renderWithProviders(<InboundFormDrawer open onClose={() => undefined} />);
  const drawer = await screen.findByRole('dialog');
  expect(within(drawer).getByRole('button', { name: /Download template/ })).toBeTruthy();
  return { ...view, drawer };
}

function chooseFile(container: HTMLElement) {
  const input = container.ownerDocument.querySelector('input[type="file"][accept=".xlsx"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no import input');
  fireEvent.change(input, { target: { files: [new File(['x'], 'boxes.xlsx')] } });
}

const boxNumbers = (drawer: HTMLElement) =>
  within(drawer)
    .getAllByLabelText('Box number')
    .map((input) => (input as HTMLInputElement).value);

describe('the box list import in the new inbound order drawer', () => {
  it('replaces the boxes with those of the file, SKUs named, ready to save', async () => {
    importReply = () => ok(imported);
    const { container, drawer } = await openDrawer();
    expect(boxNumbers(drawer)).toEqual(['BOX-1']);
    chooseFile(container);
    expect(
      await screen.findByText('Replaced the boxes with 2 boxes (3 SKU lines) from the file'),
    ).toBeTruthy();
    await waitFor(() => expect(boxNumbers(drawer)).toEqual(['CTN-01', 'CTN-02']));
    expect(within(drawer).getAllByText('MUG-BLUE · Ceramic mug')).toHaveLength(2);
    expect(within(drawer).getByText('MUG-RED · Ceramic mug')).toBeTruthy();
    const quantities = within(drawer)
      .getAllByLabelText('Ship quantity')
      .map((input) => (input as HTMLInputElement).value);
    expect(quantities).toEqual(['12', '8', '30']);
  });

  it('appends after the boxes already typed, and refuses box numbers already there', async () => {
    importReply = () => ok(imported);
    const { container, drawer } = await openDrawer();
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Append boxes' }));
    chooseFile(container);
    // The untouched first box is dropped, the file's boxes follow.
    await waitFor(() => expect(boxNumbers(drawer)).toEqual(['CTN-01', 'CTN-02']));
    chooseFile(container);
    expect(
      await screen.findByText(
        'These box numbers are already in the form: CTN-01, CTN-02. Nothing was added.',
      ),
    ).toBeTruthy();
    expect(boxNumbers(drawer)).toEqual(['CTN-01', 'CTN-02']);
  });

  it('shows the row report of a refused file and leaves the form as it was', async () => {
    importReply = () =>
      HttpResponse.json(
        {
          success: false,
          code: 'import.rows_invalid',
          status: 422,
          message: '2 errors found; nothing was imported',
          report: [
            {
              row: 3,
              column: 'Seller SKU or barcode',
              code: 'inbound.import_unknown_sku',
              message: 'NO-SUCH is not one of your SKU codes or barcodes',
            },
            {
              row: 5,
              column: 'Ship quantity',
              code: 'inbound.import_bad_quantity',
              message: 'The ship quantity must be a whole number from 1 to 1000000',
            },
          ],
          result: null,
          timestamp: Date.now(),
        },
        { status: 422 },
      );
    const { container, drawer } = await openDrawer();
    chooseFile(container);
    const title = await screen.findByText('Box list refused: nothing was imported');
    const report = title.closest('.ant-modal');
    if (!(report instanceof HTMLElement)) throw new Error('no report dialog');
    expect(within(report).getByText('2 errors found; nothing was imported')).toBeTruthy();
    expect(within(report).getByText('NO-SUCH is not one of your SKU codes or barcodes')).toBeTruthy();
    expect(within(report).getByText('Ship quantity')).toBeTruthy();
    expect(within(report).getByText('5')).toBeTruthy();
    expect(boxNumbers(drawer)).toEqual(['BOX-1']);
  });

  it('sends the imported boxes when the order is saved', async () => {
    importReply = () => ok(imported);
    const { container, drawer } = await openDrawer();
    chooseFile(container);
    await waitFor(() => expect(boxNumbers(drawer)).toEqual(['CTN-01', 'CTN-02']));
    fireEvent.mouseDown(within(drawer).getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click(await screen.findByText('BKK1 · Bangkok 1'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      warehouseId: WAREHOUSE_ID,
      boxes: [
        {
          boxNo: 'CTN-01',
          lines: [
            { skuId: RED, shipQuantity: 12 },
            { skuId: BLUE, shipQuantity: 8 },
          ],
        },
        { boxNo: 'CTN-02', lines: [{ skuId: BLUE, shipQuantity: 30 }] },
      ],
    });
  });
});
