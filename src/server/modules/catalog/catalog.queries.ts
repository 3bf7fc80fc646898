/** Reading products and SKUs into their views, and the SKU batch search other lists share. */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProductView, SkuView } from '@shared/contract/catalog.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import type { TenantTx } from '../../db/client.js';
import { contains, iso, startsWith } from '../../db/query-helpers.js';
import { users } from '../identity/index.js';
import { products, skuBarcodes, skus } from './catalog.tables.js';

export type ProductRow = typeof products.$inferSelect;
export type SkuRow = typeof skus.$inferSelect;

/**
 * A condition on `skuIdColumn` matching any of the values exactly as a seller SKU (any case),
 * a system code, a local or custom code, or a barcode (normalised as scanned).
 */
export function skuSearch(skuIdColumn: AnyPgColumn, values: string[]): SQL {
  const lowered = values.map((value) => value.toLowerCase());
  const upper = values.map((value) => value.toUpperCase());
  const barcodes = values.map(normaliseBarcode).filter((value): value is string => value !== null);
  const matches = [
    inArray(sql`lower(${skus.sellerSku})`, lowered),
    inArray(skus.sysCode, upper),
    inArray(skus.localCode, values),
    inArray(skus.customCode, values),
  ];
  const byCode = sql`${skuIdColumn} in (select ${skus.id} from ${skus} where ${or(...matches)})`;
  if (barcodes.length === 0) return byCode;
  return sql`(${byCode} or ${skuIdColumn} in (select ${skuBarcodes.skuId} from ${skuBarcodes} where ${inArray(skuBarcodes.barcode, barcodes)}))`;
}

/**
 * A condition on SKUs (joined with their products) for a picker's typed text: a seller SKU,
 * system code or barcode that begins with it (a whole GTIN as scanned, in any of its forms), or
 * a product name that holds it, in any case.
 */
export function skuKeyword(keyword: string): SQL {
  const prefix = startsWith(keyword);
  const gtin = normaliseBarcode(keyword);
  const barcodes = or(ilike(skuBarcodes.barcode, prefix), gtin ? eq(skuBarcodes.barcode, gtin) : undefined);
  const barcode = sql`${skus.id} in (select ${skuBarcodes.skuId} from ${skuBarcodes} where ${barcodes})`;
  return or(
    ilike(skus.sellerSku, prefix),
    ilike(skus.sysCode, prefix),
    ilike(products.name, contains(keyword)),
    barcode,
  ) as SQL;
}

export async function barcodesOf(tx: TenantTx, skuIds: string[]): Promise<Map<string, string[]>> {
  const bySku = new Map<string, string[]>(skuIds.map((id) => [id, []]));
  if (skuIds.length === 0) return bySku;
  const rows = await tx
    .select({ skuId: skuBarcodes.skuId, barcode: skuBarcodes.barcode })
    .from(skuBarcodes)
    .where(inArray(skuBarcodes.skuId, skuIds))
    .orderBy(asc(skuBarcodes.createdAt), asc(skuBarcodes.barcode));
  for (const row of rows) bySku.get(row.skuId)?.push(row.barcode);
  return bySku;
}

export function toSkuView(row: SkuRow, barcodes: string[]): SkuView {
  return {
    id: row.id,
    productId: row.productId,
    sellerId: row.sellerId,
    sellerSku: row.sellerSku,
    sysCode: row.sysCode,
    customCode: row.customCode,
    localCode: row.localCode,
    variation: row.variation,
    barcodes,
    weightG: row.weightG,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    cost: row.cost,
    costCurrency: row.costCurrency,
    safetyStock: row.safetyStock,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function skuViews(tx: TenantTx, rows: SkuRow[]): Promise<SkuView[]> {
  const barcodes = await barcodesOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSkuView(row, barcodes.get(row.id) ?? []));
}

/** Products with their seller's name and their SKUs, in the order of `rows`. */
export async function productViews(tx: TenantTx, rows: ProductRow[]): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const productIds = rows.map((row) => row.id);
  const sellerIds = [...new Set(rows.map((row) => row.sellerId))];
  const [skuRows, sellers] = await Promise.all([
    tx.select().from(skus).where(inArray(skus.productId, productIds)).orderBy(asc(skus.sysCode)),
    tx.select({ id: users.id, realname: users.realname }).from(users).where(inArray(users.id, sellerIds)),
  ]);
  const views = await skuViews(tx, skuRows);
  const sellerNames = new Map(sellers.map((seller) => [seller.id, seller.realname]));
  return rows.map((row) => ({
    id: row.id,
    sellerId: row.sellerId,
    sellerName: sellerNames.get(row.sellerId) ?? '',
    name: row.name,
    photos: row.photos,
    hsCode: row.hsCode,
    declaredName: row.declaredName,
    declaredValue: row.declaredValue,
    declaredCurrency: row.declaredCurrency,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    skus: views.filter((sku) => sku.productId === row.id),
  }));
}

export async function productRow(
  tx: TenantTx,
  id: string,
  scope: SQL | undefined,
): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), scope));
  return row;
}
