// @vitest-environment jsdom
/**
 * The pack screen over fake-indexeddb, offline: a mixed parcel opened by its tracking number
 * with its type and per-line checklist, a wrong item and an extra unit refused on the spot
 * with nothing queued, the weight read from a scale that types like a keyboard, 'Packed' after
 * the confirmation queuing one pack.pack op with its local effect (kept across a reload and
 * across a refresh from the server while the op still waits), the label queued when no print
 * helper answers and printed from the queue once one does; a single-item parcel verified by one
 * scan; an order cancelled after picking refused and its units put back on a scanned location;
 * a half-scanned parcel (and a weighed one) reopened as it was after a reload, and forgotten once
 * it is packed or left for another parcel.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PushReply, PushRequest } from '@shared/contract/pda.js';
import type { PdaDatabase } from '@pda/data/db.js';
import { queuedLabels, type LabelDeps } from '@pda/pack/label-print.js';
import { loadWork, saveFetchedWork, type Work } from '@pda/pack/outbound-data.js';
import { PackScreen } from '@pda/pack/pack-screen.js';
import { loadPickWaves, savePickWaves, takeUnits } from '@pda/pick/pick-data.js';
import { SyncEngine } from '@pda/sync/engine.js';
import type { SyncTransport } from '@pda/sync/transport.js';
import { mixedLines, parcel, SKU_B, work } from './support/outbound.js';
import {
  confirmWith,
  offlineTransport,
  renderOffline,
  scan,
  SCREEN_IDS,
  seededDatabase,
  setUpScreenTests,
} from './support/screen.js';

const { WAREHOUSE, SKU_A } = SCREEN_IDS;
const SHELF = '88888888-8888-4888-8888-888888888888';
setUpScreenTests();

const offline = () => Promise.reject(new Error('offline'));
const noHelper: LabelDeps = {
  findPrinter: () => Promise.resolve(null),
  readLabel: () => Promise.reject(new Error('offline')),
  markPrinted: () => Promise.reject(new Error('offline')),
};

async function seed(start: Work): Promise<PdaDatabase> {
  const db = await seededDatabase('pack', [
    {
      entity: 'location',
      op: 'upsert',
      key: SHELF,
      data: { id: SHELF, warehouseId: WAREHOUSE, code: 'A-01-01', locationType: 'storage', quantity: 0 },
    },
  ]);
  await saveFetchedWork(db, WAREHOUSE, start);
  return db;
}

function renderScreen(
  db: PdaDatabase,
  options: { fetchWork?: () => Promise<Work>; labels?: LabelDeps } = {},
) {
  return renderOffline(
    db,
    '/pack',
    <PackScreen
      warehouseId={WAREHOUSE}
      fetchWork={options.fetchWork ?? offline}
      labels={options.labels ?? noHelper}
    />,
  );
}

const prompt = () => screen.getByTestId('prompt').textContent;
const feedback = () => screen.getByTestId('feedback').textContent ?? '';

async function dismissError(text: string) {
  await waitFor(() => expect(feedback()).toContain(text));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

describe('the pack screen', () => {
  it('packs offline a parcel this device has just picked offline, before the server lists it', async () => {
    const WAVE = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    const ORDER = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee1';
    const LINE = 'ffffffff-ffff-4fff-8fff-fffffffff1a0';
    // The server's pack list has nothing yet: the order is in an open wave, not picked.
    const db = await seed(work([]));
    await savePickWaves(db, WAREHOUSE, {
      lastProcessedSeq: 0,
      waves: [
        {
          id: WAVE,
          waveNo: 'WV20261201-0001',
          warehouseId: WAREHOUSE,
          status: 'picking',
          pickerName: '',
          orders: [
            {
              id: ORDER,
              orderNo: 'SO-PICKED-1',
              trackingNo: 'TH2026120100001',
              channelId: null,
              channelName: 'Sandbox carrier',
              state: 'open',
              lines: [{ id: LINE, skuId: SKU_A, quantity: 2, picked: 0, short: 0 }],
            },
          ],
          skus: [{ id: SKU_A, sellerSku: 'MUG-RED', name: 'Red mug', barcodes: ['6901234567892'] }],
          stock: [{ locationId: SHELF, code: 'A-01-01', skuId: SKU_A, quantity: 5 }],
        },
      ],
    });
    const [wave] = await loadPickWaves(db, WAREHOUSE);
    if (!wave) throw new Error('no wave');
    await takeUnits(db, wave, { locationId: SHELF, skuId: SKU_A, quantity: 2 });

    renderScreen(db);
    await waitFor(() => expect(screen.getByText('SO-PICKED-1')).toBeTruthy());
    scan('TH2026120100001');
    await waitFor(() => expect(prompt()).toBe('Scan each item of the parcel'));
    scan('6901234567892');
    scan('MUG-RED');
    await waitFor(() => expect(prompt()).toBe('Weigh the parcel (type it or use the scale), then Packed'));
    fireEvent.click(screen.getByRole('button', { name: 'Packed' }));
    await confirmWith('Packed');
    await waitFor(() => expect(feedback()).toContain('Order SO-PICKED-1 packed'));
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => op.type)).toEqual(['pick.take', 'pack.pack']);
    expect(queued[1]?.payload).toMatchObject({ orderId: ORDER, items: [{ skuId: SKU_A, quantity: 2 }] });

    // A refresh from the server before the takes reach it keeps the parcel, packed.
    const refreshed = await saveFetchedWork(db, WAREHOUSE, work([]));
    expect(refreshed.parcels.map((entry) => [entry.orderNo, entry.state])).toEqual([
      ['SO-PICKED-1', 'packed'],
    ]);
  });

  it('verifies a mixed parcel unit by unit, refuses a wrong item and an extra unit, weighs it and packs it once', async () => {
    const mixed = parcel({ lines: mixedLines });
    const start = work([mixed]);
    const db = await seed(start);
    const first = renderScreen(db);
    await waitFor(() => expect(screen.getByText(mixed.orderNo)).toBeTruthy());
    scan(mixed.trackingNo);
    await waitFor(() => expect(prompt()).toBe('Scan each item of the parcel'));
    expect(screen.getByTestId('parcel-header').textContent).toContain('Mixed items');

    scan('6909999999999');
    await dismissError(`6909999999999 is not an item of order ${mixed.orderNo}`);
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('line-MUG-RED').textContent).toBe('1/2'));
    scan('MUG-RED');
    await waitFor(() => expect(screen.getByTestId('line-MUG-RED').textContent).toBe('2/2'));
    scan('6901234567892');
    await dismissError('Extra unit: MUG-RED is only 2 in this order');
    expect(screen.getByTestId('line-MUG-RED').textContent).toBe('2/2');
    expect(await db.outbox.count()).toBe(0);

    scan('6901234567908');
    await waitFor(() => expect(prompt()).toBe('Weigh the parcel (type it or use the scale), then Packed'));
    // The scale types its reading like a keyboard: it arrives as a scan and fills the weight.
    scan('0.640kg');
    await waitFor(() => expect((screen.getByLabelText('Weight (g)') as HTMLInputElement).value).toBe('640'));

    fireEvent.click(screen.getByRole('button', { name: 'Packed' }));
    await waitFor(() => expect(document.body.textContent).toContain(`Mark order ${mixed.orderNo} packed?`));
    await confirmWith('Packed');
    await waitFor(() =>
      expect(feedback()).toBe(
        `Order ${mixed.orderNo} packed; its label will print when the printer can be reached`,
      ),
    );
    const queued = await db.outbox.toArray();
    expect(queued.map((op) => op.type)).toEqual(['pack.pack']);
    expect(queued[0]?.payload).toEqual({
      orderId: mixed.orderId,
      items: [
        { skuId: SKU_A, quantity: 2 },
        { skuId: SKU_B, quantity: 1 },
      ],
      weightGrams: 640,
    });
    expect((await loadWork(db, WAREHOUSE)).parcels[0]).toMatchObject({ state: 'packed', weightGrams: 640 });
    expect(await queuedLabels(db)).toEqual([mixed.orderId]);
    await waitFor(() =>
      expect(screen.getByTestId('labels-waiting').textContent).toBe('1 labels wait for the printer'),
    );

    // A reload, with the server still saying 'to pack' (the op has not reached it): still packed here.
    first.unmount();
    const printed: string[] = [];
    const helper: LabelDeps = {
      findPrinter: () => Promise.resolve({ print: (jobId) => Promise.resolve(void printed.push(jobId)) }),
      readLabel: () => Promise.resolve(new Blob(['%PDF-1.4'])),
      markPrinted: () => Promise.resolve(),
    };
    renderScreen(db, { fetchWork: () => Promise.resolve(start), labels: helper });
    await waitFor(() => expect(screen.getByText('To pack (0)')).toBeTruthy());
    scan(mixed.trackingNo);
    await dismissError(`Order ${mixed.orderNo} is packed already`);
    fireEvent.click(await screen.findByRole('button', { name: 'Print waiting labels' }));
    await waitFor(() => expect(feedback()).toBe('1 labels printed'));
    expect(printed).toHaveLength(1);
    expect(await queuedLabels(db)).toEqual([]);

    // Back online: the op is pushed once.
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
        Promise.resolve({ cursor: '2', reset: false, hasMore: false, lastProcessedSeq: 1, changes: [] }),
    };
    const engine = new SyncEngine({ db, transport: online, isOnline: () => true });
    expect(await engine.syncNow()).toBe('synced');
    expect(await engine.syncNow()).toBe('synced');
    await engine.stop();
    expect(pushed.flatMap((request) => request.ops.map((op) => op.type))).toEqual(['pack.pack']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('verifies a single-item parcel with one scan and packs it without a weight', async () => {
    const single = parcel();
    const db = await seed(work([single]));
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(single.orderNo)).toBeTruthy());
    scan(single.orderNo);
    await waitFor(() =>
      expect(screen.getByTestId('parcel-header').textContent).toContain('Single item, single count'),
    );
    scan('6901234567892');
    await waitFor(() => expect(prompt()).toBe('Weigh the parcel (type it or use the scale), then Packed'));
    fireEvent.click(screen.getByRole('button', { name: 'Packed' }));
    await confirmWith('Packed');
    await waitFor(() => expect(feedback()).toContain('packed'));
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toEqual({ orderId: single.orderId, items: [{ skuId: SKU_A, quantity: 1 }] });
  });

  it("says an item scanned where a parcel's number is asked for is a product, not an order", async () => {
    const single = parcel();
    const db = await seed(work([single]));
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(single.orderNo)).toBeTruthy());
    scan('6901234567892');
    await dismissError(
      'Order does not exist in this product: 6901234567892 is an item code, scan the tracking or order number',
    );
    scan('NOSUCH-4711');
    await dismissError('NOSUCH-4711 is not a picked parcel of this warehouse');
    expect(await db.outbox.count()).toBe(0);
  });

  it('says an order was cancelled after picking and puts its units back on a scanned location', async () => {
    const cancelled = parcel({
      state: 'cancelled',
      picks: [{ locationId: '99999999-9999-4999-8999-999999999999', skuId: SKU_A, quantity: 1 }],
    });
    const db = await seed(work([cancelled]));
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(cancelled.orderNo)).toBeTruthy());
    scan(cancelled.trackingNo);
    await dismissError(`Order ${cancelled.orderNo} was cancelled after it was picked`);
    expect(prompt()).toBe('Scan the location to put the units back on');
    scan('Z-99-99');
    await dismissError('Location Z-99-99 not found');
    scan('A-01-01');
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        `Put the 1 units of order ${cancelled.orderNo} back on A-01-01?`,
      ),
    );
    await confirmWith('Put back');
    await waitFor(() => expect(feedback()).toBe('1 units go back to A-01-01'));
    const queued = await db.outbox.toArray();
    expect(queued.map((op) => [op.type, op.payload])).toEqual([
      ['pack.put_back', { orderId: cancelled.orderId, locationId: SHELF }],
    ]);
    expect((await loadWork(db, WAREHOUSE)).parcels).toEqual([]);
  });

  it('reopens a half-scanned parcel after a reload, with its units and weight, and forgets it once packed', async () => {
    const mixed = parcel({ lines: mixedLines });
    const db = await seed(work([mixed]));
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(mixed.orderNo)).toBeTruthy());
    scan(mixed.trackingNo);
    await waitFor(() => expect(prompt()).toBe('Scan each item of the parcel'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('line-MUG-RED').textContent).toBe('1/2'));
    // Kept on the device once the scan's frame is out of the way.
    await waitFor(async () =>
      expect((await db.meta.get('work.pack'))?.value).toMatchObject({
        step: { orderId: mixed.orderId, scanned: { [SKU_A]: 1 } },
      }),
    );

    // The page reloads (offline): the same device database, a fresh screen.
    cleanup();
    renderScreen(db);
    await waitFor(() => expect(screen.getByTestId('parcel-header').textContent).toContain(mixed.orderNo));
    expect(prompt()).toBe('Scan each item of the parcel');
    expect(screen.getByTestId('line-MUG-RED').textContent).toBe('1/2');
    expect(screen.getByTestId('line-MUG-BLUE').textContent).toBe('0/1');
    expect(feedback()).toBe(`Order ${mixed.orderNo}: Mixed items`);
    // The units scanned before the reload still count: one more of the red mug is all it takes.
    scan('MUG-RED');
    await waitFor(() => expect(screen.getByTestId('line-MUG-RED').textContent).toBe('2/2'));
    scan('MUG-RED');
    await dismissError('Extra unit: MUG-RED is only 2 in this order');
    scan('6901234567908');
    await waitFor(() => expect(prompt()).toBe('Weigh the parcel (type it or use the scale), then Packed'));
    scan('0.640kg');
    await waitFor(() => expect((screen.getByLabelText('Weight (g)') as HTMLInputElement).value).toBe('640'));
    await waitFor(async () =>
      expect((await db.meta.get('work.pack'))?.value).toMatchObject({ step: { weight: '640' } }),
    );

    // Reloaded while weighing: straight back to the weight, as the scale left it.
    cleanup();
    renderScreen(db);
    await waitFor(() => expect(prompt()).toBe('Weigh the parcel (type it or use the scale), then Packed'));
    expect((screen.getByLabelText('Weight (g)') as HTMLInputElement).value).toBe('640');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Packed' }));
    await confirmWith('Packed');
    await waitFor(() => expect(feedback()).toContain(`Order ${mixed.orderNo} packed`));
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toEqual({
      orderId: mixed.orderId,
      items: [
        { skuId: SKU_A, quantity: 2 },
        { skuId: SKU_B, quantity: 1 },
      ],
      weightGrams: 640,
    });
    await waitFor(async () => expect(await db.meta.get('work.pack')).toBeUndefined());

    cleanup();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('To pack (0)')).toBeTruthy());
    expect(prompt()).toBe('Scan the tracking or order number');
  });

  it('forgets a half-scanned parcel left for another one', async () => {
    const mixed = parcel({ lines: mixedLines });
    const db = await seed(work([mixed]));
    renderScreen(db);
    await waitFor(() => expect(screen.getByText(mixed.orderNo)).toBeTruthy());
    scan(mixed.orderNo);
    await waitFor(() => expect(prompt()).toBe('Scan each item of the parcel'));
    scan('MUG-BLUE');
    await waitFor(() => expect(screen.getByTestId('line-MUG-BLUE').textContent).toBe('1/1'));
    await waitFor(async () => expect(await db.meta.get('work.pack')).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Another parcel' }));
    await waitFor(() => expect(prompt()).toBe('Scan the tracking or order number'));
    await waitFor(async () => expect(await db.meta.get('work.pack')).toBeUndefined());

    cleanup();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('To pack (1)')).toBeTruthy());
    expect(prompt()).toBe('Scan the tracking or order number');
    // Opened again, the parcel starts from nothing scanned.
    scan(mixed.trackingNo);
    await waitFor(() => expect(screen.getByTestId('line-MUG-BLUE').textContent).toBe('0/1'));
  });
});
