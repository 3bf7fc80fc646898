/**
 * Products and SKUs as a spreadsheet: one row per SKU, the product's fields on each of its rows
 * (rows with the same product name form one product). The columns are fixed; import validates
 * every row with the same schemas as the product and SKU calls and imports all rows or none.
 */
import { z } from 'zod';
import { productAddBody, skuInput, batchSearch } from './catalog.js';
import { string, uuid, text } from './common.js';

export const PRODUCT_COLUMNS = [
  'productName',
  'photos',
  'hsCode',
  'declaredName',
  'declaredValue',
  'declaredCurrency',
] as const;
export const SKU_COLUMNS = [
  'sellerSku',
  'variation',
  'localCode',
  'customCode',
  'barcodes',
  'weightG',
  'lengthMm',
  'widthMm',
  'heightMm',
  'cost',
  'costCurrency',
  'safetyStock',
] as const;
/** The template's columns, in order; import requires exactly these headers. */
export const TEMPLATE_COLUMNS = [...PRODUCT_COLUMNS, ...SKU_COLUMNS] as const;
/** Export adds read-only columns after them, which import ignores. */
export const EXPORT_ONLY_COLUMNS = ['sysCode', 'seller'] as const;
export type SheetColumn = (typeof TEMPLATE_COLUMNS)[number];
/** Columns holding several values, separated by commas. */
export const LIST_COLUMNS: readonly SheetColumn[] = ['photos', 'barcodes'];
export const NUMBER_COLUMNS: readonly SheetColumn[] = [
  'declaredValue',
  'weightG',
  'lengthMm',
  'widthMm',
  'heightMm',
  'cost',
  'safetyStock',
];

export const SHEET_LIMITS = {
  rows: 2000,
  fileBytes: 5 * 1024 * 1024,
  exportRows: 20_000,
  /** Row errors one report lists. */
  reportedErrors: 500,
} as const;

/** A row's product part, checked like POST /catalog/product/add. */
export const sheetProduct = productAddBody.omit({ skus: true });
export type SheetProduct = z.infer<typeof sheetProduct>;
/** A row's SKU part, checked like a SKU of POST /catalog/product/add. */
export const sheetSku = skuInput;

export const catalogExportQuery = z.strictObject({
  sellerId: z.union([z.literal(''), uuid]).optional(),
  name: text(200).optional(),
  skuSearch: batchSearch.optional(),
  lang: string().max(16).optional(),
  _t: string().max(20).optional(),
});
export type CatalogExportQuery = z.infer<typeof catalogExportQuery>;

export const importError = z.object({
  /** The spreadsheet's row number, as Excel shows it (the header is row 1). */
  row: z.number().int(),
  column: string(),
  code: string(),
  message: string(),
});
export type ImportError = z.infer<typeof importError>;

export const importSummary = z.object({
  productsCreated: z.number().int(),
  productsUpdated: z.number().int(),
  skusCreated: z.number().int(),
  skusUpdated: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummary>;
