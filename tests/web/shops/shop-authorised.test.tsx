/**
 * /shopifyAuth, where a marketplace sends the seller back after authorising a shop: the whole
 * query is posted once (React's double effects included), then the shop and its first sync are
 * named, or the platform's refusal in the viewer's words; a visitor without a session signs in
 * first and is brought back with the query intact.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthLayout } from '@admin/auth/AuthLayout.js';
import { AUTH_ROUTES } from '@admin/auth/routes.js';
import { ProtectedShell } from '@admin/layout/ProtectedShell.js';
import { ShopAuthorised } from '@admin/screens/shops/ShopAuthorised.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { loginResult } from '../auth/fixtures.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, failure, http, ok, useApiServer } from '../shell/api-server.js';
import { menuItem, userWithRole } from '../shell/fixtures.js';
import { CurrentPath, FakeWebSocket, shellHandlers } from '../shell/shell-harness.js';
import { shopRow } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });

const shop = shopRow({ alias: 'Siam Shopify', platform: 'shopify', shopName: 'Siam Goods' });
const callbacks: unknown[] = [];

const MENU = [
  menuItem('/shop', 'layouts/RouteView', 'Shops', {
    redirect: '/shop/list',
    children: [
      menuItem('/shopifyAuth', 'shops/ShopAuthorised', 'Shop authorisation', { hidden: true }),
      menuItem('/shop/list', 'test/NoSuchScreen', 'Shop list'),
    ],
  }),
];

const server = useApiServer(
  http.post(api('/shop/authorise/callback'), async ({ request }) => {
    callbacks.push(await request.json());
    return ok(shop);
  }),
  http.get(api('/sys/permission/getUserPermissionByToken'), () =>
    ok({ menu: MENU, auth: [{ action: PERMISSIONS.shopEdit, describe: '', type: '1' }], allAuth: [] }),
  ),
  http.post(api('/sys/login'), () => ok(loginResult({ userInfo: userWithRole('seller') }))),
  ...shellHandlers,
);
beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

function renderPage(search: string) {
  callbacks.length = 0;
  signIn('seller', [PERMISSIONS.shopList, PERMISSIONS.shopEdit]);
  return renderWithProviders(
    <StrictMode>
      <Routes>
        <Route path="/shopifyAuth" element={<ShopAuthorised />} />
        <Route path="/shop/list" element={<p>The shop list</p>} />
      </Routes>
    </StrictMode>,
    { route: `/shopifyAuth${search}` },
  );
}

describe('/shopifyAuth', () => {
  it('posts the whole query once, names the shop and its first sync, and leads to the shop list', async () => {
    renderPage('?code=c0de&state=st4te&shop=siam-goods.myshopify.com&hmac=abc');
    expect(await screen.findByText("Finishing the shop's authorisation…")).toBeTruthy();
    expect(await screen.findByText('Siam Shopify · Shopify')).toBeTruthy();
    expect(screen.getByText('Authorised; the first sync has started')).toBeTruthy();
    expect(screen.getByText('Shop on Shopify: Siam Goods')).toBeTruthy();
    expect(callbacks).toEqual([
      { query: { code: 'c0de', state: 'st4te', shop: 'siam-goods.myshopify.com', hmac: 'abc' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Go to the shop list' }));
    expect(await screen.findByText('The shop list')).toBeTruthy();
  });

  it("shows the platform's refusal in the viewer's words, with the way back to the shop list", async () => {
    server.use(
      http.post(api('/shop/authorise/callback'), () =>
        failure(
          502,
          'shop.authorisation_failed',
          'The marketplace did not confirm the authorisation (invalid code). Authorise the shop again.',
        ),
      ),
    );
    renderPage('?code=expired-code&state=st4te-2');
    expect(await screen.findByText('The shop was not authorised')).toBeTruthy();
    expect(screen.getByText(/did not confirm the authorisation \(invalid code\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the shop list' })).toBeTruthy();
  });

  it('posts nothing when the address carries no answer', async () => {
    renderPage('');
    expect(await screen.findByText('No authorisation to finish')).toBeTruthy();
    expect(callbacks).toEqual([]);
  });

  it('has a visitor without a session sign in first, then comes back with the query intact', async () => {
    callbacks.length = 0;
    renderWithProviders(
      <>
        <Routes>
          <Route path="/user" element={<AuthLayout />}>
            {AUTH_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={<route.page />} />
            ))}
          </Route>
          <Route path="/*" element={<ProtectedShell />} />
        </Routes>
        <CurrentPath />
      </>,
      { route: '/shopifyAuth?code=after-login&state=st4te-3' },
    );
    fireEvent.change(await screen.findByPlaceholderText('Username'), { target: { value: 'seller' } });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'Demo12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByText('Authorised; the first sync has started', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe(
      '/shopifyAuth?code=after-login&state=st4te-3',
    );
    await waitFor(() => expect(callbacks).toEqual([{ query: { code: 'after-login', state: 'st4te-3' } }]));
  });
});
