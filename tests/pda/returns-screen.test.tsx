// @vitest-environment jsdom
/**
 * The returns screen over fake-indexeddb, offline: a refused parcel found at once by its own
 * tracking number, postage and weight, 'Receive parcel' queuing 'return.receive' (return receipt
 * succeeded), a unit of another order refused on the spot, a good unit re-shelved by scanning a
 * location and a damaged one destroyed after a confirmation, a unit more than shipped refused,
 * and 'Finish' (inspection succeeded): every step one op in the outbox with its local effect.
 * A parcel matching no order is recorded as unmatched after the original number matched nothing
 * (No order information found), and waits for the admin before inspection. The ops are pushed
 * once when the device is back online.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PushReply, PushRequest } from '@shared/contract/pda.js';
import type { ExpectedReturns } from '@shared/contract/returns.js';
import type { PdaDatabase } from '@pda/data/db.js';
import { ReturnsScreen } from '@pda/returns/returns-screen.js';
import { loadExpectedReturns, loadLocalReturns, saveExpectedReturns } from '@pda/returns/returns-data.js';
import { SyncEngine } from '@pda/sync/engine.js';
import type { SyncTransport } from '@pda/sync/transport.js';
import {
  confirmWith,
  offlineTransport,
  renderOffline,
  scan,
  SCREEN_IDS,
  seededDatabase,
  setUpScreenTests,
  skuChange,
} from './support/screen.js';

const OTHER_WAREHOUSE = '66666666-6666-4666-8666-666666666666';
const SHELF = '88888888-8888-4888-8888-888888888888';
const FAR_SHELF = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SKU_B = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const ORDER = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const { WAREHOUSE, SKU_A } = SCREEN_IDS;
setUpScreenTests();

const location = (id: string, warehouseId: string, code: string) => ({
  entity: 'location' as const,
  op: 'upsert' as const,
  key: id,
  data: { id, warehouseId, code, locationType: 'storage', quantity: 0 },
});

const expected: ExpectedReturns = {
  warehouseId: WAREHOUSE,
  orders: [
    {
      orderId: ORDER,
      orderNo: 'SHP-1001',
      systemNo: 'SO20261127-0001',
      trackingNo: 'TH123456789',
      localStatus: 'shipped',
      lines: [{ skuId: SKU_A, sellerSku: 'MUG-RED', name: 'Red mug', quantity: 2, returned: 0 }],
    },
  ],
  returns: [],
};

async function seed(): Promise<PdaDatabase> {
  const db = await seededDatabase('returns', [
    skuChange(SKU_A, 'MUG-RED', '6901234567892'),
    skuChange(SKU_B, 'MUG-BLUE', '6901234567908'),
    location(SHELF, WAREHOUSE, 'R-01-01'),
    location(FAR_SHELF, OTHER_WAREHOUSE, 'Z-09-09'),
  ]);
  await saveExpectedReturns(db, expected);
  return db;
}

const offline = () => Promise.reject(new Error('offline'));

function renderScreen(db: PdaDatabase) {
  return renderOffline(db, '/returns', <ReturnsScreen warehouseId={WAREHOUSE} fetchExpected={offline} />);
}

const prompt = () => screen.getByTestId('prompt').textContent;
const feedback = () => screen.getByTestId('feedback').textContent;

async function dismissError(text: string) {
  await waitFor(() => expect(feedback()).toContain(text));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

describe('the returns screen', () => {
  it('takes in a refused parcel offline, inspects each unit, and queues every step once', async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(/1 shipped orders on this device/)).toBeTruthy());
    await waitFor(() => expect(prompt()).toBe("Scan the parcel's tracking number"));

    scan('TH123456789');
    await waitFor(() => expect(feedback()).toContain('Refused parcel of order SHP-1001'));
    await waitFor(() => expect(prompt()).toBe('Enter postage and weight'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Postage' }), { target: { value: '12.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight (g)' }), { target: { value: 'heavy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive parcel' }));
    await dismissError('Enter the weight in whole grams');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight (g)' }), { target: { value: '640' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive parcel' }));
    await waitFor(() => expect(feedback()).toContain('Return receipt succeeded'));
    await waitFor(() => expect(prompt()).toBe('Scan an item of the parcel'));
    const [received] = await db.outbox.toArray();
    expect(received?.type).toBe('return.receive');
    expect(received?.payload).toMatchObject({
      warehouseId: WAREHOUSE,
      returnTrackingNo: 'TH123456789',
      originalTrackingNo: 'TH123456789',
      orderId: ORDER,
      postageCents: 1250,
      weightGrams: 640,
    });
    expect(await loadLocalReturns(db)).toHaveLength(1);

    // A SKU the order did not ship is refused on the spot.
    scan('6901234567908');
    await dismissError('This item does not exist in the order: MUG-BLUE is not in order SHP-1001');

    // A good unit back on a shelf of this warehouse (one of another warehouse refused first).
    scan('6901234567892');
    await waitFor(() => expect(prompt()).toBe('Good or damaged?'));
    fireEvent.click(screen.getByRole('button', { name: 'Good' }));
    await waitFor(() => expect(prompt()).toBe('Scan the location to put it back on'));
    scan('Z-09-09');
    await dismissError('Location Z-09-09 is in another warehouse');
    scan('R-01-01');
    await waitFor(() => expect(feedback()).toContain('MUG-RED back on R-01-01'));
    await waitFor(() => expect(screen.getByTestId('returned-MUG-RED').textContent).toBe('1 / 2 back'));

    // A damaged unit: it cannot go on a shelf, it is destroyed after a confirmation.
    scan('6901234567892');
    await waitFor(() => expect(prompt()).toBe('Good or damaged?'));
    fireEvent.click(screen.getByRole('button', { name: 'Damaged' }));
    scan('R-01-01');
    await dismissError('Mark the item good before re-shelving it');
    fireEvent.click(screen.getByRole('button', { name: 'Destroy' }));
    await confirmWith('Destroy');
    await waitFor(() => expect(feedback()).toContain('MUG-RED destroyed'));
    await waitFor(() => expect(screen.getByTestId('returned-MUG-RED').textContent).toBe('2 / 2 back'));

    // Both units came back: a third is refused on the device.
    scan('6901234567892');
    await dismissError('All 2 units of MUG-RED came back already');

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await confirmWith('Finish');
    await waitFor(() => expect(feedback()).toContain('Inspection succeeded'));
    await waitFor(() => expect(prompt()).toBe("Scan the parcel's tracking number"));

    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => op.type)).toEqual([
      'return.receive',
      'return.item',
      'return.item',
      'return.finish',
    ]);
    const returnId = received?.payload.returnId;
    expect(queued[1]?.payload).toMatchObject({
      returnId,
      skuId: SKU_A,
      quantity: 1,
      condition: 'good',
      outcome: 'reshelved',
      locationId: SHELF,
    });
    expect(queued[2]?.payload).toMatchObject({
      returnId,
      skuId: SKU_A,
      condition: 'damaged',
      outcome: 'destroyed',
      locationId: null,
    });
    expect(queued[3]?.payload).toEqual({ returnId, outcome: 'processed' });
    expect(await loadLocalReturns(db)).toEqual([]);
    expect((await loadExpectedReturns(db, WAREHOUSE)).orders[0]?.lines[0]?.returned).toBe(2);

    // Back online: the four ops are pushed once; a second sync sends nothing again.
    const pushed: PushRequest[] = [];
    const online: SyncTransport = {
      ...offlineTransport,
      register: () => Promise.resolve({ deviceKey: 'k'.repeat(43) }),
      push: (request) => {
        pushed.push(request);
        const reply: PushReply = {
          serverTime: new Date().toISOString(),
          lastProcessedSeq: request.ops.at(-1)?.seq ?? 0,
          results: request.ops.map((op) => ({ opId: op.opId, seq: op.seq, status: 'applied', effect: {} })),
          pullHint: false,
        };
        return Promise.resolve(reply);
      },
      pull: () =>
        Promise.resolve({ cursor: '2', reset: false, hasMore: false, lastProcessedSeq: 4, changes: [] }),
    };
    const engine = new SyncEngine({ db, transport: online, isOnline: () => true });
    expect(await engine.syncNow()).toBe('synced');
    expect(await engine.syncNow()).toBe('synced');
    await engine.stop();
    expect(pushed.flatMap((request) => request.ops.map((op) => op.type))).toEqual([
      'return.receive',
      'return.item',
      'return.item',
      'return.finish',
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('records a parcel matching no order as unmatched, and waits for the admin before inspecting it', async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(/1 shipped orders on this device/)).toBeTruthy());
    scan('RT2026000001');
    await waitFor(() =>
      expect(prompt()).toBe('Scan the original tracking number or order number from the slip'),
    );
    scan('NOT-AN-ORDER');
    await dismissError('No order information found for NOT-AN-ORDER');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'No order found: record as unmatched' }));
    await waitFor(() => expect(prompt()).toBe('Enter postage and weight'));
    // A scale that types like a keyboard gives the weight.
    scan('300');
    await waitFor(() => expect(feedback()).toContain('Weight 300 g'));
    fireEvent.click(screen.getByRole('button', { name: 'Receive parcel' }));
    await waitFor(() => expect(feedback()).toContain('recorded as unmatched'));
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({
      returnTrackingNo: 'RT2026000001',
      orderId: null,
      postageCents: 0,
      weightGrams: 300,
    });

    // Scanned again, it is known to the device, and waits for the admin to match it.
    scan('RT2026000001');
    await dismissError('Parcel RT2026000001 matches no order yet');
    expect(await db.outbox.count()).toBe(1);
  });

  it('asks before taking an unknown code that is not a tracking number as a new parcel', async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(/1 shipped orders on this device/)).toBeTruthy());
    // A product's barcode scanned on the parcel step: asked, answered no, nothing taken in.
    scan('6901234567892');
    await waitFor(() =>
      expect(document.querySelector('.adm-dialog')?.textContent).toContain(
        '6901234567892 does not look like a tracking number',
      ),
    );
    await confirmWith('Cancel');
    await waitFor(() => expect(feedback()).toBe('6901234567892 was not taken in as a parcel'));
    expect(prompt()).toBe("Scan the parcel's tracking number");
    // A label the worker says is the parcel's is taken in as one.
    scan('NOSUCH-4711');
    await confirmWith('Take in anyway');
    await waitFor(() =>
      expect(prompt()).toBe('Scan the original tracking number or order number from the slip'),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('finds the order by the number on the slip, and marks an empty parcel as return failed', async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(/1 shipped orders on this device/)).toBeTruthy());
    scan('RT2026000009');
    await waitFor(() =>
      expect(prompt()).toBe('Scan the original tracking number or order number from the slip'),
    );
    scan('SHP-1001');
    await waitFor(() => expect(feedback()).toContain('Order SHP-1001 found'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Weight (g)' }), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive parcel' }));
    await waitFor(() => expect(prompt()).toBe('Scan an item of the parcel'));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await dismissError('Inspect at least one item, or mark the return failed');
    fireEvent.click(screen.getByRole('button', { name: 'Return failed' }));
    await confirmWith('Return failed');
    await waitFor(() => expect(feedback()).toContain('Return failed'));
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(
      queued.map((entry) => [entry.type, entry.payload.outcome ?? entry.payload.returnTrackingNo]),
    ).toEqual([
      ['return.receive', 'RT2026000009'],
      ['return.finish', 'failed'],
    ]);
    expect(queued[0]?.payload).toMatchObject({ orderId: ORDER, originalTrackingNo: 'TH123456789' });
  });
});
