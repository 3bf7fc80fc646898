/**
 * The server of the auth tests: msw answers the API the way src/server does, shaped by the
 * shared contract types, so a drift in the contract breaks these fixtures at compile time.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { LoginResult, UserInfo } from '@shared/contract/identity.js';
import type { Branding } from '@shared/contract/tenants.js';

export const api = (path: string) => `${window.location.origin}/api${path}`;

export const BRANDING: Branding = {
  title: 'Demo Logistics',
  agentCode: 'demo',
  logo: '/branding/demo-logo.svg',
  showAgentLink: true,
  homeUrl: 'https://demo-logistics.example.com',
  homeImg: '/branding/demo-home.svg',
  friendName: null,
  friendLink: null,
  helpLink: null,
  beianhao: 'Demo ICP 2026000001',
  iconUrl: '/branding/demo-icon.svg',
  chatJs: null,
  webSite: null,
};

export const USER: UserInfo = {
  id: '0b8f7a3e-8c1d-4a52-9d54-0c1f2e3a4b5c',
  username: 'agent',
  realname: 'Alice Agent',
  nickname: 'Alice',
  avatar: null,
  phone: '13800000001',
  email: null,
  userRole: 'agent_manager',
  orgCode: 'A01',
  sellerId: null,
  status: 1,
  tenantId: '6a1c0e4f-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  agentCode: 'demo',
};

export function loginResult(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    token: 'token-123',
    userInfo: USER,
    departs: [{ id: 'd1', orgCode: 'A01', departName: 'Head office' }],
    multiDepart: 1,
    ...overrides,
  };
}

export function ok<T>(result: T, message = '') {
  return HttpResponse.json({ success: true, message, code: 200, result, timestamp: Date.now() });
}

export function refusal(status: number, code: string, message: string) {
  return HttpResponse.json(
    { success: false, message, code, status, result: null, timestamp: Date.now() },
    { status },
  );
}

export const brandingHandler = (branding: Branding = BRANDING) =>
  http.post(api('/agent/agentMg/property'), () => ok(branding));

/** Starts msw for the file's tests; every request a test did not expect fails the test. */
export function useApiServer(...defaults: RequestHandler[]) {
  const server = setupServer(...defaults);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
