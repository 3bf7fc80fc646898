/**
 * The orders workbook (exceljs): the template (a data sheet whose header row is in the asker's
 * language, and a sheet of instructions with an example), and reading a filled file back into
 * rows. The header may be in any of the six languages, or the column keys, so a file made in
 * one language imports in another. Date cells come back as the wall clock they show; the
 * import reads it in the asker's time zone. No I/O beyond the workbook buffer.
 */
import ExcelJS from 'exceljs';
import {
  ORDER_SHEET_COLUMNS,
  ORDER_SHEET_DATE_COLUMNS,
  ORDER_SHEET_LIMITS,
  ORDER_SHEET_NUMBER_COLUMNS,
  ORDER_SHEET_REQUIRED,
  type OrderSheetColumn,
} from '@shared/contract/order-sheet.js';
import { ORDER_CURRENCIES, ORDER_LIMITS, ORDER_TYPES, type OrderType } from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import { LANGUAGES, type Language } from '@shared/i18n/languages.js';
import { serialWallClockText, wallClockText } from '../../http/sheet-dates.js';
import { dataRows, firstSheet, headerTexts, type SheetValues } from '../../http/sheet-read.js';
import { addSafeRow } from '../../http/sheet-write.js';
import { translatorFor } from '../../i18n.js';

export type OrderSheetValues = SheetValues<OrderSheetColumn>;

const HEADER_KEY = (column: OrderSheetColumn) => `order-import:column.${column}`;

const INSTRUCTION_KEYS = [
  'order-import:instruction.one_row',
  'order-import:instruction.required',
  'order-import:instruction.order_columns',
  'order-import:instruction.warehouse',
  'order-import:instruction.sku',
  'order-import:instruction.quantity_price',
  'order-import:instruction.dates',
  'order-import:instruction.order_type',
  'order-import:instruction.currency',
  'order-import:instruction.review',
  'order-import:instruction.limits',
  'order-import:instruction.all_or_nothing',
] as const;

export function headerLabels(language: Language): string[] {
  const t = translatorFor(language);
  return ORDER_SHEET_COLUMNS.map((column) => {
    const label = t(HEADER_KEY(column));
    return ORDER_SHEET_REQUIRED.includes(column) ? `${label} *` : label;
  });
}

const normalised = (value: string) =>
  value
    .trim()
    .replace(/\s*\*$/, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** Every header a column may carry: its key and its label in each language (a trailing * optional). */
function acceptedHeaders(column: OrderSheetColumn): Set<string> {
  const names = new Set([normalised(column)]);
  for (const language of LANGUAGES) names.add(normalised(translatorFor(language)(HEADER_KEY(column))));
  return names;
}

let orderTypeNames: ReadonlyMap<string, OrderType> | undefined;

/** An order type as typed: its key, or its label in any of the six languages (any case). */
export function orderTypeOf(typed: string): OrderType | null {
  orderTypeNames ??= new Map(
    ORDER_TYPES.flatMap((type) => [
      [type.toLowerCase(), type] as const,
      ...LANGUAGES.map(
        (language) => [normalised(translatorFor(language)(`order-import:order_type.${type}`)), type] as const,
      ),
    ]),
  );
  return orderTypeNames.get(normalised(typed)) ?? null;
}

/**
 * A cell as the row schema reads it: codes and texts as text (even when Excel stored a number),
 * quantity and price as numbers (also when typed as text), dates as the wall clock they show.
 */
function columnValue(column: OrderSheetColumn, raw: unknown, cell: ExcelJS.Cell): unknown {
  if (raw === undefined) return undefined;
  if (ORDER_SHEET_DATE_COLUMNS.includes(column)) {
    const own = cell.value instanceof Date ? cell.value : raw instanceof Date ? raw : null;
    if (own) return wallClockText(own);
    if (typeof raw === 'number') return serialWallClockText(raw) ?? String(raw);
    return String(raw).trim();
  }
  if (ORDER_SHEET_NUMBER_COLUMNS.includes(column)) {
    if (typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
    return raw;
  }
  return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
}

/** The data rows of the first sheet; refuses a file that is not a workbook or whose header differs. */
export async function readOrderSheet(data: Buffer, language: Language): Promise<OrderSheetValues[]> {
  const sheet = await firstSheet(data);
  const header = headerTexts(sheet, normalised);
  const matches =
    header.length === ORDER_SHEET_COLUMNS.length &&
    ORDER_SHEET_COLUMNS.every((column, index) => acceptedHeaders(column).has(header[index] ?? ''));
  if (!matches) throw new AppError('import.wrong_columns', { expected: headerLabels(language).join(', ') });
  return dataRows(sheet, ORDER_SHEET_COLUMNS, ORDER_SHEET_LIMITS.rows, columnValue);
}

const WIDTHS: Partial<Record<OrderSheetColumn, number>> = {
  orderNo: 22,
  recipientAddress: 40,
  buyerMessage: 28,
  sellerNote: 28,
  shipBy: 18,
  paidAt: 18,
  sellerSku: 22,
};
const TEXT_COLUMNS: readonly OrderSheetColumn[] = [
  'orderNo',
  'warehouseCode',
  'recipientPhone',
  'trackingNo',
  'sellerSku',
];

/** The template: the header row in `language`, formatted columns, and the instructions with an example. */
export async function writeOrderTemplate(language: Language): Promise<Buffer> {
  const t = translatorFor(language);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('order-import:sheet_orders').slice(0, 31));
  const labels = headerLabels(language);
  sheet.columns = ORDER_SHEET_COLUMNS.map((column, index) => ({
    header: labels[index],
    key: column,
    width: Math.max(WIDTHS[column] ?? 14, (labels[index]?.length ?? 0) + 4),
    style: TEXT_COLUMNS.includes(column)
      ? { numFmt: '@' }
      : ORDER_SHEET_DATE_COLUMNS.includes(column)
        ? { numFmt: 'yyyy-mm-dd hh:mm' }
        : column === 'quantity'
          ? { numFmt: '0' }
          : column === 'unitPrice'
            ? { numFmt: '0.00' }
            : {},
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const params = {
    rows: ORDER_SHEET_LIMITS.rows,
    lines: ORDER_LIMITS.lines,
    max: ORDER_LIMITS.quantity,
    types: ORDER_TYPES.map((type) => `${type} (${t(`order-import:order_type.${type}`)})`).join(', '),
    currencies: ORDER_CURRENCIES.join(', '),
  };
  sheet.getCell(1, ORDER_SHEET_COLUMNS.indexOf('orderNo') + 1).note = t(
    'order-import:instruction.order_columns',
  );
  sheet.getCell(1, ORDER_SHEET_COLUMNS.indexOf('warehouseCode') + 1).note = t(
    'order-import:instruction.warehouse',
  );
  sheet.getCell(1, ORDER_SHEET_COLUMNS.indexOf('sellerSku') + 1).note = t('order-import:instruction.sku');
  sheet.getCell(1, ORDER_SHEET_COLUMNS.indexOf('shipBy') + 1).note = t('order-import:instruction.dates');
  sheet.getCell(1, ORDER_SHEET_COLUMNS.indexOf('orderType') + 1).note = t(
    'order-import:instruction.order_type',
    params,
  );

  const help = workbook.addWorksheet(t('order-import:sheet_instructions').slice(0, 31));
  help.columns = ORDER_SHEET_COLUMNS.map((column) => ({ width: WIDTHS[column] ?? 14 }));
  addSafeRow(help, [t('order-import:instructions_title')]).font = { bold: true, size: 13 };
  INSTRUCTION_KEYS.forEach((key, index) => addSafeRow(help, [`${index + 1}. ${t(key, params)}`]));
  addSafeRow(help, []);
  addSafeRow(help, [t('order-import:example')]).font = { bold: true };
  addSafeRow(help, labels).font = { bold: true };
  const example = (values: Partial<Record<OrderSheetColumn, string | number>>) =>
    addSafeRow(
      help,
      ORDER_SHEET_COLUMNS.map((column) => values[column] ?? null),
    );
  example({
    orderNo: 'SO-1001',
    warehouseCode: 'DG01',
    orderType: 'stock',
    buyerName: 'Somchai P.',
    recipientName: 'Somchai P.',
    recipientPhone: '0812345678',
    recipientAddress: '12 Sukhumvit Soi 11, Bangkok 10110',
    shipBy: '2025-06-05 18:00',
    paidAt: '2025-06-03 09:30',
    currency: 'THB',
    sellerSku: 'EB-BLACK',
    quantity: 2,
    unitPrice: 299,
  });
  example({ orderNo: 'SO-1001', sellerSku: 'EB-WHITE', quantity: 1, unitPrice: 199.5 });
  example({
    orderNo: 'SO-1002',
    warehouseCode: 'DG01',
    recipientName: 'Chen Wei',
    recipientPhone: '13800001234',
    recipientAddress: '88 Songshan Lake Avenue, Dongguan',
    currency: 'CNY',
    sellerNote: t('order-import:example_note'),
    sellerSku: 'EB-BLACK',
    quantity: 1,
    unitPrice: 159,
  });
  const written = await workbook.xlsx.writeBuffer();
  return Buffer.from(written as ArrayBuffer);
}
