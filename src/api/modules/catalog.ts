/**
 * The calls behind the product screen: a seller's products with customs information
 * and photos, and their SKUs (codes, barcodes, measures, cost, safety stock).
 */
import { z } from 'zod';
import {
  productView,
  skuSummary,
  skuView,
  type ProductAddInput,
  type ProductEditInput,
  type SkuAddInput,
  type SkuEditInput,
} from '@shared/contract/catalog.js';
import { pageResult } from '@shared/contract/common.js';
import { ApiError, buildUrl, downloadBlob, requestEnvelope } from '../client.js';
import { sessionStore } from '../storage.js';
import { changeRequest, getParsed, type PageParams } from '../client.js';

const nothing = z.null();

export interface ProductFilter extends PageParams {
  name?: string;
  skuSearch?: string;
  sellerId?: string;
}

export const fetchProducts = (filter: ProductFilter) =>
  getParsed('/catalog/product/list', pageResult(productView), { ...filter });
export const fetchProduct = (id: string) => getParsed('/catalog/product/queryById', productView, { id });
export const addProduct = (input: ProductAddInput) =>
  changeRequest('POST', '/catalog/product/add', productView, input);
export const editProduct = (input: ProductEditInput) =>
  changeRequest('PUT', '/catalog/product/edit', productView, input);
export const deleteProduct = (id: string) =>
  changeRequest('DELETE', '/catalog/product/delete', nothing, { id });

export const fetchSkus = (
  filter: PageParams & { skuSearch?: string; keyword?: string; productId?: string; sellerId?: string },
) => getParsed('/catalog/sku/list', pageResult(skuSummary), { ...filter });
export const addSku = (input: SkuAddInput) => changeRequest('POST', '/catalog/sku/add', skuView, input);
export const editSku = (input: SkuEditInput) => changeRequest('PUT', '/catalog/sku/edit', skuView, input);
export const deleteSku = (id: string) => changeRequest('DELETE', '/catalog/sku/delete', nothing, { id });

/** GET /print/label/sku: labels of the chosen SKUs, `copies` of each, as a PDF. */
export const printSkuLabels = (ids: string[], copies = 1) =>
  downloadBlob('/print/label/sku', { ids: ids.join(','), copies }, 'sku-labels.pdf');

/**
 * A stored photo as a blob, read with the session's token. Quiet on failure: a photo that
 * cannot be read shows a placeholder rather than an error per thumbnail.
 */
export async function fetchPhoto(key: string): Promise<Blob> {
  const token = sessionStore.token();
  const response = await fetch(buildUrl(`/sys/common/static/${key}`), {
    headers: token ? { 'X-Access-Token': token } : {},
  });
  if (!response.ok) throw new Error(`photo ${response.status}`);
  return response.blob();
}

/** GET /catalog/excel/template: the empty spreadsheet with the import columns. */
export const downloadProductTemplate = () =>
  downloadBlob('/catalog/excel/template', {}, 'products-template.xlsx');

export const importSummary = z.object({
  productsCreated: z.number(),
  productsUpdated: z.number(),
  skusCreated: z.number(),
  skusUpdated: z.number(),
});
export const importReportRow = z.object({
  row: z.number(),
  column: z.string().nullable().optional(),
  code: z.string(),
  message: z.string(),
});
export type ImportReportRow = z.infer<typeof importReportRow>;

/**
 * POST /catalog/excel/import: all rows or none. A refused file answers its row-by-row report,
 * which the screen shows; the caller gets it from `importReportOf`.
 */
export async function importProducts(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestEnvelope('/catalog/excel/import', {
    method: 'POST',
    body: form,
    schema: importSummary,
    silent: true,
  });
}

export function importReportOf(error: unknown): ImportReportRow[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = z.array(importReportRow).safeParse(error.details.report);
  return parsed.success ? parsed.data : [];
}
