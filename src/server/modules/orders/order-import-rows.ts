/**
 * An imported spreadsheet's rows read into orders, before anything is looked up: each row's
 * cells prepared for the contract's row schema (the order type and currency as keys, dates read
 * in the importer's time zone), every schema issue as a report line naming its row and column,
 * and the rows grouped by order number, a later row taking the order's columns it leaves blank
 * from the first and refused when it fills them differently. No I/O; order-import.service.ts
 * looks up the warehouses and SKUs and enters the orders.
 */
import type { z } from 'zod';
import {
  ORDER_SHEET_LIMITS,
  ORDER_SHEET_ORDER_COLUMNS,
  orderSheetRow,
  type OrderSheetColumn,
  type OrderSheetRow,
} from '@shared/contract/order-sheet.js';
import { ORDER_CURRENCIES, ORDER_LIMITS, ORDER_TYPES } from '@shared/domain/order.js';
import { readDateTime } from '../../http/sheet-dates.js';
import type { RowProblem } from '../../http/sheet-reply.js';
import { orderTypeOf, type OrderSheetValues } from './order-sheet.js';

interface GoodRow {
  row: number;
  data: OrderSheetRow;
}

export interface SheetOrder {
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
export function ordersOf(rows: OrderSheetValues[], timeZone: string, problems: RowProblem[]): SheetOrder[] {
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
