// @vitest-environment jsdom
/**
 * The shelving screen over fake-indexeddb: the inbound order is scanned, a SKU shows what is
 * left to shelve from local data, a location of this warehouse and a quantity queue one
 * 'inbound.shelve' op with its local effect (the shelved count up); a quantity above what is
 * left and a location of another warehouse are refused on the device with nothing queued.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';
import type { PdaDatabase } from '@pda/data/db.js';
import { ShelveScreen } from '@pda/shelve/shelve-screen.js';
import {
  confirmWith,
  renderOffline,
  scan,
  SCREEN_IDS,
  seededDatabase,
  setUpScreenTests,
  skuChange,
} from './support/screen.js';

const OTHER_WAREHOUSE = '66666666-6666-4666-8666-666666666666';
const RECEIVING = '77777777-7777-4777-8777-777777777777';
const SHELF = '88888888-8888-4888-8888-888888888888';
const FAR_SHELF = '99999999-9999-4999-8999-999999999999';
const SMALL_SHELF = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const { WAREHOUSE, ORDER, BOX, SKU_A } = SCREEN_IDS;
setUpScreenTests();

let db: PdaDatabase;

const location = (
  id: string,
  warehouseId: string,
  code: string,
  locationType: string,
  fill: { capacity?: number | null; quantity?: number } = {},
) => ({
  entity: 'location' as const,
  op: 'upsert' as const,
  key: id,
  data: { id, warehouseId, code, locationType, ...fill },
});

async function seed(): Promise<PdaDatabase> {
  db = await seededDatabase('shelve', [
    skuChange(SKU_A, 'MUG-RED', '6901234567892'),
    location(RECEIVING, WAREHOUSE, 'RCV-01', 'receiving'),
    location(SHELF, WAREHOUSE, 'A-01-01', 'storage'),
    location(FAR_SHELF, OTHER_WAREHOUSE, 'Z-09-09', 'storage'),
    location(SMALL_SHELF, WAREHOUSE, 'C-01-01', 'storage', { capacity: 5, quantity: 4 }),
    {
      entity: 'inbound_order',
      op: 'upsert',
      key: ORDER,
      data: {
        id: ORDER,
        inboundNo: 'IB2025000001',
        warehouseId: WAREHOUSE,
        sellerId: 's',
        status: 'partial',
        receivingLocationId: RECEIVING,
        boxes: [
          {
            id: BOX,
            boxNo: 'BOX-001',
            isFinished: false,
            lines: [
              { skuId: SKU_A, shipQuantity: 5, receivedQuantity: 4, shelvedQuantity: 1, damagedQuantity: 0 },
            ],
          },
        ],
      },
    },
  ]);
  return db;
}

function renderScreen(database: PdaDatabase) {
  return renderOffline(database, '/shelve', <ShelveScreen warehouseId={WAREHOUSE} />);
}

async function toQuantityStep() {
  expect(screen.getByTestId('prompt').textContent).toBe('Scan the inbound order or a box label');
  scan('IB2025000001');
  await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU or a box label'));
  expect(screen.getByTestId('left-MUG-RED').textContent).toBe('3');
  scan('6901234567892');
  await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan the location'));
  expect(screen.getByTestId('left').textContent).toBe('3');
  scan('A-01-01');
  await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Enter the quantity'));
}

function setQuantity(value: string) {
  fireEvent.change(screen.getByRole('spinbutton'), { target: { value } });
}

describe('the shelving screen', () => {
  it('shelves a scanned SKU onto a location and queues the op with its effect', async () => {
    renderScreen(await seed());
    await toQuantityStep();
    setQuantity('2');
    fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toBe('2 × MUG-RED MUG-RED shelved to A-01-01'),
    );
    expect(screen.getByTestId('feedback').className).toContain('pda-feedback-ok');
    await waitFor(() => expect(screen.getByTestId('left-MUG-RED').textContent).toBe('1'));

    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((op) => [op.seq, op.type, op.payload])).toEqual([
      [1, 'inbound.shelve', { inboundOrderId: ORDER, skuId: SKU_A, locationId: SHELF, quantity: 2 }],
    ]);
    expect(JSON.stringify((await db.boxes.get(BOX))?.data)).toContain('"shelvedQuantity":3');
    expect(JSON.stringify((await db.inboundOrders.get(ORDER))?.data)).toContain('"shelvedQuantity":3');
  });

  it('refuses a quantity above what is left, with nothing queued', async () => {
    renderScreen(await seed());
    await toQuantityStep();
    setQuantity('4');
    fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain('Only 3 left to shelve: enter at most 3'),
    );
    expect(screen.getByTestId('feedback').className).toContain('pda-feedback-error');
    expect(await db.outbox.count()).toBe(0);
    expect(JSON.stringify((await db.boxes.get(BOX))?.data)).toContain('"shelvedQuantity":1');
  });

  it('shelves nothing while the quantity typed is not a number it takes, and keeps it as typed', async () => {
    renderScreen(await seed());
    await toQuantityStep();
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    const shelve = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Shelve' });
    for (const typed of ['0', '-5', 'abc', '']) {
      setQuantity(typed);
      expect(field.value).toBe(typed);
      expect(screen.getByText('Enter a number from 1 to 99999').getAttribute('role')).toBe('alert');
      expect(shelve().disabled).toBe(true);
      fireEvent.click(shelve());
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(0);

    setQuantity('2');
    expect(screen.queryByText('Enter a number from 1 to 99999')).toBeNull();
    fireEvent.click(shelve());
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]?.payload.quantity).toBe(2);
  });

  it('refuses a location of another warehouse and an unknown location', async () => {
    renderScreen(await seed());
    scan('IB2025000001');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU or a box label'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan the location'));

    scan('Z-09-09');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain(
        'Location Z-09-09 belongs to another warehouse',
      ),
    );
    expect(screen.getByTestId('feedback').className).toContain('pda-feedback-error');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    scan('NOPE-01');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain('Unknown location NOPE-01'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('prompt').textContent).toBe('Scan the location');
    expect(await db.outbox.count()).toBe(0);
  });

  it('undoes the last shelving: the units are left to shelve again and an undo op is queued', async () => {
    renderScreen(await seed());
    await toQuantityStep();
    setQuantity('3');
    fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
    // Everything is shelved: back to the orders, with the shelving still undoable.
    await waitFor(() =>
      expect(screen.getByTestId('prompt').textContent).toBe('Scan the inbound order or a box label'),
    );
    const undo = await screen.findByTestId('undo');
    expect(undo.textContent).toBe('Undo 3 MUG-RED → A-01-01');
    fireEvent.click(undo);
    await confirmWith('Undo');
    await waitFor(() => expect(screen.getByTestId('left-MUG-RED').textContent).toBe('3'));
    expect(screen.queryByTestId('undo')).toBeNull();

    const [shelved, undone] = await db.outbox.orderBy('seq').toArray();
    expect(undone).toMatchObject({ seq: 2, type: 'inbound.undo', payload: { opId: shelved?.opId } });
    expect(JSON.stringify((await db.boxes.get(BOX))?.data)).toContain('"shelvedQuantity":1');
  });

  it('resumes the SKU, the location, the quantity and the undoable shelvings after a reload', async () => {
    renderScreen(await seed());
    await toQuantityStep();
    setQuantity('1');
    fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
    await waitFor(() => expect(screen.getByTestId('left-MUG-RED').textContent).toBe('2'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan the location'));
    scan('A-01-01');
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Enter the quantity'));

    cleanup();
    renderScreen(db);
    await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Enter the quantity'));
    expect(screen.getByTestId('left').textContent).toBe('2');
    expect(screen.getByText('A-01-01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Another location' }));
    fireEvent.click(screen.getByRole('button', { name: 'Another SKU' }));
    expect((await screen.findByTestId('undo')).textContent).toBe('Undo 1 MUG-RED → A-01-01');
  });

  it('starts the quantity at what is left to shelve', async () => {
    renderScreen(await seed());
    await toQuantityStep();
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('3');
  });

  describe('above the location capacity', () => {
    afterEach(() => sessionStore.clear());
    const signIn = (userRole: UserInfo['userRole']) =>
      sessionStore.save('token', { id: 'u1', username: 'u', realname: 'U', userRole } as UserInfo);

    async function toSmallShelf() {
      scan('IB2025000001');
      await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan a SKU or a box label'));
      scan('6901234567892');
      await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Scan the location'));
      scan('C-01-01');
      await waitFor(() => expect(screen.getByTestId('prompt').textContent).toBe('Enter the quantity'));
    }

    it('refuses a worker, with nothing queued', async () => {
      signIn('ware_staff');
      renderScreen(await seed());
      await toSmallShelf();
      setQuantity('2');
      fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
      await waitFor(() =>
        expect(screen.getByTestId('feedback').textContent).toContain(
          'C-01-01 holds 4 of 5: 2 more is above its capacity',
        ),
      );
      expect(screen.getByTestId('feedback').className).toContain('pda-feedback-error');
      expect(await db.outbox.count()).toBe(0);
      // Within the room left it shelves.
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
      setQuantity('1');
      fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
      await waitFor(async () => expect(await db.outbox.count()).toBe(1));
      expect((await db.outbox.toArray())[0]?.payload).not.toHaveProperty('overCapacity');
    });

    it('warns a supervisor, who may shelve anyway: the op carries the override', async () => {
      signIn('ware_manager');
      renderScreen(await seed());
      await toSmallShelf();
      setQuantity('3');
      fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
      await confirmWith('Shelve anyway');
      await waitFor(async () => expect(await db.outbox.count()).toBe(1));
      const [op] = await db.outbox.toArray();
      expect(op?.payload).toMatchObject({ locationId: SMALL_SHELF, quantity: 3, overCapacity: true });
    });
  });
});
