/** Tables fed by a query: a server-paged list (PagedTable), or a whole list answered at once (QueryTable). */
import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '@api/client.js';
import { tablePagination } from './paging.js';
import { columnsWidth, EXPAND_COLUMN_WIDTH, fitColumns, SELECTION_COLUMN_WIDTH } from './table-fit.js';

/** What a paged list query answers: the page's records and the total the server counted. */
export interface PagedQuery<T> {
  data?: { records: T[]; total: number };
  isFetching: boolean;
}

/** The table's own props: its width and the scrolling it needs come from its columns. */
type ListTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'scroll'>;

export function PagedTable<T extends object>({
  query,
  page,
  onPageChange,
  pageSizes,
  ...table
}: ListTableProps<T> & {
  query: PagedQuery<T>;
  page: PageParams;
  onPageChange: (page: PageParams) => void;
  /** The page sizes offered (PAGE_SIZES unless a screen needs larger pages). */
  pageSizes?: readonly number[];
}) {
  const { t } = useTranslation('system');
  return (
    <FittedTable<T>
      dataSource={query.data?.records}
      loading={query.isFetching}
      pagination={tablePagination(t, page, query.data?.total, onPageChange, pageSizes)}
      {...table}
    />
  );
}

/** The table of a list the server answers whole: the rows and loading state of its query. */
export function QueryTable<T extends object>({
  query,
  ...table
}: ListTableProps<T> &
  Pick<TableProps<T>, 'pagination'> & {
    query: { data?: readonly T[]; isFetching: boolean };
  }) {
  return <FittedTable<T> dataSource={query.data} loading={query.isFetching} {...table} />;
}

/**
 * A list's table as wide as its columns ask (scrolling sideways when its container is
 * narrower), whose right-fixed columns never lie over the data. Each row's selection box is
 * named after its row (WCAG 4.1.2).
 */
function FittedTable<T extends object>({ columns = [], ...table }: Omit<TableProps<T>, 'scroll'>) {
  const { t } = useTranslation('system');
  const holder = useRef<HTMLDivElement>(null);
  const available = useWidth(holder);
  const rowSelection = table.rowSelection && {
    ...table.rowSelection,
    getCheckboxProps: (row: T) => ({
      'aria-label': t('common.select_row', { name: rowName(columns, row) }),
      ...table.rowSelection?.getCheckboxProps?.(row),
    }),
  };
  const width =
    columnsWidth(columns) +
    (table.rowSelection ? SELECTION_COLUMN_WIDTH : 0) +
    (table.expandable ? EXPAND_COLUMN_WIDTH : 0);
  const overflows = available !== undefined && width > available;
  return (
    <div ref={holder}>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={fitColumns(columns, overflows)}
        scroll={{ x: width }}
        {...table}
        rowSelection={rowSelection}
      />
    </div>
  );
}

/** What a row is called: the text of its first column that shows a field (a name, a code). */
function rowName<T extends object>(columns: ColumnsType<T>, row: T): string {
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

/** The element's content width, followed as the window or the side menu changes it. */
function useWidth(element: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    setWidth(node.clientWidth || undefined);
    const observer = new ResizeObserver(() => setWidth(node.clientWidth || undefined));
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
