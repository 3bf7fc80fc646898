/**
 * Reading an uploaded spreadsheet (exceljs), shared by every Excel import: the first sheet of
 * the workbook, its header row, and its data rows as the values the contract schemas check.
 * Each import matches the header and converts its own columns; the refusals are the same for
 * all. The reply side is sheet-reply.ts. No I/O beyond the workbook buffer.
 */
import ExcelJS from 'exceljs';
import { AppError } from '@shared/errors.js';
import { unquotedCell } from './sheet-write.js';

/** One data row of a sheet. */
export interface SheetValues<Column extends string> {
  /** As Excel numbers it: the header is row 1. */
  row: number;
  values: Partial<Record<Column, unknown>>;
}

/**
 * A cell as typed: numbers and booleans as they are, a formula as its result, else its text
 * (without the quote an export put before a formula-like start, sheet-write.ts).
 */
function cellValue(cell: ExcelJS.Cell): unknown {
  const value = cell.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'result' in value) return value.result ?? undefined;
  const shown = unquotedCell(cell.text.trim());
  return shown === '' ? undefined : shown;
}

/**
 * A workbook read from its file. ExcelJS declares a `Buffer` of its own (an ArrayBuffer) that
 * Node's Buffer does not satisfy in its types, though the library reads Node's Buffer: the one
 * cast between the two is here.
 */
export async function loadWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  return workbook;
}

/** The first sheet of the uploaded workbook; refuses a file that is not a workbook. */
export async function firstSheet(data: Buffer): Promise<ExcelJS.Worksheet> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await loadWorkbook(data);
  } catch {
    throw new AppError('import.not_a_workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('import.not_a_workbook');
  return sheet;
}

/** The texts of the header row, each through `clean`, without the empty cells after the last. */
export function headerTexts(sheet: ExcelJS.Worksheet, clean: (text: string) => string): string[] {
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((value) => clean(String(value ?? '')));
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  return header;
}

/**
 * The rows under the header that hold anything, their cells read in `columns` order and turned
 * by `columnValue` into what the schemas check (it also gets the cell, for a date cell's own
 * value). Refuses more than `maxRows` rows, and none.
 */
export function dataRows<Column extends string>(
  sheet: ExcelJS.Worksheet,
  columns: readonly Column[],
  maxRows: number,
  columnValue: (column: Column, raw: unknown, cell: ExcelJS.Cell) => unknown,
): SheetValues<Column>[] {
  if (sheet.actualRowCount - 1 > maxRows) throw new AppError('import.too_many_rows', { max: maxRows });
  const rows: SheetValues<Column>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: SheetValues<Column>['values'] = {};
    columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      const value = columnValue(column, cellValue(cell), cell);
      if (value !== undefined) values[column] = value;
    });
    if (Object.keys(values).length > 0) rows.push({ row: number, values });
  });
  if (rows.length === 0) throw new AppError('import.empty');
  return rows;
}
