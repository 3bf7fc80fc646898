/** Product, SKU and barcode calls. Declarations only (http/route-kit.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  barcodeBody,
  barcodeDeleteQuery,
  barcodeQuery,
  productAddBody,
  productDeleteQuery,
  productEditBody,
  productIdQuery,
  productListQuery,
  productView,
  skuAddBody,
  skuDeleteQuery,
  skuEditBody,
  skuIdQuery,
  skuListQuery,
  skuSummary,
  skuView,
} from '@shared/contract/catalog.js';
import { pageResult } from '@shared/contract/common.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { addProduct, deleteProduct, editProduct, getProduct, listProducts } from './product.service.js';
import {
  addBarcode,
  addSku,
  deleteSku,
  editSku,
  getSku,
  listSkus,
  removeBarcode,
  skusByBarcode,
} from './sku.service.js';

export async function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'catalog', [
    route({
      method: 'GET',
      url: '/catalog/product/list',
      permission: PERMISSIONS.productList,
      input: productListQuery,
      reply: pageResult(productView),
      run: listProducts,
    }),
    route({
      method: 'GET',
      url: '/catalog/product/queryById',
      permission: PERMISSIONS.productList,
      input: productIdQuery,
      reply: productView,
      run: getProduct,
    }),
    route({
      method: 'POST',
      url: '/catalog/product/add',
      permission: PERMISSIONS.productEdit,
      input: productAddBody,
      reply: productView,
      message: 'added',
      run: addProduct,
    }),
    route({
      method: 'PUT',
      url: '/catalog/product/edit',
      permission: PERMISSIONS.productEdit,
      input: productEditBody,
      reply: productView,
      message: 'updated',
      run: editProduct,
    }),
    route({
      method: 'DELETE',
      url: '/catalog/product/delete',
      permission: PERMISSIONS.productEdit,
      input: productDeleteQuery,
      reply: z.null(),
      message: 'deleted',
      run: deleteProduct,
    }),
    route({
      method: 'GET',
      url: '/catalog/sku/list',
      permission: PERMISSIONS.productList,
      input: skuListQuery,
      reply: pageResult(skuSummary),
      run: listSkus,
    }),
    route({
      method: 'GET',
      url: '/catalog/sku/queryById',
      permission: PERMISSIONS.productList,
      input: skuIdQuery,
      reply: skuView,
      run: getSku,
    }),
    route({
      method: 'GET',
      url: '/catalog/sku/queryByBarcode',
      permission: PERMISSIONS.productList,
      input: barcodeQuery,
      reply: z.array(skuSummary),
      run: skusByBarcode,
    }),
    route({
      method: 'POST',
      url: '/catalog/sku/add',
      permission: PERMISSIONS.productEdit,
      input: skuAddBody,
      reply: skuView,
      message: 'added',
      run: addSku,
    }),
    route({
      method: 'PUT',
      url: '/catalog/sku/edit',
      permission: PERMISSIONS.productEdit,
      input: skuEditBody,
      reply: skuView,
      message: 'updated',
      run: editSku,
    }),
    route({
      method: 'DELETE',
      url: '/catalog/sku/delete',
      permission: PERMISSIONS.productEdit,
      input: skuDeleteQuery,
      reply: z.null(),
      message: 'deleted',
      run: deleteSku,
    }),
    route({
      method: 'POST',
      url: '/catalog/sku/barcode/add',
      permission: PERMISSIONS.productEdit,
      input: barcodeBody,
      reply: skuView,
      message: 'added',
      run: addBarcode,
    }),
    route({
      method: 'DELETE',
      url: '/catalog/sku/barcode/delete',
      permission: PERMISSIONS.productEdit,
      input: barcodeDeleteQuery,
      reply: skuView,
      message: 'deleted',
      run: removeBarcode,
    }),
  ]);
}
