// @vitest-environment jsdom
/**
 * The transfer receiving screen over fake-indexeddb, offline: a transfer in transit from the
 * device's cached list, its units scanned (a SKU it does not carry, an unknown code and a unit
 * beyond what was sent refused on the device), a reload that resumes the transfer with its
 * scans, a location scan queuing one 'transfer.receive' op per SKU, then ending receiving with
 * a reason queuing 'transfer.finish' and taking the transfer off the device; the ops pushed
 * exactly once when the device is back online.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PushReply, PushRequest } from '@shared/contract/pda.js';
import type { TransferTask } from '@shared/contract/transfers.js';
import type { PdaDatabase } from '@pda/data/db.js';
import { SyncEngine } from '@pda/sync/engine.js';
import type { SyncTransport } from '@pda/sync/transport.js';
import { TransferScreen } from '@pda/transfer/transfer-screen.js';
import { loadTransferTasks, saveTransferTasks } from '@pda/transfer/transfer-data.js';
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
const SKU_C = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const TRANSFER = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const { WAREHOUSE, SKU_A } = SCREEN_IDS;
setUpScreenTests();

const location = (id: string, warehouseId: string, code: string) => ({
  entity: 'location' as const,
  op: 'upsert' as const,
  key: id,
  data: { id, warehouseId, code, locationType: 'storage', quantity: 0 },
});

const task: TransferTask = {
  id: TRANSFER,
  batchNo: 'TF20261128-ABC123',
  fromWarehouseCode: 'DG01',
  toWarehouseId: WAREHOUSE,
  lines: [
    {
      skuId: SKU_A,
      sellerSku: 'MUG-RED',
      name: 'Mug',
      barcodes: ['6901234567892'],
      quantity: 3,
      receivedQuantity: 1,
    },
    {
      skuId: SKU_B,
      sellerSku: 'MUG-BLUE',
      name: 'Mug',
      barcodes: ['6901234567908'],
      quantity: 2,
      receivedQuantity: 0,
    },
  ],
};

async function seed(): Promise<PdaDatabase> {
  const db = await seededDatabase('transfer', [
    skuChange(SKU_A, 'MUG-RED', '6901234567892'),
    skuChange(SKU_B, 'MUG-BLUE', '6901234567908'),
    skuChange(SKU_C, 'MUG-GREEN', '6901234567915'),
    location(SHELF, WAREHOUSE, 'B-01-01'),
    location(FAR_SHELF, OTHER_WAREHOUSE, 'Z-09-09'),
  ]);
  await saveTransferTasks(db, [
    task,
    { ...task, id: SKU_C, batchNo: 'TF-ELSEWHERE', toWarehouseId: OTHER_WAREHOUSE },
  ]);
  return db;
}

const offline = () => Promise.reject(new Error('offline'));

function renderScreen(db: PdaDatabase) {
  return renderOffline(db, '/transfer', <TransferScreen warehouseId={WAREHOUSE} fetchTasks={offline} />);
}

const prompt = () => screen.getByTestId('prompt').textContent;

async function dismissError(text: string) {
  await waitFor(() => expect(screen.getByTestId('feedback').textContent).toContain(text));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

describe('the transfer receiving screen', () => {
  it('receives a transfer offline onto a scanned location, ends it short, and pushes each op once', async () => {
    const db = await seed();
    const first = renderScreen(db);
    await waitFor(() => expect(screen.getByText('TF20261128-ABC123')).toBeTruthy());
    // A transfer to another warehouse is not offered here.
    expect(screen.queryByText('TF-ELSEWHERE')).toBeNull();
    scan('TF-ELSEWHERE');
    await dismissError('TF-ELSEWHERE is not a transfer in transit to this warehouse on this device');
    scan('tf20261128-abc123');
    await waitFor(() => expect(prompt()).toBe('Scan every unit that arrived'));

    scan('6901234567915');
    await dismissError('MUG-GREEN is not in transfer TF20261128-ABC123');
    scan('0000000000000');
    await dismissError('Unknown code 0000000000000');
    scan('B-01-01');
    await dismissError('Scan the units before the location');

    scan('6901234567892');
    await waitFor(() => expect(screen.getByTestId('scanned-MUG-RED').textContent).toBe('1'));
    scan('MUG-RED');
    await waitFor(() => expect(screen.getByTestId('scanned-MUG-RED').textContent).toBe('2'));
    // 3 sent, 1 received before: a third unit now is beyond what was sent.
    scan('6901234567892');
    await dismissError('MUG-RED: all 3 units sent are received; more is refused');
    scan('6901234567908');
    await waitFor(() => expect(screen.getByTestId('scanned-MUG-BLUE').textContent).toBe('1'));
    expect(prompt()).toBe('Scan more units, or the location to put them on');

    // A reload resumes the transfer with its scans; nothing was queued yet.
    first.unmount();
    renderScreen(db);
    await waitFor(() => expect(screen.getByTestId('scanned-MUG-RED').textContent).toBe('2'));
    expect(screen.getByTestId('scanned-MUG-BLUE').textContent).toBe('1');
    expect(await db.outbox.count()).toBe(0);

    // Ending with units scanned but not put away is refused.
    fireEvent.click(screen.getByRole('button', { name: 'End receiving' }));
    await dismissError('Scan a location for the scanned units first');
    scan('Z-09-09');
    await dismissError('Location Z-09-09 belongs to another warehouse');
    scan('B-01-01');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain('3 units received onto B-01-01'),
    );
    await waitFor(() => expect(screen.getByTestId('scanned-MUG-RED').textContent).toBe('0'));
    const receipts = await db.outbox.orderBy('seq').toArray();
    expect(receipts.map((op) => [op.type, op.payload])).toEqual([
      ['transfer.receive', { transferId: TRANSFER, skuId: SKU_A, locationId: SHELF, quantity: 2 }],
      ['transfer.receive', { transferId: TRANSFER, skuId: SKU_B, locationId: SHELF, quantity: 1 }],
    ]);
    // What this device queued counts as received: MUG-RED is complete.
    scan('6901234567892');
    await dismissError('MUG-RED: all 3 units sent are received; more is refused');

    fireEvent.click(screen.getByRole('button', { name: 'End receiving' }));
    await waitFor(() => expect(screen.getByTestId('short-MUG-BLUE').textContent).toBe('1'));
    expect(screen.queryByTestId('short-MUG-RED')).toBeNull();
    fireEvent.click(screen.getByText('Damaged, not taken in'));
    fireEvent.click(screen.getByRole('button', { name: 'End receiving' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'End receiving TF20261128-ABC123 with 1 units recorded as short?',
      ),
    );
    await confirmWith('End receiving');
    await waitFor(() => expect(prompt()).toBe('Scan the transfer number or pick one'));
    const [, , finish] = await db.outbox.orderBy('seq').toArray();
    expect(finish?.type).toBe('transfer.finish');
    expect(finish?.payload).toMatchObject({ transferId: TRANSFER, reason: 'damaged' });
    expect(await loadTransferTasks(db, WAREHOUSE)).toEqual([]);
    expect(screen.getByText('No transfer in transit to this warehouse on this device')).toBeTruthy();

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
        Promise.resolve({ cursor: '2', reset: false, hasMore: false, lastProcessedSeq: 3, changes: [] }),
    };
    const engine = new SyncEngine({ db, transport: online, isOnline: () => true });
    expect(await engine.syncNow()).toBe('synced');
    expect(await engine.syncNow()).toBe('synced');
    await engine.stop();
    expect(pushed.flatMap((request) => request.ops.map((op) => op.type))).toEqual([
      'transfer.receive',
      'transfer.receive',
      'transfer.finish',
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('ends a transfer received in full without asking why units did not arrive', async () => {
    const db = await seed();
    renderScreen(db);
    await waitFor(() => expect(screen.getByText('TF20261128-ABC123')).toBeTruthy());
    scan('TF20261128-ABC123');
    await waitFor(() => expect(prompt()).toBe('Scan every unit that arrived'));
    // 3 MUG-RED sent, 1 received before; 2 MUG-BLUE sent: every unit still to come arrives.
    for (const code of ['6901234567892', '6901234567892', '6901234567908', '6901234567908']) scan(code);
    await waitFor(() => expect(screen.getByTestId('scanned-MUG-BLUE').textContent).toBe('2'));
    expect(screen.getByTestId('scanned-MUG-RED').textContent).toBe('2');
    scan('B-01-01');
    await waitFor(() =>
      expect(screen.getByTestId('feedback').textContent).toContain('4 units received onto B-01-01'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'End receiving' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain('End receiving TF20261128-ABC123? Every unit arrived.'),
    );
    // No short list and no reason to choose: nothing is missing.
    expect(screen.queryByText('Reason for the units not arrived')).toBeNull();
    expect(screen.queryByText('Damaged, not taken in')).toBeNull();
    await confirmWith('End receiving');
    await waitFor(() => expect(prompt()).toBe('Scan the transfer number or pick one'));
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((item) => item.type)).toEqual(['transfer.receive', 'transfer.receive', 'transfer.finish']);
    expect(ops[2]?.payload).toEqual({ transferId: TRANSFER, note: '' });
    expect(await loadTransferTasks(db, WAREHOUSE)).toEqual([]);
  });
});
