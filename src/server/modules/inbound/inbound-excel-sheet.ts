/**
 * The box list workbook (exceljs): the template (a data sheet whose header row is in the
 * caller's language, and a sheet of instructions), and reading a filled file back into rows.
 * The header may be in any of the six languages, or the column keys, so a file made in one
 * language imports in another. No I/O beyond the workbook buffer.
 */
import ExcelJS from 'exceljs';
import { BOX_SHEET_COLUMNS, BOX_SHEET_LIMITS, type BoxSheetColumn } from '@shared/contract/inbound.js';
import { INBOUND_LIMITS } from '@shared/domain/inbound.js';
import { AppError } from '@shared/errors.js';
import { LANGUAGES, type Language } from '@shared/i18n/languages.js';
import { dataRows, firstSheet, headerTexts, type SheetValues } from '../../http/sheet-read.js';
import { addSafeRow } from '../../http/sheet-write.js';
import { translatorFor } from '../../i18n.js';

export type BoxSheetValues = SheetValues<BoxSheetColumn>;

const HEADER_KEYS: Record<BoxSheetColumn, string> = {
  boxNo: 'inbound:excel.column.box_no',
  sku: 'inbound:excel.column.sku',
  shipQuantity: 'inbound:excel.column.ship_quantity',
};

const INSTRUCTION_KEYS = [
  'inbound:excel.instruction.one_row',
  'inbound:excel.instruction.box_no',
  'inbound:excel.instruction.sku',
  'inbound:excel.instruction.quantity',
  'inbound:excel.instruction.limits',
  'inbound:excel.instruction.all_or_nothing',
] as const;

export function headerLabels(language: Language): string[] {
  const t = translatorFor(language);
  return BOX_SHEET_COLUMNS.map((column) => t(HEADER_KEYS[column]));
}

const normalised = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');

/** Every header a column may carry: its key and its label in each language. */
function acceptedHeaders(column: BoxSheetColumn): Set<string> {
  const names = new Set([normalised(column)]);
  for (const language of LANGUAGES) names.add(normalised(translatorFor(language)(HEADER_KEYS[column])));
  return names;
}

/** Codes are text even when Excel stored them as numbers; a quantity typed as text is a number. */
function columnValue(column: BoxSheetColumn, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (column === 'shipQuantity') {
    if (typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
    return raw;
  }
  return typeof raw === 'number' ? String(raw) : raw;
}

/** The data rows of the first sheet; refuses a file that is not a workbook or whose header differs. */
export async function readBoxSheet(data: Buffer, language: Language): Promise<BoxSheetValues[]> {
  const sheet = await firstSheet(data);
  const header = headerTexts(sheet, normalised);
  const matches =
    header.length === BOX_SHEET_COLUMNS.length &&
    BOX_SHEET_COLUMNS.every((column, index) => acceptedHeaders(column).has(header[index] ?? ''));
  if (!matches) throw new AppError('import.wrong_columns', { expected: headerLabels(language).join(', ') });
  return dataRows(sheet, BOX_SHEET_COLUMNS, BOX_SHEET_LIMITS.rows, columnValue);
}

/** The template: the header row in `language`, text-formatted code columns, and the instructions. */
export async function writeBoxTemplate(language: Language): Promise<Buffer> {
  const t = translatorFor(language);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('inbound:excel.sheet_boxes').slice(0, 31));
  const labels = headerLabels(language);
  sheet.columns = [
    { header: labels[0], key: 'boxNo', width: 20, style: { numFmt: '@' } },
    { header: labels[1], key: 'sku', width: 28, style: { numFmt: '@' } },
    { header: labels[2], key: 'shipQuantity', width: 16, style: { numFmt: '0' } },
  ];
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.getCell('A1').note = t('inbound:excel.instruction.box_no');
  sheet.getCell('B1').note = t('inbound:excel.instruction.sku');
  sheet.getCell('C1').note = t('inbound:excel.instruction.quantity', { max: INBOUND_LIMITS.quantity });

  const help = workbook.addWorksheet(t('inbound:excel.sheet_instructions').slice(0, 31));
  // Instructions overflow across the empty cells beside them; the example uses the three columns.
  help.columns = [{ width: 20 }, { width: 28 }, { width: 16 }];
  addSafeRow(help, [t('inbound:excel.instructions_title')]).font = { bold: true, size: 13 };
  const params = {
    max: INBOUND_LIMITS.quantity,
    boxes: INBOUND_LIMITS.boxes,
    lines: INBOUND_LIMITS.linesPerBox,
    rows: BOX_SHEET_LIMITS.rows,
    length: INBOUND_LIMITS.boxNo,
  };
  INSTRUCTION_KEYS.forEach((key, index) => addSafeRow(help, [`${index + 1}. ${t(key, params)}`]));
  addSafeRow(help, []);
  addSafeRow(help, [t('inbound:excel.example')]).font = { bold: true };
  addSafeRow(help, labels).font = { bold: true };
  addSafeRow(help, ['BOX-1', 'SKU-RED-M', 20]);
  addSafeRow(help, ['BOX-1', '6901234567892', 10]);
  addSafeRow(help, ['BOX-2', 'SKU-RED-M', 30]);
  const written = await workbook.xlsx.writeBuffer();
  return Buffer.from(written as ArrayBuffer);
}
