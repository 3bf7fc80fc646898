/** The table paginator of a server-paged list: page, size and the total the server counted. */
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import type { PageParams } from '@api/client.js';

export const DEFAULT_PAGE: PageParams = { pageNo: 1, pageSize: 10 };

/** The page sizes a list offers unless it says otherwise. */
export const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export function tablePagination(
  t: TFunction,
  page: PageParams,
  total: number | undefined,
  onChange: (page: PageParams) => void,
  pageSizes: readonly number[] = PAGE_SIZES,
): TablePaginationConfig {
  return {
    current: page.pageNo,
    pageSize: page.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [...pageSizes],
    showTotal: (count) => t('system:common.total', { count }),
    onChange: (pageNo, pageSize) => onChange({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
  };
}
