/** Tables fed by a query: a server-paged list (PagedTable), or a whole list answered at once (QueryTable). */
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '../../../api/client.js';
import { tablePagination } from './paging.js';

/** What a paged list query answers: the page's records and the total the server counted. */
export interface PagedQuery<T> {
  data?: { records: T[]; total: number };
  isFetching: boolean;
}

export function PagedTable<T extends object>({
  query,
  page,
  onPageChange,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  query: PagedQuery<T>;
  page: PageParams;
  onPageChange: (page: PageParams) => void;
}) {
  const { t } = useTranslation('system');
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      dataSource={query.data?.records}
      loading={query.isFetching}
      pagination={tablePagination(t, page, query.data?.total, onPageChange)}
      {...table}
    />
  );
}

/** The table of a list the server answers whole: the rows and loading state of its query. */
export function QueryTable<T extends object>({
  query,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'loading'> & { query: { data?: readonly T[]; isFetching: boolean } }) {
  return <Table<T> rowKey="id" size="middle" dataSource={query.data} loading={query.isFetching} {...table} />;
}
