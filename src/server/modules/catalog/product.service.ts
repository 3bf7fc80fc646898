/**
 * A seller's products with their customs information and photos. Adding a product adds its
 * SKUs in the same transaction: all of them or none.
 */
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  productAddBody,
  productEditBody,
  type ProductListQuery,
  type ProductView,
} from '@shared/contract/catalog.js';
import type { Page } from '@shared/contract/common.js';
import { isProductPhotoOfSeller } from '@shared/domain/catalog.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, offsetOf, refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { page } from '../../http/reply.js';
import { owningSeller, sellerFilter, sellerScope } from '../../access/seller-scope.js';
import { productRow, productViews, skuSearch, type ProductRow } from './catalog.queries.js';
import { products, skus } from './catalog.tables.js';
import { assertSkuCodesFree, insertSkus, SKU_REFUSALS } from './sku-codes.js';

/** A product the actor may see, else 404. */
export async function visibleProduct(tx: TenantTx, actor: Actor, id: string): Promise<ProductRow> {
  const row = await productRow(tx, id, sellerScope(actor, products.sellerId));
  if (!row) throw new AppError('catalog.product_not_found');
  return row;
}

/** A product of the actor's own seller, else 404 (or 403 for roles that change no products). */
export async function ownProduct(tx: TenantTx, actor: Actor, id: string): Promise<ProductRow> {
  const sellerId = owningSeller(actor);
  const row = await productRow(tx, id, eq(products.sellerId, sellerId));
  if (!row) throw new AppError('catalog.product_not_found');
  return row;
}

/** A product names only photos its own seller uploaded (they lie under that seller's folder). */
function assertOwnPhotos(photos: readonly string[] | undefined, sellerId: string): void {
  const foreign = photos?.find((photo) => !isProductPhotoOfSeller(photo, sellerId));
  if (foreign !== undefined) throw new AppError('catalog.photo_invalid');
}

async function viewOf(tx: TenantTx, row: ProductRow): Promise<ProductView> {
  const [view] = await productViews(tx, [row]);
  if (!view) throw new AppError('catalog.product_not_found');
  return view;
}

/** GET /catalog/product/list: newest first; a seller sees only their own. */
export async function listProducts(
  tx: TenantTx,
  actor: Actor,
  input: ProductListQuery,
): Promise<Page<ProductView>> {
  const where = allOf([
    sellerFilter(actor, products.sellerId, input.sellerId || undefined),
    input.name ? ilike(products.name, contains(input.name)) : undefined,
    input.skuSearch && input.skuSearch.length > 0
      ? sql`exists (select 1 from ${skus} where ${skus.productId} = ${products.id} and ${skuSearch(skus.id, input.skuSearch)})`
      : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    tx.select({ n: count() }).from(products).where(where),
  ]);
  return page(await productViews(tx, rows), total?.n ?? 0, input.pageNo, input.pageSize);
}

export async function getProduct(tx: TenantTx, actor: Actor, input: { id: string }): Promise<ProductView> {
  return viewOf(tx, await visibleProduct(tx, actor, input.id));
}

/** POST /catalog/product/add: the product and all its SKUs, or nothing. */
export async function addProduct(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof productAddBody>,
): Promise<ProductView> {
  const sellerId = owningSeller(actor);
  const input = parseInput(productAddBody, raw);
  assertOwnPhotos(input.photos, sellerId);
  await assertSkuCodesFree(tx, sellerId, input.skus);
  const { skus: skuInputs, ...fields } = input;
  const [row] = await tx
    .insert(products)
    .values({ ...fields, sellerId, createdBy: actor.userId })
    .returning();
  if (!row) throw new AppError('catalog.product_not_found');
  await insertSkus(tx, { productId: row.id, sellerId, createdBy: actor.userId }, skuInputs);
  return viewOf(tx, row);
}

/** PUT /catalog/product/edit: the product's own fields; SKUs change through their own calls. */
export async function editProduct(
  tx: TenantTx,
  actor: Actor,
  raw: z.input<typeof productEditBody>,
): Promise<ProductView> {
  const input = parseInput(productEditBody, raw);
  const current = await ownProduct(tx, actor, input.id);
  assertOwnPhotos(input.photos, current.sellerId);
  const { id: _id, ...changes } = input;
  const [row] = await tx
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(products.id, current.id), eq(products.sellerId, current.sellerId)))
    .returning();
  if (!row) throw new AppError('catalog.product_not_found');
  return viewOf(tx, row);
}

/** DELETE /catalog/product/delete: with its SKUs, unless one of them has ever had stock. */
export async function deleteProduct(tx: TenantTx, actor: Actor, input: { id: string }): Promise<null> {
  const product = await ownProduct(tx, actor, input.id);
  await refuseOnConstraint(() => tx.delete(products).where(eq(products.id, product.id)), SKU_REFUSALS);
  return null;
}
