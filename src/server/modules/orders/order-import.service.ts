/**
 * Orders from a spreadsheet, all or nothing. Every row is checked first: the row
 * schema of the shared contract, the order's columns the same on each of its rows, the
 * warehouse codes the asker sees, the seller's own SKU codes, prices in the currency's
 * decimals. Then every order is entered through createOrder — the same contract and service as
 * an order entered by hand, so the same refusals (a duplicate order number, an unknown SKU) —
 * each in its own savepoint inside one savepoint for the whole file; when anything was refused
 * the whole file is rolled back and the report names every bad row and column. With
 * passReview the new orders pass their review through the review service, so they reserve
 * their stock exactly as approved orders do (or wait as out of stock).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateOrderInput } from '@shared/contract/orders.js';
import {
  ORDER_SHEET_LIMITS,
  ORDER_SHEET_ORDER_COLUMNS,
  orderSheetRow,
  type OrderImportSummary,
  type OrderSheetColumn,
  type OrderSheetRow,
} from '@shared/contract/order-sheet.js';
import { toMinorUnits, currencyDigits } from '@shared/domain/money.js';
import { ORDER_CURRENCIES, ORDER_LIMITS, ORDER_TYPES } from '@shared/domain/order.js';
import { AppError, type ErrorParams } from '@shared/errors.js';
import type { Language } from '@shared/i18n/languages.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { TenantTx } from '../../db/client.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import { readDateTime } from '../../http/sheet-dates.js';
import type { RowProblem, SheetFile } from '../../http/sheet-reply.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { warehouses, warehouseScope } from '../warehouse/index.js';
import { orderTypeOf, writeOrderTemplate, type OrderSheetValues } from './order-sheet.js';
import { passReview } from './order-actions.service.js';
import { createOrder, sellerOf } from './orders.service.js';

export type { RowProblem } from '../../http/sheet-reply.js';

export type OrderImportOutcome =
  { ok: true; summary: OrderImportSummary } | { ok: false; problems: RowProblem[] };

export interface OrderImportInput {
  rows: OrderSheetValues[];
  /** The seller the orders are for (agents and administrators); a seller's own is used for sellers. */
  sellerId?: string;
  /** How times without an offset are read. */
  timeZone: string;
  passReview: boolean;
}

/** GET /order/excel/template: the header row in the asker's language, and instructions. */
export async function orderTemplate(language: Language): Promise<SheetFile> {
  return { fileName: 'orders-template.xlsx', data: await writeOrderTemplate(language) };
}

interface GoodRow {
  row: number;
  data: OrderSheetRow;
}

interface SheetOrder {
  orderNo: string;
  rows: GoodRow[];
  /** The order's first row: its order columns hold for the rows that leave them blank. */
  first: { row: number; values: Record<string, unknown>; data: OrderSheetRow | null };
  /** Some row of this order was refused: it is not entered (nothing is, in the end). */
  refused: boolean;
}

/** A row schema issue as a report line; the row's values say what was blank. */
function problemOf(sheetRow: OrderSheetValues, issue: z.core.$ZodIssue): RowProblem {
  const column = String(issue.path[0] ?? '') as OrderSheetColumn;
  const at = { row: sheetRow.row, column };
  const value = sheetRow.values[column];
  if (value === undefined) return { ...at, code: 'validation.required', params: {} };
  if (column === 'quantity')
    return { ...at, code: 'order_import.bad_quantity', params: { max: ORDER_LIMITS.quantity } };
  if (column === 'unitPrice')
    return { ...at, code: 'order_import.bad_price', params: { max: ORDER_SHEET_LIMITS.price } };
  if (column === 'orderType')
    return {
      ...at,
      code: 'order_import.bad_order_type',
      params: { value: String(value), values: ORDER_TYPES.join(', ') },
    };
  if (column === 'currency')
    return {
      ...at,
      code: 'order_import.bad_currency',
      params: { value: String(value), values: ORDER_CURRENCIES.join(', ') },
    };
  if (issue.code === 'too_small') return { ...at, code: 'validation.required', params: {} };
  if (issue.code === 'too_big')
    return { ...at, code: 'validation.too_big_string', params: { maximum: Number(issue.maximum) } };
  const rule = /^[a-z][a-z_]*$/.test(issue.message) ? issue.message : 'invalid';
  return { ...at, code: `validation.${rule}`, params: {} };
}

/** The row's cells as the schema takes them: the order type and currency as keys, dates as instants. */
function prepared(
  sheetRow: OrderSheetValues,
  timeZone: string,
  problems: RowProblem[],
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...sheetRow.values };
  if (typeof values.orderType === 'string')
    values.orderType = orderTypeOf(values.orderType) ?? values.orderType;
  if (typeof values.currency === 'string') values.currency = values.currency.trim().toUpperCase();
  for (const column of ['shipBy', 'paidAt'] as const) {
    const typed = values[column];
    if (typed === undefined) continue;
    const instant = typeof typed === 'string' ? readDateTime(typed, timeZone) : null;
    if (instant === null) {
      problems.push({
        row: sheetRow.row,
        column,
        code: 'order_import.bad_date',
        params: { value: String(typed) },
      });
      delete values[column];
    } else values[column] = instant;
  }
  return values;
}

/**
 * Every row checked and grouped into orders by order number, in the file's order. A later row
 * of an order takes the order's columns it leaves blank from the order's first row; those it
 * fills must say the same.
 */
function ordersOf(rows: OrderSheetValues[], timeZone: string, problems: RowProblem[]): SheetOrder[] {
  const orders = new Map<string, SheetOrder>();
  for (const sheetRow of rows) {
    const before = problems.length;
    const values = prepared(sheetRow, timeZone, problems);
    const typedNo = typeof values.orderNo === 'string' ? values.orderNo.trim() : '';
    const known = typedNo ? orders.get(typedNo) : undefined;
    const inherited = known
      ? Object.fromEntries(
          ORDER_SHEET_ORDER_COLUMNS.filter((column) => values[column] === undefined).map((column) => [
            column,
            known.first.values[column],
          ]),
        )
      : {};
    const parsed = orderSheetRow.safeParse({ ...values, ...inherited });
    let order = known;
    if (!order && typedNo) {
      order = {
        orderNo: typedNo,
        rows: [],
        first: { row: sheetRow.row, values, data: parsed.success ? parsed.data : null },
        refused: false,
      };
      orders.set(typedNo, order);
    }
    if (!parsed.success) {
      // What a later row takes from the first row was reported on the first row.
      const own = parsed.error.issues.filter((issue) => !(String(issue.path[0]) in inherited));
      problems.push(...own.map((issue) => problemOf(sheetRow, issue)));
      if (order) order.refused = true;
      continue;
    }
    if (!order) continue;
    if (problems.length > before) order.refused = true;
    const first = order.first;
    if (known && first.data) {
      for (const column of ORDER_SHEET_ORDER_COLUMNS) {
        if (column in inherited || parsed.data[column] === first.data[column]) continue;
        problems.push({
          row: sheetRow.row,
          column,
          code: 'order_import.order_field_differs',
          params: { orderNo: order.orderNo, other: first.row },
        });
        order.refused = true;
      }
    }
    if (order.rows.length >= ORDER_LIMITS.lines) {
      problems.push({
        row: sheetRow.row,
        column: 'sellerSku',
        code: 'order_import.too_many_lines',
        params: { orderNo: order.orderNo, max: ORDER_LIMITS.lines },
      });
      order.refused = true;
      continue;
    }
    order.rows.push({ row: sheetRow.row, data: parsed.data });
  }
  return [...orders.values()];
}

/** The warehouses the asker sees, by their code (codes are stored upper-case). */
async function warehousesByCode(tx: TenantTx, actor: Actor, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ id: warehouses.id, code: warehouses.code })
    .from(warehouses)
    .where(
      and(
        inArray(
          warehouses.code,
          codes.map((code) => code.toUpperCase()),
        ),
        warehouseScope(actor, warehouses.id),
      ),
    );
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** The seller's SKUs by their own code: exactly, else in any case. Another seller's codes never match. */
async function skusByCode(
  tx: TenantTx,
  sellerId: string,
  codes: string[],
): Promise<Map<string, { id: string; sellerSku: string }>> {
  const found = new Map<string, { id: string; sellerSku: string }>();
  if (codes.length === 0) return found;
  const rows = await tx
    .select({ id: skus.id, sellerSku: skus.sellerSku })
    .from(skus)
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
    const same = rows.filter((sku) => sku.sellerSku.toLowerCase() === code.toLowerCase());
    const sku = same.find((candidate) => candidate.sellerSku === code) ?? same[0];
    if (sku) found.set(code, sku);
  }
  return found;
}

interface ReadyOrder {
  order: SheetOrder;
  input: CreateOrderInput;
  /** The sheet row of each line, in the order of input.lines. */
  lineRows: number[];
  sellerSkuOf: Map<string, string>;
}

/** Builds each order's createOrder input; reports unknown warehouses, unknown SKUs and prices the currency cannot hold. */
function readyOrders(
  orders: SheetOrder[],
  sellerId: string,
  warehouseIds: Map<string, string>,
  skuIds: Map<string, { id: string; sellerSku: string }>,
  isSellerSide: boolean,
  problems: RowProblem[],
): ReadyOrder[] {
  const ready: ReadyOrder[] = [];
  for (const order of orders) {
    const [first] = order.rows;
    if (!first) continue;
    const header = first.data;
    const warehouseId = warehouseIds.get(header.warehouseCode.toUpperCase());
    if (!warehouseId) {
      problems.push({
        row: first.row,
        column: 'warehouseCode',
        code: 'order_import.unknown_warehouse',
        params: { code: header.warehouseCode },
      });
      order.refused = true;
    }
    const lines: CreateOrderInput['lines'] = [];
    const lineRows: number[] = [];
    const sellerSkuOf = new Map<string, string>();
    for (const { row, data } of order.rows) {
      const sku = skuIds.get(data.sellerSku);
      if (!sku) {
        problems.push({
          row,
          column: 'sellerSku',
          code: 'order_import.unknown_sku',
          params: { code: data.sellerSku },
        });
        order.refused = true;
        continue;
      }
      const unitPrice = toMinorUnits(data.unitPrice, header.currency);
      if (unitPrice === null) {
        problems.push({
          row,
          column: 'unitPrice',
          code: 'order_import.price_decimals',
          params: {
            value: data.unitPrice,
            currency: header.currency,
            digits: currencyDigits(header.currency),
          },
        });
        order.refused = true;
        continue;
      }
      sellerSkuOf.set(sku.id, sku.sellerSku);
      lines.push({ skuId: sku.id, quantity: data.quantity, unitPrice });
      lineRows.push(row);
    }
    if (order.refused || !warehouseId) continue;
    const {
      sellerSku: _sku,
      quantity: _quantity,
      unitPrice: _price,
      warehouseCode: _code,
      ...fields
    } = header;
    ready.push({
      order,
      input: { ...fields, warehouseId, lines, ...(isSellerSide ? {} : { sellerId }) },
      lineRows,
      sellerSkuOf,
    });
  }
  return ready;
}

/** Where a refusal of createOrder points in the sheet. */
function serviceProblems(ready: ReadyOrder, error: AppError): RowProblem[] {
  const first = ready.order.rows[0]?.row ?? 0;
  if (error.code === 'common.validation')
    return error.fields.map((field) => {
      const [head = '', index, name] = field.path.split('.');
      const isLine = head === 'lines' && index !== undefined;
      return {
        row: isLine ? (ready.lineRows[Number(index)] ?? first) : first,
        column: isLine ? (name === 'skuId' ? 'sellerSku' : (name ?? 'sellerSku')) : head,
        code: `validation.${field.rule}`,
        params: {},
      };
    });
  if (error.code === 'order.sku_not_found') {
    const skuId = String(error.params.sku ?? '');
    const index = ready.input.lines.findIndex((line) => line.skuId === skuId);
    return [
      {
        row: ready.lineRows[index] ?? first,
        column: 'sellerSku',
        code: 'order_import.unknown_sku',
        params: { code: ready.sellerSkuOf.get(skuId) ?? skuId },
      },
    ];
  }
  if (error.code === 'warehouse.not_found')
    return [
      {
        row: first,
        column: 'warehouseCode',
        code: 'order_import.unknown_warehouse',
        params: { code: ready.order.rows[0]?.data.warehouseCode ?? '' },
      },
    ];
  return [{ row: first, column: 'orderNo', code: error.code, params: error.params as ErrorParams }];
}

/** Thrown inside the file's savepoint to roll every order back when any was refused. */
class RolledBack extends Error {}

/** POST /order/excel/import: every order of the file, or none and the row-by-row report. */
export async function importOrders(
  tx: TenantTx,
  actor: Actor,
  input: OrderImportInput,
): Promise<OrderImportOutcome> {
  if (input.passReview && !hasPermission(actor, PERMISSIONS.orderReview))
    throw new AppError('common.forbidden');
  const sellerId = await sellerOf(tx, actor, input.sellerId || undefined);
  const problems: RowProblem[] = [];
  const orders = ordersOf(input.rows, input.timeZone, problems);
  const good = orders.flatMap((order) => order.rows);
  const warehouseIds = await warehousesByCode(tx, actor, [
    ...new Set(orders.flatMap((order) => (order.rows[0] ? [order.rows[0].data.warehouseCode] : []))),
  ]);
  const skuIds = await skusByCode(tx, sellerId, [...new Set(good.map((row) => row.data.sellerSku))]);
  const ready = readyOrders(orders, sellerId, warehouseIds, skuIds, isSellerBound(actor), problems);

  const created: OrderImportSummary['created'] = [];
  let reviewed = 0;
  let outOfStock = 0;
  try {
    await tx.transaction(async (file) => {
      for (const entry of ready) {
        try {
          const saved = await file.transaction((one) => createOrder(one, actor, entry.input));
          created.push({ ...saved, row: entry.order.rows[0]?.row ?? 0 });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          problems.push(...serviceProblems(entry, error));
        }
      }
      if (problems.length > 0) throw new RolledBack();
      if (!input.passReview) return;
      const batch = ORDER_LIMITS.mergeOrders * 10;
      for (let start = 0; start < created.length; start += batch) {
        const results = await passReview(file, actor, {
          ids: created.slice(start, start + batch).map((order) => order.id),
        });
        reviewed += results.filter((result) => result.ok).length;
        outOfStock += results.filter((result) => result.code === 'order.out_of_stock').length;
      }
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    return { ok: false, problems };
  }
  return {
    ok: true,
    summary: {
      orders: created.length,
      lines: ready.reduce((sum, entry) => sum + entry.input.lines.length, 0),
      reviewed,
      outOfStock,
      created,
    },
  };
}
