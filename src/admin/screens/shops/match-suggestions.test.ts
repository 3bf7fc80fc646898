import { describe, expect, it } from 'vitest';
import { suggestionSearch, suggestSku } from './match-suggestions.js';

const SELLER = 'seller-1';
const item = (overrides: Partial<Parameters<typeof suggestSku>[0]> = {}) => ({
  sellerId: SELLER,
  sellerSku: 'mug-blue',
  barcode: '',
  skuId: null,
  ...overrides,
});
const skus = [
  { id: 'sku-mug', sellerId: SELLER, sellerSku: 'MUG-BLUE', barcodes: [] },
  { id: 'sku-cap', sellerId: SELLER, sellerSku: 'CAP-01', barcodes: ['00012345678905'] },
  { id: 'sku-other', sellerId: 'seller-2', sellerSku: 'HAT', barcodes: ['00000000000000'] },
];

describe('the SKU suggested for a marketplace item', () => {
  it('is the seller SKU of the same code, in any case', () => {
    expect(suggestSku(item(), skus)).toEqual({ skuId: 'sku-mug', by: 'sku_code' });
  });

  it('else the SKU carrying the item barcode, written with or without leading zeros', () => {
    expect(suggestSku(item({ sellerSku: 'unknown', barcode: '012345678905' }), skus)).toEqual({
      skuId: 'sku-cap',
      by: 'barcode',
    });
  });

  it("is never another seller's SKU, nor one for an item already matched", () => {
    expect(suggestSku(item({ sellerSku: 'HAT' }), skus)).toBeNull();
    expect(suggestSku(item({ skuId: 'sku-cap' }), skus)).toBeNull();
  });

  it('searches the unmatched items by their codes and barcodes in one batch', () => {
    const search = suggestionSearch([
      item(),
      item({ sellerSku: 'two words', barcode: '012345678905' }),
      item({ sellerSku: 'MATCHED', skuId: 'sku-mug' }),
      item({ sellerSku: 'mug-blue' }),
    ]);
    expect(search).toBe('mug-blue,012345678905');
  });
});
