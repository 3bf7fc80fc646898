// @vitest-environment jsdom
/**
 * The receiving screen over fake-indexeddb: a scanned box opens, each SKU scan (typed as a
 * scanner types it) shows its feedback, counts on the box and queues one 'inbound.receive' op
 * in the outbox; a code that is not in the box blocks until the worker acknowledges it. The
 * last scans are undone by compensating ops, a difference is reported with a photo kept on the
 * device, and a box is finished.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PdaDatabase } from '@pda/data/db.js';
import { ReceiveScreen } from '@pda/receive/receive-screen.js';
import {
  confirmWith,
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

let db: PdaDatabase;

const line = (skuId: string, shipQuantity: number) => ({
  skuId,
  shipQuantity,
  receivedQuantity: 0,
  shelvedQuantity: 0,
  damagedQuantity: 0,
});

async function seed(
  lines = [line(SKU_A, 3), line(SKU_B, 1)],
  overReceipt?: { unit: 'units' | 'percent'; value: number },
): Promise<PdaDatabase> {
  db = await seededDatabase('receive', [
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
        ...(overReceipt ? { overReceipt } : {}),
        boxes: [{ id: BOX, boxNo: 'BOX-001', isFinished: false, lines }],
      },
    },
  ]);
  return db;
}

/** Answers the open confirmation with its button `name` (a closing dialog may still be there). */
function renderScreen(database: PdaDatabase) {
  return renderOffline(database, '/receive', <ReceiveScreen warehouseId={WAREHOUSE} />);
}

describe('the receiving screen', () => {
  it('opens a box by its label, counts each SKU scan and queues it with its effect', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    renderScreen(await seed());
    expect(screen.getByTestId('prompt').textContent).toBe('Scan the inbound order or a box label');

    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    expect(screen.getByTestId('count-MUG-RED').textContent).toBe('0 / 3');

    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('1 / 3'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('2 / 3'));
    expect(screen.getByTestId('feedback').className).toContain('pda-feedback-ok');
    expect(vibrate).toHaveBeenCalledWith([40]);

    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => [op.seq, op.type, op.payload])).toEqual([
      [1, 'inbound.receive', { inboundOrderId: ORDER, boxId: BOX, skuId: SKU_A, quantity: 1 }],
      [2, 'inbound.receive', { inboundOrderId: ORDER, boxId: BOX, skuId: SKU_A, quantity: 1 }],
    ]);
    const box = await db.boxes.get(BOX);
    expect(JSON.stringify(box?.data)).toContain('"receivedQuantity":2');
  });

  it('asks before receiving more than expected and holds scans behind a code not in the box until OK', async () => {
    renderScreen(await seed());
    scan('IB2025000001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));

    scan('CUPBLUE01');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('1 / 1'));
    // One more than expected: counted only once the worker confirms the over-receipt.
    scan('CUPBLUE01');
    expect(
      await screen.findByText('CUP-BLUE: 1 expected, 1 received. Receive 1 more (over-receipt)?'),
    ).toBeTruthy();
    expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('1 / 1');
    await confirmWith('Receive over');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('2 / 1'));
    expect(screen.getByTestId('feedback').className).toContain('pda-feedback-warn');
    // Declined: nothing counted, and said so.
    scan('CUPBLUE01');
    await confirmWith('Cancel');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain(
        'Not counted: the scan over the expected quantity was cancelled',
      ),
    );
    expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('2 / 1');

    scan('NOPE123');
    await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain('Unknown code NOPE123'));
    // Blocked: further scans (by the scanner and typed by hand) wait until the worker taps OK,
    // named on the red banner itself, under its message about the earlier code.
    scan('6901234567892');
    fireEvent.change(screen.getByPlaceholderText('Type a code'), { target: { value: '6901234567892' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
    const banner = screen.getByTestId('feedback');
    expect(banner.className).toContain('pda-feedback-error');
    expect(within(banner).getByTestId('scans-held').textContent).toBe(
      'Scanned while this message shows, handled after OK: 6901234567892, 6901234567892',
    );
    expect(banner.textContent).toContain('Unknown code NOPE123');
    expect(screen.queryByTestId('scans-waiting')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('2 / 3'));
    expect(screen.queryByTestId('scans-held')).toBeNull();
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => op.payload.skuId)).toEqual([SKU_B, SKU_B, SKU_A, SKU_A]);
  });

  it('counts an over-receipt within the warehouse tolerance without asking, and beyond it only confirmed', async () => {
    renderScreen(await seed([line(SKU_A, 3), line(SKU_B, 1)], { unit: 'units', value: 1 }));
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    scan('CUPBLUE01');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('1 / 1'));
    // A line received in full is painted done.
    expect(screen.getByTestId('count-CUP-BLUE').className).toBe('pda-count-done');
    // One over, within the tolerance of one unit: counted and shown as over, no question.
    scan('CUPBLUE01');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('2 / 1'));
    expect(screen.getByTestId('feedback').className).toContain('pda-feedback-warn');
    // An over-received line is a warning, never painted like a finished one.
    expect(screen.getByTestId('count-CUP-BLUE').className).toBe('pda-count-over');
    expect(screen.getByTestId('count-CUP-BLUE').dataset.state).toBe('over');
    expect(screen.getByTestId('count-MUG-RED').dataset.state).toBe('open');
    expect(document.querySelector('.adm-dialog')).toBeNull();
    // Beyond the tolerance: asked, and the op carries the confirmation.
    scan('CUPBLUE01');
    await screen.findByText('CUP-BLUE: 1 expected, 2 received. Receive 1 more (over-receipt)?');
    await confirmWith('Receive over');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('3 / 1'));
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => op.payload.overReceipt ?? null)).toEqual([null, null, true]);
  });

  it('asks before counting many units with one scan, and refuses a quantity above its maximum', async () => {
    renderScreen(await seed([line(SKU_A, 500)]));
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity per scan' });
    const setQuantity = (value: string) => fireEvent.change(quantity, { target: { value } });

    setQuantity('250');
    scan('6901234567892');
    expect(await screen.findByText('Receive 250 of MUG-RED with this one scan?')).toBeTruthy();
    await confirmWith('Cancel');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toBe(
        'Not counted: 250 units with one scan were not confirmed',
      ),
    );
    expect(await db.outbox.count()).toBe(0);

    setQuantity('250');
    scan('6901234567892');
    await screen.findByText('Receive 250 of MUG-RED with this one scan?');
    // A tap on the answer takes focus into the dialog; once it closes, scanning has it back.
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Receive 250' }).focus();
    await confirmWith('Receive 250');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('250 / 500'));
    await waitFor(() => expect(document.activeElement?.className).toBe('pda-scan-sink'));

    // Fewer than 100 count without a question.
    setQuantity('99');
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('349 / 500'));

    // Above what the box still expects (151): refused as typed, never made 151 for the worker,
    // and a scan meanwhile counts nothing and says why.
    setQuantity('99999');
    expect((quantity as HTMLInputElement).value).toBe('99999');
    const refusal = () => document.getElementById(quantity.getAttribute('aria-describedby') ?? '');
    expect(refusal()?.textContent).toBe('Enter a number from 1 to 151');
    expect(refusal()?.getAttribute('role')).toBe('alert');
    scan('6901234567892');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toBe(
        'Not counted: the quantity per scan must be from 1 to 151',
      ),
    );
    expect(screen.getByTestId('count-MUG-RED').textContent).toBe('349 / 500');
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect((quantity as HTMLInputElement).value).toBe('99999');
    expect(await db.outbox.count()).toBe(2);

    // Corrected to 151, the scan counts (that many still asks first).
    setQuantity('151');
    expect(refusal()).toBeNull();
    expect(screen.queryByText('Enter a number from 1 to 151')).toBeNull();
    scan('6901234567892');
    expect(await screen.findByText('Receive 151 of MUG-RED with this one scan?')).toBeTruthy();
    await confirmWith('Receive 151');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('500 / 500'));
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => op.payload.quantity)).toEqual([250, 99, 151]);
  });

  it('counts a scan into the focused quantity field at the quantity set, then shows the next one and scans on', async () => {
    renderScreen(await seed());
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    const quantity = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity per scan' });
    quantity.focus();
    fireEvent.change(quantity, { target: { value: '2' } });
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('2 / 3'));
    // The count put the quantity back to 1: the field shows it, and focus is back on scanning.
    await waitFor(() => expect(quantity.value).toBe('1'));
    await waitFor(() => expect(document.activeElement?.className).toBe('pda-scan-sink'));
    const [op] = await db.outbox.toArray();
    expect(op?.payload.quantity).toBe(2);
  });

  it('receives a GS1 label against the GTIN it carries', async () => {
    renderScreen(await seed());
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    // GTIN 06901234567892 with a lot and an expiry, as GS1-128 (AIM ]C1, GS separated) and bracketed.
    scan(']C101069012345678921725063010LOT-7\x1d');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('1 / 3'));
    scan('(01)06901234567892(10)LOT-7');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('2 / 3'));
    // The lot and expiry the labels carried travel with the ops.
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => [op.payload.lot, op.payload.expiry])).toEqual([
      ['LOT-7', '250630'],
      ['LOT-7', undefined],
    ]);
  });

  it('holds the scans behind an error in order: a second error holds the rest again', async () => {
    renderScreen(await seed());
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    scan('NOPE1');
    await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain('Unknown code NOPE1'));
    scan('CUPBLUE01');
    scan('NOPE2');
    scan('6901234567892');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain('Unknown code NOPE2'));
    expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('1 / 1');
    expect(screen.getByTestId('count-MUG-RED').textContent).toBe('0 / 3');
    // The second error's banner names the scan still held behind it, not the first error's code.
    const held = within(screen.getByTestId('feedback')).getByTestId('scans-held');
    expect(held.textContent).toBe('Scanned while this message shows, handled after OK: 6901234567892');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('1 / 3'));
    expect(await db.outbox.count()).toBe(2);
  });

  it('undoes the last scans newest first with compensating ops, counts back on the box', async () => {
    renderScreen(await seed());
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    expect(screen.getByTestId('undo').textContent).toBe('Nothing to undo');
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('1 / 3'));
    scan('CUPBLUE01');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('1 / 1'));
    const [first, second] = await db.outbox.orderBy('seq').toArray();

    fireEvent.click(screen.getByTestId('undo'));
    expect(await screen.findByText('Undo +1 CUP-BLUE? The units count as not scanned.')).toBeTruthy();
    await confirmWith('Undo');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('0 / 1'));
    expect(screen.getByTestId('feedback').textContent).toBe('Undone: +1 CUP-BLUE');
    await waitFor(() => expect(screen.getByTestId('undo').textContent).toBe('Undo +1 MUG-RED'));

    fireEvent.click(screen.getByTestId('undo'));
    await confirmWith('Undo');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('0 / 3'));
    await waitFor(() => expect(screen.getByTestId('undo').textContent).toBe('Nothing to undo'));

    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => [op.seq, op.type, op.payload])).toEqual([
      [1, 'inbound.receive', { inboundOrderId: ORDER, boxId: BOX, skuId: SKU_A, quantity: 1 }],
      [2, 'inbound.receive', { inboundOrderId: ORDER, boxId: BOX, skuId: SKU_B, quantity: 1 }],
      [3, 'inbound.undo', { opId: second?.opId }],
      [4, 'inbound.undo', { opId: first?.opId }],
    ]);
  });

  it('reports a difference with its reason and a photo kept on the device with the op', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:photo-1') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    renderScreen(await seed());
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    scan('NOPE123');
    await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain('Unknown code NOPE123'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    fireEvent.click(screen.getByRole('button', { name: 'Report a difference' }));
    const form = await screen.findByTestId('difference-form');
    expect(screen.getByDisplayValue('NOPE123')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save the report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the reason');
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(screen.getByPlaceholderText('What did you find?'), {
      target: { value: 'Loose item without a label' },
    });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });
    const input = form.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no photo input');
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(form.querySelectorAll('.adm-image-uploader-cell-image').length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Save the report' }));
    await waitFor(() => expect(screen.queryByTestId('difference-form')).toBeNull());
    expect(screen.getByTestId('feedback').textContent).toBe('Difference reported: Unknown SKU');

    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({
      type: 'inbound.discrepancy',
      payload: { inboundOrderId: ORDER, boxId: BOX, kind: 'unknown_sku', barcode: 'NOPE123', quantity: 1 },
    });
    const photos = await db.photos.toArray();
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ opId: op?.opId, inboundOrderId: ORDER, uploadedAt: null });
    expect(op?.payload.photos).toEqual([photos[0]?.key]);
    expect(photos[0]?.key).toMatch(new RegExp(`^inbound/${SELLER}/[0-9a-f-]{36}\\.png$`));
  });

  it('finishes a box after saying what it still expects, and the box is closed on the device', async () => {
    renderScreen(await seed());
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('1 / 3'));

    fireEvent.click(screen.getByRole('button', { name: 'Finish box' }));
    expect(
      await screen.findByText(
        'Finish box BOX-001? 3 expected units were not received and will no longer be waited for.',
      ),
    ).toBeTruthy();
    await confirmWith('Finish box');
    await waitFor(() =>
      expect(screen.getByTestId('prompt').textContent).toBe('Scan the inbound order or a box label'),
    );
    expect((await db.outbox.orderBy('seq').last())?.type).toBe('inbound.finish_box');

    scan('BOX-001');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain('Box BOX-001 is already finished'),
    );
  });

  it('resumes the open box and the undoable scans after a reload, and forgets them once the box is finished', async () => {
    renderScreen(await seed());
    scan('BOX-001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('1 / 3'));
    scan('CUPBLUE01');
    await waitFor(() => expect(screen.getByTestId('undo').textContent).toBe('Undo +1 CUP-BLUE'));

    // The page reloads (offline): the same device database, a fresh screen.
    cleanup();
    renderScreen(db);
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));
    expect(screen.getByTestId('count-MUG-RED').textContent).toBe('1 / 3');
    expect(screen.getByTestId('undo').textContent).toBe('Undo +1 CUP-BLUE');
    fireEvent.click(screen.getByTestId('undo'));
    await confirmWith('Undo');
    await waitFor(() => expect(screen.getByTestId('undo').textContent).toBe('Undo +1 MUG-RED'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('count-MUG-RED').textContent).toBe('2 / 3'));

    fireEvent.click(screen.getByRole('button', { name: 'Finish box' }));
    await confirmWith('Finish box');
    await waitFor(() =>
      expect(screen.getByTestId('prompt').textContent).toBe('Scan the inbound order or a box label'),
    );
    await waitFor(async () => expect(await db.meta.get('work.receive')).toBeUndefined());
    cleanup();
    renderScreen(db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('prompt').textContent).toBe('Scan the inbound order or a box label');
  });
});
