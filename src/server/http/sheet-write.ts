/**
 * Writing spreadsheets, shared by every workbook the server makes (the exports, the catalogue
 * sheet, the import templates): a text cell that starts like a formula or a command (`=`, `+`,
 * `-`, `@`, tab, carriage return, or the full-width ＝ ＋ － ＠ that spreadsheets also take for
 * them) is written with a single quote before it, as OWASP's CSV-injection guidance says, so a
 * buyer name such as `=HYPERLINK(…)` stays text in whatever program opens the file or the CSV
 * made from it. Numbers, dates and booleans are written as they are. Reading an uploaded sheet
 * (sheet-read.ts) takes the quote off again, so an exported file imports back unchanged.
 */
import type ExcelJS from 'exceljs';

/** What a spreadsheet would read as the start of a formula or a command. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export type SheetCellValue = string | number | boolean | Date | null | undefined;

/** The cell as it is safe to write: text that starts like a formula gets a leading quote. */
export function safeCell<Value extends SheetCellValue>(value: Value): Value | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Adds a row of cells to the sheet, each through safeCell; answers the row (to style it). */
export function addSafeRow(sheet: ExcelJS.Worksheet, values: readonly SheetCellValue[]): ExcelJS.Row {
  return sheet.addRow(values.map((value) => safeCell(value)));
}

/** Text read from a sheet without the quote safeCell put before a formula-like start. */
export function unquotedCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
