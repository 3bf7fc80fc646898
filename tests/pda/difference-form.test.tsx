// @vitest-environment jsdom
/**
 * The difference form while the scanner keeps scanning: a scan typed into its focused quantity
 * field (as a scanner types it, the browser putting every key the listener lets through into the
 * field) is a scan, never a number; it chooses the SKU it names or offers its code as an unknown
 * SKU. The quantity stops at what the kind allows for the line.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PdaDatabase } from '@pda/data/db.js';
import { ReceiveScreen } from '@pda/receive/receive-screen.js';
import {
  renderOffline,
  scan,
  SCREEN_IDS,
  seededDatabase,
  setUpScreenTests,
  skuChange,
} from './support/screen.js';

const SKU_B = '55555555-5555-4555-8555-555555555555';
const SELLER = '66666666-6666-4666-8666-666666666666';
const { WAREHOUSE, ORDER, BOX, SKU_A } = SCREEN_IDS;
setUpScreenTests();

const line = (skuId: string, shipQuantity: number, receivedQuantity = 0) => ({
  skuId,
  shipQuantity,
  receivedQuantity,
  shelvedQuantity: 0,
  damagedQuantity: 0,
});

async function openForm(): Promise<PdaDatabase> {
  const db = await seededDatabase('difference', [
    skuChange(SKU_A, 'MUG-RED', '6901234567892'),
    skuChange(SKU_B, 'CUP-BLUE', 'CUPBLUE01'),
    {
      entity: 'inbound_order',
      op: 'upsert',
      key: ORDER,
      data: {
        id: ORDER,
        inboundNo: 'IB2025000001',
        warehouseId: WAREHOUSE,
        sellerId: SELLER,
        status: 'pending',
        receivingLocationId: 'r',
        boxes: [{ id: BOX, boxNo: 'BOX-001', isFinished: false, lines: [line(SKU_A, 3, 1), line(SKU_B, 1)] }],
      },
    },
  ]);
  renderOffline(db, '/receive', <ReceiveScreen warehouseId={WAREHOUSE} />);
  scan('BOX-001');
  await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
  fireEvent.click(screen.getByRole('button', { name: 'Report a difference' }));
  await screen.findByTestId('difference-form');
  return db;
}

/** Sets a field's value as the browser does when a key lands in it (React sees an input event). */
function land(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A scanner typing `code` + Enter into `field` at scanner speed; unprevented keys land in it. */
function scanInto(field: HTMLInputElement, code: string) {
  // Each key on its own, as a browser handles them: React renders between two keys.
  for (const key of [...code, 'Enter'])
    act(() => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      field.dispatchEvent(event);
      if (!event.defaultPrevented && key.length === 1) land(field, field.value + key);
    });
}

const quantityField = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });

describe('the difference form while scanning', () => {
  it('takes a scan into the quantity field as the unknown barcode, never as a quantity', async () => {
    const db = await openForm();
    const quantity = quantityField();
    quantity.focus();
    scanInto(quantity, '6900000000014');
    await waitFor(() =>
      expect(screen.getByTestId('difference-scanned').textContent).toBe(
        "Scanned 6900000000014: unknown code, taken as the unknown SKU's barcode",
      ),
    );
    expect(quantityField().value).toBe('1');
    expect(screen.getByDisplayValue('6900000000014')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('What did you find?'), { target: { value: 'No label' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the report' }));
    await waitFor(() => expect(screen.queryByTestId('difference-form')).toBeNull());
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({ kind: 'unknown_sku', barcode: '6900000000014', quantity: 1 });
  });

  it('chooses the SKU a scan names, and refuses a quantity above what the line allows', async () => {
    const db = await openForm();
    const quantity = quantityField();
    quantity.focus();
    scanInto(quantity, '6901234567892');
    await waitFor(() =>
      expect(screen.getByTestId('difference-scanned').textContent).toBe('Scanned 6901234567892: SKU chosen'),
    );
    expect(quantityField().value).toBe('1');
    scanInto(quantityField(), 'NOT-IN-BOX');
    // An unknown code: offered as the unknown SKU's barcode. Back to the SKU by scanning it again.
    await waitFor(() => expect(screen.getByDisplayValue('NOT-IN-BOX')).toBeTruthy());
    scanInto(quantityField(), '6901234567892');
    await waitFor(() =>
      expect(screen.getByTestId('difference-scanned').textContent).toBe('Scanned 6901234567892: SKU chosen'),
    );

    // Short: MUG-RED expects 3 and has 1, so at most 2 can be short. More is refused as typed,
    // never made 2 for the worker, and the report waits until the number is corrected.
    fireEvent.change(quantityField(), { target: { value: '2000000' } });
    fireEvent.blur(quantityField());
    expect(quantityField().value).toBe('2000000');
    expect(screen.getByText('Enter a number from 1 to 2').getAttribute('role')).toBe('alert');
    fireEvent.change(screen.getByPlaceholderText('What did you find?'), { target: { value: 'Missing' } });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save the report' });
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('difference-form')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(quantityField(), { target: { value: '2' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('difference-form')).toBeNull());
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({ kind: 'short', skuId: SKU_A, quantity: 2 });
  });
});
