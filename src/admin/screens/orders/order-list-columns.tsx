/**
 * The columns of the order list: the order and its tags, status with open problems, platform and
 * shop, seller (not shown to the seller side), warehouse, buyer, amount, ship-by countdown, order
 * time with tracking number, and each row's actions.
 */
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { OrderRow } from '@shared/contract/orders.js';
import { formatDateTime } from '../common/format.js';
import { RowActions } from '../common/RowActions.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import type { ActionKind } from './acted-order.js';
import { ShipByCountdown } from './ShipByCountdown.js';
import {
  allowsAll,
  formatAmount,
  mayAct,
  OrderTags,
  StatusTag,
  useOrderLabels,
  WAITING_STATUSES,
} from './shared.js';

/** The list's columns; a row's order number and its detail action open the order, pass and cancel start the action. */
export function orderColumns({
  t,
  labels,
  showSeller,
  setOpenId,
  start,
}: {
  t: TFunction<'orders'>;
  labels: ReturnType<typeof useOrderLabels>;
  showSeller: boolean;
  setOpenId: (id: string) => void;
  start: (kind: ActionKind, rows: OrderRow[]) => void;
}): ColumnsType<OrderRow> {
  return [
    {
      title: t('field.order_no'),
      dataIndex: 'orderNo',
      width: 190,
      fixed: 'left',
      render: (orderNo: string, row) => (
        <Space direction="vertical" size={2}>
          <Typography.Link onClick={() => setOpenId(row.id)}>{orderNo}</Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.systemNo}
          </Typography.Text>
          {(row.tags.length > 0 || row.orderType !== 'stock') && (
            <span>
              {row.orderType !== 'stock' && <Tag>{labels.type.label(row.orderType)}</Tag>}
              <OrderTags tags={row.tags} />
            </span>
          )}
        </Space>
      ),
    },
    {
      title: t('field.status'),
      dataIndex: 'localStatus',
      width: 140,
      render: (status: OrderRow['localStatus'], row) => (
        <Space direction="vertical" size={2}>
          <StatusTag status={status} />
          {row.problems.map((problem) => (
            <Typography.Text key={problem} type="danger" style={{ fontSize: 12 }}>
              {labels.problem.label(problem)}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: t('field.platform_shop'),
      key: 'shop',
      width: 140,
      ellipsis: true,
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <span>{labels.platform.label(row.platform)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.shopName || '-'}
          </Typography.Text>
        </Space>
      ),
    },
    ...(showSeller
      ? [{ title: t('field.seller'), dataIndex: 'sellerName', width: 110, ellipsis: true }]
      : []),
    { title: t('field.warehouse'), dataIndex: 'warehouseCode', width: 100 },
    {
      title: t('field.buyer'),
      dataIndex: 'buyerName',
      responsive: WIDE_SCREENS_ONLY,
      width: 130,
      ellipsis: true,
      render: (buyer: string) => buyer || '-',
    },
    {
      title: t('field.amount'),
      dataIndex: 'totalAmount',
      width: 130,
      align: 'right',
      render: (amount: number, row) => (
        <Space direction="vertical" size={0}>
          <span>{formatAmount(amount, row.currency)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('list.units', { count: row.units })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('field.ship_by'),
      dataIndex: 'shipBy',
      width: 160,
      render: (shipBy: string | null, row) => (
        <ShipByCountdown shipBy={shipBy} isRunning={WAITING_STATUSES.includes(row.localStatus)} />
      ),
    },
    {
      title: t('list.ordered_tracking'),
      key: 'ordered',
      width: 150,
      responsive: WIDE_SCREENS_ONLY,
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <span>{formatDateTime(row.orderedAt)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.trackingNo || '-'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          size={10}
          actions={[
            { key: 'detail', label: t('action.detail'), onClick: () => setOpenId(row.id) },
            {
              key: 'pass',
              label: t('action.pass_short'),
              onClick: () => start('reviewPass', [row]),
              show: mayAct('reviewPass') && allowsAll('reviewPass', [row]),
            },
            {
              key: 'cancel',
              label: t('action.cancel'),
              type: 'danger',
              onClick: () => start('cancel', [row]),
              show: mayAct('cancel') && allowsAll('cancel', [row]),
            },
          ]}
        />
      ),
    },
  ];
}
