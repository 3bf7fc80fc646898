/**
 * What an uploaded file really is, read from its first bytes (never from its name or the type
 * the browser claims): JPEG, PNG, WebP and GIF are images we store; anything else is not.
 */
import type { ImageType } from '@shared/contract/files.js';

const startsWith = (data: Uint8Array, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the content shows, or null when it is not one we accept. */
export function sniffImageType(data: Uint8Array): ImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export function typeOfExtension(key: string): ImageType {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const found = (Object.keys(EXTENSIONS) as ImageType[]).find((type) => EXTENSIONS[type] === extension);
  return found ?? 'image/jpeg';
}
