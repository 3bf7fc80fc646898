/**
 * How wide a list's table is and which of its columns may stay fixed. A table is as wide as its
 * columns say (a column without a width counts as FLEXIBLE_COLUMN_WIDTH) and never narrower than
 * its container. A column fixed to the right lies over the data to its left whenever the table
 * is wider than its container, so it stays fixed only while the whole row fits; columns fixed to
 * the left cover nothing until the reader scrolls, and keep the row's identity in view then.
 */
import type { TableColumnsType } from 'antd';

/** What a column without a width needs to stay readable. */
export const FLEXIBLE_COLUMN_WIDTH = 160;
/** antd's row selection checkbox column. */
export const SELECTION_COLUMN_WIDTH = 32;
/** antd's expand icon column. */
export const EXPAND_COLUMN_WIDTH = 48;

type Columns<T> = TableColumnsType<T>;

function widthOf(width: string | number | undefined): number {
  if (typeof width === 'number') return width;
  const pixels = typeof width === 'string' ? /^(\d+)(px)?$/.exec(width.trim()) : null;
  return pixels ? Number(pixels[1]) : FLEXIBLE_COLUMN_WIDTH;
}

/** The width the columns ask for together; a group counts its children. */
export function columnsWidth<T>(columns: Columns<T>): number {
  return columns.reduce(
    (sum, column) =>
      sum + ('children' in column && column.children ? columnsWidth(column.children) : widthOf(column.width)),
    0,
  );
}

/** The columns as shown: right-fixed ones let go when the row does not fit its container. */
export function fitColumns<T>(columns: Columns<T>, overflows: boolean): Columns<T> {
  if (!overflows) return columns;
  return columns.map((column) => {
    const children = 'children' in column && column.children ? fitColumns(column.children, true) : undefined;
    const fixed = column.fixed === 'right' ? undefined : column.fixed;
    return children ? { ...column, fixed, children } : { ...column, fixed };
  }) as Columns<T>;
}
