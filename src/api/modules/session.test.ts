// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_ROLES } from '@shared/domain/roles.js';
import { SESSION_TTL_MS } from '@shared/domain/session.js';
import { ApiError, clientHooks } from '../client.js';
import { sessionStore, STORAGE_KEYS } from '../storage.js';
import {
  agentCodeFromSearch,
  chosenAgentCode,
  fetchBranding,
  fetchCurrentUserDeparts,
  fetchDictItems,
  login,
  logout,
  selectDepart,
  updatePassword,
  withChosenAgent,
} from './session.js';

interface Sent {
  url: string;
  method: string;
  body: unknown;
}

const user = {
  id: 'u1',
  username: 'agent',
  realname: 'Alice Agent',
  nickname: 'Alice',
  avatar: null,
  phone: null,
  email: null,
  userRole: USER_ROLES[1],
  orgCode: 'A01A01',
  sellerId: null,
  status: 1,
  tenantId: 't1',
  agentCode: 'demo',
};

let sent: Sent[] = [];

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

const ok = (result: unknown, message = '') => ({ success: true, message, code: 200, result, timestamp: 1 });

beforeEach(() => {
  sent = [];
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('agentCodeFromSearch', () => {
  it('reads the agent query parameter and ignores a blank one', () => {
    expect(agentCodeFromSearch('?agent=acme&x=1')).toBe('acme');
    expect(agentCodeFromSearch('?agent=%20')).toBeUndefined();
    expect(agentCodeFromSearch('')).toBeUndefined();
  });
});

describe('chosenAgentCode', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers the agent a link named for the browser session, so pages without the parameter keep it', () => {
    expect(chosenAgentCode('')).toBeUndefined();
    expect(chosenAgentCode('?agent=acme')).toBe('acme');
    expect(chosenAgentCode('')).toBe('acme');
    expect(withChosenAgent('/user/login', '')).toBe('/user/login?agent=acme');
    expect(chosenAgentCode('?agent=demo')).toBe('demo');
    expect(chosenAgentCode('')).toBe('demo');
  });

  it('keeps the chosen agent through a logout', async () => {
    chosenAgentCode('?agent=acme');
    sessionStore.save('token-1', user);
    answer(200, ok(null));
    await logout();
    expect(sessionStore.token()).toBeNull();
    expect(chosenAgentCode('')).toBe('acme');
  });
});

describe('session calls', () => {
  it('asks for branding by POST with the domain and agent code', async () => {
    const branding = {
      title: 'Demo Logistics',
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
    };
    answer(200, ok(branding));
    expect(await fetchBranding({ domain: 'https://demo.example.com', agentCode: 'demo' })).toEqual(branding);
    expect(sent[0]).toEqual({
      url: '/api/agent/agentMg/property',
      method: 'POST',
      body: { domain: 'https://demo.example.com', agentCode: 'demo' },
    });
  });

  it('rejects a refused login to the caller without raising the error catalogue', async () => {
    const onError = vi.spyOn(clientHooks, 'onError');
    answer(422, { success: false, code: 'auth.bad_credentials', message: 'Incorrect username or password' });
    const failure = await login({ username: 'agent', password: 'nope1234' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, message: 'Incorrect username or password' });
    expect(onError).not.toHaveBeenCalled();
    onError.mockRestore();
  });

  it('stores the user info of the chosen department for 7 days', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z'), toFake: ['Date'] });
    answer(200, ok({ userInfo: user }));
    await selectDepart({ orgCode: 'A01A01', username: 'agent' });
    expect(sessionStore.userInfo()?.orgCode).toBe('A01A01');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}') as { expire: number };
    expect(stored.expire).toBe(Date.now() + SESSION_TTL_MS);
  });

  it('sends _t on GET requests but not on dictionary look-ups', async () => {
    answer(200, ok({ list: [], orgCode: null }));
    await fetchCurrentUserDeparts();
    answer(200, ok([{ value: '1', text: 'Land', title: 'Land', label: 'Land' }]));
    await fetchDictItems('transport_type');
    expect(sent[0]?.url).toMatch(/^\/api\/sys\/user\/getCurrentUserDeparts\?_t=\d+$/);
    expect(sent[1]?.url).toBe('/api/sys/dict/getDictItems/transport_type');
  });

  it("answers the password change with the server's message", async () => {
    answer(200, ok(null, 'Password changed'));
    const reply = await updatePassword({
      username: 'agent',
      oldpassword: 'Demo12345',
      password: 'Secret123',
      confirmpassword: 'Secret123',
    });
    expect(reply.message).toBe('Password changed');
  });
});
