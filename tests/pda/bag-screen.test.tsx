// @vitest-environment jsdom
/**
 * The bag screen over fake-indexeddb, offline: an empty bag number refused in the spec's words,
 * a bag opened under a typed number; packed parcels scanned in, and a parcel of another channel,
 * another warehouse, one not packed, one already in a bag and a cancelled one refused on the
 * spot with nothing queued; a parcel taken out; closing without a weight refused, then the bag
 * weighed by a scale that types like a keyboard and closed; every action one op with its local
 * effect (bag.open, bag.add, bag.remove, bag.close), kept across a reload.
 */
import { readFileSync } from 'node:fs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PdaDatabase } from '@pda/data/db.js';
import { BagScreen } from '@pda/pack/bag-screen.js';
import { loadWork, saveFetchedWork, type Work } from '@pda/pack/outbound-data.js';
import { bag, CHANNEL_B, OTHER_WAREHOUSE, parcel, work } from './support/outbound.js';
import {
  confirmWith,
  renderOffline,
  scan,
  SCREEN_IDS,
  seededDatabase,
  setUpScreenTests,
} from './support/screen.js';

const { WAREHOUSE } = SCREEN_IDS;
setUpScreenTests();

const offline = () => Promise.reject(new Error('offline'));

async function seed(start: Work): Promise<PdaDatabase> {
  const db = await seededDatabase('bag', []);
  await saveFetchedWork(db, WAREHOUSE, start);
  return db;
}

const renderScreen = (db: PdaDatabase) =>
  renderOffline(db, '/bag', <BagScreen warehouseId={WAREHOUSE} fetchWork={offline} />);
const feedback = () => screen.getByTestId('feedback').textContent ?? '';

async function dismissError(text: string) {
  await waitFor(() => expect(feedback()).toContain(text));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

describe('the bag screen', () => {
  it('opens a bag, takes packed parcels of one channel, refuses the rest, and closes it weighed', async () => {
    const first = parcel({ state: 'packed' });
    const second = parcel({ state: 'packed' });
    const otherChannel = parcel({ state: 'packed', channelId: CHANNEL_B });
    const otherWarehouse = parcel({ state: 'packed', warehouseId: OTHER_WAREHOUSE });
    const notPacked = parcel();
    const cancelled = parcel({ state: 'cancelled' });
    const elsewhere = bag({ status: 'open' });
    const bagged = parcel({ state: 'bagged', bagId: elsewhere.id });
    elsewhere.orderIds = [bagged.orderId];
    const db = await seed(
      work([first, second, otherChannel, otherWarehouse, notPacked, cancelled, bagged], [elsewhere]),
    );
    const view = renderScreen(db);
    await waitFor(() => expect(screen.getByText(elsewhere.bagNo)).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Open bag' }));
    await dismissError('A bag number must be entered');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(screen.getByLabelText('Bag number'), { target: { value: 'BG-TEST-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open bag' }));
    await waitFor(() => expect(feedback()).toBe('Bag BG-TEST-1 opened'));
    await waitFor(() =>
      expect(screen.getByTestId('prompt').textContent).toBe('Scan parcels into bag BG-TEST-1'),
    );

    scan(first.trackingNo);
    await waitFor(() => expect(feedback()).toBe(`Order ${first.orderNo} in the bag (1)`));
    scan(otherChannel.trackingNo);
    await dismissError(`Order ${otherChannel.orderNo} ships by another channel than bag BG-TEST-1`);
    scan(otherWarehouse.trackingNo);
    await dismissError(`Order ${otherWarehouse.orderNo} belongs to another warehouse`);
    scan(notPacked.trackingNo);
    await dismissError(`Order ${notPacked.orderNo} is not packed yet`);
    scan(bagged.trackingNo);
    await dismissError(`Order ${bagged.orderNo} is already in a bag`);
    scan(cancelled.trackingNo);
    await dismissError(`Order ${cancelled.orderNo} was cancelled`);
    scan(first.trackingNo);
    await dismissError(`Order ${first.orderNo} is in this bag already`);
    scan(second.orderNo);
    await waitFor(() => expect(feedback()).toBe(`Order ${second.orderNo} in the bag (2)`));
    expect((await db.outbox.toArray()).map((op) => op.type)).toEqual(['bag.open', 'bag.add', 'bag.add']);

    const takeOut = screen.getAllByRole('button', { name: 'Take out' })[1];
    if (!takeOut) throw new Error('no take-out button');
    fireEvent.click(takeOut);
    await confirmWith('Take out');
    await waitFor(() =>
      expect(screen.getByTestId('bag-header').textContent).toBe('Bag BG-TEST-1: 1 parcels'),
    );

    // A reload keeps what was done: the bag is in the device's work, open, with one parcel.
    view.unmount();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('BG-TEST-1')).toBeTruthy());
    scan('BG-TEST-1');
    await waitFor(() =>
      expect(screen.getByTestId('bag-header').textContent).toBe('Bag BG-TEST-1: 1 parcels'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Close bag' }));
    await dismissError("Enter the bag's weight in grams");
    scan('1.25kg');
    await waitFor(() =>
      expect((screen.getByLabelText('Bag weight (g)') as HTMLInputElement).value).toBe('1250'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close bag' }));
    await confirmWith('Close bag');
    await waitFor(() => expect(feedback()).toBe('Bag BG-TEST-1 closed with 1 parcels'));

    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.type)).toEqual(['bag.open', 'bag.add', 'bag.add', 'bag.remove', 'bag.close']);
    const bagId = ops[0]?.payload.bagId;
    expect(ops[0]?.payload).toMatchObject({ bagNo: 'BG-TEST-1', warehouseId: WAREHOUSE });
    expect(ops[3]?.payload).toEqual({ bagId, orderId: second.orderId });
    expect(ops[4]?.payload).toEqual({ bagId, weightGrams: 1250 });
    const saved = await loadWork(db, WAREHOUSE);
    expect(saved.bags.find((entry) => entry.id === bagId)).toMatchObject({
      status: 'closed',
      weightGrams: 1250,
      orderIds: [first.orderId],
    });
    expect(saved.parcels.find((entry) => entry.orderId === second.orderId)).toMatchObject({
      state: 'packed',
      bagId: null,
    });
  });

  it('opens a bag from a code of its kind only, asking first about any other, and folds its case', async () => {
    const packed = parcel({ state: 'packed' });
    const db = await seed(work([packed]));
    renderScreen(db);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make a bag number' })).toBeTruthy());

    // A product's GS1 code is no bag: asked, and answered no, nothing is opened or queued.
    scan('0106900000000014');
    await waitFor(() =>
      expect(document.querySelector('.adm-dialog')?.textContent).toContain(
        '06900000000014 does not look like a bag number',
      ),
    );
    await confirmWith('Cancel');
    await waitFor(() => expect(feedback()).toBe('No bag opened for 06900000000014'));
    expect(await db.outbox.count()).toBe(0);
    expect(screen.getByTestId('prompt').textContent).toBe('Scan, type or make a bag number');

    // A stray label the worker says is a bag's opens one, upper-cased.
    scan('nosuch-4711');
    await confirmWith('Open bag anyway');
    await waitFor(() => expect(feedback()).toBe('Bag NOSUCH-4711 opened'));
    fireEvent.click(screen.getByRole('button', { name: 'Another bag' }));

    // A bag label scanned with CapsLock on is the bag of that number, opened without a question.
    scan('bg-caps-1');
    await waitFor(() => expect(feedback()).toBe('Bag BG-CAPS-1 opened'));
    expect(document.querySelector('.adm-dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Another bag' }));
    scan('BG-CAPS-1');
    await waitFor(() => expect(feedback()).toBe('Bag BG-CAPS-1 open'));

    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => [op.type, op.payload.bagNo])).toEqual([
      ['bag.open', 'NOSUCH-4711'],
      ['bag.open', 'BG-CAPS-1'],
    ]);
  });

  it('draws the bag number field as a box, in the PDA styles', async () => {
    const styles = document.createElement('style');
    styles.textContent = readFileSync('src/pda/pda.css', 'utf8');
    document.head.append(styles);
    try {
      renderScreen(await seed(work([])));
      const field = (await screen.findByLabelText('Bag number')).closest('.adm-input');
      if (!(field instanceof HTMLElement)) throw new Error('the bag number has no field');
      const drawn = getComputedStyle(field);
      expect([drawn.borderTopStyle, drawn.borderTopWidth, drawn.borderTopColor]).toEqual([
        'solid',
        '1px',
        'rgb(140, 140, 140)',
      ]);
      expect(drawn.minHeight).toBe('44px');
    } finally {
      styles.remove();
    }
  });

  it('makes a bag number on the device when no label is scanned', async () => {
    const db = await seed(work([]));
    renderScreen(db);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make a bag number' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Make a bag number' }));
    const made = (screen.getByLabelText('Bag number') as HTMLInputElement).value;
    expect(made).toMatch(/^BG\d{12}[A-Z2-9]{4}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Open bag' }));
    await waitFor(() => expect(feedback()).toBe(`Bag ${made} opened`));
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ type: 'bag.open', payload: { bagNo: made } });
  });
});
