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
} from '../../../shared/contract/catalog-excel.js';
import { AppError } from '../../../shared/errors.js';

export const SHEET_NAME = 'products';

export interface SheetRow {
  /** As Excel numbers it: the header is row 1. */
  row: number;
  values: Partial<Record<SheetColumn, unknown>>;
}

function cellValue(cell: ExcelJS.Cell): unknown {
  const value = cell.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'result' in value) return value.result ?? undefined;
  const shown = cell.text.trim();
  return shown === '' ? undefined : shown;
}

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
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('import.not_a_workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('import.not_a_workbook');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? '').trim());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const expected: string[] = [...TEMPLATE_COLUMNS];
  const withExportColumns = [...expected, ...EXPORT_ONLY_COLUMNS];
  const matches = (columns: string[]) =>
    header.length === columns.length && columns.every((name, index) => header[index] === name);
  if (!matches(expected) && !matches(withExportColumns))
    throw new AppError('import.wrong_columns', { expected: expected.join(', ') });
  if (sheet.actualRowCount - 1 > SHEET_LIMITS.rows)
    throw new AppError('import.too_many_rows', { max: SHEET_LIMITS.rows });
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: SheetRow['values'] = {};
    TEMPLATE_COLUMNS.forEach((column, index) => {
      const value = columnValue(column, cellValue(row.getCell(index + 1)));
      if (value !== undefined) values[column] = value;
    });
    if (Object.keys(values).length > 0) rows.push({ row: number, values });
  });
  if (rows.length === 0) throw new AppError('import.empty');
  return rows;
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
  for (const row of rows) sheet.addRow(row);
  const written = await workbook.xlsx.writeBuffer();
  return Buffer.from(written as ArrayBuffer);
}
