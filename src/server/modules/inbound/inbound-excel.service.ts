/**
 * The box list of a new inbound order from a spreadsheet. Nothing is written: a clean file
 * answers the boxes with their SKUs for the new-order form, which the seller still checks and
 * saves. Every row is checked first (the contract's row schema, the seller's own SKU codes and
 * barcodes, the order's limits); any problem refuses the whole file with a row-by-row report.
 */
import type { RowProblem, SheetFile } from '../../http/sheet-reply.js';
export type { RowProblem, SheetFile } from '../../http/sheet-reply.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { boxSheetRow, type ImportedBoxLine, type ImportedBoxList } from '@shared/contract/inbound.js';
import { isValidGtin, normaliseBarcode } from '@shared/domain/barcode.js';
import { INBOUND_LIMITS } from '@shared/domain/inbound.js';
import { AppError } from '@shared/errors.js';
import type { Language } from '@shared/i18n/languages.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { products, skuBarcodes, skus } from '../catalog/index.js';
import { writeBoxTemplate, type BoxSheetValues } from './inbound-excel-sheet.js';

export type BoxListOutcome = { ok: true; list: ImportedBoxList } | { ok: false; problems: RowProblem[] };

/** GET /inbound/order/excel/template: the header row in the caller's language, and instructions. */
export async function boxListTemplate(language: Language): Promise<SheetFile> {
  return { fileName: 'inbound-boxes-template.xlsx', data: await writeBoxTemplate(language) };
}

type GoodRow = { row: number } & z.infer<typeof boxSheetRow>;

/** A row schema issue as a report line; zod does not carry the input, so the row's values say what was blank. */
function problemOf(row: BoxSheetValues, issue: z.core.$ZodIssue): RowProblem {
  const column = String(issue.path[0] ?? '');
  const at = { row: row.row, column };
  const isBlank = row.values[column as keyof BoxSheetValues['values']] === undefined;
  if (isBlank) return { ...at, code: 'validation.required', params: {} };
  if (column === 'shipQuantity')
    return { ...at, code: 'inbound.import_bad_quantity', params: { max: INBOUND_LIMITS.quantity } };
  if (issue.code === 'too_small') return { ...at, code: 'validation.required', params: {} };
  if (issue.code === 'too_big')
    return { ...at, code: 'validation.too_big_string', params: { maximum: Number(issue.maximum) } };
  const rule = /^[a-z][a-z_]*$/.test(issue.message) ? issue.message : 'invalid';
  return { ...at, code: `validation.${rule}`, params: {} };
}

function parseRows(rows: BoxSheetValues[], problems: RowProblem[]): GoodRow[] {
  const good: GoodRow[] = [];
  for (const sheetRow of rows) {
    const { row, values } = sheetRow;
    const parsed = boxSheetRow.safeParse({
      boxNo: values.boxNo,
      sku: values.sku,
      shipQuantity: values.shipQuantity,
    });
    if (parsed.success) good.push({ row, ...parsed.data });
    else problems.push(...parsed.error.issues.map((issue) => problemOf(sheetRow, issue)));
  }
  return good;
}

interface FoundSku {
  skuId: string;
  sellerSku: string;
  name: string;
  variation: string | null;
}

/**
 * The barcodes a cell may stand for: as typed, normalised like a scan; and, for digits only,
 * the GTIN Excel shows without its leading zeros when the cell was a number.
 */
function barcodeForms(code: string): string[] {
  const forms = new Set<string>();
  const typed = normaliseBarcode(code);
  if (typed) forms.add(typed);
  if (/^\d{1,13}$/.test(code) && isValidGtin(code.padStart(14, '0'))) forms.add(code.padStart(14, '0'));
  return [...forms];
}

/**
 * The seller's SKUs by their own code (exactly, else in any case), then by barcode; another
 * seller's codes never match.
 */
async function resolveCodes(tx: TenantTx, sellerId: string, codes: string[]): Promise<Map<string, FoundSku>> {
  const found = new Map<string, FoundSku>();
  if (codes.length === 0) return found;
  const columns = {
    skuId: skus.id,
    sellerSku: skus.sellerSku,
    name: products.name,
    variation: sql<string | null>`nullif(${skus.variation}, '')`,
  };
  const byCode = await tx
    .select(columns)
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(
      and(
        eq(skus.sellerId, sellerId),
        inArray(
          sql`lower(${skus.sellerSku})`,
          codes.map((code) => code.toLowerCase()),
        ),
      ),
    );
  for (const code of codes) {
    const same = byCode.filter((sku) => sku.sellerSku.toLowerCase() === code.toLowerCase());
    const sku = same.find((candidate) => candidate.sellerSku === code) ?? same[0];
    if (sku) found.set(code, sku);
  }
  const rest = codes.filter((code) => !found.has(code));
  const barcodes = [...new Set(rest.flatMap(barcodeForms))];
  if (barcodes.length === 0) return found;
  const byBarcode = await tx
    .select({ barcode: skuBarcodes.barcode, ...columns })
    .from(skuBarcodes)
    .innerJoin(skus, eq(skus.id, skuBarcodes.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skuBarcodes.sellerId, sellerId), inArray(skuBarcodes.barcode, barcodes)));
  const owners = new Map(byBarcode.map(({ barcode, ...sku }) => [barcode, sku]));
  for (const code of rest) {
    const sku = barcodeForms(code)
      .map((form) => owners.get(form))
      .find((owner) => owner !== undefined);
    if (sku) found.set(code, sku);
  }
  return found;
}

/**
 * POST /inbound/order/excel/import: the acting seller's box list, grouped by box number in the
 * file's order, or every bad row. Only sellers and their staff make inbound orders.
 */
export async function importBoxList(
  tx: TenantTx,
  actor: Actor,
  input: { rows: BoxSheetValues[] },
): Promise<BoxListOutcome> {
  if (!isSellerBound(actor) || !actor.sellerId) throw new AppError('inbound.seller_only');
  const problems: RowProblem[] = [];
  const rows = parseRows(input.rows, problems);
  const found = await resolveCodes(tx, actor.sellerId, [...new Set(rows.map((row) => row.sku))]);

  const boxes = new Map<string, { lines: ImportedBoxLine[]; rowOfSku: Map<string, number> }>();
  for (const row of rows) {
    let box = boxes.get(row.boxNo);
    if (!box) {
      if (boxes.size >= INBOUND_LIMITS.boxes) {
        problems.push({
          row: row.row,
          column: 'boxNo',
          code: 'inbound.import_too_many_boxes',
          params: { max: INBOUND_LIMITS.boxes },
        });
        continue;
      }
      box = { lines: [], rowOfSku: new Map() };
      boxes.set(row.boxNo, box);
    }
    const sku = found.get(row.sku);
    if (!sku) {
      problems.push({
        row: row.row,
        column: 'sku',
        code: 'inbound.import_unknown_sku',
        params: { code: row.sku },
      });
      continue;
    }
    const other = box.rowOfSku.get(sku.skuId);
    if (other !== undefined) {
      problems.push({
        row: row.row,
        column: 'sku',
        code: 'inbound.import_duplicate_sku',
        params: { sku: sku.sellerSku, boxNo: row.boxNo, other },
      });
      continue;
    }
    if (box.lines.length >= INBOUND_LIMITS.linesPerBox) {
      problems.push({
        row: row.row,
        column: 'sku',
        code: 'inbound.import_too_many_lines',
        params: { boxNo: row.boxNo, max: INBOUND_LIMITS.linesPerBox },
      });
      continue;
    }
    box.rowOfSku.set(sku.skuId, row.row);
    box.lines.push({ ...sku, shipQuantity: row.shipQuantity });
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    return { ok: false, problems };
  }
  return {
    ok: true,
    list: { boxes: [...boxes].map(([boxNo, box]) => ({ boxNo, lines: box.lines })) },
  };
}
