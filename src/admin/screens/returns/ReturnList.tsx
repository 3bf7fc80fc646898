/**
 * Returns and refused receipts (spec 02 §3 'Return or refused-receipt record', §4 'Return
 * processing'): the parcels taken in on the PDA, by status tab (returned unprocessed, processed,
 * return failed), filtered by warehouse, an order number / system id / tracking number, the date
 * received and unmatched only; each with its return and original tracking numbers, order,
 * postage, weight and units re-shelved or destroyed. The detail shows the order's lines and
 * each inspected item with what became of it, who and when. A return that matched no order is
 * matched here by hand to an order of its warehouse (warehouse people only).
 */
import { Alert, Checkbox, Descriptions, Drawer, Form, Input, Modal, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatchReturn, useReturn, useReturns } from '@api/modules/returns.js';
import type { ReturnItemView, ReturnRow } from '@shared/contract/returns.js';
import { RETURN_LIMITS, RETURN_STATUSES, type ReturnStatus } from '@shared/domain/returns.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { DateRangePicker } from '../common/DateRangePicker.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { RowActions } from '../common/RowActions.js';
import { maxLength } from '../common/rules.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { WarehouseSelect } from '../inventory/shared.js';

interface Filter {
  warehouseId?: string;
  search?: string;
  unmatched?: boolean;
  dates?: [Dayjs | null, Dayjs | null];
}

interface ListState {
  pageNo: number;
  pageSize: number;
  status: ReturnStatus | 'all';
  filter: Filter;
}

const INITIAL: ListState = { ...DEFAULT_PAGE, status: 'all', filter: {} };
const STATUS_COLOURS: Record<ReturnStatus, string> = {
  returned_unprocessed: 'warning',
  returned_processed: 'success',
  return_failed: 'error',
};

const money = (cents: number) => (cents / 100).toFixed(2);

function MatchModal({ row, onClose }: { row: ReturnRow | null; onClose: () => void }) {
  const { t } = useTranslation('returns');
  const [form] = Form.useForm<{ orderNo: string }>();
  const match = useMatchReturn();
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) => match.mutateAsync({ id: row?.id ?? '', orderNo: values.orderNo.trim() }),
    onClose,
  );
  return (
    <Modal
      open={row !== null}
      title={t('match.title', { trackingNo: row?.returnTrackingNo ?? '' })}
      okText={t('match.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={() => {
        clearFailure();
        onClose();
      }}
      destroyOnHidden
    >
      <p>{t('match.hint')}</p>
      <FormFailure text={failure} />
      <Form form={form} name="return-match" layout="vertical" preserve={false}>
        <Form.Item
          name="orderNo"
          label={t('match.order')}
          rules={[
            { required: true, whitespace: true, message: t('match.order_required') },
            maxLength(t, RETURN_LIMITS.trackingNo),
          ]}
        >
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ReturnDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('returns');
  const detail = useReturn(id);
  const data = detail.data;
  const itemColumns: ColumnsType<ReturnItemView> = [
    { title: t('list.sku'), dataIndex: 'sellerSku', render: (sku: string) => sku || '-' },
    { title: t('list.name'), dataIndex: 'skuName', ellipsis: true, render: (name: string) => name || '-' },
    { title: t('list.quantity'), dataIndex: 'quantity', align: 'right', width: 70 },
    {
      title: t('item.condition'),
      dataIndex: 'condition',
      render: (value: string) => t(`condition.${value}`),
    },
    {
      title: t('item.outcome'),
      key: 'outcome',
      render: (_value, item) =>
        item.outcome === 'reshelved'
          ? t('item.reshelved_at', { location: item.locationCode })
          : t('outcome.destroyed'),
    },
    { title: t('item.by'), dataIndex: 'inspectedByName' },
    { title: t('item.at'), dataIndex: 'inspectedAt', render: formatDateTime },
  ];
  return (
    <Drawer open={id !== null} onClose={onClose} width={820} title={t('detail.title')} destroyOnHidden>
      {data && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('list.return_tracking')}>{data.returnTrackingNo}</Descriptions.Item>
            <Descriptions.Item label={t('list.original_tracking')}>
              {data.originalTrackingNo || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.status')}>
              <Tag color={STATUS_COLOURS[data.status]}>{t(`status.${data.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('list.kind')}>{t(`kind.${data.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('list.order')}>
              {data.orderNo || t('list.unmatched')}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.warehouse')}>{data.warehouseCode}</Descriptions.Item>
            <Descriptions.Item label={t('list.postage')}>{money(data.postageCents)}</Descriptions.Item>
            <Descriptions.Item label={t('list.weight')}>{data.weightGrams}</Descriptions.Item>
            <Descriptions.Item label={t('list.received_by')}>{data.receivedByName}</Descriptions.Item>
            <Descriptions.Item label={t('list.received_at')}>
              {formatDateTime(data.receivedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.finished_by')}>
              {data.finishedByName || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.finished_at')}>
              {formatDateTime(data.finishedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.note')} span={2}>
              {data.note || '-'}
            </Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('detail.lines')}</h4>
          <Table
            rowKey="skuId"
            size="small"
            pagination={false}
            dataSource={data.lines}
            locale={{ emptyText: t('detail.no_lines') }}
            columns={[
              { title: t('list.sku'), dataIndex: 'sellerSku' },
              { title: t('list.name'), dataIndex: 'skuName' },
              { title: t('detail.shipped'), dataIndex: 'quantity', align: 'right' },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('detail.items')}</h4>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.items}
            locale={{ emptyText: t('detail.no_items') }}
            columns={itemColumns}
          />
        </>
      )}
    </Drawer>
  );
}

export function ReturnList() {
  const { t } = useTranslation('returns');
  const [state, setState, search] = useListState('returns/ReturnList', INITIAL);
  const [viewing, setViewing] = useState<string | null>(null);
  const [matching, setMatching] = useState<ReturnRow | null>(null);
  const canMatch = hasAuth(PERMISSIONS.returnMatch);
  const { dates, unmatched, ...rest } = state.filter;
  const returns = useReturns({
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...rest,
    status: state.status === 'all' ? undefined : state.status,
    unmatched: unmatched ? 'true' : undefined,
    dateFrom: dates?.[0]?.startOf('day').toISOString(),
    dateTo: dates?.[1]?.endOf('day').toISOString(),
  });

  const columns: ColumnsType<ReturnRow> = [
    { title: t('list.return_tracking'), dataIndex: 'returnTrackingNo', width: 160, fixed: 'left' },
    {
      title: t('list.order'),
      dataIndex: 'orderNo',
      width: 150,
      render: (orderNo: string) => orderNo || <Tag color="error">{t('list.unmatched')}</Tag>,
    },
    {
      title: t('list.original_tracking'),
      dataIndex: 'originalTrackingNo',
      responsive: WIDE_SCREENS_ONLY,
      width: 160,
      render: (no: string) => no || '-',
    },
    { title: t('list.warehouse'), dataIndex: 'warehouseCode', width: 100 },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 130,
      render: (status: ReturnStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`status.${status}`)}</Tag>,
    },
    { title: t('list.kind'), dataIndex: 'kind', width: 90, render: (kind: string) => t(`kind.${kind}`) },
    { title: t('list.seller'), dataIndex: 'sellerName', width: 110, render: (name: string) => name || '-' },
    {
      title: t('list.postage'),
      dataIndex: 'postageCents',
      responsive: WIDE_SCREENS_ONLY,
      width: 90,
      align: 'right',
      render: money,
    },
    {
      title: t('list.weight'),
      dataIndex: 'weightGrams',
      responsive: WIDE_SCREENS_ONLY,
      width: 90,
      align: 'right',
    },
    { title: t('list.reshelved'), dataIndex: 'reshelved', width: 90, align: 'right' },
    { title: t('list.destroyed'), dataIndex: 'destroyed', width: 90, align: 'right' },
    { title: t('list.received_by'), dataIndex: 'receivedByName', responsive: WIDE_SCREENS_ONLY, width: 110 },
    { title: t('list.received_at'), dataIndex: 'receivedAt', width: 150, render: formatDateTime },
    {
      title: t('list.finished_at'),
      dataIndex: 'finishedAt',
      responsive: WIDE_SCREENS_ONLY,
      width: 150,
      render: formatDateTime,
    },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('list.detail'), onClick: () => setViewing(row.id) },
            {
              key: 'match',
              label: t('match.action'),
              onClick: () => setMatching(row),
              show: canMatch && row.orderId === null && row.status === 'returned_unprocessed',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="search" label={t('filter.search')}>
          <Input allowClear style={{ width: 220 }} placeholder={t('filter.search_placeholder')} />
        </Form.Item>
        <Form.Item name="warehouseId" label={t('list.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="dates" label={t('filter.date')}>
          <DateRangePicker />
        </Form.Item>
        <Form.Item name="unmatched" valuePropName="checked">
          <Checkbox>{t('filter.unmatched')}</Checkbox>
        </Form.Item>
      </SearchBar>
      {unmatched && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('filter.unmatched_hint')} />
      )}
      <Tabs
        activeKey={state.status}
        onChange={(key) => setState({ status: key as ListState['status'], pageNo: 1 })}
        items={[
          { key: 'all', label: t('list.all') },
          ...RETURN_STATUSES.map((status) => ({ key: status, label: t(`status.${status}`) })),
        ]}
      />
      <PagedTable<ReturnRow>
        rowKey="id"
        bordered
        columns={columns}
        query={returns}
        page={state}
        onPageChange={setState}
      />
      <ReturnDetailDrawer id={viewing} onClose={() => setViewing(null)} />
      <MatchModal row={matching} onClose={() => setMatching(null)} />
    </>
  );
}
