/** Tables fed by a query: a server-paged list (PagedTable), or a whole list answered at once (QueryTable). */
import { Grid, Table, type TableProps } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '@api/client.js';
import { tablePagination } from './paging.js';
import { useNamedRowSelection } from './row-selection.js';
import { EXPAND_COLUMN_WIDTH, fitColumns, SELECTION_COLUMN_WIDTH, shownColumns } from './table-fit.js';

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
 * A list's table as wide as the columns it shows ask, narrowed to its container where they can
 * be (table-fit.ts), scrolling sideways only beyond that, with the row's Actions fixed to the
 * right so they stay in sight. Each row's
 * selection box is named after its row (WCAG 4.1.2).
 */
function FittedTable<T extends object>({ columns = [], ...table }: Omit<TableProps<T>, 'scroll'>) {
  const holder = useRef<HTMLDivElement>(null);
  const available = useWidth(holder);
  const screens = Grid.useBreakpoint();
  const rowSelection = useNamedRowSelection(table.rowSelection, columns);
  const extra =
    (table.rowSelection ? SELECTION_COLUMN_WIDTH : 0) + (table.expandable ? EXPAND_COLUMN_WIDTH : 0);
  // A bordered table's frame takes a pixel each side of the container's width.
  const room = available === undefined ? undefined : available - 2;
  const fitted = fitColumns(shownColumns(columns, screens), room, extra);
  return (
    <div ref={holder}>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={fitted.columns}
        scroll={{ x: fitted.width }}
        {...table}
        rowSelection={rowSelection}
      />
    </div>
  );
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
