// @vitest-environment jsdom
/**
 * The count screen over fake-indexeddb, offline: a check order from the device's cached tasks,
 * a location of it, every unit scanned (no expected quantity anywhere), a reload that resumes
 * the location with its scans, "finish location" queuing one 'count.location' op with the
 * location marked counted in the same transaction, and that op pushed exactly once when the
 * device is back online. A location of another warehouse or outside the order is refused on the
 * device with nothing queued. A location names the SKUs the books have there (how many, never how
 * many units): the screen shows which are counted and which not yet, and finishing with some left
 * asks first, naming them, and counts each as none here (0) explicitly; nothing is a silent 0.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CountTask } from '@shared/contract/counts.js';
import type { PushRequest, PushReply } from '@shared/contract/pda.js';
import { CountScreen } from '@pda/count/count-screen.js';
import { loadCountTasks, saveCountTasks } from '@pda/count/count-data.js';
import type { PdaDatabase } from '@pda/data/db.js';
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
const SHELF_2 = '99999999-9999-4999-8999-999999999999';
const LOOSE_SHELF = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const FAR_SHELF = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SKU_B = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const TASK = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const { WAREHOUSE, SKU_A } = SCREEN_IDS;
setUpScreenTests();

const location = (id: string, warehouseId: string, code: string) => ({
  entity: 'location' as const,
  op: 'upsert' as const,
  key: id,
  data: { id, warehouseId, code, locationType: 'storage', quantity: 7 },
});

const task: CountTask = {
  id: TASK,
  countNo: 'PD20261127-0001',
  warehouseId: WAREHOUSE,
  type: 'location',
  skuIds: [],
  locations: [
    { locationId: SHELF, code: 'A-01-01', status: 'pending', expected: [] },
    { locationId: SHELF_2, code: 'A-01-02', status: 'pending', expected: [] },
  ],
};

const SKU_C = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const SKU_D = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
/** A check order whose first location the books say holds three SKUs (MUG-RED, MUG-BLUE, EB-WHITE). */
const expectingTask: CountTask = {
  ...task,
  locations: [
    {
      locationId: SHELF,
      code: 'A-01-01',
      status: 'pending',
      expected: [
        { skuId: SKU_A, sellerSku: 'MUG-RED', name: 'Red mug' },
        { skuId: SKU_B, sellerSku: 'MUG-BLUE', name: 'Blue mug' },
        { skuId: SKU_C, sellerSku: 'EB-WHITE', name: 'White earbuds' },
      ],
    },
    {
      locationId: SHELF_2,
      code: 'A-01-02',
      status: 'pending',
      expected: [{ skuId: SKU_D, sellerSku: 'EB-BLACK', name: 'Black earbuds' }],
    },
  ],
};

async function seed(): Promise<PdaDatabase> {
  const db = await seededDatabase('count', [
    skuChange(SKU_A, 'MUG-RED', '6901234567892'),
    skuChange(SKU_B, 'MUG-BLUE', '6901234567908'),
    location(SHELF, WAREHOUSE, 'A-01-01'),
    location(SHELF_2, WAREHOUSE, 'A-01-02'),
    location(LOOSE_SHELF, WAREHOUSE, 'C-01-01'),
    location(FAR_SHELF, OTHER_WAREHOUSE, 'Z-09-09'),
  ]);
  await saveCountTasks(db, [task]);
  return db;
}

const offline = () => Promise.reject(new Error('offline'));

function renderScreen(db: PdaDatabase) {
  return renderOffline(db, '/count', <CountScreen warehouseId={WAREHOUSE} fetchTasks={offline} />);
}

const prompt = () => screen.getByTestId('prompt').textContent;

async function dismissError(text: string) {
  await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain(text));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

describe('the count screen', () => {
  it('counts a location blind and offline, resumes it after a reload, and queues it once', async () => {
    const db = await seed();
    const first = renderScreen(db);
    await waitFor(() => expect(screen.getByText('PD20261127-0001')).toBeTruthy());
    scan('PD20261127-0001');
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));

    scan('Z-09-09');
    await dismissError('Location Z-09-09 belongs to another warehouse');
    scan('C-01-01');
    await dismissError('Location C-01-01 is not counted by PD20261127-0001');

    scan('A-01-01');
    await waitFor(() => expect(prompt()).toBe('Scan every item on the location'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('counted-MUG-RED').textContent).toBe('1'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('counted-MUG-RED').textContent).toBe('2'));
    scan('6901234567908');
    await waitFor(() => expect(screen.getByTestId('counted-MUG-BLUE').textContent).toBe('1'));
    // Blind: what the books (or the pulled location) hold is never shown.
    expect(screen.getByTestId('count-screen').textContent).not.toContain('7');

    // A reload (the screen mounted again over the same database) resumes the location with its scans.
    first.unmount();
    renderScreen(db);
    await waitFor(() => expect(screen.getByTestId('counted-MUG-RED').textContent).toBe('2'));
    expect(screen.getByTestId('counted-MUG-BLUE').textContent).toBe('1');
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Finish location' }));
    await confirmWith('Finish location');
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));
    expect(screen.getByTestId('location-A-01-01').textContent).toBe('Counted');
    expect(screen.getByTestId('location-A-01-02').textContent).toBe('To count');

    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.type).toBe('count.location');
    expect(queued[0]?.payload).toMatchObject({
      countOrderId: TASK,
      locationId: SHELF,
      lines: [
        { skuId: SKU_A, quantity: 2 },
        { skuId: SKU_B, quantity: 1 },
      ],
    });
    expect((await loadCountTasks(db, WAREHOUSE))[0]?.locations[0]?.status).toBe('counted');

    // Back online: the op is pushed once; a second sync sends nothing again.
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
    expect(pushed.flatMap((request) => request.ops.map((op) => op.type))).toEqual(['count.location']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.done.count()).toBe(1);
  });

  it("counts and finishes nothing while the last SKU's typed quantity is refused", async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('PD20261127-0001')).toBeTruthy());
    scan('PD20261127-0001');
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));
    scan('A-01-01');
    await waitFor(() => expect(prompt()).toBe('Scan every item on the location'));
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('counted-MUG-RED').textContent).toBe('1'));

    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of MUG-RED' });
    fireEvent.change(field, { target: { value: '-5' } });
    expect(field.value).toBe('-5');
    expect(screen.getByText('Enter a number from 0 to 99999').getAttribute('role')).toBe('alert');
    // The count shown stays what was last given; nothing uses it meanwhile.
    expect(screen.getByTestId('counted-MUG-RED').textContent).toBe('1');
    const refused = 'Correct the quantity of MUG-RED first: enter a number from 0 to 99999';
    fireEvent.click(screen.getByRole('button', { name: 'Finish location' }));
    await dismissError(refused);
    expect(document.querySelector('.adm-dialog')).toBeNull();
    scan('6901234567908');
    await dismissError(refused);
    expect(screen.queryByTestId('counted-MUG-BLUE')).toBeNull();

    fireEvent.change(field, { target: { value: '4' } });
    await waitFor(() => expect(screen.getByTestId('counted-MUG-RED').textContent).toBe('4'));
    fireEvent.click(screen.getByRole('button', { name: 'Finish location' }));
    await confirmWith('Finish location');
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({ lines: [{ skuId: SKU_A, quantity: 4 }] });
  });

  it('finishes a location where nothing was found as empty, after a confirmation', async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('PD20261127-0001')).toBeTruthy());
    fireEvent.click(screen.getByText('PD20261127-0001'));
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));
    scan('A-01-02');
    await waitFor(() => expect(prompt()).toBe('Scan every item on the location'));
    fireEvent.click(screen.getByRole('button', { name: 'Finish location' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain('Nothing was scanned on A-01-02: finish it as empty?'),
    );
    await confirmWith('Finish location');
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({ countOrderId: TASK, locationId: SHELF_2, lines: [] });
    expect(await db.countTasks.get(TASK)).toBeTruthy();
  });

  it('lists the SKUs expected on the location, asks for each one left before finishing, and sends none here as an explicit 0', async () => {
    const db = await seed();
    await saveCountTasks(db, [expectingTask]);
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('PD20261127-0001')).toBeTruthy());
    scan('PD20261127-0001');
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));
    scan('A-01-01');
    await waitFor(() =>
      expect(screen.getByTestId('expected-summary').textContent).toBe(
        'Expected here: 3 SKUs, 3 not counted yet',
      ),
    );
    for (const code of ['MUG-RED', 'MUG-BLUE', 'EB-WHITE'])
      expect(screen.getByTestId(`expected-${code}`).textContent).toBe('Not counted yet');
    expect(screen.getByText('EB-WHITE White earbuds')).toBeTruthy();

    scan('6901234567892');
    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('counted-MUG-RED').textContent).toBe('2'));
    expect(screen.getByTestId('expected-MUG-RED').textContent).toBe('Counted');
    expect(screen.getByTestId('expected-summary').textContent).toBe(
      'Expected here: 3 SKUs, 2 not counted yet',
    );
    // One confirmed as none here on its own row: an explicit 0.
    fireEvent.click(screen.getByRole('button', { name: 'None here: MUG-BLUE' }));
    await waitFor(() => expect(screen.getByTestId('expected-MUG-BLUE').textContent).toBe('None here'));
    expect(screen.getByTestId('counted-MUG-BLUE').textContent).toBe('0');
    // Blind: how many SKUs, never how many units (the pulled location holds 7).
    expect(screen.getByTestId('count-screen').textContent).not.toContain('7');

    // Finishing with EB-WHITE still open asks, naming it; "Count them" keeps the location open.
    fireEvent.click(screen.getByRole('button', { name: 'Finish location' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        '1 expected SKUs are not counted yet on A-01-01: EB-WHITE. Count them, or confirm that none of them is here (each counted as 0)?',
      ),
    );
    await confirmWith('Count them');
    expect(prompt()).toBe('Scan every item on the location');
    expect(await db.outbox.count()).toBe(0);

    // Asked again, the worker confirms none here: EB-WHITE goes as counted 0, not left out.
    fireEvent.click(screen.getByRole('button', { name: 'Finish location' }));
    await confirmWith('None here, finish');
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));
    const [op] = await db.outbox.toArray();
    expect(op?.type).toBe('count.location');
    expect(op?.payload).toMatchObject({
      locationId: SHELF,
      lines: [
        { skuId: SKU_A, quantity: 2 },
        { skuId: SKU_B, quantity: 0 },
        { skuId: SKU_C, quantity: 0 },
      ],
    });
  });

  it('finishes a location whose expected SKUs were all counted with the usual question', async () => {
    const db = await seed();
    await saveCountTasks(db, [expectingTask]);
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('PD20261127-0001')).toBeTruthy());
    scan('PD20261127-0001');
    await waitFor(() => expect(prompt()).toBe('Scan a location to count'));
    scan('A-01-02');
    await waitFor(() =>
      expect(screen.getByTestId('expected-summary').textContent).toBe(
        'Expected here: 1 SKUs, 1 not counted yet',
      ),
    );
    // A SKU found that was not expected is listed apart.
    scan('6901234567908');
    await waitFor(() => expect(screen.getByTestId('counted-MUG-BLUE').textContent).toBe('1'));
    expect(screen.getByText('A-01-02: also found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'None here: EB-BLACK' }));
    await waitFor(() =>
      expect(screen.getByTestId('expected-summary').textContent).toBe(
        'Expected here: 1 SKUs, 0 not counted yet',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Finish location' }));
    await waitFor(() => expect(document.body.textContent).toContain('Finish A-01-02 with 1 units counted?'));
    await confirmWith('Finish location');
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({
      locationId: SHELF_2,
      lines: [
        { skuId: SKU_B, quantity: 1 },
        { skuId: SKU_D, quantity: 0 },
      ],
    });
  });
});
