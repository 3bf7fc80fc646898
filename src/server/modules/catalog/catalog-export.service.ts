/**
 * The catalogue as a spreadsheet: one row per SKU in the template's columns, then the
 * read-only system code and seller. A seller exports their own; other roles every seller's
 * or the chosen one's. Import reads the same file back.
 */
import type { SheetFile } from '../../http/sheet-reply.js';
import { asc, eq, ilike } from 'drizzle-orm';
import { SHEET_LIMITS, type CatalogExportQuery } from '@shared/contract/catalog-excel.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { users } from '../identity/index.js';
import { sellerFilter } from '../../access/seller-scope.js';
import { barcodesOf, skuSearch } from './catalog.queries.js';
import { products, skus } from './catalog.tables.js';
import { writeCatalogSheet, type SheetCell } from './catalog-sheet.js';

export type { SheetFile } from '../../http/sheet-reply.js';

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** GET /catalog/excel/template: the header row only. */
export async function catalogTemplate(): Promise<SheetFile> {
  return { fileName: 'products-template.xlsx', data: await writeCatalogSheet([], false) };
}

/** GET /catalog/excel/export: at most SHEET_LIMITS.exportRows SKUs, by product then system code. */
export async function exportCatalog(
  tx: TenantTx,
  actor: Actor,
  input: CatalogExportQuery,
): Promise<SheetFile> {
  const rows = await tx
    .select({ product: products, sku: skus, seller: users.realname })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(users, eq(users.id, skus.sellerId))
    .where(
      allOf([
        sellerFilter(actor, skus.sellerId, input.sellerId || undefined),
        input.name ? ilike(products.name, contains(input.name)) : undefined,
        input.skuSearch && input.skuSearch.length > 0 ? skuSearch(skus.id, input.skuSearch) : undefined,
      ]),
    )
    .orderBy(asc(products.createdAt), asc(products.id), asc(skus.sysCode))
    .limit(SHEET_LIMITS.exportRows);
  const barcodes = await barcodesOf(
    tx,
    rows.map((row) => row.sku.id),
  );
  const cells: SheetCell[][] = rows.map(({ product, sku, seller }) => [
    product.name,
    product.photos.join(','),
    product.hsCode,
    product.declaredName,
    product.declaredValue,
    product.declaredCurrency,
    sku.sellerSku,
    sku.variation,
    sku.localCode,
    sku.customCode,
    (barcodes.get(sku.id) ?? []).join(','),
    sku.weightG,
    sku.lengthMm,
    sku.widthMm,
    sku.heightMm,
    sku.cost,
    sku.costCurrency,
    sku.safetyStock,
    sku.sysCode,
    seller,
  ]);
  return { fileName: `products-${today()}.xlsx`, data: await writeCatalogSheet(cells, true) };
}
