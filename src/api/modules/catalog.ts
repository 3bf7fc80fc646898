/**
 * The calls behind the product screen (issue 4): a seller's products with customs information
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
} from '../../shared/contract/catalog.js';
import { pageResult } from '../../shared/contract/common.js';
import { buildUrl, downloadBlob } from '../client.js';
import { sessionStore } from '../storage.js';
import { changeRequest, getParsed, type PageParams } from './inventory.js';

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

export const fetchSkus = (filter: PageParams & { skuSearch?: string; productId?: string }) =>
  getParsed('/catalog/sku/list', pageResult(skuSummary), { ...filter });
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
