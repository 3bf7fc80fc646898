/**
 * Product and SKU vocabulary (spec 02 §3 'Stock item', §5, §9): currencies (docs/architecture.md §5: integer
 * minor units plus currency), limits of the product form, and the system code format.
 */

export const CURRENCIES = ['CNY', 'THB', 'TWD', 'MYR', 'PHP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CATALOG_LIMITS = {
  productName: 200,
  /** At most five photos (spec 02 §5); a product photo is mandatory. */
  photos: 5,
  photoKey: 200,
  hsCode: 16,
  declaredName: 128,
  code: 64,
  variation: 128,
  /** SKUs one product form may hold. */
  skusPerProduct: 100,
  barcodesPerSku: 20,
  /** 100 000.00 in minor units is far above any declared value or unit cost we ship. */
  money: 100_000_000,
  weightG: 1_000_000,
  sizeMm: 10_000,
  safetyStock: 1_000_000,
} as const;

/**
 * A product photo's file key, as the upload names it: `product/<the product's seller>/<uuid>.<ext>`.
 * The seller folder is the owner: a product may name only photos of its own seller.
 */
export const PRODUCT_PHOTO_KEY = /^product\/([0-9a-f-]{36})\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;

/** Whether a well-formed product photo key lies under this seller's folder. */
export function isProductPhotoOfSeller(key: string, sellerId: string): boolean {
  return PRODUCT_PHOTO_KEY.exec(key)?.[1] === sellerId;
}

/** A Harmonized System code as customs declarations take it: 6 to 10 digits, nothing else. */
export const HS_CODE_PATTERN = /^\d{6,10}$/;

/** System codes: S and eight digits from the tenant's counter (S00000001). */
export function sysCodeOf(sequence: number): string {
  return `S${String(sequence).padStart(8, '0')}`;
}
