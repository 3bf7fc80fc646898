/**
 * SKUs as pulled to the device: their data, and how a screen names one. Read by receiving,
 * shelving, counting and returns.
 */
import type { z } from 'zod';
import type { pdaSku } from '@shared/contract/pda.js';

export type SkuData = z.infer<typeof pdaSku>;

/** How a screen names a SKU line: the seller's code and the product, or the id when not on the device. */
export function skuLabel(line: { skuId: string; sku: SkuData | null }): string {
  return line.sku ? `${line.sku.sellerSku} ${line.sku.name}`.trim() : line.skuId.slice(0, 8);
}
