/**
 * What the PDA screen tests share: a device database seeded by a full pull, a screen rendered
 * offline (its engine's transport always fails), and scans typed as a keyboard-wedge scanner
 * types them.
 */
import { act, cleanup, configure, fireEvent, render, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, expect } from 'vitest';
import type { PullChange } from '@shared/contract/pda.js';
import { PdaServicesProvider } from '@pda/shell/sync-context.js';
import { PdaDatabase } from '@pda/data/db.js';
import { initPdaI18n } from '@pda/i18n.js';
import { applyPullPage } from '@pda/sync/apply.js';
import { SyncEngine } from '@pda/sync/engine.js';
import type { SyncTransport } from '@pda/sync/transport.js';

// A wait gives up only near the test's own limit (20 s), never after testing-library's default
// second: on a busy machine a first antd-mobile render in jsdom has taken several seconds.
configure({ asyncUtilTimeout: 15_000 });

const noNetwork = () => Promise.reject(new Error('no network in this test'));
export const offlineTransport: SyncTransport = {
  register: noNetwork,
  push: noNetwork,
  pull: noNetwork,
  uploadPhoto: noNetwork,
};

/** The ids the screen tests' orders are made of. */
export const SCREEN_IDS = {
  WAREHOUSE: '11111111-1111-4111-8111-111111111111',
  ORDER: '22222222-2222-4222-8222-222222222222',
  BOX: '33333333-3333-4333-8333-333333333333',
  SKU_A: '44444444-4444-4444-8444-444444444444',
} as const;

const opened: PdaDatabase[] = [];

/**
 * English texts for the file's tests; after each, the screen unmounted, the confirmations it
 * opened gone (they live outside the screen's tree and close with an animation, so a closing one
 * would otherwise still be in the next test's page) and its databases deleted.
 */
export function setUpScreenTests(): void {
  beforeAll(async () => {
    await initPdaI18n('en-US');
  });
  afterEach(async () => {
    cleanup();
    Dialog.clear();
    await waitFor(
      () => {
        if (document.querySelector('.adm-center-popup')) throw new Error('a confirmation is still closing');
      },
      { timeout: 5000 },
    );
    for (const db of opened.splice(0)) await db.delete();
  });
}

/** A fresh device database holding `changes` as a full pull left them. */
export async function seededDatabase(prefix: string, changes: PullChange[]): Promise<PdaDatabase> {
  const db = new PdaDatabase(`${prefix}-${crypto.randomUUID()}`);
  opened.push(db);
  await applyPullPage(
    db,
    { cursor: '1', reset: true, hasMore: false, lastProcessedSeq: null, changes },
    Date.now(),
  );
  return db;
}

export const skuChange = (id: string, sellerSku: string, barcode: string): PullChange => ({
  entity: 'sku',
  op: 'upsert',
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

/** The screen on `path` with the device's services, never reaching a server. */
export function renderOffline(db: PdaDatabase, path: string, screen: ReactElement) {
  const engine = new SyncEngine({ db, transport: offlineTransport, isOnline: () => false });
  return render(
    <PdaServicesProvider services={{ db, engine }}>
      <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
    </PdaServicesProvider>,
  );
}

/** Keys as a keyboard-wedge scanner sends them: fast, then Enter. */
export function scan(code: string) {
  act(() => {
    for (const key of [...code, 'Enter']) fireEvent.keyDown(document.activeElement ?? document.body, { key });
  });
}

/** Answers the open confirmation with its button `name`, then waits until it has closed. */
export async function confirmWith(name: string) {
  // A confirmation takes no click while it is still opening (its body has pointer-events: none).
  const dialog = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.adm-dialog')].at(-1);
    const body = open?.querySelector<HTMLElement>('.adm-center-popup-wrap > div');
    if (!open || !body || body.style.pointerEvents === 'none') throw new Error('no confirmation open yet');
    return open;
  });
  fireEvent.click(within(dialog).getByRole('button', { name }));
  await waitFor(() => expect(dialog.isConnected).toBe(false), { timeout: 5000 });
}
