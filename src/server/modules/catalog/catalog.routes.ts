/** Product, SKU and barcode calls. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { envelope, pageResult } from '@shared/contract/common.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { needs, nothing, said } from '../../http/route-kit.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { inActorTenant } from '../../http/scope.js';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['catalog'];
  const read = needs(PERMISSIONS.productList);
  const write = needs(PERMISSIONS.productEdit);

  api.get(
    '/catalog/product/list',
    {
      config: read,
      schema: { tags, querystring: productListQuery, response: { 200: envelope(pageResult(productView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listProducts(tx, actor, request.query))),
  );

  api.get(
    '/catalog/product/queryById',
    { config: read, schema: { tags, querystring: productIdQuery, response: { 200: envelope(productView) } } },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => getProduct(tx, actor, request.query))),
  );

  api.post(
    '/catalog/product/add',
    { config: write, schema: { tags, body: productAddBody, response: { 200: envelope(productView) } } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addProduct(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.put(
    '/catalog/product/edit',
    { config: write, schema: { tags, body: productEditBody, response: { 200: envelope(productView) } } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editProduct(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.delete(
    '/catalog/product/delete',
    { config: write, schema: { tags, querystring: productDeleteQuery, response: { 200: nothing } } },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteProduct(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );

  api.get(
    '/catalog/sku/list',
    {
      config: read,
      schema: { tags, querystring: skuListQuery, response: { 200: envelope(pageResult(skuSummary)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listSkus(tx, actor, request.query))),
  );

  api.get(
    '/catalog/sku/queryById',
    { config: read, schema: { tags, querystring: skuIdQuery, response: { 200: envelope(skuView) } } },
    async (request) => ok(await inActorTenant(db, request, (tx, actor) => getSku(tx, actor, request.query))),
  );

  api.get(
    '/catalog/sku/queryByBarcode',
    {
      config: read,
      schema: { tags, querystring: barcodeQuery, response: { 200: envelope(z.array(skuSummary)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => skusByBarcode(tx, actor, request.query))),
  );

  api.post(
    '/catalog/sku/add',
    { config: write, schema: { tags, body: skuAddBody, response: { 200: envelope(skuView) } } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addSku(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.put(
    '/catalog/sku/edit',
    { config: write, schema: { tags, body: skuEditBody, response: { 200: envelope(skuView) } } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editSku(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.delete(
    '/catalog/sku/delete',
    { config: write, schema: { tags, querystring: skuDeleteQuery, response: { 200: nothing } } },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteSku(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );

  api.post(
    '/catalog/sku/barcode/add',
    { config: write, schema: { tags, body: barcodeBody, response: { 200: envelope(skuView) } } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addBarcode(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.delete(
    '/catalog/sku/barcode/delete',
    {
      config: write,
      schema: { tags, querystring: barcodeDeleteQuery, response: { 200: envelope(skuView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => removeBarcode(tx, actor, request.query)),
        said(request, 'deleted'),
      ),
  );
}
