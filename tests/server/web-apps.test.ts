import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPagePath } from '../../src/server/http/web-apps.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'wms-web-'));
  mkdirSync(join(webRoot, 'admin', 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'admin', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webRoot, 'admin', 'assets', 'app.js'), 'console.log(1)');
  world = await createTestWorld({ webRoot });
});
afterAll(() => world.close());

describe('serving the admin', () => {
  it('answers / and any page path with the admin, so deep links and reloads work', async () => {
    for (const url of ['/', '/dashboard/analysis', '/user/login?agent=acme', '/system/user']) {
      const response = await world.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('id="root"');
    }
  });

  it('serves assets and public files, and keeps API misses as JSON 404', async () => {
    expect((await world.request({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await world.request({ method: 'GET', url: '/branding/demo-logo.svg' })).statusCode).toBe(200);
    expect((await world.request({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await world.request({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('common.route_not_found');
  });

  it('tells page paths from files and API calls', () => {
    expect(isPagePath('/dashboard/analysis?x=1')).toBe(true);
    expect(isPagePath('/api/sys/login')).toBe(false);
    expect(isPagePath('/websocket/1')).toBe(false);
    expect(isPagePath('/logo.svg')).toBe(false);
  });
});
