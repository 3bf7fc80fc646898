/**
 * Product photos of the demo data: small real PNG images (one colour each), written through
 * the files module's storage so the product screens show them like uploaded photos.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FileStorage } from '../modules/files/index.js';

export const DEMO_PHOTO_COLOURS = {
  't-shirt': [34, 34, 34],
  'phone-case': [24, 144, 255],
  mug: [250, 140, 22],
  earbuds: [82, 196, 26],
  teapot: [114, 46, 209],
} as const;
export type DemoPhoto = keyof typeof DEMO_PHOTO_COLOURS;

/**
 * The key under which the files module serves a demo photo of this seller: the upload's own
 * format (`product/<seller>/<uuid>.png`), with a uuid derived from the seller and the photo so
 * a second seeding finds the same file.
 */
export function demoPhotoKey(sellerId: string, photo: DemoPhoto): string {
  const hex = createHash('sha256').update(`${sellerId}/${photo}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return `product/${sellerId}/${id}.png`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height PNG of one colour. */
export function solidPng(width: number, height: number, [red, green, blue]: readonly number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red ?? 0, green ?? 0, blue ?? 0]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes the demo photos of one seller; photos already there are kept. */
export async function writeDemoPhotos(
  storage: FileStorage,
  tenantId: string,
  sellerId: string,
): Promise<void> {
  for (const [photo, colour] of Object.entries(DEMO_PHOTO_COLOURS)) {
    const key = demoPhotoKey(sellerId, photo as DemoPhoto);
    if (await storage.get(tenantId, key)) continue;
    await storage.put(tenantId, key, solidPng(240, 240, colour));
  }
}
