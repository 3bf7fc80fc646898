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
 *
 * Reading the rows into orders (the row schema, dates, one order's rows agreeing) is in
 * order-import-rows.ts, with no I/O.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreateOrderInput } from '@shared/contract/orders.js';
import type { OrderImportSummary } from '@shared/contract/order-sheet.js';
import { toMinorUnits, currencyDigits } from '@shared/domain/money.js';
import { ORDER_LIMITS } from '@shared/domain/order.js';
import { AppError, type ErrorParams } from '@shared/errors.js';
import type { Language } from '@shared/i18n/languages.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { TenantTx } from '../../db/client.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import type { RowProblem, SheetFile } from '../../http/sheet-reply.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { warehouses, warehouseScope } from '../warehouse/index.js';
import { ordersOf, type SheetOrder } from './order-import-rows.js';
import { writeOrderTemplate, type OrderSheetValues } from './order-sheet.js';
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
