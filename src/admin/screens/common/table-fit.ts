/**
 * How wide a list's table is and which of its columns stay fixed. A table is as wide as its
 * columns say (a column without a width counts as FLEXIBLE_COLUMN_WIDTH) and never narrower than
 * its container. A row's Actions (the column keyed `actions`, or one a screen fixes to the right)
 * in sight: a row wider than its container first narrows its other columns (text wraps), and
 * only a row that still does not fit scrolls sideways, its Actions fixed to the right and the
 * columns fixed to the left keeping the row's identity in view. Which columns a
 * narrow screen leaves out is each column's `responsive` breakpoints (antd's, by window width):
 * chosen by priority, never cut off by the container's edge.
 */
import type { Breakpoint, TableColumnsType } from 'antd';

/**
 * The `responsive` of a column of secondary facts (a creation time, a mode): shown on windows of
 * 1600 px and wider, left out on laptop screens (1366, 1440), where the list's essential columns
 * and its Actions take the width.
 */
export const WIDE_SCREENS_ONLY: Breakpoint[] = ['xxl'];

/** What a column without a width needs to stay readable. */
export const FLEXIBLE_COLUMN_WIDTH = 160;
/** The row selection's checkbox column, given to antd as its width (its own is wider than 32). */
export const SELECTION_COLUMN_WIDTH = 44;
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

/** True for a row's Actions column: keyed `actions`, or fixed to the right by its screen. */
function isActions<T>(column: Columns<T>[number]): boolean {
  return column.key === 'actions' || column.fixed === 'right';
}

/**
 * How far a column that is not fixed may narrow to let a row fit its container: to this share of
 * its width, never below NARROWEST_COLUMN (a header word, a date, a status tag); text then wraps
 * onto a second line. Narrower than that it would stop being readable, and the table scrolls.
 */
export const MIN_COLUMN_SCALE = 0.7;
export const NARROWEST_COLUMN = 100;

/** The narrowest a column may become: its declared width if that is already narrow. */
function floorOf(width: number): number {
  return Math.min(width, Math.max(NARROWEST_COLUMN, Math.round(width * MIN_COLUMN_SCALE)));
}

export interface FittedColumns<T> {
  columns: Columns<T>;
  /** The table's width: the container's, or more when even narrowed columns do not fit. */
  width: number;
}

/** The leaf columns that are not fixed, which may narrow. */
function flexibleLeaves<T>(columns: Columns<T>): Columns<T> {
  return columns.flatMap((column) => {
    if (column.fixed || isActions(column)) return [];
    return 'children' in column && column.children ? flexibleLeaves(column.children) : [column];
  });
}

/**
 * The columns as shown in `available` pixels, `extra` of them taken by the selection and expand
 * columns: as declared when the row fits; else each column that is not fixed gives up part of
 * what it has above its floor (floorOf), all in the same proportion, and the row's Actions are
 * fixed to the right so they stay in sight while a row that still does not fit scrolls.
 */
export function fitColumns<T>(
  columns: Columns<T>,
  available: number | undefined,
  extra = 0,
): FittedColumns<T> {
  const declared = columnsWidth(columns) + extra;
  if (available === undefined || declared <= available) return { columns, width: declared };
  const slack = flexibleLeaves(columns).reduce((sum, column) => {
    const width = widthOf(column.width);
    return sum + width - floorOf(width);
  }, 0);
  const share = slack > 0 ? Math.min(1, (declared - available) / slack) : 0;
  const narrow = (column: Columns<T>[number]): Columns<T>[number] => {
    if (isActions(column)) return { ...column, fixed: 'right' };
    if (column.fixed) return column;
    if ('children' in column && column.children) return { ...column, children: column.children.map(narrow) };
    const width = widthOf(column.width);
    return { ...column, width: Math.floor(width - (width - floorOf(width)) * share) };
  };
  const narrowed = columns.map(narrow) as Columns<T>;
  return { columns: narrowed, width: Math.max(available, columnsWidth(narrowed) + extra) };
}

/** The columns a window of these breakpoints shows (antd leaves out the others itself). */
export function shownColumns<T>(
  columns: Columns<T>,
  screens: Partial<Record<Breakpoint, boolean>>,
): Columns<T> {
  return columns.filter((column) => !column.responsive || column.responsive.some((point) => screens[point]));
}
