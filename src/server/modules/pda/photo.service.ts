/**
 * Discrepancy photos from the PDA. The device names each photo when it is taken (a UUID under
 * `inbound/<the order's seller>/`), keeps it while offline and uploads it before the op that
 * cites it, so the op's payload never changes. An upload of the same key again (a reply lost)
 * finds the first one stored and answers it again: idempotent, never overwritten.
 */
import { and, eq } from 'drizzle-orm';
import type { PdaPhotoQuery } from '@shared/contract/pda.js';
import type { StoredFile } from '@shared/contract/files.js';
import { isPhotoOfSeller } from '@shared/domain/inbound.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import {
  fileUrl,
  sniffImageType,
  typeOfExtension,
  type FileStorage,
  type UploadedPart,
} from '../files/index.js';
import { inboundOrders, inboundScope } from '../inbound/index.js';

export async function storeInboundPhoto(
  tx: TenantTx,
  storage: FileStorage,
  actor: Actor,
  query: PdaPhotoQuery,
  file: UploadedPart,
): Promise<StoredFile> {
  const [order] = await tx
    .select({ sellerId: inboundOrders.sellerId })
    .from(inboundOrders)
    .where(and(eq(inboundOrders.id, query.inboundOrderId), inboundScope(actor)));
  if (!order) throw new AppError('inbound.not_found');
  if (!isPhotoOfSeller(query.key, order.sellerId)) throw new AppError('pda.photo_order_mismatch');
  const contentType = sniffImageType(file.data);
  if (!contentType) throw new AppError('files.not_an_image', { name: file.fileName });
  if (typeOfExtension(query.key) !== contentType) throw new AppError('pda.photo_order_mismatch');
  // The first upload under a key stays (storage never overwrites); a replay finds it there.
  const stored = await storage.get(actor.tenantId, query.key);
  if (!stored) await storage.put(actor.tenantId, query.key, file.data);
  return {
    key: query.key,
    url: fileUrl(query.key),
    name: file.fileName,
    contentType,
    size: file.data.length,
  };
}
