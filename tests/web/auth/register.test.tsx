import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../render.js';
import { api, brandingHandler, ok, refusal, useApiServer } from './fixtures.js';
import { AuthRoutes } from './routes.js';

const server = useApiServer(brandingHandler());

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

async function openRegister() {
  renderWithProviders(<AuthRoutes />, { route: '/user/register?agent=demo' });
  await screen.findByPlaceholderText('Username');
}

describe('/user/register', () => {
  it.each([
    ['letters only', 'abcdefgh'],
    ['digits only', '12345678'],
    ['fewer than 8', 'abc1234'],
  ])('refuses a password of %s with the password rule', async (_case, password) => {
    await openRegister();
    fill('Password', password);
    expect(await screen.findByText('password must contain digits, letters, not fewer than 8')).toBeTruthy();
  });

  it('says when the two passwords differ and registers nothing', async () => {
    let registered = false;
    server.use(
      http.post(api('/auth/register'), () => {
        registered = true;
        return ok({ username: 'newseller' });
      }),
    );
    await openRegister();
    fill('Username', 'newseller');
    fill('Password', 'Secret123');
    fill('Confirm password', 'Secret124');
    fill('Mobile number', '13900000009');
    fill('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('the two passwords entered are different')).toBeTruthy();
    expect(registered).toBe(false);
  });

  it('asks for the confirmation and the other required fields', async () => {
    await openRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    for (const text of [
      'please enter username',
      'please enter password',
      'please confirm new password',
      'please enter mobile number',
      'please enter verification code',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
  });

  it('registers with the agent code and shows the account on the result page', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/register'), async ({ request }) => {
        body = await request.json();
        return ok({ username: 'newseller' }, 'Registration succeeded');
      }),
    );
    await openRegister();
    fill('Username', 'newseller');
    fill('Password', 'Secret123');
    fill('Confirm password', 'Secret123');
    fill('Mobile number', '13900000009');
    fill('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Registration succeeded')).toBeTruthy();
    expect(screen.getByText('Your account newseller has been registered. Log in to start.')).toBeTruthy();
    expect(body).toEqual({
      username: 'newseller',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      mobile: '13900000009',
      captcha: '123456',
      agentCode: 'demo',
    });
  });

  it("shows the server's message when the account is taken", async () => {
    server.use(
      http.post(api('/auth/register'), () =>
        refusal(409, 'auth.register_username_taken', 'This username is already registered'),
      ),
    );
    await openRegister();
    fill('Username', 'seller');
    fill('Password', 'Secret123');
    fill('Confirm password', 'Secret123');
    fill('Mobile number', '13900000009');
    fill('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect((await screen.findByRole('alert')).textContent).toContain('This username is already registered');
  });
});

describe('/user/alteration', () => {
  async function openAlteration() {
    renderWithProviders(<AuthRoutes />, { route: '/user/alteration' });
    await screen.findByPlaceholderText('Mobile number');
  }

  it('applies the same password rules to the new password', async () => {
    await openAlteration();
    fill('New password', 'password');
    expect(await screen.findByText('password must contain digits, letters, not fewer than 8')).toBeTruthy();
    fill('New password', 'Secret123');
    fill('Confirm new password', 'Secret12');
    expect(await screen.findByText('the two passwords entered are different')).toBeTruthy();
  });

  it('resets the password by SMS code and returns to the login page', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/forge-password'), async ({ request }) => {
        body = await request.json();
        return ok(null, 'The password has been reset: log in with the new one');
      }),
    );
    await openAlteration();
    fill('Mobile number', '13800000002');
    fill('Verification code', '654321');
    fill('New password', 'Secret123');
    fill('Confirm new password', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('The password has been reset: log in with the new one')).toBeTruthy();
    expect(await screen.findByPlaceholderText('Username')).toBeTruthy();
    expect(body).toEqual({
      mobile: '13800000002',
      captcha: '654321',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
  });
});
