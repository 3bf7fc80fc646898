import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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

  it('live under the seller folder the files module serves from', () => {
    expect(demoPhotoKey('s1', 'mug')).toBe('product/s1/demo-mug.png');
  });
});
