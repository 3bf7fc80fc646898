/**
 * The SKU the matching screen suggests for a marketplace item: the seller's SKU whose code is
 * the item's seller SKU (any case), else the one carrying the item's barcode (compared in its
 * stored form, so a GTIN written with or without its leading zeros still matches). The seller
 * confirms a suggestion by matching; nothing is paired without them.
 */
import type { SkuSummary } from '@shared/contract/catalog.js';
import type { MarketplaceItemView } from '@shared/contract/shops.js';
import { CATALOG_LIMITS } from '@shared/domain/catalog.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';

/** Values one SKU batch search takes (the catalogue's batch limit). */
const BATCH_LIMIT = 100;

export interface Suggestion {
  skuId: string;
  by: 'sku_code' | 'barcode';
}

type Item = Pick<MarketplaceItemView, 'sellerId' | 'sellerSku' | 'barcode' | 'skuId'>;
type Sku = Pick<SkuSummary, 'id' | 'sellerId' | 'sellerSku' | 'barcodes'>;

/**
 * The seller SKUs and barcodes of the unmatched items, as one batch search of the SKU list
 * (comma-separated); values a batch search cannot carry are left out.
 */
export function suggestionSearch(items: readonly Item[]): string {
  const values = new Set<string>();
  for (const item of items) {
    if (item.skuId !== null) continue;
    for (const value of [item.sellerSku.trim(), item.barcode.trim()]) {
      if (value !== '' && value.length <= CATALOG_LIMITS.code && !/[,，;\s]/.test(value)) values.add(value);
    }
  }
  return [...values].slice(0, BATCH_LIMIT).join(',');
}

export function suggestSku(item: Item, skus: readonly Sku[]): Suggestion | null {
  if (item.skuId !== null) return null;
  const own = skus.filter((sku) => sku.sellerId === item.sellerId);
  const code = item.sellerSku.trim().toLowerCase();
  if (code !== '') {
    const byCode = own.find((sku) => sku.sellerSku.toLowerCase() === code);
    if (byCode) return { skuId: byCode.id, by: 'sku_code' };
  }
  const barcode = item.barcode.trim() === '' ? null : normaliseBarcode(item.barcode);
  if (barcode !== null) {
    const byBarcode = own.find((sku) => sku.barcodes.some((stored) => stored === barcode));
    if (byBarcode) return { skuId: byBarcode.id, by: 'barcode' };
  }
  return null;
}
