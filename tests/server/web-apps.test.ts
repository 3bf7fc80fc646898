import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPagePath, isPdaPath } from '@server/http/web-apps.js';
import { PLUGIN_DOWNLOADS, PRINT_HELPER } from '@shared/domain/print-helper.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'wms-web-'));
  mkdirSync(join(webRoot, 'admin', 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'admin', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webRoot, 'admin', 'assets', 'app.js'), 'console.log(1)');
  mkdirSync(join(webRoot, 'pda', 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'pda', 'index.html'), '<!doctype html><div id="pda-root"></div>');
  writeFileSync(join(webRoot, 'pda', 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(webRoot, 'pda', 'manifest.webmanifest'), '{"scope":"/pda/"}');
  writeFileSync(join(webRoot, 'pda', 'assets', 'pda.js'), 'export {}');
  world = await createTestWorld({ webRoot, publicUrl: 'https://wms.example.com/' });
});
afterAll(() => world.close());

/** One entry of a zip, found by its local header's name and inflated. */
function zipEntry(zip: Buffer, name: string): Buffer {
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const compressedSize = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    if (zip.subarray(at + 30, at + 30 + nameLength).toString('utf8') === name)
      return inflateRawSync(zip.subarray(start, start + compressedSize));
    at = start + compressedSize;
  }
  throw new Error(`${name} is not in the archive`);
}

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

  it('serves the print plugin made from the helper in this repository, with its version', async () => {
    const head = await world.request({ method: 'HEAD', url: '/downloads/print-plugin.zip' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/zip');
    const response = await world.request({
      method: 'GET',
      url: '/downloads/print-plugin.zip',
      headers: { host: 'acme.localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-print-helper-version']).toBe(PRINT_HELPER.version);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${PRINT_HELPER.name}-${PRINT_HELPER.version}.zip"`,
    );
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(response.rawPayload.includes(Buffer.from('print-helper/print-helper.mjs'))).toBe(true);
  });

  it("allows this server's public address in the print plugin, whatever Host the request names", async () => {
    for (const host of ['evil.example', 'acme.localhost:8080']) {
      const response = await world.request({
        method: 'GET',
        url: '/downloads/print-plugin.zip',
        headers: { host, 'x-forwarded-host': host, 'x-forwarded-proto': 'http' },
      });
      expect(response.statusCode).toBe(200);
      const config = zipEntry(response.rawPayload, 'print-helper/print-helper.config.json');
      expect(JSON.parse(config.toString()), host).toEqual({ origins: ['https://wms.example.com'] });
    }
  });

  it('answers every download link the admin offers with its archive: 200, not a page or an error body', async () => {
    const links = Object.values(PLUGIN_DOWNLOADS);
    expect(links).toEqual(['/downloads/print-plugin.zip', '/downloads/virtual-printer.zip']);
    for (const url of links) {
      const head = await world.request({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      const response = await world.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('application/zip');
      expect(response.headers['content-disposition'], url).toMatch(/^attachment; filename=".+\.zip"$/);
      expect(response.rawPayload.subarray(0, 4).toString('latin1'), url).toBe('PK\u0003\u0004');
      expect(response.body, url).not.toMatch(/<html|<!doctype|"code":/i);
    }
  });

  it('serves the virtual printer: the same helper offering only its folder printer, which saves PDFs', async () => {
    const response = await world.request({ method: 'GET', url: PLUGIN_DOWNLOADS.virtualPrinter });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="virtual-printer-${PRINT_HELPER.version}.zip"`,
    );
    const config = JSON.parse(
      zipEntry(response.rawPayload, 'print-helper/print-helper.config.json').toString(),
    );
    expect(config).toEqual({ origins: ['https://wms.example.com'], systemPrinters: false });
    expect(zipEntry(response.rawPayload, 'print-helper/print-helper.mjs').toString()).toContain(
      'config.systemPrinters === false',
    );
  });

  it('tells page paths from files and API calls', () => {
    expect(isPagePath('/dashboard/analysis?x=1')).toBe(true);
    expect(isPagePath('/api/sys/login')).toBe(false);
    expect(isPagePath('/websocket/1')).toBe(false);
    expect(isPagePath('/logo.svg')).toBe(false);
  });
});

describe('serving the PDA', () => {
  it('answers /pda/ and its deep links with the PDA, not the admin', async () => {
    for (const url of ['/pda/', '/pda/receive', '/pda/attention?x=1']) {
      const response = await world.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('id="pda-root"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const bare = await world.request({ method: 'GET', url: '/pda' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/pda/');
  });

  it('serves the service worker and manifest uncached within /pda/, and assets for a year', async () => {
    const worker = await world.request({ method: 'GET', url: '/pda/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/pda/');
    const manifest = await world.request({ method: 'GET', url: '/pda/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const asset = await world.request({ method: 'GET', url: '/pda/assets/pda.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await world.request({ method: 'GET', url: '/pda/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps the admin at / beside it', async () => {
    const response = await world.request({ method: 'GET', url: '/dashboard/analysis' });
    expect(response.body).toContain('id="root"');
    expect(isPdaPath('/pda/receive')).toBe(true);
    expect(isPdaPath('/pdax')).toBe(false);
  });
});
