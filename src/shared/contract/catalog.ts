/**
 * Product and SKU calls: a seller's products with customs information and photos, their SKUs
 * with codes, barcodes, measures, cost and safety stock. Money is integer minor units plus a
 * currency; barcodes arrive as typed and leave normalised (src/shared/domain/barcode.ts).
 */
import { z } from 'zod';
import { parseBarcode } from '../domain/barcode.js';
import {
  CATALOG_LIMITS as LIMITS,
  CURRENCIES,
  HS_CODE_PATTERN,
  PRODUCT_PHOTO_KEY,
} from '../domain/catalog.js';
import { STOCK_LIMITS } from '../domain/stock.js';
import { pageQuery, requiredText, string, uuid, text } from './common.js';

const cacheBuster = { _t: string().max(20).optional() };
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const pagedQuery = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...pageQuery.shape, ...shape });

/** A barcode as typed or scanned, normalised: GTINs to 14 digits, other codes upper-cased. */
export const barcode = string()
  .max(LIMITS.code * 2)
  .transform((value, context) => {
    const parsed = parseBarcode(value);
    if (parsed.ok) return parsed.value;
    context.addIssue({ code: 'custom', message: `barcode_${parsed.problem}` });
    return z.NEVER;
  });

/**
 * A batch search as the spec's forms take it: values separated by commas (English or Chinese),
 * spaces or lines; at most 100, each trimmed, duplicates dropped.
 */
export const batchSearch = string()
  .max(STOCK_LIMITS.batchSearch * (LIMITS.code + 1))
  .transform((value, context) => {
    const values = [
      ...new Set(
        value
          .split(/[,，;\s]+/)
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
    ];
    if (values.length > STOCK_LIMITS.batchSearch) {
      context.addIssue({ code: 'custom', message: 'batch_too_many' });
      return z.NEVER;
    }
    if (values.some((part) => part.length > LIMITS.code)) {
      context.addIssue({ code: 'custom', message: 'batch_value_too_long' });
      return z.NEVER;
    }
    return values;
  });

/** A product photo, by the key its upload answered (domain PRODUCT_PHOTO_KEY). */
const photoKey = string().max(LIMITS.photoKey).regex(PRODUCT_PHOTO_KEY, { message: 'file_key_format' });
/** A product photo is mandatory; at most five (spec 02 §5). */
const photos = z.array(photoKey).min(1).max(LIMITS.photos);
const money = z.number().int().min(0).max(LIMITS.money);
const currency = z.enum(CURRENCIES);
const code = requiredText(LIMITS.code);
const optionalCode = text(LIMITS.code)
  .nullable()
  .transform((value) => (value === '' ? null : value));
const grams = z.number().int().min(0).max(LIMITS.weightG).nullable();
const millimetres = z.number().int().min(0).max(LIMITS.sizeMm).nullable();

// SKUs

const skuFields = {
  sellerSku: code,
  customCode: optionalCode.default(null),
  localCode: optionalCode.default(null),
  variation: text(LIMITS.variation).default(''),
  barcodes: z.array(barcode).max(LIMITS.barcodesPerSku).default([]),
  weightG: grams.default(null),
  lengthMm: millimetres.default(null),
  widthMm: millimetres.default(null),
  heightMm: millimetres.default(null),
  cost: money.nullable().default(null),
  costCurrency: currency.default('CNY'),
  safetyStock: z.number().int().min(0).max(LIMITS.safetyStock).default(0),
};
export const skuInput = z.strictObject(skuFields);
export type SkuInput = z.infer<typeof skuInput>;

export const skuAddBody = z.strictObject({ productId: uuid, ...skuFields });
export type SkuAddInput = z.infer<typeof skuAddBody>;

/** Only the fields sent change; barcodes, when sent, replace the SKU's barcodes. */
export const skuEditBody = z.strictObject({
  id: uuid,
  sellerSku: code.optional(),
  customCode: optionalCode.optional(),
  localCode: optionalCode.optional(),
  variation: text(LIMITS.variation).optional(),
  barcodes: z.array(barcode).max(LIMITS.barcodesPerSku).optional(),
  weightG: grams.optional(),
  lengthMm: millimetres.optional(),
  widthMm: millimetres.optional(),
  heightMm: millimetres.optional(),
  cost: money.nullable().optional(),
  costCurrency: currency.optional(),
  safetyStock: z.number().int().min(0).max(LIMITS.safetyStock).optional(),
});
export type SkuEditInput = z.infer<typeof skuEditBody>;

export const skuIdQuery = z.strictObject({ ...cacheBuster, id: uuid });
export const skuDeleteQuery = z.strictObject({ id: uuid });
export const barcodeBody = z.strictObject({ skuId: uuid, barcode });
export type BarcodeInput = z.infer<typeof barcodeBody>;
export const barcodeDeleteQuery = z.strictObject({ skuId: uuid, barcode });
export const barcodeQuery = z.strictObject({ ...cacheBuster, barcode });
export type BarcodeQuery = z.infer<typeof barcodeQuery>;

export const skuListQuery = pagedQuery({
  skuSearch: batchSearch.optional(),
  /** What a picker's user types: the start of a seller SKU, system code or barcode, or part of the product's name. */
  keyword: text(LIMITS.productName).optional(),
  productId: blankOr(uuid),
  sellerId: blankOr(uuid),
});
export type SkuListQuery = z.infer<typeof skuListQuery>;

export const skuView = z.object({
  id: string(),
  productId: string(),
  sellerId: string(),
  sellerSku: string(),
  sysCode: string(),
  customCode: string().nullable(),
  localCode: string().nullable(),
  variation: string(),
  barcodes: z.array(string()),
  weightG: z.number().int().nullable(),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  cost: z.number().int().nullable(),
  costCurrency: currency,
  safetyStock: z.number().int(),
  createdAt: string(),
  updatedAt: string(),
});
export type SkuView = z.infer<typeof skuView>;

/** A SKU in a list or picker: with its product's name and first photo. */
export const skuSummary = skuView.extend({
  productName: string(),
  photo: string().nullable(),
});
export type SkuSummary = z.infer<typeof skuSummary>;

// Products

/** Empty, or a customs HS code of 6 to 10 digits. */
const hsCode = text(LIMITS.hsCode).refine((value) => value === '' || HS_CODE_PATTERN.test(value), {
  message: 'hs_code_format',
});

const productFields = {
  name: requiredText(LIMITS.productName),
  photos,
  hsCode: hsCode.default(''),
  declaredName: text(LIMITS.declaredName).default(''),
  declaredValue: money.default(0),
  declaredCurrency: currency.default('CNY'),
};
export const productAddBody = z.strictObject({
  ...productFields,
  skus: z.array(skuInput).min(1).max(LIMITS.skusPerProduct),
});
export type ProductAddInput = z.infer<typeof productAddBody>;

/** Only the fields sent change; SKUs change through the SKU calls. */
export const productEditBody = z.strictObject({
  id: uuid,
  name: requiredText(LIMITS.productName).optional(),
  photos: photos.optional(),
  hsCode: hsCode.optional(),
  declaredName: text(LIMITS.declaredName).optional(),
  declaredValue: money.optional(),
  declaredCurrency: currency.optional(),
});
export type ProductEditInput = z.infer<typeof productEditBody>;

export const productIdQuery = z.strictObject({ ...cacheBuster, id: uuid });
export const productDeleteQuery = z.strictObject({ id: uuid });

export const PRODUCT_PAGE_SIZE_MAX = 100;
export const productListQuery = pagedQuery({
  pageSize: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE_MAX).default(10),
  name: text(LIMITS.productName).optional(),
  skuSearch: batchSearch.optional(),
  sellerId: blankOr(uuid),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productView = z.object({
  id: string(),
  sellerId: string(),
  sellerName: string(),
  name: string(),
  photos: z.array(string()),
  hsCode: string(),
  declaredName: string(),
  declaredValue: z.number().int(),
  declaredCurrency: currency,
  createdAt: string(),
  updatedAt: string(),
  skus: z.array(skuView),
});
export type ProductView = z.infer<typeof productView>;
