// @vitest-environment jsdom
/**
 * A weight typed on the pack screen out of range ("-5", "0", "5kg") is kept as typed and refused
 * with a message, and 'Packed' queues nothing: the minus sign is never dropped to make it 5.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PdaDatabase } from '@pda/data/db.js';
import type { LabelDeps } from '@pda/pack/label-print.js';
import { saveFetchedWork, typedGrams, type Work } from '@pda/pack/outbound-data.js';
import { PackScreen } from '@pda/pack/pack-screen.js';
import { parcel, work } from './support/outbound.js';
import {
  confirmWith,
  renderOffline,
  scan,
  SCREEN_IDS,
  seededDatabase,
  setUpScreenTests,
} from './support/screen.js';

const { WAREHOUSE, SKU_A } = SCREEN_IDS;
setUpScreenTests();

const offline = () => Promise.reject(new Error('offline'));
const noHelper: LabelDeps = {
  findPrinter: () => Promise.resolve(null),
  readLabel: () => Promise.reject(new Error('offline')),
  markPrinted: () => Promise.reject(new Error('offline')),
};

async function seed(start: Work): Promise<PdaDatabase> {
  const db = await seededDatabase('pack', []);
  await saveFetchedWork(db, WAREHOUSE, start);
  return db;
}

const weightBox = () => screen.getByLabelText('Weight (g)') as HTMLInputElement;
const feedback = () => screen.getByTestId('feedback').textContent ?? '';

describe('the pack weight', () => {
  it('reads only whole grams from 1 to the limit', () => {
    expect(typedGrams('', 100_000)).toBeNull();
    expect(typedGrams(' 640 ', 100_000)).toBe(640);
    for (const text of ['-5', '0', '5kg', '1.5', '100001', '1e3'])
      expect(typedGrams(text, 100_000)).toBe('invalid');
  });

  it('refuses -5 with a message, keeps it as typed and queues nothing until it is fixed', async () => {
    const single = parcel();
    const db = await seed(work([single]));
    renderOffline(db, '/pack', <PackScreen warehouseId={WAREHOUSE} fetchWork={offline} labels={noHelper} />);
    await waitFor(() => expect(screen.getByText(single.orderNo)).toBeTruthy());
    scan(single.orderNo);
    scan('6901234567892');
    await waitFor(() => expect(weightBox()).toBeTruthy());

    fireEvent.change(weightBox(), { target: { value: '-5' } });
    await waitFor(() =>
      expect(screen.getByTestId('weight-error').textContent).toBe('Enter the weight in grams (1 to 100000)'),
    );
    expect(weightBox().value).toBe('-5');

    fireEvent.click(screen.getByRole('button', { name: 'Packed' }));
    await waitFor(() => expect(feedback()).toContain('Enter the weight in grams (1 to 100000)'));
    expect(document.body.textContent).not.toContain(`Mark order ${single.orderNo} packed?`);
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    fireEvent.change(weightBox(), { target: { value: '5' } });
    await waitFor(() => expect(screen.queryByTestId('weight-error')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Packed' }));
    await confirmWith('Packed');
    await waitFor(() => expect(feedback()).toContain('packed'));
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toEqual({
      orderId: single.orderId,
      items: [{ skuId: SKU_A, quantity: 1 }],
      weightGrams: 5,
    });
  });
});
