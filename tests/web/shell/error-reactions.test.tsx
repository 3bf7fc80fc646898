import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clientHooks } from '@api/client.js';
import { LOGOUT_RELOAD_DELAY_MS } from '@api/error-catalogue.js';
import { sessionStore } from '@api/storage.js';
import { AppProviders } from '@admin/providers.js';
import { reloadPage } from '@admin/layout/page-reload.js';
import { api, http, ok, useApiServer } from './api-server.js';
import { sellerUser } from './fixtures.js';

vi.mock('@admin/layout/page-reload.js', () => ({ reloadPage: vi.fn() }));

const logoutCalls: string[] = [];
useApiServer(
  http.post(api('/sys/logout'), ({ request }) => {
    logoutCalls.push(request.headers.get('X-Access-Token') ?? '');
    return ok(null);
  }),
);

function renderApp() {
  return render(
    <AppProviders language="en-US">
      <p>page</p>
    </AppProviders>,
  );
}

describe('the error catalogue as the admin shows it', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    logoutCalls.length = 0;
    sessionStore.save('token-1', sellerUser);
  });
  afterEach(() => vi.useRealTimers());

  it("shows failures in a notification titled 'system prompt'", async () => {
    renderApp();
    act(() => clientHooks.onError(new ApiError(403, 'common.forbidden', 'no')));
    expect(await screen.findByText('system prompt')).toBeTruthy();
    expect(screen.getByText('Access denied')).toBeTruthy();
  });

  it("shows the server's message for statuses without a fixed text", async () => {
    renderApp();
    act(() => clientHooks.onError(new ApiError(409, 'user.username_taken', 'This username already exists')));
    expect(await screen.findByText('This username already exists')).toBeTruthy();
  });

  it('on 401 with a token logs out and reloads after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    act(() => clientHooks.onError(new ApiError(401, 'common.unauthorized', 'unauthorized')));
    expect(await screen.findByText('Unauthorized, log in again')).toBeTruthy();
    expect(sessionStore.token()).toBeNull();
    act(() => vi.advanceTimersByTime(LOGOUT_RELOAD_DELAY_MS - 100));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('on 401 without a token only tells, it does not reload', async () => {
    sessionStore.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    act(() => clientHooks.onError(new ApiError(401, 'common.unauthorized', 'unauthorized')));
    expect(await screen.findByText('Unauthorized, log in again')).toBeTruthy();
    act(() => vi.advanceTimersByTime(LOGOUT_RELOAD_DELAY_MS * 2));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("opens the 'login expired' dialog once for an expired token; 'log in again' logs out and reloads", async () => {
    renderApp();
    act(() => {
      clientHooks.onError(new ApiError(500, 'auth.token_expired', 'Token expired'));
      clientHooks.onError(new ApiError(500, 'auth.token_expired', 'Token expired'));
    });
    expect(await screen.findByText('Sorry, login has expired, please log in again')).toBeTruthy();
    expect(screen.getAllByText('login expired').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'log in again' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(logoutCalls).toEqual(['token-1']);
    expect(sessionStore.token()).toBeNull();
  });

  it("opens the 'login expired' dialog, not the 401 notice, when the server says the session ran out of time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    act(() =>
      clientHooks.onError(
        new ApiError(401, 'auth.token_expired', 'Sorry, login has expired, please log in again'),
      ),
    );
    expect(await screen.findByRole('button', { name: 'log in again' })).toBeTruthy();
    expect(screen.getAllByText('login expired').length).toBeGreaterThan(0);
    expect(screen.queryByText('Unauthorized, log in again')).toBeNull();
    act(() => vi.advanceTimersByTime(LOGOUT_RELOAD_DELAY_MS * 2));
    expect(reloadPage).not.toHaveBeenCalled();
    expect(sessionStore.token()).toBe('token-1');
  });

  it('sends the chosen language with every call', () => {
    renderApp();
    expect(clientHooks.language()).toBe('en-US');
  });
});
