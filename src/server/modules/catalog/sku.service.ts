/**
 * SKUs of a seller's products and their barcodes. A barcode resolves to one SKU of a seller;
 * warehouse roles scanning a barcode may see one SKU per seller that uses it.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  barcodeBody,
  skuAddBody,
  skuEditBody,
  type BarcodeInput,
  type SkuListQuery,
  type SkuSummary,
  type SkuView,
} from '@shared/contract/catalog.js';
import type { Page } from '@shared/contract/common.js';
import { CATALOG_LIMITS } from '@shared/domain/catalog.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, offsetOf, refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { page } from '../../http/reply.js';
import { owningSeller, sellerFilter, sellerScope } from '../../access/seller-scope.js';
import { skuKeyword, skuSearch, skuViews, type SkuRow } from './catalog.queries.js';
import { products, skuBarcodes, skus } from './catalog.tables.js';
import { ownProduct } from './product.service.js';
import { assertSkuCodesFree, insertSkus, replaceBarcodes, SKU_REFUSALS } from './sku-codes.js';

/** A SKU the actor may see (their seller's, or any for agent and warehouse roles), else 404. */
export async function visibleSku(tx: TenantTx, actor: Actor, id: string): Promise<SkuRow> {
  const [row] = await tx
    .select()
    .from(skus)
    .where(and(eq(skus.id, id), sellerScope(actor, skus.sellerId)));
  if (!row) throw new AppError('catalog.sku_not_found');
  return row;
}

async function ownSku(tx: TenantTx, actor: Actor, id: string): Promise<SkuRow> {
  const sellerId = owningSeller(actor);
  const [row] = await tx
    .select()
    .from(skus)
    .where(and(eq(skus.id, id), eq(skus.sellerId, sellerId)));
  if (!row) throw new AppError('catalog.sku_not_found');
  return row;
}

async function viewOf(tx: TenantTx, id: string): Promise<SkuView> {
  const rows = await tx.select().from(skus).where(eq(skus.id, id));
  const [view] = await skuViews(tx, rows);
  if (!view) throw new AppError('catalog.sku_not_found');
  return view;
}

async function summaries(tx: TenantTx, rows: (SkuRow & { productName: string; photo: string | null })[]) {
  const views = await skuViews(tx, rows);
  return views.map((view, index) => ({
    ...view,
    productName: rows[index]?.productName ?? '',
    photo: rows[index]?.photo ?? null,
  }));
}

const summaryColumns = {
  productName: products.name,
  photo: sql<string | null>`${products.photos}[1]`,
};

/** GET /catalog/sku/list: SKUs with their product's name and photo, for lists and pickers. */
export async function listSkus(tx: TenantTx, actor: Actor, input: SkuListQuery): Promise<Page<SkuSummary>> {
  const where = allOf([
    sellerFilter(actor, skus.sellerId, input.sellerId || undefined),
    input.productId ? eq(skus.productId, input.productId) : undefined,
    input.skuSearch && input.skuSearch.length > 0 ? skuSearch(skus.id, input.skuSearch) : undefined,
    input.keyword ? skuKeyword(input.keyword) : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    tx
      .select({ sku: skus, ...summaryColumns })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(where)
      .orderBy(asc(skus.sysCode))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx.select({ n: count() }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(where),
  ]);
  const records = await summaries(
    tx,
    rows.map((row) => ({ ...row.sku, productName: row.productName, photo: row.photo })),
  );
  return page(records, total?.n ?? 0, input.pageNo, input.pageSize);
}

/** GET /catalog/sku/queryByBarcode: the SKUs a scanned barcode names (one per seller at most). */
export async function skusByBarcode(
  tx: TenantTx,
  actor: Actor,
  input: { barcode: string },
): Promise<SkuSummary[]> {
  const rows = await tx
    .select({ sku: skus, ...summaryColumns })
    .from(skuBarcodes)
    .innerJoin(skus, eq(skus.id, skuBarcodes.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skuBarcodes.barcode, input.barcode), sellerScope(actor, skuBarcodes.sellerId)))
    .orderBy(asc(skus.sysCode));
  return summaries(
    tx,
    rows.map((row) => ({ ...row.sku, productName: row.productName, photo: row.photo })),
  );
}

export async function getSku(tx: TenantTx, actor: Actor, input: { id: string }): Promise<SkuView> {
  const sku = await visibleSku(tx, actor, input.id);
  return viewOf(tx, sku.id);
}

/** POST /catalog/sku/add: a SKU for one of the seller's products, with a new system code. */
export async function addSku(tx: TenantTx, actor: Actor, raw: z.input<typeof skuAddBody>): Promise<SkuView> {
  const input = parseInput(skuAddBody, raw);
  const product = await ownProduct(tx, actor, input.productId);
  const { productId: _productId, ...fields } = input;
  await assertSkuCodesFree(tx, product.sellerId, [fields]);
  const [id] = await insertSkus(
    tx,
    { productId: product.id, sellerId: product.sellerId, createdBy: actor.userId },
    [fields],
  );
  if (!id) throw new AppError('catalog.sku_not_found');
  return viewOf(tx, id);
}

/** PUT /catalog/sku/edit: the fields sent; barcodes, when sent, replace the SKU's. */
export async function editSku(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof skuEditBody>,
): Promise<SkuView> {
  const input = parseInput(skuEditBody, raw);
  const sku = await ownSku(tx, actor, input.id);
  const { id, barcodes, ...changes } = input;
  await assertSkuCodesFree(tx, sku.sellerId, [
    { sellerSku: changes.sellerSku, localCode: changes.localCode, barcodes, exceptId: id },
  ]);
  await refuseOnConstraint(
    () =>
      tx
        .update(skus)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(skus.id, sku.id)),
    SKU_REFUSALS,
  );
  if (barcodes) await replaceBarcodes(tx, sku, barcodes);
  return viewOf(tx, sku.id);
}

/** DELETE /catalog/sku/delete: only a SKU that never had stock. */
export async function deleteSku(tx: TenantTx, actor: Actor, input: { id: string }): Promise<null> {
  const sku = await ownSku(tx, actor, input.id);
  await refuseOnConstraint(() => tx.delete(skus).where(eq(skus.id, sku.id)), SKU_REFUSALS);
  return null;
}

/** POST /catalog/sku/barcode/add: binds one more barcode to a SKU. */
export async function addBarcode(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof barcodeBody>,
): Promise<SkuView> {
  const input = parseInput(barcodeBody, raw);
  const sku = await ownSku(tx, actor, input.skuId);
  const current = await tx
    .select({ barcode: skuBarcodes.barcode })
    .from(skuBarcodes)
    .where(eq(skuBarcodes.skuId, sku.id));
  const barcodes = [...new Set([...current.map((row) => row.barcode), input.barcode])];
  if (barcodes.length > CATALOG_LIMITS.barcodesPerSku)
    throw new AppError('catalog.too_many_barcodes', { max: CATALOG_LIMITS.barcodesPerSku });
  await assertSkuCodesFree(tx, sku.sellerId, [{ barcodes: [input.barcode], exceptId: sku.id }]);
  await replaceBarcodes(tx, sku, barcodes);
  return viewOf(tx, sku.id);
}

/** DELETE /catalog/sku/barcode/delete. */
export async function removeBarcode(tx: TenantTx, actor: Actor, input: BarcodeInput): Promise<SkuView> {
  const sku = await ownSku(tx, actor, input.skuId);
  const removed = await tx
    .delete(skuBarcodes)
    .where(and(eq(skuBarcodes.skuId, sku.id), inArray(skuBarcodes.barcode, [input.barcode])))
    .returning({ barcode: skuBarcodes.barcode });
  if (removed.length === 0) throw new AppError('catalog.barcode_not_found', { barcode: input.barcode });
  return viewOf(tx, sku.id);
}
