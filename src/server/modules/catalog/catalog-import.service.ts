/**
 * Importing products and SKUs from the catalogue spreadsheet. Every row is checked first, with
 * the contract's schemas, against the other rows and against the seller's catalogue; any
 * problem refuses the whole file with a row-by-row report. Only a clean file is written, through
 * the catalogue's own services, in the request's one transaction: all rows or none.
 */
import type { RowProblem } from '../../http/sheet-reply.js';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  sheetProduct,
  sheetSku,
  type ImportSummary,
  type SheetColumn,
} from '@shared/contract/catalog-excel.js';
import type { SkuInput } from '@shared/contract/catalog.js';
import { isProductPhotoOfSeller } from '@shared/domain/catalog.js';
import type { ErrorParams } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { owningSeller } from '../../access/seller-scope.js';
import { products, skuBarcodes, skus } from './catalog.tables.js';
import type { SheetRow } from './catalog-sheet.js';
import { addProduct, editProduct } from './product.service.js';
import { addSku, editSku } from './sku.service.js';

export type { RowProblem } from '../../http/sheet-reply.js';

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; problems: RowProblem[] };

interface GoodRow {
  row: number;
  product: z.infer<typeof sheetProduct>;
  sku: SkuInput;
}

/** Schema field → sheet column, where they differ. */
const COLUMN_OF: Record<string, SheetColumn> = { name: 'productName' };

function problemOf(row: number, issue: z.core.$ZodIssue): RowProblem {
  const column = COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0] ?? '');
  const params: ErrorParams = {};
  let rule: string = issue.code;
  if (/^[a-z][a-z_]*$/.test(issue.message) && issue.code === 'custom') rule = issue.message;
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const origin = issue.origin === 'string' || issue.origin === 'array' ? issue.origin : 'number';
    rule = `${issue.code}_${origin}`;
    const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
    params[issue.code === 'too_big' ? 'maximum' : 'minimum'] = limit;
  } else if (issue.code === 'invalid_type') {
    rule = issue.input === undefined ? 'required' : 'invalid_type';
    params.expected = issue.expected;
  } else if (issue.code === 'invalid_value') {
    params.values = issue.values.map(String).join(', ');
  } else if (issue.code === 'invalid_format') {
    rule = /^[a-z][a-z_]*$/.test(issue.message) ? issue.message : 'invalid_format';
  }
  return { row, column, code: `validation.${rule}`, params };
}

function parseRows(rows: SheetRow[], problems: RowProblem[]): GoodRow[] {
  const good: GoodRow[] = [];
  for (const { row, values } of rows) {
    const product = sheetProduct.safeParse({
      name: values.productName,
      photos: values.photos ?? [],
      hsCode: values.hsCode,
      declaredName: values.declaredName,
      declaredValue: values.declaredValue,
      declaredCurrency: values.declaredCurrency,
    });
    const sku = sheetSku.safeParse({
      sellerSku: values.sellerSku,
      variation: values.variation,
      localCode: values.localCode,
      customCode: values.customCode,
      barcodes: values.barcodes,
      weightG: values.weightG,
      lengthMm: values.lengthMm,
      widthMm: values.widthMm,
      heightMm: values.heightMm,
      cost: values.cost,
      costCurrency: values.costCurrency,
      safetyStock: values.safetyStock,
    });
    if (!product.success) problems.push(...product.error.issues.map((issue) => problemOf(row, issue)));
    if (!sku.success) problems.push(...sku.error.issues.map((issue) => problemOf(row, issue)));
    if (product.success && sku.success) good.push({ row, product: product.data, sku: sku.data });
  }
  return good;
}

/** Photos a row names must be the seller's own uploads. */
function foreignPhotos(rows: GoodRow[], sellerId: string, problems: RowProblem[]) {
  for (const { row, product } of rows)
    if (product.photos.some((photo) => !isProductPhotoOfSeller(photo, sellerId)))
      problems.push({ row, column: 'photos', code: 'catalog.photo_invalid', params: {} });
}

/** Codes a file repeats: a seller SKU, local code or barcode may name one row only. */
function repeatsInFile(rows: GoodRow[], problems: RowProblem[]) {
  const seen = new Map<string, number>();
  const check = (row: number, column: SheetColumn, value: string | null) => {
    if (!value) return;
    const key = `${column}\u0000${value}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row);
    else problems.push({ row, column, code: 'import.duplicate_in_file', params: { value, other: first } });
  };
  for (const { row, sku } of rows) {
    check(row, 'sellerSku', sku.sellerSku);
    check(row, 'localCode', sku.localCode);
    for (const barcode of new Set(sku.barcodes)) check(row, 'barcodes', barcode);
  }
}

interface ExistingSku {
  id: string;
  sellerSku: string;
  localCode: string | null;
  productName: string;
}

/** Codes the seller's catalogue already gives to another SKU than the row's. */
async function clashesWithCatalogue(tx: TenantTx, sellerId: string, rows: GoodRow[], problems: RowProblem[]) {
  const sellerSkus = rows.map((row) => row.sku.sellerSku);
  const localCodes = rows.flatMap((row) => (row.sku.localCode ? [row.sku.localCode] : []));
  const barcodes = rows.flatMap((row) => row.sku.barcodes);
  const existing: ExistingSku[] = await tx
    .select({ id: skus.id, sellerSku: skus.sellerSku, localCode: skus.localCode, productName: products.name })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(
      and(
        eq(skus.sellerId, sellerId),
        or(
          inArray(skus.sellerSku, sellerSkus),
          localCodes.length > 0 ? inArray(skus.localCode, localCodes) : undefined,
        ),
      ),
    );
  const barcodeOwners =
    barcodes.length > 0
      ? await tx
          .select({ barcode: skuBarcodes.barcode, sellerSku: skus.sellerSku })
          .from(skuBarcodes)
          .innerJoin(skus, eq(skus.id, skuBarcodes.skuId))
          .where(and(eq(skuBarcodes.sellerId, sellerId), inArray(skuBarcodes.barcode, barcodes)))
      : [];
  for (const { row, product, sku } of rows) {
    const same = existing.find((other) => other.sellerSku === sku.sellerSku);
    if (same && same.productName !== product.name)
      problems.push({
        row,
        column: 'sellerSku',
        code: 'catalog.seller_sku_taken',
        params: { code: sku.sellerSku },
      });
    const localOwner = existing.find((other) => sku.localCode && other.localCode === sku.localCode);
    if (localOwner && localOwner.sellerSku !== sku.sellerSku)
      problems.push({
        row,
        column: 'localCode',
        code: 'catalog.local_sku_taken',
        params: { code: sku.localCode ?? '' },
      });
    for (const owner of barcodeOwners)
      if (sku.barcodes.includes(owner.barcode) && owner.sellerSku !== sku.sellerSku)
        problems.push({
          row,
          column: 'barcodes',
          code: 'catalog.barcode_taken',
          params: { barcode: owner.barcode },
        });
  }
  return existing;
}

/** POST /catalog/excel/import: the seller's products and SKUs from the sheet, all or none. */
export async function importCatalog(
  tx: TenantTx,
  actor: Actor,
  input: { rows: SheetRow[] },
): Promise<ImportOutcome> {
  const sellerId = owningSeller(actor);
  const problems: RowProblem[] = [];
  const rows = parseRows(input.rows, problems);
  repeatsInFile(rows, problems);
  foreignPhotos(rows, sellerId, problems);
  const existing = rows.length > 0 ? await clashesWithCatalogue(tx, sellerId, rows, problems) : [];
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    return { ok: false, problems };
  }

  const groups = new Map<string, GoodRow[]>();
  for (const row of rows) groups.set(row.product.name, [...(groups.get(row.product.name) ?? []), row]);
  const names = [...groups.keys()];
  const current = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), inArray(products.name, names)))
    .orderBy(asc(products.createdAt));
  const productIds = new Map<string, string>();
  for (const product of current) if (!productIds.has(product.name)) productIds.set(product.name, product.id);
  const skuIds = new Map(existing.map((sku) => [sku.sellerSku, sku.id]));

  const summary: ImportSummary = { productsCreated: 0, productsUpdated: 0, skusCreated: 0, skusUpdated: 0 };
  for (const [name, group] of groups) {
    const first = group[0];
    if (!first) continue;
    const productId = productIds.get(name);
    if (!productId) {
      await addProduct(tx, actor, { ...first.product, skus: group.map((row) => row.sku) });
      summary.productsCreated += 1;
      summary.skusCreated += group.length;
      continue;
    }
    await editProduct(tx, actor, { id: productId, ...first.product });
    summary.productsUpdated += 1;
    for (const { sku } of group) {
      const skuId = skuIds.get(sku.sellerSku);
      if (skuId) {
        await editSku(tx, actor, { id: skuId, ...sku });
        summary.skusUpdated += 1;
      } else {
        await addSku(tx, actor, { productId, ...sku });
        summary.skusCreated += 1;
      }
    }
  }
  return { ok: true, summary };
}
