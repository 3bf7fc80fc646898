/**
 * A table's row selection whose every box is named after its row, "Select <name>" (WCAG 4.1.2:
 * antd's boxes have no name of their own). Used by the list tables (PagedTable) and by the
 * tables of dialogs and drawers that select rows; a name a screen gives a box itself wins.
 */
import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SELECTION_COLUMN_WIDTH } from './table-fit.js';

type RowSelection<T> = NonNullable<TableProps<T>['rowSelection']>;

/** What a row is called: the text of its first column that shows a field (a name, a code). */
export function rowName<T extends object>(columns: ColumnsType<T>, row: T): string {
  for (const column of columns) {
    const path = 'dataIndex' in column ? column.dataIndex : undefined;
    if (path === undefined || path === null) continue;
    const keys = (Array.isArray(path) ? path : [path]) as (string | number)[];
    let value: unknown = row;
    for (const key of keys) value = (value as Record<string | number, unknown> | null)?.[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return '';
}

/** `rowSelection` with each row's box named after the row its `columns` show, in a column of known width. */
export function useNamedRowSelection<T extends object>(
  rowSelection: RowSelection<T> | undefined,
  columns: ColumnsType<T>,
): RowSelection<T> | undefined {
  const { t } = useTranslation('system');
  if (!rowSelection) return undefined;
  return {
    columnWidth: SELECTION_COLUMN_WIDTH,
    ...rowSelection,
    getCheckboxProps: (row: T) => ({
      'aria-label': t('common.select_row', { name: rowName(columns, row) }),
      ...rowSelection.getCheckboxProps?.(row),
    }),
  };
}
