import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clientHooks } from '@api/client.js';
import { fetchPermissions, PERMISSIONS_NOT_ARRAY, useLogout } from '@api/modules/session.js';
import { sessionStore, STORAGE_KEYS } from '@api/storage.js';
import { createTestQueryClient } from '../render.js';
import { api, ok, USER, useApiServer } from './fixtures.js';

const server = useApiServer();
const originalOnError = clientHooks.onError;

afterEach(() => {
  clientHooks.onError = originalOnError;
});

function signIn() {
  sessionStore.save('token-123', USER);
  sessionStore.saveAuth([{ action: 'order:list', describe: 'Orders', type: '1' }], []);
}

describe('logout', () => {
  function renderLogout() {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['permissions', 'byToken', 'en-US'], { menu: [] });
    let path = '';
    function Where() {
      path = useLocation().pathname;
      return null;
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/analysis']}>
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    );
    const hook = renderHook(() => useLogout(), { wrapper });
    return { hook, queryClient, path: () => path };
  }

  it('clears the session, the cache and goes to /user/login when the server agrees', async () => {
    let token: string | null = null;
    server.use(
      http.post(api('/sys/logout'), ({ request }) => {
        token = request.headers.get('X-Access-Token');
        return ok(null, 'Logged out');
      }),
    );
    signIn();
    const { hook, queryClient, path } = renderLogout();
    hook.result.current.mutate();

    await waitFor(() => expect(path()).toBe('/user/login'));
    expect(token).toBe('token-123');
    expect(sessionStore.token()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('clears the session even when the server call fails, and reports the failure', async () => {
    const reported: ApiError[] = [];
    clientHooks.onError = (error) => {
      reported.push(error);
      expect(sessionStore.token()).toBeNull();
    };
    server.use(
      http.post(api('/sys/logout'), () =>
        HttpResponse.json({ success: false, message: 'boom', code: 'common.internal' }, { status: 500 }),
      ),
    );
    signIn();
    const { hook, path } = renderLogout();
    hook.result.current.mutate();

    await waitFor(() => expect(path()).toBe('/user/login'));
    expect(sessionStore.token()).toBeNull();
    expect(sessionStore.userInfo()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.allAuth)).toBeNull();
    expect(reported.map((error) => error.status)).toEqual([500]);
  });

  it('clears the session when the server cannot be reached at all', async () => {
    const onError = vi.fn();
    clientHooks.onError = onError;
    server.use(http.post(api('/sys/logout'), () => HttpResponse.error()));
    signIn();
    const { hook, path } = renderLogout();
    hook.result.current.mutate();

    await waitFor(() => expect(path()).toBe('/user/login'));
    expect(sessionStore.token()).toBeNull();
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('the permission call', () => {
  const menuItem = {
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    redirect: null,
    hidden: false,
    route: '1',
    alwaysShow: false,
    meta: {
      title: 'Home',
      icon: null,
      url: null,
      permissionList: [],
      keepAlive: false,
      internalOrExternal: false,
    },
  };

  it.each([
    ['null', null],
    ['an object', { path: '/' }],
    ['empty', []],
  ])('rejects a menu that is %s with its own message', async (_case, menu) => {
    server.use(
      http.get(api('/sys/permission/getUserPermissionByToken'), () => ok({ menu, auth: [], allAuth: [] })),
    );
    signIn();
    await expect(fetchPermissions('en-US')).rejects.toThrow(PERMISSIONS_NOT_ARRAY);
    expect(PERMISSIONS_NOT_ARRAY).toBe('getPermissionList: permissions must be a non-null array');
  });

  it('sends the language and keeps both authorisation lists in session storage', async () => {
    let lang: string | null = null;
    const auth = [{ action: 'order:list', describe: 'Orders', type: '1' }];
    const allAuth = [{ action: 'order:list', describe: 'Orders', type: '1', status: '1' }];
    server.use(
      http.get(api('/sys/permission/getUserPermissionByToken'), ({ request }) => {
        lang = new URL(request.url).searchParams.get('lang');
        return ok({ menu: [menuItem], auth, allAuth });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.language, 'th-TH');
    const result = await fetchPermissions();

    expect(lang).toBe('th-TH');
    expect(result.menu).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.auth) ?? 'null')).toEqual(auth);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.allAuth) ?? 'null')).toEqual(allAuth);
  });
});
