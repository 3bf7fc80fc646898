// @vitest-environment jsdom
/**
 * The pick screen over fake-indexeddb, offline: a wave from the device's cached waves, its
 * route shown location by location in walking order (location code), a wrong location, an item
 * not in the wave and one not picked here refused on the device with nothing queued; each unit
 * scanned queued as a 'pick.take' op whose local effect is counted at once; a reload resuming
 * where the worker was; a short pick reported with its reason; and every op pushed exactly once
 * when the device is back online. An op the server refused counts no more on the device.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PushReply, PushRequest } from '@shared/contract/pda.js';
import type { PdaWavesReply } from '@shared/contract/picking.js';
import type { PdaDatabase } from '@pda/data/db.js';
import { loadPickWaves, savePickWaves, takeUnits } from '@pda/pick/pick-data.js';
import { PickScreen } from '@pda/pick/pick-screen.js';
import { applyPushResults } from '@pda/sync/apply.js';
import { SyncEngine } from '@pda/sync/engine.js';
import type { SyncTransport } from '@pda/sync/transport.js';
import {
  offlineTransport,
  renderOffline,
  scan,
  SCREEN_IDS,
  seededDatabase,
  setUpScreenTests,
} from './support/screen.js';

const { WAREHOUSE, SKU_A } = SCREEN_IDS;
const SKU_B = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const WAVE = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const ORDER_1 = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee1';
const ORDER_2 = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee2';
const LINE_1A = 'ffffffff-ffff-4fff-8fff-fffffffff1a0';
const LINE_2A = 'ffffffff-ffff-4fff-8fff-fffffffff2a0';
const LINE_2B = 'ffffffff-ffff-4fff-8fff-fffffffff2b0';
const SHELF_1 = '88888888-8888-4888-8888-888888888881';
const SHELF_2 = '88888888-8888-4888-8888-888888888882';
const SHELF_B = '88888888-8888-4888-8888-888888888883';

setUpScreenTests();

/** Order 1 needs 2 MUG-RED; order 2 one MUG-RED and one MUG-BLUE. */
const fetched: PdaWavesReply = {
  lastProcessedSeq: 0,
  waves: [
    {
      id: WAVE,
      waveNo: 'WV20261128-0001',
      warehouseId: WAREHOUSE,
      status: 'open',
      pickerName: '',
      orders: [
        {
          id: ORDER_1,
          orderNo: 'SO-1',
          state: 'open',
          lines: [{ id: LINE_1A, skuId: SKU_A, quantity: 2, picked: 0, short: 0 }],
        },
        {
          id: ORDER_2,
          orderNo: 'SO-2',
          state: 'open',
          lines: [
            { id: LINE_2A, skuId: SKU_A, quantity: 1, picked: 0, short: 0 },
            { id: LINE_2B, skuId: SKU_B, quantity: 1, picked: 0, short: 0 },
          ],
        },
      ],
      skus: [
        { id: SKU_A, sellerSku: 'MUG-RED', name: 'Red mug', barcodes: ['6901234567892'] },
        { id: SKU_B, sellerSku: 'MUG-BLUE', name: 'Blue mug', barcodes: ['6901234567908'] },
      ],
      // Listed out of order: the route sorts by code.
      stock: [
        { locationId: SHELF_B, code: 'B-01-01', skuId: SKU_B, quantity: 5 },
        { locationId: SHELF_2, code: 'A-01-02', skuId: SKU_A, quantity: 4 },
        { locationId: SHELF_1, code: 'A-01-01', skuId: SKU_A, quantity: 2 },
      ],
    },
  ],
};

async function seed(): Promise<PdaDatabase> {
  const db = await seededDatabase('pick', []);
  await savePickWaves(db, WAREHOUSE, fetched);
  return db;
}

const offline = () => Promise.reject(new Error('offline'));

function renderScreen(db: PdaDatabase) {
  return renderOffline(db, '/pick', <PickScreen warehouseId={WAREHOUSE} fetchWaves={offline} />);
}

const prompt = () => screen.getByTestId('prompt').textContent;
const nextLocation = () => screen.getByTestId('next-location').textContent ?? '';

async function expectRefused(text: string) {
  await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain(text));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByTestId('feedback')).toBeNull());
}

const answerAll = (request: PushRequest): PushReply => ({
  serverTime: new Date().toISOString(),
  lastProcessedSeq: request.ops.at(-1)?.seq ?? 0,
  results: request.ops.map((op) => ({ opId: op.opId, seq: op.seq, status: 'applied', effect: {} })),
  pullHint: false,
});

describe('the pick screen', () => {
  it('picks a wave offline in walking order, refuses wrong scans, resumes after a reload, and pushes each op once', async () => {
    const db = await seed();
    const first = renderScreen(db);
    await waitFor(() => expect(screen.getByText('WV20261128-0001')).toBeTruthy());
    scan('WV20261128-0001');
    await waitFor(() => expect(prompt()).toBe('Go to the location shown and scan it'));
    expect(nextLocation()).toContain('A-01-01');
    expect(nextLocation()).toContain('Take 2 × MUG-RED');

    scan('Z-09-09');
    await expectRefused('Wrong location Z-09-09: go to A-01-01');
    // A shelf further along the route is not the one shown.
    scan('B-01-01');
    await expectRefused('Wrong location B-01-01: go to A-01-01');
    scan('A-01-01');
    await waitFor(() => expect(prompt()).toBe('Scan each item (set a quantity first to take several)'));

    scan('6901234567908');
    await expectRefused('MUG-BLUE is not picked from A-01-01');
    scan('4006381333931');
    await expectRefused('Item 4006381333931 is not in this wave');
    expect((await db.outbox.toArray()).filter((op) => op.type === 'pick.take')).toEqual([]);

    scan('6901234567892');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain('MUG-RED × 1 picked for SO-1'),
    );
    await waitFor(() => expect(screen.getByTestId('left-MUG-RED').textContent).toBe('1'));
    scan('6901234567892');
    // The shelf is done: the next location shows.
    await waitFor(() => expect(nextLocation()).toContain('A-01-02'));
    expect(nextLocation()).toContain('Take 1 × MUG-RED');

    // A reload (the screen mounted again over the same database) resumes the route where it was.
    first.unmount();
    renderScreen(db);
    await waitFor(() => expect(nextLocation()).toContain('A-01-02'));

    scan('A-01-02');
    await waitFor(() => expect(screen.getByTestId('left-MUG-RED').textContent).toBe('1'));
    scan('6901234567892');
    await waitFor(() => expect(nextLocation()).toContain('B-01-01'));
    scan('B-01-01');
    await waitFor(() => expect(screen.getByTestId('left-MUG-BLUE').textContent).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Report short' }));
    await waitFor(() =>
      expect(screen.getByTestId('short-question').textContent).toBe('1 × MUG-BLUE cannot be picked. Why?'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Damaged' }));
    await waitFor(() =>
      expect(prompt()).toBe('Everything in wave WV20261128-0001 is picked or reported short'),
    );

    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => op.type)).toEqual([
      'pick.claim',
      'pick.take',
      'pick.take',
      'pick.take',
      'pick.short',
    ]);
    expect(queued.map((op) => op.payload)).toEqual([
      { waveId: WAVE },
      { waveId: WAVE, orderId: ORDER_1, lineId: LINE_1A, locationId: SHELF_1, quantity: 1 },
      { waveId: WAVE, orderId: ORDER_1, lineId: LINE_1A, locationId: SHELF_1, quantity: 1 },
      { waveId: WAVE, orderId: ORDER_2, lineId: LINE_2A, locationId: SHELF_2, quantity: 1 },
      {
        waveId: WAVE,
        orderId: ORDER_2,
        lineId: LINE_2B,
        locationId: SHELF_B,
        quantity: 1,
        reason: 'damaged',
      },
    ]);
    const [wave] = await loadPickWaves(db, WAREHOUSE);
    expect(wave?.orders.map((order) => order.state)).toEqual(['picked', 'short']);

    // Back online: every op pushed once; a second sync sends nothing again; the device still
    // counts what was applied until the next fetch.
    const pushed: PushRequest[] = [];
    const online: SyncTransport = {
      ...offlineTransport,
      register: () => Promise.resolve({ deviceKey: 'k'.repeat(43) }),
      push: (request) => {
        pushed.push(request);
        return Promise.resolve(answerAll(request));
      },
      pull: () =>
        Promise.resolve({ cursor: '2', reset: false, hasMore: false, lastProcessedSeq: 5, changes: [] }),
    };
    const engine = new SyncEngine({ db, transport: online, isOnline: () => true });
    expect(await engine.syncNow()).toBe('synced');
    expect(await engine.syncNow()).toBe('synced');
    await engine.stop();
    expect(pushed.flatMap((request) => request.ops.map((op) => op.type))).toEqual([
      'pick.claim',
      'pick.take',
      'pick.take',
      'pick.take',
      'pick.short',
    ]);
    expect(await db.outbox.count()).toBe(0);
    const [after] = await loadPickWaves(db, WAREHOUSE);
    expect(after?.orders.map((order) => order.state)).toEqual(['picked', 'short']);
  });

  it('counts a take with its feedback, and takes it back and says so when the device cannot store it', async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('WV20261128-0001')).toBeTruthy());
    scan('WV20261128-0001');
    await waitFor(() => expect(nextLocation()).toContain('A-01-01'));
    scan('A-01-01');
    await waitFor(() => expect(screen.getByTestId('left-MUG-RED').textContent).toBe('2'));
    await waitFor(() => expect(db.outbox.count()).resolves.toBe(1)); // the wave's claim

    // The device's storage refuses the next write (a full disk, say).
    const refuse = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementationOnce(() => {
      throw new DOMException('the disk is full', 'QuotaExceededError');
    });
    const failure = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      scan('6901234567892');
      await waitFor(() =>
        expect(screen.getByTestId('feedback').textContent).toContain(
          'Something went wrong on the device: scan again',
        ),
      );
      expect(refuse).toHaveBeenCalled();
      // Nothing queued, and the screen counts what the device holds again.
      expect(await db.outbox.count()).toBe(1);
      expect(screen.getByTestId('left-MUG-RED').textContent).toBe('2');
    } finally {
      refuse.mockRestore();
      failure.mockRestore();
    }
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('feedback')).toBeNull());

    scan('6901234567892');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain('MUG-RED × 1 picked for SO-1'),
    );
    await waitFor(() => expect(screen.getByTestId('left-MUG-RED').textContent).toBe('1'));
    await waitFor(() => expect(db.outbox.count()).resolves.toBe(2));
    const [take] = (await db.outbox.toArray()).filter((op) => op.type === 'pick.take');
    expect(take?.payload).toMatchObject({
      orderId: ORDER_1,
      lineId: LINE_1A,
      locationId: SHELF_1,
      quantity: 1,
    });
  });

  it('an op the server refused counts no more, and a fetch after the device seq is not counted twice', async () => {
    const db = await seed();
    const [wave] = await loadPickWaves(db, WAREHOUSE);
    if (!wave) throw new Error('no wave');
    const [op] = await takeUnits(db, wave, { locationId: SHELF_1, skuId: SKU_A, quantity: 2 });
    if (!op) throw new Error('nothing queued');
    expect((await loadPickWaves(db, WAREHOUSE))[0]?.orders[0]?.lines[0]?.picked).toBe(2);
    // More than needed allocates nothing.
    expect(await takeUnits(db, wave, { locationId: SHELF_2, skuId: SKU_A, quantity: 4 })).toEqual([]);

    await applyPushResults(
      db,
      [op],
      [
        {
          opId: op.opId,
          seq: op.seq,
          status: 'rejected',
          code: 'pick.order_cancelled',
          params: { orderNo: 'SO-1' },
        },
      ],
      Date.now(),
    );
    expect(await db.attention.count()).toBe(1);
    expect((await loadPickWaves(db, WAREHOUSE))[0]?.orders[0]?.lines[0]?.picked).toBe(0);

    // Applied, then fetched with the server counting it: counted once.
    const [again] = await takeUnits(db, wave, { locationId: SHELF_1, skuId: SKU_A, quantity: 1 });
    if (!again) throw new Error('nothing queued');
    await applyPushResults(
      db,
      [again],
      [{ opId: again.opId, seq: again.seq, status: 'applied', effect: {} }],
      Date.now(),
    );
    expect((await loadPickWaves(db, WAREHOUSE))[0]?.orders[0]?.lines[0]?.picked).toBe(1);
    const served = structuredClone(fetched);
    const line = served.waves[0]?.orders[0]?.lines[0];
    if (line) line.picked = 1;
    await savePickWaves(db, WAREHOUSE, { ...served, lastProcessedSeq: again.seq });
    expect((await loadPickWaves(db, WAREHOUSE))[0]?.orders[0]?.lines[0]?.picked).toBe(1);
  });
});
