// @vitest-environment jsdom
/**
 * After a sign-in on the PDA, the failed sign-in attempts the server tells in its reply show
 * above the next screen (the warehouse choice) until the worker taps OK, in the interface
 * language, as the admin shows them; a sign-in without any shows nothing. Every state of the
 * app, from the sign-in on, is the page's main landmark.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';
import { PdaApp } from '@pda/shell/app.js';
import { SyncEngine } from '@pda/sync/engine.js';
import { offlineTransport, SCREEN_IDS, seededDatabase, setUpScreenTests } from './support/screen.js';

// The home screen's update offer needs the PWA plugin's virtual module, which only a build has.
vi.mock('@pda/shell/update.js', () => ({ UpdateOffer: () => null }));

setUpScreenTests();

const WORKER: UserInfo = {
  id: '55555555-5555-4555-8555-555555555555',
  username: 'warestaff',
  realname: 'Wei',
  nickname: '',
  avatar: null,
  phone: null,
  email: null,
  userRole: 'ware_staff',
  orgCode: null,
  sellerId: null,
  status: 1,
  tenantId: 't',
  agentCode: 'demo',
};

const api = (path: string) => `${window.location.origin}/api${path}`;
const ok = <T,>(result: T) =>
  HttpResponse.json({ success: true, message: '', code: 200, result, timestamp: 0 });

let failedSignIns: { count: number; lastAt: string } | undefined;
const server = setupServer(
  http.post(api('/sys/login'), () =>
    ok({
      token: 'token-warestaff',
      userInfo: WORKER,
      departs: [],
      multiDepart: 0,
      ...(failedSignIns ? { failedSignIns } : {}),
    }),
  ),
  http.get(api('/warehouse/options'), () =>
    ok([{ id: SCREEN_IDS.WAREHOUSE, code: 'DG01', name: 'Dongguan', country: 'CN' }]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  sessionStore.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/pda/');
});
let engine: SyncEngine | null = null;
// The app runs its sync engine while someone is signed in: stopped before the database goes.
afterEach(async () => {
  cleanup();
  // A run that ends after the first stop sets its retry timer (no network here): the second
  // stop clears it.
  await engine?.stop();
  await engine?.stop();
  engine = null;
  sessionStore.clear();
});

async function signIn() {
  const db = await seededDatabase('sign-in-notice', []);
  engine = new SyncEngine({ db, transport: offlineTransport, isOnline: () => false });
  render(<PdaApp services={{ db, engine }} />);
  const main = screen.getByRole('main');
  expect(within(main).getByRole('heading', { name: 'Warehouse PDA' })).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'warestaff' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo12345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { name: 'Choose your warehouse' });
  await screen.findByText('DG01 Dongguan');
}

describe('the failed sign-in attempts on the PDA', () => {
  it('shows how many attempts failed, and when the last was, until the worker taps OK', async () => {
    failedSignIns = { count: 3, lastAt: '2026-12-01T08:30:00.000Z' };
    await signIn();
    const notice = screen.getByTestId('failed-sign-ins');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Failed sign-in attempts');
    expect(notice.textContent).toMatch(
      /^Failed sign-in attemptsSince your last sign-in, attempts to sign in to your account failed 3 times, the last at Dec 1, 2026, \d{1,2}:30 [AP]M\. If they were not yours, change your password\.OK$/,
    );
    // The notice and the warehouse choice both lie in the page's main landmark.
    const main = screen.getByRole('main');
    expect(main.contains(notice)).toBe(true);
    expect(within(main).getByRole('heading', { name: 'Choose your warehouse' })).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('failed-sign-ins')).toBeNull());
    expect(screen.getByText('DG01 Dongguan')).toBeTruthy();
  });

  it('shows nothing when no attempt failed', async () => {
    failedSignIns = undefined;
    await signIn();
    expect(screen.queryByTestId('failed-sign-ins')).toBeNull();
  });
});
