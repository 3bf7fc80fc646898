// @vitest-environment jsdom
/**
 * The hand-over screen over fake-indexeddb, offline: a closed bag and a loose packed parcel
 * scanned; an open bag, a parcel in a bag, a parcel not packed and a cancelled one refused on
 * the spot; 'Deliver immediately' after the confirmation queues one handover.deliver op naming
 * them, says 'Delivery (outbound) succeeded', and the bag and parcels leave the device's work.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HandoverScreen } from '@pda/pack/handover-screen.js';
import { loadWork, saveFetchedWork } from '@pda/pack/outbound-data.js';
import { bag, parcel, work } from './support/outbound.js';
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

const feedback = () => screen.getByTestId('feedback').textContent ?? '';
async function dismissError(text: string) {
  await waitFor(() => expect(feedback()).toContain(text));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

describe('the hand-over screen', () => {
  it('hands over a closed bag and a loose parcel with one op, refusing what cannot go', async () => {
    const closed = bag({ status: 'closed', weightGrams: 900 });
    const inClosed = parcel({ state: 'bagged', bagId: closed.id });
    closed.orderIds = [inClosed.orderId];
    const open = bag();
    const loose = parcel({ state: 'packed' });
    const notPacked = parcel();
    const cancelled = parcel({ state: 'cancelled' });
    const db = await seededDatabase('handover', []);
    await saveFetchedWork(db, WAREHOUSE, work([inClosed, loose, notPacked, cancelled], [closed, open]));
    renderOffline(
      db,
      '/handover',
      <HandoverScreen warehouseId={WAREHOUSE} fetchWork={() => Promise.reject(new Error('offline'))} />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('prompt').textContent).toBe('Scan bags or parcels for the carrier'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Deliver immediately' }));
    await dismissError('Scan at least one bag or parcel');
    scan(open.bagNo);
    await dismissError(`Bag ${open.bagNo} is still open: close it first`);
    scan(inClosed.trackingNo);
    await dismissError(`Order ${inClosed.orderNo} is in bag ${closed.bagNo}: scan the bag`);
    scan(notPacked.trackingNo);
    await dismissError(`Order ${notPacked.orderNo} is not packed yet`);
    scan(cancelled.trackingNo);
    await dismissError(`Order ${cancelled.orderNo} was cancelled: do not hand it over`);
    scan(closed.bagNo);
    await waitFor(() => expect(feedback()).toBe(`Bag ${closed.bagNo} (1 parcels)`));
    scan(loose.trackingNo);
    await waitFor(() => expect(screen.getByTestId('handover-header').textContent).toBe('1 bags, 2 parcels'));
    scan(loose.trackingNo);
    await dismissError(`${loose.orderNo} is scanned already`);
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Deliver immediately' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Deliver immediately: hand 1 bags and 2 parcels to the carrier?',
      ),
    );
    await confirmWith('Deliver immediately');
    await waitFor(() => expect(feedback()).toBe('Delivery (outbound) succeeded: 2 parcels'));
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      type: 'handover.deliver',
      payload: { warehouseId: WAREHOUSE, bagIds: [closed.id], orderIds: [loose.orderId] },
    });
    const left = await loadWork(db, WAREHOUSE);
    expect(left.bags.map((entry) => entry.id)).toEqual([open.id]);
    expect(left.parcels.map((entry) => entry.orderId).sort()).toEqual(
      [notPacked.orderId, cancelled.orderId].sort(),
    );
  });
});
