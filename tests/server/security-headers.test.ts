/**
 * Every reply carries the security headers, and each program's pages the content security
 * policy that fits it: no inline script anywhere, WebAssembly for the PDA's camera reader, an
 * agent's chat script from the origin it configured, nothing at all for API replies.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatScriptOrigin } from '@server/modules/tenants/tenants.service.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'wms-web-'));
  mkdirSync(join(webRoot, 'admin', 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'admin', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webRoot, 'admin', 'assets', 'app.js'), 'console.log(1)');
  mkdirSync(join(webRoot, 'pda'), { recursive: true });
  writeFileSync(join(webRoot, 'pda', 'index.html'), '<!doctype html><div id="pda-root"></div>');
  writeFileSync(join(webRoot, 'pda', 'sw.js'), 'self.addEventListener("fetch", () => {})');
  world = await createTestWorld({ webRoot });
});
afterAll(() => world.close());

/** The policy's directives by name. */
function directives(policy: unknown): Record<string, string[]> {
  expect(typeof policy).toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('sends nosniff, no framing and a same-origin referrer on pages, files, API replies and errors', async () => {
    for (const url of ['/', '/pda/', '/assets/app.js', '/api/health', '/api/nothing', '/api/docs', '/x.js']) {
      const response = await world.request({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(directives(response.headers['content-security-policy'])['frame-ancestors'], url).toEqual([
        "'none'",
      ]);
    }
  });

  it('lets the admin run only its own script files, with antd’s run-time styles, and reach the print helper', async () => {
    const policy = directives(
      (await world.request({ method: 'GET', url: '/user/login' })).headers['content-security-policy'],
    );
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'", 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:18600', 'http://127.0.0.1:18601']);
  });

  it('lets the PDA compile its barcode reader’s WebAssembly and start its workers', async () => {
    const policy = directives(
      (await world.request({ method: 'GET', url: '/pda/' })).headers['content-security-policy'],
    );
    expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    // The pack screen prints labels through the print helper on the pack station.
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:18600', 'http://127.0.0.1:18601']);
    const worker = directives(
      (await world.request({ method: 'GET', url: '/pda/sw.js' })).headers['content-security-policy'],
    );
    expect(worker['connect-src']).toEqual(["'self'"]);
  });

  it('lets API replies load nothing', async () => {
    const policy = directives(
      (await world.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(policy['default-src']).toEqual(["'none'"]);
  });

  it('allows the chat script of the agent that owns the site, and only on its pages', async () => {
    await world.database.ownerPool.query(
      `update tenants set chat_js = '<script src="https://chat.acme.example/widget.js?id=1"></script>' where agent_code = 'acme'`,
    );
    const acme = directives(
      (await world.request({ method: 'GET', url: '/user/login', headers: { host: 'acme.localhost:8080' } }))
        .headers['content-security-policy'],
    );
    expect(acme['script-src']).toEqual(["'self'", 'https://chat.acme.example']);
    expect(acme['connect-src']).toContain('https://chat.acme.example');
    expect(acme['frame-src']).toEqual(["'self'", 'blob:', 'https://chat.acme.example']);
    const byCode = directives(
      (await world.request({ method: 'GET', url: '/?agent=acme' })).headers['content-security-policy'],
    );
    expect(byCode['script-src']).toContain('https://chat.acme.example');
    const demo = directives(
      (await world.request({ method: 'GET', url: '/user/login' })).headers['content-security-policy'],
    );
    expect(demo['script-src']).toEqual(["'self'"]);
  });

  it('reads the chat origin from an address or a snippet, never from script code', () => {
    expect(chatScriptOrigin('https://chat.example.com/w.js')).toBe('https://chat.example.com');
    expect(chatScriptOrigin('//chat.example.com:8443/w.js')).toBe('chat.example.com:8443');
    expect(chatScriptOrigin("<script async src='https://c.example/x.js'></script>")).toBe(
      'https://c.example',
    );
    expect(chatScriptOrigin('/local/chat.js')).toBeNull();
    expect(chatScriptOrigin('window.chat = 1')).toBeNull();
    expect(chatScriptOrigin('<script>var s = "https://c.example/x.js"</script>')).toBeNull();
    expect(chatScriptOrigin('javascript:alert(1)')).toBeNull();
    expect(chatScriptOrigin('https://c.example/x.js; script-src *')).toBeNull();
  });
});
