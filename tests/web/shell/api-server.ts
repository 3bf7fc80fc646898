/**
 * A mock API for the shell's component tests (msw): handlers answer the API's envelope, and
 * relative addresses such as /api/... resolve against the jsdom page as a browser would.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

export function ok<T>(result: T, message = '') {
  return HttpResponse.json({ success: true, message, code: 200, result, timestamp: Date.now() });
}

export function failure(status: number, code: string, message: string) {
  return HttpResponse.json(
    { success: false, message, code, status, result: null, timestamp: Date.now() },
    { status },
  );
}

export const api = (path: string) => `${window.location.origin}/api${path}`;

/** Starts msw for the calling test file, with handlers every test can override. */
export function useApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    const patched = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? new URL(input, window.location.href) : input;
      // jsdom's AbortSignal is not the one Node's fetch accepts; time-outs are not under test here.
      return patched(url, { ...init, signal: undefined });
    });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    vi.unstubAllGlobals();
    server.close();
  });
  return server;
}

export { http };
