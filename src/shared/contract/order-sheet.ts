/**
 * Orders from a spreadsheet: one row per order line, the rows with the same order
 * number forming one order (its order columns filled on its first row; on later rows blank or
 * the same). The template's header is in the asker's language; a file's header may be in any of
 * the six languages or the column keys. An import is all or nothing: every row is checked with
 * the row schema here, then each order with the same contract and service as an order entered
 * by hand (createOrderInput, POST /order/add); any problem refuses the whole file with a
 * row-by-row report and writes nothing.
 */
import { z } from 'zod';
import { isTimeZone } from './dashboard.js';
import { ORDER_CURRENCIES, ORDER_LIMITS as LIMITS, ORDER_TYPES } from '../domain/order.js';
import { CATALOG_LIMITS } from '../domain/catalog.js';
import { WAREHOUSE_LIMITS } from '../domain/warehouse.js';
import { orderQuantity } from './orders.js';
import { requiredText, string, text, uuid } from './common.js';

/** The order's own columns, read from the first row of each order. */
export const ORDER_SHEET_ORDER_COLUMNS = [
  'orderNo',
  'warehouseCode',
  'orderType',
  'shopName',
  'buyerName',
  'recipientName',
  'recipientPhone',
  'recipientAddress',
  'shipBy',
  'paidAt',
  'currency',
  'buyerMessage',
  'sellerNote',
  'logisticsChannel',
  'trackingNo',
] as const;
/** A line's columns: the seller's SKU code, how many, the unit price in the currency's units. */
export const ORDER_SHEET_LINE_COLUMNS = ['sellerSku', 'quantity', 'unitPrice'] as const;
/** The template's columns, in order. */
export const ORDER_SHEET_COLUMNS = [...ORDER_SHEET_ORDER_COLUMNS, ...ORDER_SHEET_LINE_COLUMNS] as const;
export type OrderSheetColumn = (typeof ORDER_SHEET_COLUMNS)[number];
export type OrderSheetOrderColumn = (typeof ORDER_SHEET_ORDER_COLUMNS)[number];

export const ORDER_SHEET_REQUIRED: readonly OrderSheetColumn[] = [
  'orderNo',
  'warehouseCode',
  'sellerSku',
  'quantity',
];
export const ORDER_SHEET_DATE_COLUMNS: readonly OrderSheetColumn[] = ['shipBy', 'paidAt'];
export const ORDER_SHEET_NUMBER_COLUMNS: readonly OrderSheetColumn[] = ['quantity', 'unitPrice'];

export const ORDER_SHEET_LIMITS = {
  /** Data rows (order lines) one file may hold. */
  rows: 2000,
  fileBytes: 5 * 1024 * 1024,
  /** Row errors one report lists. */
  reportedErrors: 500,
  /** A unit price in the currency's units. */
  price: LIMITS.price / 100,
} as const;

/**
 * One row as the import reads it, after the sheet's cells became values: codes and texts as
 * text, quantity and price as numbers, the order type and currency as their keys, the dates
 * as instants (ISO 8601).
 */
export const orderSheetRow = z.strictObject({
  orderNo: requiredText(LIMITS.orderNo),
  warehouseCode: requiredText(WAREHOUSE_LIMITS.code),
  orderType: z.enum(ORDER_TYPES).default('stock'),
  shopName: text(LIMITS.text).default(''),
  buyerName: text(LIMITS.text).default(''),
  recipientName: text(LIMITS.text).default(''),
  recipientPhone: text(32).default(''),
  recipientAddress: text(LIMITS.address).default(''),
  shipBy: z.iso.datetime({ offset: true }).nullable().default(null),
  paidAt: z.iso.datetime({ offset: true }).nullable().default(null),
  currency: z.enum(ORDER_CURRENCIES).default('CNY'),
  buyerMessage: text(LIMITS.note).default(''),
  sellerNote: text(LIMITS.note).default(''),
  logisticsChannel: text(LIMITS.text).default(''),
  trackingNo: text(LIMITS.orderNo).default(''),
  sellerSku: requiredText(CATALOG_LIMITS.code),
  quantity: orderQuantity,
  unitPrice: z.number().min(0).max(ORDER_SHEET_LIMITS.price).default(0),
});
export type OrderSheetRow = z.infer<typeof orderSheetRow>;

const timeZone = string()
  .max(64)
  .regex(/^[A-Za-z0-9_+/-]+$/, { message: 'time_zone' })
  .refine(isTimeZone, { message: 'time_zone' });

export const orderSheetTemplateQuery = z.strictObject({
  lang: string().max(16).optional(),
  _t: string().max(20).optional(),
});

/** POST /order/excel/import?…: the file is the multipart body. */
export const orderImportQuery = z.strictObject({
  /** The seller the orders are for: required of agents and administrators, ignored for sellers. */
  sellerId: z.union([z.literal(''), uuid]).optional(),
  /** How times without an offset are read (the asker's time zone); UTC when left out. */
  tz: timeZone.default('UTC'),
  /** Pass the review of the imported orders at once: they reserve their stock like approved orders. */
  passReview: z.enum(['true', 'false']).default('false'),
  lang: string().max(16).optional(),
});
export type OrderImportQuery = z.infer<typeof orderImportQuery>;

export const orderImportSummary = z.object({
  orders: z.number().int(),
  lines: z.number().int(),
  /** Orders whose review passed in the same import (reserved, or out of stock). */
  reviewed: z.number().int(),
  /** Of those, orders that could not reserve every line and wait as out of stock. */
  outOfStock: z.number().int(),
  created: z.array(z.object({ id: string(), orderNo: string(), systemNo: string(), row: z.number().int() })),
});
export type OrderImportSummary = z.infer<typeof orderImportSummary>;
