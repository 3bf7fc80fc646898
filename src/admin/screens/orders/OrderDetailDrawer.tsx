/**
 * One order in a side drawer (spec 02 §3 'Order'): every field of the order, its lines with the
 * marketplace item and variation, what each line holds frozen in the warehouse (the reservation
 * rows with their ledger movements) and, for an out-of-stock order, what is missing per SKU; its
 * problems, notes (editable by whoever keeps them, with the permission), tags and status
 * history; the hand actions its status allows.
 */
import { Button, Descriptions, Drawer, Empty, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@api/client.js';
import { useOrder } from '@api/modules/orders.js';
import type { OrderDetail } from '@shared/contract/orders.js';
import { ORDER_FLAGS, type OrderAction } from '@shared/domain/order.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { formatDateTime } from '../common/format.js';
import { isSellerSide } from '../inventory/shared.js';
import { Section, text } from './DetailSection.js';
import type { ActionKind, ActedOrder } from './acted-order.js';
import { Lines, UnmatchedLines } from './OrderDetailLines.js';
import { History, Problems, Reservation } from './OrderDetailRecords.js';
import { Notes } from './OrderNotes.js';
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

const DRAWER_ACTIONS: readonly OrderAction[] = [
  'reviewPass',
  'reviewReject',
  'cancel',
  'markOutOfStock',
  'split',
];

export function OrderDetailDrawer({
  orderId,
  onClose,
  onAction,
  extra,
}: {
  orderId: string | null;
  onClose: () => void;
  /** Starts a hand action on this order (the list's action dialogs). */
  onAction: (kind: ActionKind, order: ActedOrder) => void;
  /** What the screen shows below the order (its questions). */
  extra?: (order: OrderDetail) => ReactNode;
}) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  const detail = order.data;
  const isMissing = order.error instanceof ApiError && order.error.status === 404;
  return (
    <Drawer
      open={orderId !== null}
      width={1000}
      onClose={onClose}
      destroyOnHidden
      title={
        detail ? (
          <Space wrap size={8}>
            <span>{t('detail.title', { orderNo: detail.orderNo })}</span>
            <StatusTag status={detail.localStatus} />
            <OrderTags tags={detail.tags} />
          </Space>
        ) : (
          t('detail.loading_title')
        )
      }
      extra={detail && <DrawerActions order={detail} onAction={onAction} />}
    >
      {order.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {(isMissing || (!order.isLoading && !detail)) && <Empty description={t('detail.not_found')} />}
      {detail && (
        <>
          <OrderFields order={detail} />
          <Notes order={detail} />
          <Lines order={detail} />
          <UnmatchedLines order={detail} />
          <Reservation order={detail} />
          <Problems exceptions={detail.exceptions} />
          <History history={detail.history} />
          {extra?.(detail)}
        </>
      )}
    </Drawer>
  );
}

/** The actions the viewer holds, greyed out where the order's status does not allow them. */
function DrawerActions({
  order,
  onAction,
}: {
  order: OrderDetail;
  onAction: (kind: ActionKind, order: ActedOrder) => void;
}) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  const merged = order.mergedIntoId !== null;
  // An order with items not matched to SKUs cannot ship: passing its review is not offered.
  const unmatched = order.problems.includes('unmatched_sku');
  const offered = DRAWER_ACTIONS.filter((action) => !(action === 'reviewPass' && unmatched));
  const buttons = offered.filter(mayAct).map((action) => {
    const allowed = !merged && allowsAll(action, [order]);
    const button = (
      <Button
        key={action}
        size="small"
        danger={action === 'cancel'}
        disabled={!allowed}
        onClick={() => onAction(action, order)}
      >
        {t(`action.${action}`)}
      </Button>
    );
    return allowed ? (
      button
    ) : (
      <Tooltip
        key={action}
        title={t('action.not_in_status', { status: labels.status.label(order.localStatus) })}
      >
        {button}
      </Tooltip>
    );
  });
  const canTag = hasAuth(PERMISSIONS.orderEdit) && !merged;
  return (
    <Space wrap size={6}>
      {buttons}
      {canTag && (
        <Button size="small" onClick={() => onAction('tags', order)}>
          {t('action.tags')}
        </Button>
      )}
    </Space>
  );
}

function OrderFields({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  const me = useSessionUser();
  const showSeller = !isSellerSide(me?.userRole);
  const items = [
    {
      key: 'order_no',
      label: t('field.order_no'),
      children: <Typography.Text copyable>{order.orderNo}</Typography.Text>,
    },
    {
      key: 'system_no',
      label: t('field.system_no'),
      children: <Typography.Text copyable>{order.systemNo}</Typography.Text>,
    },
    ...(showSeller ? [{ key: 'seller', label: t('field.seller'), children: order.sellerName }] : []),
    { key: 'platform', label: t('field.platform'), children: labels.platform.label(order.platform) },
    { key: 'shop', label: t('field.shop'), children: text(order.shopName) },
    { key: 'platform_status', label: t('field.platform_status'), children: text(order.platformStatus) },
    { key: 'type', label: t('field.type'), children: labels.type.label(order.orderType) },
    { key: 'status', label: t('field.status'), children: <StatusTag status={order.localStatus} /> },
    {
      key: 'warehouse_status',
      label: t('field.warehouse_status'),
      children: labels.warehouseStatus.label(order.warehouseStatus),
    },
    { key: 'warehouse', label: t('field.warehouse'), children: order.warehouseCode },
    { key: 'parcel', label: t('field.parcel_type'), children: labels.parcel.label(order.parcelType) },
    { key: 'amount', label: t('field.amount'), children: formatAmount(order.totalAmount, order.currency) },
    {
      key: 'shipping',
      label: t('field.shipping_amount'),
      children: formatAmount(order.shippingAmount, order.currency),
    },
    {
      key: 'discount',
      label: t('field.discount_amount'),
      children: formatAmount(order.discountAmount, order.currency),
    },
    { key: 'units', label: t('field.units'), children: order.units },
    { key: 'buyer', label: t('field.buyer'), children: text(order.buyerName) },
    { key: 'recipient', label: t('field.recipient'), children: text(order.recipientName) },
    { key: 'phone', label: t('field.phone'), children: text(order.recipientPhone) },
    { key: 'address', label: t('field.address'), span: 3, children: text(order.recipientAddress) },
    { key: 'message', label: t('field.buyer_message'), span: 3, children: text(order.buyerMessage) },
    {
      key: 'ship_by',
      label: t('field.ship_by'),
      children: (
        <ShipByCountdown shipBy={order.shipBy} isRunning={WAITING_STATUSES.includes(order.localStatus)} />
      ),
    },
    { key: 'ordered', label: t('field.ordered_at'), children: formatDateTime(order.orderedAt) },
    { key: 'paid', label: t('field.paid_at'), children: formatDateTime(order.paidAt) },
    { key: 'shipped', label: t('field.shipped_at'), children: formatDateTime(order.shippedAt) },
    { key: 'cancelled', label: t('field.cancelled_at'), children: formatDateTime(order.cancelledAt) },
    { key: 'created', label: t('field.created_at'), children: formatDateTime(order.createdAt) },
    { key: 'tracking', label: t('field.tracking_no'), children: text(order.trackingNo) },
    { key: 'channel', label: t('field.logistics_channel'), children: text(order.logisticsChannel) },
    { key: 'currency', label: t('field.currency'), children: order.currency },
    ...ORDER_FLAGS.map((flag) => ({
      key: flag,
      label: t(`flag.${flag}.label`),
      children: order.flags[flag] ? <Tag color="blue">{t(`flag.${flag}.yes`)}</Tag> : t(`flag.${flag}.no`),
    })),
    {
      key: 'tags',
      label: t('field.tags'),
      span: 3,
      children: order.tags.length > 0 ? <OrderTags tags={order.tags} /> : '-',
    },
    ...(order.mergedIntoId
      ? [{ key: 'merged_into', label: t('field.merged_into'), span: 3, children: t('detail.merged_into') }]
      : []),
    ...(order.mergedOrders.length > 0
      ? [
          {
            key: 'merged',
            label: t('field.merged_orders'),
            span: 3,
            children: order.mergedOrders.map((merged) => `${merged.orderNo} (${merged.systemNo})`).join(', '),
          },
        ]
      : []),
  ];
  return (
    <Section title={t('detail.order')}>
      <Descriptions bordered size="small" column={3} items={items} />
    </Section>
  );
}
