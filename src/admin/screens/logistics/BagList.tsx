/**
 * Bags (集包, spec 02 §3 "Delivery or bag: bag number, package count, weight, delivery status,
 * delivery time"): the bags workers made on the PDA, server-paged and filtered by bag number, a
 * parcel's tracking number, warehouse, status and delivery status; a bag's parcels in a drawer;
 * its manifest PDF; and, for those who may change outbound, the delivery status of the chosen
 * bags (pending, pickup, delivery success, delivery fail) after a confirmation.
 */
import { App, Button, Descriptions, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchBagManifest,
  useBag,
  useBagDeliveryStatus,
  useBags,
  type BagFilter,
} from '@api/modules/bags.js';
import type { BagView } from '@shared/contract/packing.js';
import { BAG_DELIVERY_STATUSES, BAG_STATUSES, type BagDeliveryStatus } from '@shared/domain/bags.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { openPdf } from '../counts/shared.js';
import { WarehouseSelect } from '../inventory/shared.js';

interface Filter {
  bagNo?: string;
  trackingNo?: string;
  warehouseId?: string;
  status?: (typeof BAG_STATUSES)[number];
  deliveryStatus?: BagDeliveryStatus;
}

const INITIAL = { ...DEFAULT_PAGE, filter: {} as Filter };

const DELIVERY_COLOURS: Record<BagDeliveryStatus, string> = {
  pending: 'default',
  pickup: 'processing',
  delivery_success: 'success',
  delivery_fail: 'error',
};

const grams = (value: number | null) => (value === null ? '-' : `${(value / 1000).toLocaleString()} kg`);

function BagDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('bags');
  const bag = useBag(id);
  const detail = bag.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={720}
      title={detail ? t('detail.title', { bagNo: detail.bagNo }) : ''}
    >
      {detail && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('list.bag_no')}>{detail.bagNo}</Descriptions.Item>
            <Descriptions.Item label={t('list.warehouse')}>{detail.warehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('list.channel')}>{detail.channelName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('list.status')}>{t(`status.${detail.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('list.package_count')}>{detail.packageCount}</Descriptions.Item>
            <Descriptions.Item label={t('list.weight')}>{grams(detail.weightGrams)}</Descriptions.Item>
            <Descriptions.Item label={t('list.delivery_status')}>
              <Tag color={DELIVERY_COLOURS[detail.deliveryStatus]}>
                {t(`delivery.${detail.deliveryStatus}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('list.delivered_at')}>
              {formatDateTime(detail.deliveredAt)}
            </Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="orderId"
            pagination={false}
            dataSource={detail.parcels}
            columns={[
              { title: t('detail.tracking_no'), dataIndex: 'trackingNo' },
              { title: t('detail.order_no'), dataIndex: 'orderNo' },
              {
                title: t('detail.parcel_weight'),
                dataIndex: 'weightGrams',
                align: 'right',
                render: (value: number | null) => grams(value),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

export function BagList() {
  const { t, i18n } = useTranslation('bags');
  const { modal, message } = App.useApp();
  const feedback = useFeedback();
  const [state, setState, search] = useListState('logistics/BagList', INITIAL);
  const [opened, setOpened] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [deliveryStatus, setDeliveryStatus] = useState<BagDeliveryStatus | undefined>(undefined);
  const params: BagFilter = { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter };
  const bags = useBags(params);
  const change = useBagDeliveryStatus();
  const canEdit = hasAuth(PERMISSIONS.outboundEdit);

  const manifest = async (row: BagView) => {
    try {
      openPdf(await fetchBagManifest(row.id, i18n.language));
    } catch {
      // The error catalogue has said why.
    }
  };

  const askStatus = () => {
    if (selected.length === 0) return void message.warning(t('list.select_bag'));
    if (!deliveryStatus) return void message.warning(t('list.select_status'));
    return modal.confirm({
      title: t('list.status_title', { count: selected.length, status: t(`delivery.${deliveryStatus}`) }),
      okText: t('list.set_status'),
      cancelText: t('list.cancel'),
      onOk: async () => {
        try {
          feedback.done(await change.mutateAsync({ ids: selected, deliveryStatus }));
          setSelected([]);
        } catch (error) {
          feedback.failed(error);
        }
      },
    });
  };

  const columns: ColumnsType<BagView> = [
    {
      title: t('list.bag_no'),
      dataIndex: 'bagNo',
      width: 180,
      fixed: 'left',
      render: (bagNo: string, row) => (
        <Typography.Link onClick={() => setOpened(row.id)}>{bagNo}</Typography.Link>
      ),
    },
    { title: t('list.warehouse'), dataIndex: 'warehouseName', width: 160, ellipsis: true },
    { title: t('list.channel'), dataIndex: 'channelName', width: 140, render: (name: string) => name || '-' },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: string) => t(`status.${status}`),
    },
    { title: t('list.package_count'), dataIndex: 'packageCount', width: 100, align: 'right' },
    { title: t('list.weight'), dataIndex: 'weightGrams', width: 100, align: 'right', render: grams },
    {
      title: t('list.delivery_status'),
      dataIndex: 'deliveryStatus',
      width: 130,
      render: (status: BagDeliveryStatus) => (
        <Tag color={DELIVERY_COLOURS[status]}>{t(`delivery.${status}`)}</Tag>
      ),
    },
    { title: t('list.delivered_at'), dataIndex: 'deliveredAt', width: 150, render: formatDateTime },
    {
      title: t('list.opened_at'),
      dataIndex: 'openedAt',
      responsive: WIDE_SCREENS_ONLY,
      width: 150,
      render: formatDateTime,
    },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_value, row) => (
        <Space>
          <Typography.Link onClick={() => setOpened(row.id)}>{t('list.detail')}</Typography.Link>
          <Typography.Link onClick={() => void manifest(row)}>{t('list.manifest')}</Typography.Link>
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="bagNo" label={t('list.bag_no')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="trackingNo" label={t('list.tracking_no')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="warehouseId" label={t('list.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="status" label={t('list.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={BAG_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        </Form.Item>
        <Form.Item name="deliveryStatus" label={t('list.delivery_status')}>
          <Select
            allowClear
            style={{ width: 150 }}
            options={BAG_DELIVERY_STATUSES.map((status) => ({
              value: status,
              label: t(`delivery.${status}`),
            }))}
          />
        </Form.Item>
      </SearchBar>
      {canEdit && (
        <Space style={{ marginBottom: 8 }}>
          <Select<BagDeliveryStatus>
            aria-label={t('list.new_status')}
            placeholder={t('list.new_status')}
            style={{ width: 170 }}
            value={deliveryStatus}
            onChange={setDeliveryStatus}
            options={BAG_DELIVERY_STATUSES.map((status) => ({
              value: status,
              label: t(`delivery.${status}`),
            }))}
          />
          <Button onClick={askStatus}>{t('list.set_status')}</Button>
        </Space>
      )}
      <PagedTable<BagView>
        rowKey="id"
        bordered
        columns={columns}
        query={bags}
        page={state}
        onPageChange={setState}
        rowSelection={
          canEdit
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
      />
      <BagDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
