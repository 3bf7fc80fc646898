/**
 * The table the printed lists share (packing list, pick list): columns side by side from the
 * left margin, rows measured before they are cut into pages, headings over a rule, and each
 * row's cells with the numbers' column set to the right. Pure layout.
 */
import type { Language } from '@shared/i18n/languages.js';
import { MM } from './label-document.js';
import { drawFitted, fitText, writeFitted, type FitBox, type FittedText } from './text-fit.js';

/** Text fitted to a box not placed yet: its lines, size and height. */
export type Measure = (text: string, box: Omit<FitBox, 'x' | 'y'>) => FittedText;

/** Measures in the document's fonts, so a row's height is known before the page is chosen. */
export function measurer(doc: PDFKit.PDFDocument, language: Language): Measure {
  return (text, box) => fitText(doc, text, language, { ...box, x: 0, y: 0 });
}

export interface ColumnBox {
  x: number;
  width: number;
}

/** Columns laid side by side from `left`, widths in millimetres, their text kept `inset` inside each edge. */
export function columnBoxes<Column extends string>(
  widthsMm: Record<Column, number>,
  left: number,
  inset: number,
): Record<Column, ColumnBox> {
  let x = left;
  const boxes = {} as Record<Column, ColumnBox>;
  for (const column of Object.keys(widthsMm) as Column[]) {
    boxes[column] = { x: x + inset, width: widthsMm[column] * MM - 2 * inset };
    x += widthsMm[column] * MM;
  }
  return boxes;
}

/**
 * Rows cut into pages: the first page holds `firstRoom` points of rows, the others `room`. A row
 * that keeps with the next (a heading) moves to a new page rather than end one alone.
 */
export function paginate<Row extends { height: number }>(
  rows: readonly Row[],
  firstRoom: number,
  room: number,
  keepsWithNext: (row: Row) => boolean = () => false,
): Row[][] {
  const pages: Row[][] = [[]];
  let left = firstRoom;
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    const needed = keepsWithNext(row) && next ? row.height + next.height : row.height;
    const page = pages[pages.length - 1] ?? [];
    if (needed > left && page.length > 0) {
      pages.push([row]);
      left = room - row.height;
    } else {
      page.push(row);
      left -= row.height;
    }
  });
  return pages;
}

/** Where a table is drawn: its document, its columns, the margins its rules run between. */
export interface TableLayout<Column extends string> {
  doc: PDFKit.PDFDocument;
  language: Language;
  boxes: Record<Column, ColumnBox>;
  left: number;
  right: number;
  /** The column of numbers, set to the right; every other column is set to the left. */
  numeric: Column;
  /** Space above and below a row's text. */
  rowPad: number;
}

/** A rule across the table at `y`. */
export function drawRule(table: TableLayout<string>, y: number, lineWidth: number): void {
  table.doc.lineWidth(lineWidth).moveTo(table.left, y).lineTo(table.right, y).stroke();
}

/** The columns' headings, one line each, and the rule under them; answers the y below it. */
export function drawHeadings<Column extends string>(
  table: TableLayout<Column>,
  headings: Record<Column, string>,
  y: number,
  style: { top: number; height: number; size: number; lineWidth: number },
): number {
  for (const column of Object.keys(table.boxes) as Column[])
    writeFitted(table.doc, headings[column], table.language, {
      ...table.boxes[column],
      y: y + style.top,
      height: style.height,
      size: style.size,
      minSize: 6,
      maxLines: 1,
      align: column === table.numeric ? 'right' : 'left',
    });
  drawRule(table, y + style.height, style.lineWidth);
  return y + style.height;
}

/** A row's measured cells at `y`, each in its column, the row `height` tall. */
export function drawCells<Column extends string>(
  table: TableLayout<Column>,
  cells: readonly (readonly [Column, FittedText])[],
  y: number,
  height: number,
): void {
  for (const [column, fitted] of cells)
    drawFitted(table.doc, fitted, {
      ...table.boxes[column],
      y: y + table.rowPad,
      height,
      size: fitted.size,
      align: column === table.numeric ? 'right' : 'left',
    });
}

/**
 * A row of a list grouped by location, with the rule under it: the location's code is printed on
 * the group's first row only (and on a page's first row, so every page names it), so a
 * location's rows read as one group.
 */
export function drawGroupedRow<Column extends string>(
  table: TableLayout<Column>,
  row: { cells: Record<Column, FittedText>; isSameLocation?: boolean; height: number },
  y: number,
  isFirstOnPage: boolean,
): void {
  const cells = (Object.entries(row.cells) as [Column, FittedText][]).filter(
    ([column]) => column !== 'location' || !row.isSameLocation || isFirstOnPage,
  );
  drawCells(table, cells, y, row.height);
  drawRule(table, y + row.height, 0.4);
}
