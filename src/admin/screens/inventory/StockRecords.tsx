/**
 * Receipt and issue records: every stock movement of the last 90 days,
 * server-paged, filtered by warehouse, SKU batch search, kind, direction, source document and
 * date; the date picker offers nothing older than 90 days.
 */
import { Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  batchValues,
  fetchStockRecords,
  useInventoryQuery,
  type RecordsFilter,
} from '@api/modules/inventory.js';
import type { StockRecord } from '@shared/contract/inventory.js';
import { MOVEMENT_KINDS, RECORDS_WINDOW_DAYS, type MovementKind } from '@shared/domain/stock.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { DateRangePicker } from '../common/DateRangePicker.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState } from '../common/screen-state.js';
import { ExportTaskButton } from '../common/ExportTaskButton.js';
import { SearchBar } from '../common/SearchBar.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { isSellerSide, SellerSelect, WarehouseSelect } from './shared.js';

interface Filter {
  warehouseId?: string;
  skuSearch?: string;
  kind?: MovementKind;
  direction?: 'in' | 'out';
  sourceId?: string;
  sellerId?: string;
  dates?: [Dayjs | null, Dayjs | null];
}

const INITIAL = { ...DEFAULT_PAGE, filter: {} as Filter };

function delta(value: number) {
  if (value === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Typography.Text type={value > 0 ? 'success' : 'danger'}>
      {value > 0 ? `+${value}` : value}
    </Typography.Text>
  );
}

export function StockRecords() {
  const { t } = useTranslation('inventory');
  const me = useSessionUser();
  const [state, setState, search] = useListState('inventory/StockRecords', INITIAL);
  const { dates, skuSearch, ...rest } = state.filter;
  const params: RecordsFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...rest,
    skuSearch: batchValues(skuSearch),
    from: dates?.[0]?.startOf('day').toISOString(),
    to: dates?.[1]?.endOf('day').toISOString(),
  };
  const records = useInventoryQuery('records', params, fetchStockRecords, { keepPrevious: true });
  const earliest = dayjs().subtract(RECORDS_WINDOW_DAYS, 'day').startOf('day');

  const columns: ColumnsType<StockRecord> = [
    { title: t('records.time'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: t('records.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (kind: MovementKind) => <Tag>{t(`kind.${kind}`)}</Tag>,
    },
    { title: t('stock.warehouse'), dataIndex: 'warehouseCode', width: 100 },
    { title: t('stock.sku'), dataIndex: 'sellerSku', width: 140 },
    { title: t('stock.name'), dataIndex: 'productName', width: 170, ellipsis: true },
    { title: t('stock.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    { title: t('stock.available'), dataIndex: 'availableDelta', width: 80, align: 'right', render: delta },
    { title: t('stock.frozen'), dataIndex: 'frozenDelta', width: 80, align: 'right', render: delta },
    {
      title: t('stock.in_transit'),
      dataIndex: 'inTransitDelta',
      responsive: WIDE_SCREENS_ONLY,
      width: 80,
      align: 'right',
      render: delta,
    },
    {
      title: t('records.locations'),
      key: 'locations',
      width: 150,
      render: (_value, row) =>
        [row.fromLocationCode, row.toLocationCode].filter((code) => code !== null).join(' → ') || '-',
    },
    {
      title: t('records.source'),
      key: 'source',
      width: 150,
      render: (_value, row) =>
        row.sourceType === 'manual' ? t('records.manual') : `${row.sourceType} ${row.sourceId ?? ''}`.trim(),
    },
    { title: t('stock.reason'), dataIndex: 'reason', ellipsis: true, render: (text: string) => text || '-' },
    {
      title: t('records.actor'),
      dataIndex: 'actorName',
      responsive: WIDE_SCREENS_ONLY,
      width: 110,
      render: (name: string | null) => name ?? '-',
    },
  ];

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="warehouseId" label={t('stock.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="skuSearch" label={t('stock.sku')} tooltip={t('common.batch_hint')}>
          <Input allowClear placeholder={t('common.batch_placeholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="kind" label={t('records.kind')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('common.all')}
            options={MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="direction" label={t('records.direction')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('common.all')}
            options={[
              { value: 'in', label: t('records.direction_in') },
              { value: 'out', label: t('records.direction_out') },
            ]}
          />
        </Form.Item>
        <Form.Item name="sourceId" label={t('records.source_id')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        {!isSellerSide(me?.userRole) && (
          <Form.Item name="sellerId" label={t('stock.seller')}>
            <SellerSelect />
          </Form.Item>
        )}
        <Form.Item name="dates" label={t('records.date')}>
          <DateRangePicker earliest={earliest} />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 16 }} wrap align="center">
        <ExportTaskButton
          request={{
            kind: 'stock_records',
            filters: { ...rest, skuSearch: batchValues(skuSearch), from: params.from, to: params.to },
          }}
        />
        <Typography.Text type="secondary">
          {t('records.window_hint', { days: RECORDS_WINDOW_DAYS })}
        </Typography.Text>
      </Space>
      <PagedTable<StockRecord> columns={columns} query={records} page={state} onPageChange={setState} />
    </>
  );
}
