import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileKey } from '@shared/contract/files.js';
import { sniffImageType } from '../modules/files/image-type.js';
import { demoPhotoKey, solidPng } from './demo-photos.js';

describe('demo photos', () => {
  it('are real PNG images the upload check accepts', () => {
    const png = solidPng(4, 3, [10, 20, 30]);
    expect(sniffImageType(png)).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(4);
    expect(png.readUInt32BE(20)).toBe(3);
    const dataStart = png.indexOf('IDAT') + 4;
    const dataLength = png.readUInt32BE(dataStart - 8);
    const pixels = inflateSync(png.subarray(dataStart, dataStart + dataLength));
    expect([...pixels.subarray(0, 4)]).toEqual([0, 10, 20, 30]);
    expect(pixels.length).toBe(3 * (1 + 4 * 3));
  });

  it('are named like uploaded photos, under the seller folder the files module serves from', () => {
    const seller = '5f0c8a52-3c1e-4d7a-9a57-0d2f4c1b9e11';
    const key = demoPhotoKey(seller, 'mug');
    expect(fileKey.safeParse(key).success).toBe(true);
    expect(key.startsWith(`product/${seller}/`)).toBe(true);
    expect(demoPhotoKey(seller, 'mug')).toBe(key);
    expect(demoPhotoKey(seller, 't-shirt')).not.toBe(key);
  });
});
