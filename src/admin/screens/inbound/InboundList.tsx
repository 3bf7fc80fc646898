/**
 * Inbound orders: status tabs, filters by warehouse,
 * inbound number and (for the warehouse side) seller, server-paged. Sellers and their staff
 * make new orders here, and change or cancel (after a confirmation) an order nothing of which was
 * received; each row opens the order's detail.
 */
import { App, Form, Input, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  cancelInboundOrder,
  fetchInboundOrder,
  useInboundOrders,
  type InboundFilter,
} from '@api/modules/inbound.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import type { InboundDetail, InboundOrderRow } from '@shared/contract/inbound.js';
import type { InboundStatus } from '@shared/domain/inbound.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { RowActions } from '../common/RowActions.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { isSellerSide, SellerSelect, sellersOf, WarehouseSelect } from '../inventory/shared.js';
import { InboundFormDrawer } from './InboundFormDrawer.js';
import { StatusTag, useStatusLabels, useTransportLabels, useWarehousingLabels } from './shared.js';

interface Filter {
  warehouseId?: string;
  inboundNo?: string;
  sellerId?: string;
}

interface ListState {
  pageNo: number;
  pageSize: number;
  status: InboundStatus | 'all';
  filter: Filter;
}

const INITIAL: ListState = { ...DEFAULT_PAGE, status: 'all', filter: {} };

export function InboundList() {
  const { t } = useTranslation('inbound');
  const navigate = useNavigate();
  const me = useSessionUser();
  const statuses = useStatusLabels();
  const transport = useTransportLabels();
  const warehousing = useWarehousingLabels();
  const [state, setState, search] = useListState('inbound/InboundList', INITIAL);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<InboundDetail | null>(null);
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const cancel = useInventoryChange(cancelInboundOrder);
  const params: InboundFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...state.filter,
    status: state.status === 'all' ? undefined : state.status,
  };
  const orders = useInboundOrders(params);
  const showSeller = !isSellerSide(me?.userRole);
  const canAdd = isSellerSide(me?.userRole) && hasAuth(PERMISSIONS.inboundAdd);
  const open = (row: InboundOrderRow) => navigate(`/inbound/detail?id=${encodeURIComponent(row.id)}`);
  const canChange = isSellerSide(me?.userRole) && hasAuth(PERMISSIONS.inboundEdit);
  // The server refuses too once anything was received (a scan may land after the list loaded).
  const isChangeable = (row: InboundOrderRow) =>
    canChange && row.status === 'pending' && row.receivedQuantity === 0;
  const startEdit = (row: InboundOrderRow) =>
    fetchInboundOrder(row.id).then(
      (detail) => setEditing(detail),
      (error: unknown) => feedback.failed(error),
    );
  const askCancel = (row: InboundOrderRow) =>
    modal.confirm({
      title: t('list.cancel_title', { inboundNo: row.inboundNo }),
      content: t('list.cancel_content'),
      okText: t('list.cancel_ok'),
      okButtonProps: { danger: true },
      cancelText: t('list.keep'),
      onOk: async () => {
        try {
          await cancel.mutateAsync(row.id);
          feedback.done({ message: t('list.cancelled', { inboundNo: row.inboundNo }) });
        } catch (error) {
          feedback.failed(error);
        }
      },
    });
  const number = (value: number) => value.toLocaleString();

  const columns: ColumnsType<InboundOrderRow> = [
    {
      title: t('list.inbound_no'),
      dataIndex: 'inboundNo',
      width: 150,
      fixed: 'left',
      render: (inboundNo: string, row) => (
        <Typography.Link onClick={() => open(row)}>{inboundNo}</Typography.Link>
      ),
    },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 190,
      // What went right (the status) and, beside it, that something was reported wrong.
      render: (status: InboundStatus, row) => (
        <Space size={4} wrap>
          <StatusTag status={status} label={statuses.label(status)} />
          {row.abnormalReason && status !== 'abnormal' && (
            <StatusTag status="abnormal" label={t('list.with_differences')} />
          )}
        </Space>
      ),
    },
    ...(showSeller ? [{ title: t('list.seller'), dataIndex: 'sellerName', width: 130, ellipsis: true }] : []),
    { title: t('list.warehouse'), dataIndex: 'warehouseCode', width: 100 },
    {
      title: t('list.transport_mode'),
      dataIndex: 'transportMode',
      width: 110,
      responsive: WIDE_SCREENS_ONLY,
      render: (mode: string) => transport.label(mode),
    },
    {
      title: t('list.warehousing_type'),
      dataIndex: 'warehousingType',
      width: 130,
      responsive: WIDE_SCREENS_ONLY,
      render: (type: string) => warehousing.label(type),
    },
    {
      title: t('list.expected_arrival'),
      dataIndex: 'expectedArrival',
      width: 150,
      render: formatDateTime,
    },
    { title: t('list.boxes'), dataIndex: 'boxCount', width: 80, align: 'right', render: number },
    { title: t('progress.expected'), dataIndex: 'shipQuantity', width: 90, align: 'right', render: number },
    {
      title: t('progress.received'),
      dataIndex: 'receivedQuantity',
      width: 90,
      align: 'right',
      render: number,
    },
    { title: t('progress.shelved'), dataIndex: 'shelvedQuantity', width: 90, align: 'right', render: number },
    {
      title: t('list.abnormal_reason'),
      dataIndex: 'abnormalReason',
      responsive: WIDE_SCREENS_ONLY,
      width: 180,
      ellipsis: true,
      render: (reason: string) => reason || '-',
    },
    {
      title: t('common.created_at'),
      dataIndex: 'createdAt',
      width: 150,
      responsive: WIDE_SCREENS_ONLY,
      render: formatDateTime,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: canChange ? 170 : 90,
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('list.detail'), onClick: () => open(row) },
            {
              key: 'edit',
              label: t('list.edit'),
              onClick: () => void startEdit(row),
              show: isChangeable(row),
            },
            {
              key: 'cancel',
              label: t('list.cancel'),
              type: 'danger',
              onClick: () => askCancel(row),
              show: isChangeable(row),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="warehouseId" label={t('list.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="inboundNo" label={t('list.inbound_no')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        {showSeller && (
          <Form.Item name="sellerId" label={t('list.seller')}>
            <SellerSelect known={sellersOf(orders.data?.records)} />
          </Form.Item>
        )}
      </SearchBar>
      {canAdd && (
        <Space style={{ marginBottom: 8 }}>
          <AddButton isInToolbar onClick={() => setAdding(true)}>
            {t('form.title')}
          </AddButton>
        </Space>
      )}
      <Tabs
        activeKey={state.status}
        onChange={(key) => setState({ status: key as ListState['status'], pageNo: 1 })}
        items={[
          { key: 'all', label: t('common.all') },
          ...statuses.options.map((option) => ({ key: option.value, label: option.label })),
        ]}
      />
      <PagedTable<InboundOrderRow>
        bordered
        columns={columns}
        query={orders}
        page={state}
        onPageChange={setState}
      />
      <InboundFormDrawer open={adding} onClose={() => setAdding(false)} />
      <InboundFormDrawer open={editing !== null} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
