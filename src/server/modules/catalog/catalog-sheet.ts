/**
 * Reading and writing the catalogue spreadsheet (exceljs): cells to the values the contract
 * schemas check, and rows back to cells. No I/O beyond the workbook buffer.
 */
import ExcelJS from 'exceljs';
import {
  EXPORT_ONLY_COLUMNS,
  LIST_COLUMNS,
  NUMBER_COLUMNS,
  SHEET_LIMITS,
  TEMPLATE_COLUMNS,
  type SheetColumn,
} from '@shared/contract/catalog-excel.js';
import { AppError } from '@shared/errors.js';
import { dataRows, firstSheet, headerTexts, type SheetValues } from '../../http/sheet-read.js';
import { addSafeRow } from '../../http/sheet-write.js';

export const SHEET_NAME = 'products';

export type SheetRow = SheetValues<SheetColumn>;

function columnValue(column: SheetColumn, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (LIST_COLUMNS.includes(column))
    return String(raw)
      .split(/[,，\s]+/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
  if (NUMBER_COLUMNS.includes(column) && typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw))
    return Number(raw);
  if (!NUMBER_COLUMNS.includes(column) && typeof raw === 'number') return String(raw);
  return raw;
}

/** The rows of the first sheet; refuses a file that is not a workbook or whose headers differ. */
export async function readCatalogSheet(data: Buffer): Promise<SheetRow[]> {
  const sheet = await firstSheet(data);
  const header = headerTexts(sheet, (text) => text.trim());
  const expected: string[] = [...TEMPLATE_COLUMNS];
  const withExportColumns = [...expected, ...EXPORT_ONLY_COLUMNS];
  const matches = (columns: string[]) =>
    header.length === columns.length && columns.every((name, index) => header[index] === name);
  if (!matches(expected) && !matches(withExportColumns))
    throw new AppError('import.wrong_columns', { expected: expected.join(', ') });
  return dataRows(sheet, TEMPLATE_COLUMNS, SHEET_LIMITS.rows, columnValue);
}

export type SheetCell = string | number | null;

/** A workbook with the template's header (plus the export-only columns when asked) and rows. */
export async function writeCatalogSheet(rows: SheetCell[][], withExportColumns: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  const columns: string[] = [...TEMPLATE_COLUMNS, ...(withExportColumns ? EXPORT_ONLY_COLUMNS : [])];
  sheet.columns = columns.map((name) => ({ header: name, key: name, width: Math.max(12, name.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) addSafeRow(sheet, row);
  const written = await workbook.xlsx.writeBuffer();
  return Buffer.from(written as ArrayBuffer);
}
