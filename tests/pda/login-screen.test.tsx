// @vitest-environment jsdom
/**
 * The PDA's sign-in screen: both fields are required and say so under themselves without a
 * call to the server; a filled form signs in, and a worker whose handheld cannot reach the
 * server is told so, with what was typed kept.
 */
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '@pda/screens/login.js';
import { renderOffline, seededDatabase, setUpScreenTests } from './support/screen.js';

setUpScreenTests();

let logins = 0;
let isReachable = true;
const server = setupServer(
  http.post(`${window.location.origin}/api/sys/login`, () => {
    logins += 1;
    if (!isReachable) return HttpResponse.error();
    return HttpResponse.json(
      {
        success: false,
        code: 'auth.bad_credentials',
        message: 'Incorrect username or password',
        result: null,
        timestamp: Date.now(),
      },
      { status: 422 },
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

describe('the PDA sign-in screen', () => {
  it('asks for both fields under themselves and calls nobody while one is empty', async () => {
    const onLoggedIn = vi.fn();
    renderOffline(await seededDatabase('login', []), '/', <LoginScreen onLoggedIn={onLoggedIn} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Required', 'Required']);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'warestaff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Required']);
    expect(logins).toBe(0);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, and says so when the server cannot be reached, keeping what was typed", async () => {
    renderOffline(await seededDatabase('login', []), '/', <LoginScreen onLoggedIn={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'warestaff' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/incorrect/i);

    isReachable = false;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByText(/offline|network|reach/i)).textContent).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('warestaff');
    expect(logins).toBe(2);
  });
});
