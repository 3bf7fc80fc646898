/**
 * Product photo upload (spec 02 §5): at most five per upload, 5 MB each, real images only,
 * stored per tenant under random keys and served only to the owning seller's side and to agent
 * and warehouse roles. A refused upload stores nothing.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageType } from '@server/modules/files/image-type.js';
import { localFileStorage } from '@server/modules/files/index.js';
import { writeDemoFiles } from '@server/seed/demo.js';
import { JPEG_LIKE, multipartBody, PNG_1X1, type FormFile } from '../support/multipart.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
const tokens: Record<string, string> = {};
const filesDir = mkdtempSync(join(tmpdir(), 'files-test-'));

beforeAll(async () => {
  world = await createTestWorld({ filesDir });
  for (const name of ['agent', 'waremanager', 'seller', 'seller2', 'sellerstaff'])
    tokens[name] = await world.login(name);
  tokens.acme = await world.login('acme-agent', { agentCode: 'acme' });
});
afterAll(async () => {
  await world.close();
  rmSync(filesDir, { recursive: true, force: true });
});

function storedCount(): number {
  return readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .length;
}

async function uploadAs(as: string, files: FormFile[]) {
  const body = multipartBody(files);
  return world.request({
    method: 'POST',
    url: '/api/sys/common/upload?biz=product',
    token: tokens[as],
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': 'en-US' },
  });
}
const photo = (name: string, data = PNG_1X1, type = 'image/png'): FormFile => ({ name, data, type });
const read = (as: string, url: string) => world.request({ method: 'GET', url, token: tokens[as] });

describe('POST /api/sys/common/upload', () => {
  it('stores real images under random keys and serves them back with their type', async () => {
    const response = await uploadAs('seller', [
      photo('front.png'),
      photo('back.jpg', JPEG_LIKE, 'image/jpeg'),
    ]);
    expect(response.statusCode).toBe(200);
    const files = response.json().result as { key: string; url: string; contentType: string; size: number }[];
    expect(files.map((file) => [file.contentType, file.size])).toEqual([
      ['image/png', PNG_1X1.length],
      ['image/jpeg', JPEG_LIKE.length],
    ]);
    expect(files[0]?.key).toMatch(/^product\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
    expect(files[0]?.key).not.toContain('front');
    const served = await read('seller', files[0]?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);

    const added = await world.request({
      method: 'POST',
      url: '/api/catalog/product/add',
      token: tokens.seller,
      payload: {
        name: 'Photographed',
        photos: files.map((file) => file.key),
        skus: [{ sellerSku: 'PHOTO-1' }],
      },
    });
    expect(added.statusCode).toBe(200);
  });

  it("serves a seller's photo to their staff, agents and warehouse roles only, and to no other tenant", async () => {
    const response = await uploadAs('seller', [photo('one.png')]);
    const url = response.json().result[0].url as string;
    for (const as of ['sellerstaff', 'agent', 'waremanager'])
      expect((await read(as, url)).statusCode, as).toBe(200);
    const otherSeller = await read('seller2', url);
    expect(otherSeller.statusCode).toBe(404);
    expect(otherSeller.json()).toMatchObject({ success: false, code: 'files.not_found' });
    expect((await read('acme', url)).statusCode).toBe(404);
    expect((await world.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a 6th photo and stores none of them', async () => {
    const before = storedCount();
    const response = await uploadAs(
      'seller',
      [1, 2, 3, 4, 5, 6].map((n) => photo(`p${n}.png`)),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'files.too_many',
      message: 'At most 5 files can be uploaded at once',
    });
    expect(storedCount()).toBe(before);
  });

  it('refuses a 6 MB photo', async () => {
    const before = storedCount();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await uploadAs('seller', [photo('small.png'), photo('big.png', big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'files.too_large',
      message: 'Each file may be at most 5 MB',
    });
    expect(storedCount()).toBe(before);
  });

  it('refuses a text file renamed .jpg, whatever type the browser claims', async () => {
    const before = storedCount();
    const fake = photo('notes.jpg', Buffer.from('these are not pixels'), 'image/jpeg');
    const response = await uploadAs('seller', [photo('good.png'), fake]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'files.not_an_image' });
    expect(response.json().message).toContain('notes.jpg');
    expect(storedCount()).toBe(before);
  });

  it('refuses a form without files, a JSON body, and roles that own no products', async () => {
    expect((await uploadAs('seller', [])).json()).toMatchObject({ code: 'files.none' });
    const json = await world.request({
      method: 'POST',
      url: '/api/sys/common/upload',
      token: tokens.seller,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    for (const url of ['/api/sys/common/upload', '/api/catalog/excel/import']) {
      const broken = await world.request({
        method: 'POST',
        url,
        token: tokens.seller,
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(broken.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode, url).toBeLessThan(500);
    }
    expect((await uploadAs('agent', [photo('a.png')])).statusCode).toBe(403);
  });
});

describe('GET /api/sys/common/static/*', () => {
  it('answers 404 for a key that was never stored and 400 for a key that is not one', async () => {
    const missing = `/api/sys/common/static/product/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}/${'1'.repeat(8)}-1111-1111-1111-${'1'.repeat(12)}.png`;
    expect((await read('agent', missing)).statusCode).toBe(404);
    expect(
      (await read('agent', '/api/sys/common/static/../../etc/passwd')).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await read('agent', '/api/sys/common/static/product/x/..%2F..%2Fsecret.png')).statusCode).toBe(
      400,
    );
  });
});

describe('seeded product photos', () => {
  it('are read back like uploaded ones: every photo a demo product names is an image, for its seller and the agent', async () => {
    await writeDemoFiles(world.database.db, localFileStorage(filesDir));
    const unreadable: string[] = [];
    let photos = 0;
    for (const as of ['seller', 'seller2', 'agent', 'waremanager']) {
      const list = await read(as, '/api/catalog/product/list?pageSize=50');
      expect(list.statusCode).toBe(200);
      for (const product of list.json().result.records as { photos: string[] }[]) {
        for (const key of product.photos) {
          photos += 1;
          const served = await read(as, `/api/sys/common/static/${key}`);
          if (
            served.statusCode !== 200 ||
            !String(served.headers['content-type']).startsWith('image/') ||
            sniffImageType(served.rawPayload) !== served.headers['content-type']
          )
            unreadable.push(`${as} ${key} → ${served.statusCode} ${served.body.slice(0, 80)}`);
        }
      }
    }
    expect(photos).toBeGreaterThanOrEqual(6);
    expect(unreadable).toEqual([]);
  });
});
