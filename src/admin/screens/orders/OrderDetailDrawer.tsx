/**
 * One order in a side drawer (spec 02 §3 'Order'): every field of the order, its lines with the
 * marketplace item and variation, what each line holds frozen in the warehouse (the reservation
 * rows with their ledger movements) and, for an out-of-stock order, what is missing per SKU; its
 * problems, notes (editable by whoever keeps them, with the permission), tags and status
 * history; the hand actions its status allows.
 */
import { EditOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '@api/client.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import { editOrderNotes, useOrder } from '@api/modules/orders.js';
import { matchItems, useShopChange } from '@api/modules/shops.js';
import type {
  ExceptionView,
  HistoryView,
  OrderDetail,
  OrderLineView,
  OrderNotesInput,
  ReservationView,
  ShortageView,
  UnmatchedLineView,
} from '@shared/contract/orders.js';
import { WAREHOUSE_ROLES, type UserRole } from '@shared/domain/roles.js';
import { ORDER_FLAGS, ORDER_LIMITS, type OrderAction } from '@shared/domain/order.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { SkuSelect } from '../inbound/shared.js';
import { isSellerSide } from '../inventory/shared.js';
import type { ActionKind, ActedOrder } from './OrderActions.js';
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

type NoteField = 'sellerNote' | 'warehouseNote' | 'transferNote' | 'expressNote';
const NOTE_FIELDS: readonly NoteField[] = ['sellerNote', 'warehouseNote', 'transferNote', 'expressNote'];

/** The notes a role keeps: the seller side its own, the warehouse side the others, agents and admins all. */
function editableNotes(role: UserRole | undefined): readonly NoteField[] {
  if (!hasAuth(PERMISSIONS.orderEdit) || !role) return [];
  if (isSellerSide(role)) return ['sellerNote'];
  if (WAREHOUSE_ROLES.includes(role)) return ['warehouseNote', 'transferNote', 'expressNote'];
  return NOTE_FIELDS;
}

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

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section style={{ marginBottom: 24 }} aria-label={title}>
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Space>
      {children}
    </section>
  );
}

const text = (value: string | null | undefined) => (value ? value : '-');

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

function Notes({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const me = useSessionUser();
  const editable = order.mergedIntoId === null ? editableNotes(me?.userRole) : [];
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Section
      title={t('detail.notes')}
      extra={
        editable.length > 0 && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
            {t('notes.edit')}
          </Button>
        )
      }
    >
      <Descriptions
        bordered
        size="small"
        column={2}
        items={NOTE_FIELDS.map((field) => ({
          key: field,
          label: t(`notes.${field}`),
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{text(order[field])}</span>,
        }))}
      />
      <NotesModal order={order} fields={editable} open={isEditing} onClose={() => setIsEditing(false)} />
    </Section>
  );
}

function NotesModal({
  order,
  fields,
  open,
  onClose,
}: {
  order: OrderDetail;
  fields: readonly NoteField[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<Partial<Record<NoteField, string>>>();
  const feedback = useFeedback();
  const save = useInventoryChange(editOrderNotes);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (open) form.setFieldsValue(Object.fromEntries(fields.map((field) => [field, order[field]])));
  }, [open, form, fields, order]);
  const submit = async () => {
    setRefusal(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input: OrderNotesInput = { id: order.id };
    for (const field of fields) input[field] = (values[field] ?? '').trim();
    try {
      feedback.done(await save.mutateAsync(input));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
        setRefusal(error.message);
      else feedback.failed(error);
    }
  };
  return (
    <Modal
      open={open}
      title={t('notes.title', { orderNo: order.orderNo })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal && <Alert type="error" showIcon message={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        {fields.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`notes.${field}`)}
            rules={[{ max: ORDER_LIMITS.note, message: t('form.too_long', { max: ORDER_LIMITS.note }) }]}
          >
            <Input.TextArea rows={2} showCount maxLength={ORDER_LIMITS.note} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The columns of a line as the marketplace sold it: item, variation, quantity and unit price. */
function soldColumns<T extends OrderLineView | UnmatchedLineView>(
  t: TFunction<'orders'>,
  currency: OrderDetail['currency'],
): ColumnsType<T> {
  return [
    { title: t('field.item_id'), dataIndex: 'itemId', width: 120, render: text },
    { title: t('field.variation_id'), dataIndex: 'variationId', width: 120, render: text },
    { title: t('field.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    {
      title: t('field.unit_price'),
      dataIndex: 'unitPrice',
      width: 120,
      align: 'right',
      render: (price: number) => formatAmount(price, currency),
    },
  ];
}

function Lines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const columns: ColumnsType<OrderLineView> = [
    { title: t('field.sku'), dataIndex: 'sellerSku', width: 130 },
    { title: t('field.product'), dataIndex: 'productName', ellipsis: true },
    ...soldColumns<OrderLineView>(t, order.currency),
    {
      title: t('field.line_amount'),
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_value, line) => formatAmount(line.unitPrice * line.quantity, order.currency),
    },
    {
      title: t('field.reserved'),
      dataIndex: 'reserved',
      width: 90,
      align: 'right',
      render: (reserved: number, line) => (
        <Typography.Text
          type={reserved < line.quantity && reserved > 0 ? 'warning' : undefined}
          strong={reserved > 0}
        >
          {reserved}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Section title={t('detail.lines', { count: order.lines.length })}>
      <Table<OrderLineView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={order.lines}
      />
    </Section>
  );
}

function Reservation({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const frozen = order.lines.reduce((sum, line) => sum + line.reserved, 0);
  const shortages = order.exceptions
    .filter((exception) => exception.reason === 'out_of_stock' && exception.resolvedAt === null)
    .flatMap((exception) => exception.shortages);
  const columns: ColumnsType<ReservationView> = [
    { title: t('field.sku'), dataIndex: 'sellerSku', width: 130 },
    { title: t('field.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    {
      title: t('reservation.state'),
      dataIndex: 'state',
      width: 110,
      render: (state: ReservationView['state']) => (
        <Tag color={state === 'active' ? 'blue' : state === 'consumed' ? 'green' : 'default'}>
          {t(`reservation.states.${state}`)}
        </Tag>
      ),
    },
    { title: t('reservation.reserved_at'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    { title: t('reservation.ended_at'), dataIndex: 'endedAt', width: 150, render: formatDateTime },
    {
      title: t('reservation.movements'),
      key: 'movements',
      render: (_value, row) =>
        [row.reserveMovementId, row.endMovementId]
          .filter((id): id is number => id !== null)
          .map((id) => `#${id}`)
          .join(' → ') || '-',
    },
  ];
  const shortageColumns: ColumnsType<ShortageView> = [
    { title: t('field.sku'), dataIndex: 'sellerSku', width: 160 },
    { title: t('reservation.needed'), dataIndex: 'needed', width: 100, align: 'right' },
    { title: t('reservation.available'), dataIndex: 'available', width: 100, align: 'right' },
    {
      title: t('reservation.missing'),
      key: 'missing',
      width: 100,
      align: 'right',
      render: (_value, row) => (
        <Typography.Text type="danger">{Math.max(0, row.needed - row.available)}</Typography.Text>
      ),
    },
  ];
  return (
    <Section title={t('detail.reservation')}>
      <Typography.Paragraph>
        {frozen > 0
          ? t('reservation.holds', { units: frozen, warehouse: order.warehouseCode })
          : t('reservation.holds_nothing')}
      </Typography.Paragraph>
      {shortages.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            message={t('reservation.short', { warehouse: order.warehouseCode })}
          />
          <Table<ShortageView>
            rowKey="skuId"
            size="small"
            pagination={false}
            columns={shortageColumns}
            dataSource={shortages}
            style={{ marginBottom: 12 }}
            aria-label={t('reservation.shortages')}
          />
        </>
      )}
      {order.reservations.length > 0 && (
        <Table<ReservationView>
          rowKey="id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={order.reservations}
          aria-label={t('detail.reservation')}
        />
      )}
    </Section>
  );
}

function Problems({ exceptions }: { exceptions: ExceptionView[] }) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  if (exceptions.length === 0) return null;
  const columns: ColumnsType<ExceptionView> = [
    {
      title: t('problems.reason'),
      dataIndex: 'reason',
      width: 170,
      render: (reason: ExceptionView['reason'], row) => (
        <Tag color={row.resolvedAt ? 'default' : 'volcano'}>{labels.problem.label(reason)}</Tag>
      ),
    },
    { title: t('problems.note'), dataIndex: 'note', ellipsis: true, render: text },
    { title: t('problems.opened_at'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: t('problems.resolved_at'),
      dataIndex: 'resolvedAt',
      width: 150,
      render: (resolvedAt: string | null) => (resolvedAt ? formatDateTime(resolvedAt) : t('problems.open')),
    },
    { title: t('problems.resolution'), dataIndex: 'resolution', width: 130, render: text },
  ];
  return (
    <Section title={t('detail.problems')}>
      <Table<ExceptionView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={exceptions}
      />
    </Section>
  );
}

function History({ history }: { history: HistoryView[] }) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  const statusText = (field: HistoryView['field'], status: string | null) => {
    if (status === null || status === '') return '-';
    if (field === 'local') return labels.status.label(status);
    if (field === 'warehouse') return labels.warehouseStatus.label(status);
    return status;
  };
  const columns: ColumnsType<HistoryView> = [
    { title: t('history.time'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: t('history.field'),
      dataIndex: 'field',
      width: 120,
      render: (field: HistoryView['field']) => t(`history.fields.${field}`),
    },
    {
      title: t('history.change'),
      key: 'change',
      width: 260,
      render: (_value, row) =>
        row.fromStatus === null || row.fromStatus === row.toStatus
          ? statusText(row.field, row.toStatus)
          : `${statusText(row.field, row.fromStatus)} → ${statusText(row.field, row.toStatus)}`,
    },
    { title: t('history.note'), dataIndex: 'note', ellipsis: true, render: text },
    { title: t('history.actor'), dataIndex: 'actorName', width: 130, render: text },
  ];
  return (
    <Section title={t('detail.history')}>
      <Table<HistoryView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={history}
      />
    </Section>
  );
}

/**
 * The lines the marketplace sold whose item is not matched to a SKU yet (spec 02 §1: the order
 * waits as a problem order): shown as sold, each matched here by whoever may match SKUs, which
 * completes the order's lines once every item is matched.
 */
function UnmatchedLines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const feedback = useFeedback();
  const canMatch = hasAuth(PERMISSIONS.skuMatch);
  const [choices, setChoices] = useState<Map<string, string>>(new Map());
  const match = useShopChange(matchItems, { touchesOrders: true });
  if (order.unmatchedLines.length === 0) return null;
  const save = async (line: UnmatchedLineView) => {
    const skuId = choices.get(line.id);
    if (!skuId || !line.marketplaceItemId) return;
    try {
      feedback.done(await match.mutateAsync([{ itemId: line.marketplaceItemId, skuId }]));
    } catch (error) {
      feedback.failed(error);
    }
  };
  const columns: ColumnsType<UnmatchedLineView> = [
    { title: t('unmatched.seller_sku'), dataIndex: 'sellerSku', width: 130, render: text },
    { title: t('unmatched.title'), dataIndex: 'title', ellipsis: true, render: text },
    ...soldColumns<UnmatchedLineView>(t, order.currency),
  ];
  if (canMatch)
    columns.push({
      title: t('unmatched.match'),
      key: 'match',
      width: 320,
      render: (_value, line) =>
        line.marketplaceItemId ? (
          <Space size={6}>
            <SkuSelect
              sellerId={order.sellerId}
              value={choices.get(line.id)}
              style={{ width: 220 }}
              aria-label={t('unmatched.pick_sku_for', { item: line.title || line.itemId })}
              onChange={(skuId: string | undefined) =>
                setChoices((previous) => new Map(previous).set(line.id, skuId ?? ''))
              }
            />
            <Button
              size="small"
              type="primary"
              disabled={!choices.get(line.id)}
              loading={match.isPending}
              onClick={() => void save(line)}
            >
              {t('unmatched.save')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('unmatched.no_item')}</Typography.Text>
        ),
    });
  return (
    <Section title={t('unmatched.section', { count: order.unmatchedLines.length })}>
      <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('unmatched.hint')} />
      <Table<UnmatchedLineView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={order.unmatchedLines}
      />
    </Section>
  );
}
