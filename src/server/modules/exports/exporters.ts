/**
 * What each export kind writes: the list's own query, read page by page with the asker's
 * scope (a seller's export holds only their rows), into one worksheet whose header is in the
 * asker's language. Times are real date cells (sortable, filterable) showing the clock of the
 * asker's time zone, sent with the export (spreadsheets have no time zones: the cell holds the
 * local wall-clock time); platforms, statuses and kinds are their labels in the asker's language,
 * never the codes. Progress is reported after each page.
 */
import ExcelJS from 'exceljs';
import type { ExportRequestParsed } from '@shared/contract/downloads.js';
import type { StockListQuery, StockRecordsQuery } from '@shared/contract/inventory.js';
import type { OrderListQuery } from '@shared/contract/orders.js';
import { majorUnits, type OrderCurrency } from '@shared/domain/order.js';
import { DOWNLOAD_LIMITS, type ExportKind } from '@shared/domain/downloads.js';
import type { Language } from '@shared/i18n/languages.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { loadWorkbook } from '../../http/sheet-read.js';
import { addSafeRow, safeCell } from '../../http/sheet-write.js';
import { translatorFor } from '../../i18n.js';
import { exportCatalog } from '../catalog/index.js';
import { listStock, listStockRecords } from '../inventory/index.js';
import { listOrders } from '../orders/index.js';

export interface ExportedFile {
  fileName: string;
  data: Buffer;
  rowCount: number;
}

/** Reports how far the export is, 0–100. */
export type ReportProgress = (percent: number) => Promise<void>;

type Cell = string | number | Date | null;

interface Column<Row> {
  /** A translation key (namespace:key) of the column's header. */
  header: string;
  value: (row: Row) => Cell;
  /** The cells' number format: the date format for times. */
  numFmt?: string;
}

/** How time cells show: the date and the time to the second, the same in every language. */
export const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * An instant as the wall-clock time of `timeZone`, for a date cell: a spreadsheet's dates have no
 * zone, so the cell holds what a clock there showed (written as UTC, which exceljs stores as is).
 */
export function localTimeCell(value: string | Date | null, timeZone: string): Date | null {
  if (value === null) return null;
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return new Date(
    Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    ),
  );
}

/** What the sheet is written for: the asker's language and time zone. */
export interface SheetReader {
  language: Language;
  timeZone: string;
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');

async function workbookOf(
  name: string,
  headers: { text: string; numFmt?: string }[],
  rows: Cell[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = headers.map((header) => ({
    header: safeCell(header.text),
    width: Math.max(header.numFmt ? 20 : 12, header.text.length + 4),
    ...(header.numFmt ? { style: { numFmt: header.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) addSafeRow(sheet, row);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

/**
 * Reads every page of a paged list (at most DOWNLOAD_LIMITS.rows rows) and writes it with its
 * columns; progress after each page.
 */
async function pagedExport<Row>(
  read: (pageNo: number) => Promise<{ records: Row[]; pages: number }>,
  columns: Column<Row>[],
  sheet: { name: string; language: Language },
  progress: ReportProgress,
): Promise<ExportedFile> {
  const t = translatorFor(sheet.language);
  const rows: Cell[][] = [];
  const lastPage = Math.ceil(DOWNLOAD_LIMITS.rows / DOWNLOAD_LIMITS.pageRows);
  for (let pageNo = 1; pageNo <= lastPage; pageNo += 1) {
    const page = await read(pageNo);
    for (const record of page.records) rows.push(columns.map((column) => column.value(record)));
    await progress(Math.min(95, Math.floor((pageNo / Math.max(1, Math.min(page.pages, lastPage))) * 95)));
    if (pageNo >= page.pages) break;
  }
  const data = await workbookOf(
    sheet.name,
    columns.map((column) => ({ text: t(column.header), numFmt: column.numFmt })),
    rows,
  );
  return { fileName: `${sheet.name}-${stamp()}.xlsx`, data, rowCount: rows.length };
}

type OrderRow = Awaited<ReturnType<typeof listOrders>>['records'][number];
type StockRow = Awaited<ReturnType<typeof listStock>>['records'][number];
type RecordRow = Awaited<ReturnType<typeof listStockRecords>>['records'][number];

const STOCK_COLUMNS: Column<StockRow>[] = [
  { header: 'inventory:stock.warehouse', value: (row) => row.warehouseCode },
  { header: 'inventory:stock.seller', value: (row) => row.sellerName },
  { header: 'inventory:stock.sku', value: (row) => row.sellerSku },
  { header: 'inventory:stock.sys_code', value: (row) => row.sysCode },
  { header: 'inventory:stock.name', value: (row) => row.productName },
  { header: 'inventory:stock.variation', value: (row) => row.variation },
  { header: 'inventory:stock.available', value: (row) => row.available },
  { header: 'inventory:stock.frozen', value: (row) => row.frozen },
  { header: 'inventory:stock.total', value: (row) => row.total },
  { header: 'inventory:stock.in_transit', value: (row) => row.inTransit },
  { header: 'inventory:stock.safety_stock', value: (row) => row.safetyStock },
];

/** An amount in minor units as the currency writes it (2 decimals; none for TWD, VND, IDR, KRW). */
const amountOf = (minor: number, currency: OrderCurrency) => majorUnits(minor, currency);

const ORDER_COLUMNS = ({ language, timeZone }: SheetReader): Column<OrderRow>[] => {
  const t = translatorFor(language);
  return [
    { header: 'system:download.order.order_no', value: (row) => row.orderNo },
    { header: 'system:download.order.system_no', value: (row) => row.systemNo },
    { header: 'system:download.order.platform', value: (row) => t(`orders:platform.${row.platform}`) },
    { header: 'system:download.order.shop', value: (row) => row.shopName },
    { header: 'inventory:stock.seller', value: (row) => row.sellerName },
    {
      header: 'system:download.order.status',
      value: (row) => t(`system:download.order_status.${row.localStatus}`),
    },
    { header: 'inventory:stock.warehouse', value: (row) => row.warehouseCode },
    { header: 'system:download.order.buyer', value: (row) => row.buyerName },
    {
      header: 'system:download.order.ordered_at',
      value: (row) => localTimeCell(row.orderedAt, timeZone),
      numFmt: TIME_FORMAT,
    },
    {
      header: 'system:download.order.ship_by',
      value: (row) => localTimeCell(row.shipBy, timeZone),
      numFmt: TIME_FORMAT,
    },
    { header: 'system:download.order.tracking_no', value: (row) => row.trackingNo },
    { header: 'system:download.order.units', value: (row) => row.units },
    { header: 'system:download.order.total', value: (row) => amountOf(row.totalAmount, row.currency) },
    { header: 'system:download.order.currency', value: (row) => row.currency },
  ];
};

const RECORD_COLUMNS = ({ language, timeZone }: SheetReader): Column<RecordRow>[] => {
  const t = translatorFor(language);
  return [
    {
      header: 'inventory:records.time',
      value: (row) => localTimeCell(row.createdAt, timeZone),
      numFmt: TIME_FORMAT,
    },
    { header: 'inventory:records.kind', value: (row) => t(`inventory:kind.${row.kind}`) },
    { header: 'inventory:stock.warehouse', value: (row) => row.warehouseCode },
    { header: 'inventory:stock.sku', value: (row) => row.sellerSku },
    { header: 'inventory:stock.sys_code', value: (row) => row.sysCode },
    { header: 'inventory:stock.name', value: (row) => row.productName },
    { header: 'inventory:stock.quantity', value: (row) => row.quantity },
    { header: 'inventory:location_stock.from', value: (row) => row.fromLocationCode },
    { header: 'inventory:location_stock.to', value: (row) => row.toLocationCode },
    { header: 'inventory:records.source_id', value: (row) => row.sourceId },
    { header: 'inventory:stock.reason', value: (row) => row.reason },
    { header: 'inventory:records.actor', value: (row) => row.actorName },
  ];
};

/** The file of one export, made with the asker's scope. */
export async function runExporter(
  tx: TenantTx,
  actor: Actor,
  request: ExportRequestParsed,
  reader: SheetReader,
  progress: ReportProgress,
): Promise<ExportedFile> {
  const { language } = reader;
  const pageSize = DOWNLOAD_LIMITS.pageRows;
  switch (request.kind) {
    case 'orders':
      return pagedExport(
        (pageNo) => listOrders(tx, actor, { ...(request.filters as OrderListQuery), pageNo, pageSize }),
        ORDER_COLUMNS(reader),
        { name: 'orders', language },
        progress,
      );
    case 'products': {
      const file = await exportCatalog(tx, actor, request.filters);
      await progress(95);
      return { ...file, rowCount: await rowsIn(file.data) };
    }
    case 'stock':
      return pagedExport(
        (pageNo) => listStock(tx, actor, { ...(request.filters as StockListQuery), pageNo, pageSize }),
        STOCK_COLUMNS,
        { name: 'stock', language },
        progress,
      );
    case 'stock_records':
      return pagedExport(
        (pageNo) =>
          listStockRecords(tx, actor, { ...(request.filters as StockRecordsQuery), pageNo, pageSize }),
        RECORD_COLUMNS(reader),
        { name: 'stock-records', language },
        progress,
      );
  }
}

/** Data rows of a written workbook (its first sheet, less the header). */
async function rowsIn(data: Buffer): Promise<number> {
  const workbook = await loadWorkbook(data);
  return Math.max(0, (workbook.worksheets[0]?.actualRowCount ?? 1) - 1);
}

/** The permission each kind needs, the same as the list it exports. */
export const EXPORT_PERMISSIONS: Record<ExportKind, string> = {
  orders: PERMISSIONS.orderList,
  products: PERMISSIONS.productList,
  stock: PERMISSIONS.stockList,
  stock_records: PERMISSIONS.stockRecords,
};
