/**
 * Product photos: uploaded by the seller's side, stored under a random key in the tenant's
 * folder and the seller's sub-folder, read back by the same seller's side and by agent and
 * warehouse roles (who handle every seller's goods). Nothing is stored unless every file passes.
 */
import { randomUUID } from 'node:crypto';
import type { StoredFile, UploadKind } from '@shared/contract/files.js';
import { AppError } from '@shared/errors.js';
import type { Actor } from '../../http/actor.js';
import { isSellerBound, owningSeller } from '../../access/seller-scope.js';
import { EXTENSIONS, sniffImageType, typeOfExtension } from './image-type.js';
import type { FileStorage } from './local-storage.js';
import type { UploadedPart } from './multipart.js';

export const fileUrl = (key: string) => `/api/sys/common/static/${key}`;

/** POST /sys/common/upload: every file is a real image, or nothing is stored. */
export async function uploadImages(
  storage: FileStorage,
  actor: Actor,
  input: { kind: UploadKind; files: UploadedPart[] },
): Promise<StoredFile[]> {
  const owner = owningSeller(actor);
  const typed = input.files.map((file) => {
    const contentType = sniffImageType(file.data);
    if (!contentType) throw new AppError('files.not_an_image', { name: file.fileName });
    return { ...file, contentType };
  });
  const stored: StoredFile[] = [];
  for (const file of typed) {
    const key = `${input.kind}/${owner}/${randomUUID()}.${EXTENSIONS[file.contentType]}`;
    await storage.put(actor.tenantId, key, file.data);
    stored.push({
      key,
      url: fileUrl(key),
      name: file.fileName,
      contentType: file.contentType,
      size: file.data.length,
    });
  }
  return stored;
}

/** GET /sys/common/static/<key>: a seller's file for that seller's side; any for other roles. */
export async function readImage(
  storage: FileStorage,
  actor: Actor,
  input: { key: string },
): Promise<{ data: Buffer; contentType: string }> {
  const [, owner] = input.key.split('/');
  if (isSellerBound(actor) && owner !== actor.sellerId) throw new AppError('files.not_found');
  const data = await storage.get(actor.tenantId, input.key);
  if (!data) throw new AppError('files.not_found');
  return { data, contentType: typeOfExtension(input.key) };
}
