import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_SCRIPT_ID } from '@admin/auth/layout/chat-script.js';
import { renderWithProviders } from '../render.js';
import { api, BRANDING, brandingHandler, ok, useApiServer } from './fixtures.js';
import { AuthRoutes } from './routes.js';

const server = useApiServer();

afterEach(() => {
  document.getElementById(CHAT_SCRIPT_ID)?.remove();
  document.title = '';
});

describe('the login layout', () => {
  it("asks for the branding of this site's origin and the agent parameter", async () => {
    let body: unknown;
    server.use(
      http.post(api('/agent/agentMg/property'), async ({ request }) => {
        body = await request.json();
        return ok(BRANDING);
      }),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login?agent=acme' });
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({ domain: window.location.origin, agentCode: 'acme' });
  });

  it("applies the agent's title, favicon, logo and filing number", async () => {
    server.use(brandingHandler());
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });

    await waitFor(() => expect(document.title).toBe('Demo Logistics'));
    expect(document.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe('/branding/demo-icon.svg');
    expect(screen.getAllByRole('img', { name: 'Demo Logistics' })[0]?.getAttribute('src')).toBe(
      '/branding/demo-logo.svg',
    );
    expect(screen.getByText('Demo ICP 2026000001')).toBeTruthy();
  });

  it('shows the current year and title, and the default friend and help labels', async () => {
    server.use(brandingHandler());
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });

    expect(await screen.findByText(`© ${new Date().getFullYear()} Demo Logistics`)).toBeTruthy();
    expect(screen.getByText('technical support')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help documentation' })).toBeTruthy();
  });

  it("uses the agent's friend and help links when it has them", async () => {
    server.use(
      brandingHandler({
        ...BRANDING,
        friendName: 'Demo Logistics Tech',
        friendLink: 'https://demo-logistics.example.com/tech',
        helpLink: 'https://demo-logistics.example.com/help',
      }),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });

    const friend = await screen.findByRole('link', { name: 'Demo Logistics Tech' });
    expect(friend.getAttribute('href')).toBe('https://demo-logistics.example.com/tech');
    expect(screen.getByRole('link', { name: 'help documentation' }).getAttribute('href')).toBe(
      'https://demo-logistics.example.com/help',
    );
    expect(screen.queryByText('technical support')).toBeNull();
  });

  it('shows a carousel of the website banners when there is no home image', async () => {
    server.use(
      brandingHandler({
        ...BRANDING,
        homeImg: null,
        webSite: {
          webSiteFlag: true,
          id: 'site',
          agentName: 'Demo Logistics',
          agentCode: 'demo',
          logoUrl: null,
          title: 'Demo',
          banners: [
            { imgUrl: '/branding/banner-warehouse.svg', webUrl: '' },
            {
              imgUrl: '/branding/banner-shipping.svg',
              webUrl: 'https://demo-logistics.example.com/shipping',
            },
          ],
          cooperationPlatform: [],
          companyPhotoUrl: null,
          introduction: '',
          services: [],
          showDistribution: false,
          teamPhotosUrl: [],
          guarantee: [],
          contactNumber: '',
          publicQrcode: null,
          webchatQrcode: null,
          corporateName: '',
          friendlyLinks: [],
          createTime: '2026-01-01T00:00:00Z',
          delFlag: 0,
          products: [],
        },
      }),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });

    const first = await screen.findAllByRole('link', { name: 'Demo Logistics 1' });
    expect(first[0]?.getAttribute('href')).toBe('https://demo-logistics.example.com');
    const second = screen.getAllByRole('link', { name: 'Demo Logistics 2', hidden: true });
    expect(second[0]?.getAttribute('href')).toBe('https://demo-logistics.example.com/shipping');
  });

  it('adds the chat script only when the agent configured one', async () => {
    server.use(brandingHandler());
    const { unmount } = renderWithProviders(<AuthRoutes />, { route: '/user/login' });
    await waitFor(() => expect(document.title).toBe('Demo Logistics'));
    expect(document.getElementById(CHAT_SCRIPT_ID)).toBeNull();
    unmount();

    server.use(
      brandingHandler({ ...BRANDING, chatJs: '<script src="https://chat.example.com/widget.js"></script>' }),
    );
    renderWithProviders(<AuthRoutes />, { route: '/user/login' });
    await waitFor(() => expect(document.getElementById(CHAT_SCRIPT_ID)).not.toBeNull());
    const script = document.getElementById(CHAT_SCRIPT_ID);
    expect(script?.getAttribute('src')).toBe('https://chat.example.com/widget.js');
    expect(document.querySelectorAll('script[src="https://chat.example.com/widget.js"]')).toHaveLength(1);
  });
});
