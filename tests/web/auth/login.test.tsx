import { fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@api/storage.js';
import { renderWithProviders } from '../render.js';
import { api, brandingHandler, loginResult, ok, refusal, USER, useApiServer } from './fixtures.js';
import { AuthRoutes } from './routes.js';

const server = useApiServer(brandingHandler());

async function submitPassword(username: string, password: string) {
  fireEvent.change(await screen.findByPlaceholderText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/user/login', () => {
  it('stores the token and user info and goes to the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post(api('/sys/login'), async ({ request }) => {
        body = await request.json();
        return ok(loginResult());
      }),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login?agent=demo' });
    await submitPassword('agent', 'Demo12345');

    expect(await screen.findByText('dashboard home at /dashboard/analysis')).toBeTruthy();
    expect(sessionStore.token()).toBe('token-123');
    expect(sessionStore.userInfo()?.username).toBe('agent');
    expect(body).toEqual({ username: 'agent', password: 'Demo12345', remember_me: true, agentCode: 'demo' });
  });

  it('tells of the failed sign-in attempts once, and the notice stays on the page signed in to', async () => {
    const lastAt = '2026-03-05T06:30:00.000Z';
    server.use(http.post(api('/sys/login'), () => ok(loginResult({ failedSignIns: { count: 7, lastAt } }))));
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });
    await submitPassword('agent', 'Demo12345');

    expect(await screen.findByText('dashboard home at /dashboard/analysis')).toBeTruthy();
    const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(lastAt),
    );
    expect(await screen.findByText('Failed sign-in attempts')).toBeTruthy();
    expect(
      screen.getByText(
        `Since your last sign-in, attempts to sign in to your account failed 7 times, the last at ${time}. If they were not yours, change your password.`,
      ),
    ).toBeTruthy();
  });

  it('shows no notice when no sign-in failed since the last', async () => {
    server.use(http.post(api('/sys/login'), () => ok(loginResult())));
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });
    await submitPassword('agent', 'Demo12345');

    expect(await screen.findByText('dashboard home at /dashboard/analysis')).toBeTruthy();
    expect(screen.queryByText('Failed sign-in attempts')).toBeNull();
  });

  it("shows the server's message in the form when the password is wrong", async () => {
    server.use(
      http.post(api('/sys/login'), () =>
        refusal(422, 'auth.bad_credentials', 'Incorrect username or password'),
      ),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });
    await submitPassword('agent', 'wrong-password1');

    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect username or password');
    expect(sessionStore.token()).toBeNull();
    expect(screen.queryByText(/dashboard home/)).toBeNull();
  });

  it('asks a user of several departments to choose one before going on', async () => {
    let selected: unknown;
    server.use(
      http.post(api('/sys/login'), () =>
        ok(
          loginResult({
            multiDepart: 2,
            departs: [
              { id: 'd1', orgCode: 'A01', departName: 'Head office' },
              { id: 'd2', orgCode: 'A01A01', departName: 'Bangkok warehouse' },
            ],
          }),
        ),
      ),
      http.post(api('/sys/selectDepart'), async ({ request }) => {
        selected = await request.json();
        return ok({ userInfo: { ...USER, orgCode: 'A01A01' } });
      }),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });
    await submitPassword('agent', 'Demo12345');

    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('please select a department')).toBeTruthy();
    expect(dialog.querySelector('.ant-select-status-error')).not.toBeNull();
    expect(selected).toBeUndefined();

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Bangkok warehouse'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('dashboard home at /dashboard/analysis')).toBeTruthy();
    expect(selected).toEqual({ orgCode: 'A01A01', username: 'agent' });
    expect(sessionStore.userInfo()?.orgCode).toBe('A01A01');
  });

  it('moves between the login tabs with the arrow keys and keeps what was typed in each', async () => {
    renderWithProviders(<AuthRoutes />, { route: '/user/login?agent=demo' });
    fireEvent.change(await screen.findByPlaceholderText('Username'), { target: { value: 'agent' } });
    const account = screen.getByRole('tab', { name: /Account login/ });
    expect(account.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(account, { key: 'ArrowRight' });
    const mobile = screen.getByRole('tab', { name: /Mobile login/ });
    expect(mobile.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(mobile);
    expect(screen.queryByRole('textbox', { name: /Username/ })).toBeNull();
    expect(screen.getByRole('tabpanel').contains(screen.getByPlaceholderText('Mobile number'))).toBe(true);

    fireEvent.keyDown(mobile, { key: 'Home' });
    expect(account.getAttribute('aria-selected')).toBe('true');
    expect((screen.getByPlaceholderText('Username') as HTMLInputElement).value).toBe('agent');
  });

  it('logs in by mobile number with an SMS code that can be resent after 60 s', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post(api('/account/sms'), async ({ request }) => {
        calls.push(await request.json());
        return ok(null, 'The verification code has been sent');
      }),
      http.post(api('/sys/phoneLogin'), async ({ request }) => {
        calls.push(await request.json());
        return ok(loginResult());
      }),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login?agent=demo' });
    fireEvent.click(await screen.findByRole('tab', { name: /Mobile login/ }));
    fireEvent.change(screen.getByPlaceholderText('Mobile number'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));

    const resend = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('Verification code'), { target: { value: '123456' } });
    const phoneForm = resend.closest('form');
    if (!phoneForm) throw new Error('the SMS button sits outside its form');
    fireEvent.click(within(phoneForm).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('dashboard home at /dashboard/analysis')).toBeTruthy();
    expect(calls).toEqual([
      { mobile: '13800000001', smsmode: '0', agentCode: 'demo' },
      { mobile: '13800000001', captcha: '123456', agentCode: 'demo' },
    ]);
  });
});
