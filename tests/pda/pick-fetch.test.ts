// @vitest-environment jsdom
/**
 * The pick screen's fetch of the open waves asks for the device's last applied seq only with
 * the device's key in the X-Device-Key header (never in the logged query string), as a pull
 * does; a device with no key yet asks for no seq.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS, writeMeta } from '@pda/data/db.js';
import { fetchPickWaves } from '@pda/pick/pick-data.js';
import { SCREEN_IDS, seededDatabase, setUpScreenTests } from './support/screen.js';

setUpScreenTests();
afterEach(() => vi.unstubAllGlobals());

function answering() {
  const calls: { url: URL; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: new URL(String(input), 'http://pda.test'), headers: new Headers(init?.headers) });
      const result = { waves: [], lastProcessedSeq: 4 };
      return new Response(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 0 }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('fetching the open waves', () => {
  it('names the device with its key in the header, and without a key names no device', async () => {
    const db = await seededDatabase('pick', []);
    const calls = answering();
    await fetchPickWaves(db, SCREEN_IDS.WAREHOUSE);
    expect(calls[0]?.url.searchParams.has('deviceId')).toBe(false);
    expect(calls[0]?.headers.has('x-device-key')).toBe(false);

    await writeMeta(db, META_KEYS.deviceKey, 'the-device-key');
    expect((await fetchPickWaves(db, SCREEN_IDS.WAREHOUSE)).lastProcessedSeq).toBe(4);
    expect(calls[1]?.url.searchParams.get('deviceId')).toBeTruthy();
    expect(calls[1]?.url.searchParams.get('warehouseId')).toBe(SCREEN_IDS.WAREHOUSE);
    expect(calls[1]?.url.search).not.toContain('the-device-key');
    expect(calls[1]?.headers.get('x-device-key')).toBe('the-device-key');
  });
});
