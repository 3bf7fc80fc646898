/**
 * Reporting a difference found while receiving (short, over, unknown SKU, damaged) with its
 * reason and photos. Photos are named on the device (`inbound/<seller>/<uuid>.<ext>`, the key
 * the server stores them under) and kept as blobs in the `photos` table with the op that cites
 * them, in one transaction: the sync engine uploads them just before the op, so a report made
 * offline loses nothing and its payload never changes.
 */
import {
  damagedFromReceived,
  type DiscrepancyKind,
  type InboundLineProgress,
} from '@shared/domain/inbound.js';
import type { OutboxOp, PdaDatabase } from '../data/db.js';
import { enqueue } from '../sync/outbox.js';
import { updateBox } from './receive-data.js';

export const PHOTO_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type PhotoType = keyof typeof PHOTO_TYPES;
const isPhotoType = (type: string): type is PhotoType => type in PHOTO_TYPES;

/** The longest side a photo is stored with: enough to see damage, small enough to sync. */
const PHOTO_MAX_SIDE = 1600;

/**
 * A photo ready to keep: scaled down to JPEG where the browser can draw it (camera photos are
 * several MB), else the file as it is when it is a JPEG, PNG or WebP. Null for anything else.
 */
export async function preparePhoto(file: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    } catch {
      // Not an image the browser can draw: keep it only if it is a type the server takes.
    }
  }
  return isPhotoType(file.type) ? file : null;
}

export interface DifferenceReport {
  orderId: string;
  sellerId: string;
  boxId: string;
  kind: DiscrepancyKind;
  /** The SKU of the order, except for an unknown SKU, which names the scanned barcode. */
  skuId?: string;
  barcode?: string;
  quantity: number;
  reason: string;
  photos: Blob[];
  sessionId?: string;
}

/** A line after a damaged report, as the server records it: unreceived damaged units are received too. */
function withDamaged<L extends InboundLineProgress>(line: L, quantity: number): L {
  const { received } = damagedFromReceived(line, quantity);
  return {
    ...line,
    receivedQuantity: line.receivedQuantity + received,
    damagedQuantity: line.damagedQuantity + quantity,
  };
}

/** Queues the report with its photos, atomically; a damaged count shows on the box at once. */
export async function reportDifference(db: PdaDatabase, report: DifferenceReport): Promise<OutboxOp> {
  const photos = report.photos.map((blob) => {
    const type = isPhotoType(blob.type) ? blob.type : 'image/jpeg';
    return { blob, key: `inbound/${report.sellerId}/${crypto.randomUUID()}.${PHOTO_TYPES[type]}` };
  });
  const isUnknown = report.kind === 'unknown_sku';
  return enqueue(
    db,
    {
      type: 'inbound.discrepancy',
      payload: {
        inboundOrderId: report.orderId,
        boxId: report.boxId,
        kind: report.kind,
        ...(isUnknown ? { barcode: report.barcode ?? '' } : { skuId: report.skuId ?? '' }),
        quantity: report.quantity,
        reason: report.reason,
        photos: photos.map((photo) => photo.key),
      },
      ...(report.sessionId ? { sessionId: report.sessionId } : {}),
    },
    {
      effectTables: [db.photos, db.boxes, db.inboundOrders],
      effect: async (op) => {
        for (const photo of photos)
          await db.photos.add({ ...photo, opId: op.opId, inboundOrderId: report.orderId, uploadedAt: null });
        const { skuId } = report;
        if (report.kind !== 'damaged' || skuId === undefined) return;
        await updateBox(db, report.orderId, report.boxId, (box) => ({
          ...box,
          lines: box.lines.map((line) => (line.skuId === skuId ? withDamaged(line, report.quantity) : line)),
        }));
      },
    },
  );
}
