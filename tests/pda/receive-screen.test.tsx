// @vitest-environment jsdom
/**
 * The receiving screen over fake-indexeddb: a scanned box opens, each SKU scan (typed as a
 * scanner types it) shows its feedback, counts on the box and queues one 'inbound.receive' op
 * in the outbox; a code that is not in the box blocks until the worker acknowledges it.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PdaServicesProvider } from '../../src/pda/app/sync-context.js';
import { PdaDatabase } from '../../src/pda/data/db.js';
import { initPdaI18n } from '../../src/pda/i18n.js';
import { ReceiveScreen } from '../../src/pda/receive/receive-screen.js';
import { applyPullPage } from '../../src/pda/sync/apply.js';
import { SyncEngine } from '../../src/pda/sync/engine.js';
import type { SyncTransport } from '../../src/pda/sync/transport.js';

const WAREHOUSE = '11111111-1111-4111-8111-111111111111';
const ORDER = '22222222-2222-4222-8222-222222222222';
const BOX = '33333333-3333-4333-8333-333333333333';
const SKU_A = '44444444-4444-4444-8444-444444444444';
const SKU_B = '55555555-5555-4555-8555-555555555555';

const never: SyncTransport = {
  push: () => Promise.reject(new Error('no network in this test')),
  pull: () => Promise.reject(new Error('no network in this test')),
};

beforeAll(async () => {
  await initPdaI18n('en-US');
});

let db: PdaDatabase;
afterEach(async () => {
  cleanup();
  await db.delete();
});

async function seed(): Promise<PdaDatabase> {
  db = new PdaDatabase(`receive-${crypto.randomUUID()}`);
  const sku = (id: string, sellerSku: string, barcode: string) => ({
    entity: 'sku' as const,
    op: 'upsert' as const,
    key: id,
    data: {
      id,
      sellerId: 's',
      sellerSku,
      sysCode: `SYS-${sellerSku}`,
      name: sellerSku,
      variation: '',
      barcodes: [barcode],
    },
  });
  await applyPullPage(
    db,
    {
      cursor: '1',
      reset: true,
      hasMore: false,
      lastProcessedSeq: null,
      changes: [
        sku(SKU_A, 'MUG-RED', '6901234567892'),
        sku(SKU_B, 'CUP-BLUE', 'CUPBLUE01'),
        {
          entity: 'inbound_order',
          op: 'upsert',
          key: ORDER,
          data: {
            id: ORDER,
            inboundNo: 'IB2025000001',
            warehouseId: WAREHOUSE,
            sellerId: 's',
            status: 'pending',
            receivingLocationId: 'r',
            boxes: [
              {
                id: BOX,
                boxNo: 'BOX-001',
                isFinished: false,
                lines: [
                  {
                    skuId: SKU_A,
                    shipQuantity: 3,
                    receivedQuantity: 0,
                    shelvedQuantity: 0,
                    damagedQuantity: 0,
                  },
                  {
                    skuId: SKU_B,
                    shipQuantity: 1,
                    receivedQuantity: 0,
                    shelvedQuantity: 0,
                    damagedQuantity: 0,
                  },
                ],
              },
            ],
          },
        },
      ],
    },
    Date.now(),
  );
  return db;
}

function renderScreen(database: PdaDatabase) {
  const engine = new SyncEngine({ db: database, transport: never, isOnline: () => false });
  return render(
    <PdaServicesProvider services={{ db: database, engine }}>
      <MemoryRouter initialEntries={['/receive']}>
        <ReceiveScreen warehouseId={WAREHOUSE} />
      </MemoryRouter>
    </PdaServicesProvider>,
  );
}

/** Keys as a keyboard-wedge scanner sends them: fast, then Enter. */
function scan(code: string) {
  act(() => {
    for (const key of [...code, 'Enter']) fireEvent.keyDown(document.activeElement ?? document.body, { key });
  });
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

  it('warns on more than expected and blocks on a code not in the box until OK', async () => {
    renderScreen(await seed());
    scan('IB2025000001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU'));

    scan('CUPBLUE01');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('1 / 1'));
    scan('CUPBLUE01');
    await waitFor(() => expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('2 / 1'));
    expect(screen.getByTestId('feedback').className).toContain('pda-feedback-warn');

    scan('NOPE123');
    await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain('Unknown code NOPE123'));
    // Blocked: a further scan does nothing until the worker taps OK.
    scan('CUPBLUE01');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('count-CUP-BLUE').textContent).toBe('2 / 1');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('feedback')).toBeNull();
    expect(await db.outbox.count()).toBe(2);
  });
});
