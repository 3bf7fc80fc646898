/**
 * Renders the signed-in shell as App.tsx mounts it, with a mock API that answers the menu of
 * fixtures.ts and test pages registered under the menu's component ids.
 */
import { Route, Routes, useLocation } from 'react-router-dom';
import { ProtectedShell } from '@admin/layout/ProtectedShell.js';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';
import { renderWithProviders } from '../render.js';
import { api, http, ok } from './api-server.js';
import { MENU } from './fixtures.js';

export const permissionRequests: URL[] = [];
export const sockets: { url: string; protocols: string | string[] | undefined }[] = [];

export class FakeWebSocket {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(url: string, protocols?: string | string[]) {
    sockets.push({ url, protocols });
  }
  send() {}
  close() {}
}

export const shellHandlers = [
  http.get(api('/sys/permission/getUserPermissionByToken'), ({ request }) => {
    permissionRequests.push(new URL(request.url));
    return ok({ menu: MENU, auth: [], allAuth: [] });
  }),
  http.post(api('/agent/agentMg/property'), () =>
    ok({
      title: 'Demo WMS',
      agentCode: 'demo',
      logo: null,
      showAgentLink: false,
      homeUrl: null,
      homeImg: null,
      friendName: null,
      friendLink: null,
      helpLink: null,
      beianhao: null,
      iconUrl: null,
      chatJs: null,
      webSite: null,
    }),
  ),
  http.get(api('/sys/annountCement/listByUser'), () =>
    ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
  ),
  http.get(api('/sys/annountCement/queryLastUnRead'), () => ok(null)),
  http.get(api('/orderNoteRec/queryPendingQuestions'), () =>
    ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }),
  ),
  http.get(api('/sys/user/getCurrentUserDeparts'), () => ok({ list: [], orgCode: null })),
];

export function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{`${location.pathname}${location.search}`}</output>;
}

export function renderShell(route: string, user: UserInfo | null) {
  if (user) sessionStore.save('token-1', user);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/user/login" element={<p>Login page</p>} />
        <Route path="/*" element={<ProtectedShell />} />
      </Routes>
      <CurrentPath />
    </>,
    { route },
  );
}
