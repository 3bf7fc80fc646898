/**
 * The hand actions on orders (spec 02 §5 and §8), from the list's toolbar and rows and from the
 * detail drawer: each asks first — cancel, pass, reject and out of stock with a confirmation
 * (cancel and reject with a reason), merge showing the orders it combines, split with the units
 * that leave, tags with how they change — then shows what the server answered for every order.
 * A refusal stays in the dialog in the server's words, and nothing changed.
 */
import {
  Alert,
  App,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Envelope } from '@api/client.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import {
  cancelOrders,
  markOrdersOutOfStock,
  mergeOrders,
  passOrderReview,
  rejectOrderReview,
  setOrderTags,
  splitOrder,
  useOrder,
} from '@api/modules/orders.js';
import type { OrderActionResult, OrderRow, SavedOrderView } from '@shared/contract/orders.js';
import { ORDER_LIMITS, type OrderTag } from '@shared/domain/order.js';
import { refusalText, useFeedback } from '../common/feedback.js';
import { contractProblem } from '../common/rules.js';
import { allowsAll, StatusTag, useOrderLabels } from './shared.js';

/** What an action needs to know of an order. */
export type ActedOrder = Pick<
  OrderRow,
  | 'id'
  | 'orderNo'
  | 'systemNo'
  | 'localStatus'
  | 'orderType'
  | 'buyerName'
  | 'recipientName'
  | 'warehouseCode'
  | 'sellerId'
  | 'currency'
  | 'problems'
>;

export type ActionKind =
  'cancel' | 'reviewPass' | 'reviewReject' | 'markOutOfStock' | 'merge' | 'split' | 'tags';

/** Tags set by hand; 'problem' and 'out_of_stock' follow the order's open problems. */
const HAND_TAGS: readonly OrderTag[] = ['urgent', 'pre_brushed', 'evaluation'];

interface Dialog {
  kind: ActionKind;
  orders: ActedOrder[];
}

interface Results {
  title: string;
  rows: OrderActionResult[];
}

export interface OrderActionsOptions {
  /** After an action the server agreed to (the list clears its selection). */
  onDone?: (kind: ActionKind) => void;
  /** Opens an order (the combined order of a merge, the new order of a split). */
  openOrder?: (id: string) => void;
}

/**
 * The actions and their dialogs: `start(kind, orders)` asks (or says why it cannot), and
 * `dialogs` renders whatever is open.
 */
export function useOrderActions({ onDone, openOrder }: OrderActionsOptions = {}) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [results, setResults] = useState<Results | null>(null);

  const start = (kind: ActionKind, orders: ActedOrder[]) => {
    if (orders.length === 0) {
      void message.warning(t('action.select_first'));
      return;
    }
    if (kind === 'merge' && orders.length < 2) {
      void message.warning(t('merge.too_few'));
      return;
    }
    if (kind === 'split' && orders.length !== 1) {
      void message.warning(t('split.one_only'));
      return;
    }
    if (kind !== 'tags' && !allowsAll(kind, orders)) {
      void message.warning(t('action.not_allowed', { action: t(`action.${kind}`) }));
      return;
    }
    setDialog({ kind, orders });
  };

  const finish = (kind: ActionKind, title: string, rows: OrderActionResult[] | null) => {
    setDialog(null);
    if (rows) setResults({ title, rows });
    onDone?.(kind);
  };

  const dialogs = (
    <>
      <ConfirmDialog
        dialog={dialog && isConfirmKind(dialog.kind) ? { kind: dialog.kind, orders: dialog.orders } : null}
        onClose={() => setDialog(null)}
        onDone={(kind, rows) => finish(kind, t(`action.${kind}`), rows)}
      />
      <MergeDialog
        orders={dialog?.kind === 'merge' ? dialog.orders : null}
        onClose={() => setDialog(null)}
        onDone={(saved) => {
          finish('merge', t('action.merge'), null);
          void message.success(t('merge.done', { orderNo: saved.systemNo }));
          openOrder?.(saved.id);
        }}
      />
      <SplitDialog
        order={dialog?.kind === 'split' ? (dialog.orders[0] ?? null) : null}
        onClose={() => setDialog(null)}
        onDone={(saved) => {
          finish('split', t('action.split'), null);
          void message.success(t('split.done', { orderNo: saved.orderNo }));
          openOrder?.(saved.id);
        }}
      />
      <TagsDialog
        orders={dialog?.kind === 'tags' ? dialog.orders : null}
        onClose={() => setDialog(null)}
        onDone={(rows) => finish('tags', t('action.tags'), rows)}
      />
      <ResultsDialog results={results} onClose={() => setResults(null)} />
    </>
  );

  return { start, dialogs };
}

/** The order numbers a dialog is about, a few then how many more. */
function OrderNumbers({ orders }: { orders: ActedOrder[] }) {
  const { t } = useTranslation('orders');
  const shown = orders.slice(0, 8).map((order) => order.orderNo);
  return (
    <Typography.Paragraph style={{ marginBottom: 12 }}>
      {shown.join(', ')}
      {orders.length > shown.length
        ? ` ${t('action.and_more', { count: orders.length - shown.length })}`
        : ''}
    </Typography.Paragraph>
  );
}

/** Runs a change, keeping the refusal to show inside the dialog. */
function useRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const feedback = useFeedback();
  const run = async <T,>(work: () => Promise<T>): Promise<T | null> => {
    setRefusal(null);
    try {
      return await work();
    } catch (error) {
      const text = refusalText(error);
      // The error catalogue answers what is not a refusal (no session, server down).
      if (text === null) feedback.failed(error);
      else setRefusal(text);
      return null;
    }
  };
  return {
    run,
    refusal,
    clear: () => setRefusal(null),
    alert: refusal ? (
      <Alert type="error" showIcon message={refusal} role="alert" style={{ marginBottom: 12 }} />
    ) : null,
  };
}

const CONFIRM_KINDS = ['cancel', 'reviewPass', 'reviewReject', 'markOutOfStock'] as const;
type ConfirmKind = (typeof CONFIRM_KINDS)[number];
const isConfirmKind = (kind: ActionKind): kind is ConfirmKind =>
  (CONFIRM_KINDS as readonly string[]).includes(kind);

/** Cancel, pass, reject and out of stock: a confirmation (spec 02 §5), with a reason where one is kept. */
function ConfirmDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: { kind: ConfirmKind; orders: ActedOrder[] } | null;
  onClose: () => void;
  onDone: (kind: ConfirmKind, rows: OrderActionResult[]) => void;
}) {
  const { t } = useTranslation('orders');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const refusal = useRefusal();
  const cancel = useInventoryChange(cancelOrders);
  const pass = useInventoryChange(passOrderReview);
  const reject = useInventoryChange(rejectOrderReview);
  const outOfStock = useInventoryChange(markOrdersOutOfStock);
  const kind = dialog?.kind;
  const isPending = cancel.isPending || pass.isPending || reject.isPending || outOfStock.isPending;

  const close = () => {
    setReason('');
    setReasonError(false);
    refusal.clear();
    onClose();
  };

  const confirm = async () => {
    if (!dialog || !kind) return;
    const ids = dialog.orders.map((order) => order.id);
    if (kind === 'reviewReject' && reason.trim() === '') {
      setReasonError(true);
      return;
    }
    const send = (): Promise<Envelope<OrderActionResult[]>> => {
      switch (kind) {
        case 'cancel':
          return cancel.mutateAsync({ ids, reason: reason.trim() });
        case 'reviewPass':
          return pass.mutateAsync({ ids });
        case 'reviewReject':
          return reject.mutateAsync({ ids, reason: reason.trim() });
        case 'markOutOfStock':
          return outOfStock.mutateAsync({ ids });
      }
    };
    const reply = await refusal.run(send);
    if (!reply) return;
    setReason('');
    onDone(kind, reply.result);
  };

  const hasReason = kind === 'cancel' || kind === 'reviewReject';
  const isDanger = kind === 'cancel' || kind === 'reviewReject' || kind === 'markOutOfStock';
  return (
    <Modal
      open={dialog !== null}
      title={kind ? t(`confirm.${kind}_title`, { count: dialog?.orders.length ?? 0 }) : ''}
      okText={kind ? t(`confirm.${kind}_ok`) : ''}
      okButtonProps={{ danger: isDanger, loading: isPending }}
      cancelText={t('common.keep')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal.alert}
      {kind && <Typography.Paragraph>{t(`confirm.${kind}_content`)}</Typography.Paragraph>}
      {dialog && <OrderNumbers orders={dialog.orders} />}
      {hasReason && (
        <Form layout="vertical">
          <Form.Item
            label={t(kind === 'cancel' ? 'confirm.cancel_reason' : 'confirm.reject_reason')}
            required={kind === 'reviewReject'}
            validateStatus={reasonError ? 'error' : undefined}
            help={reasonError ? t('confirm.reject_reason_required') : undefined}
          >
            <Input.TextArea
              rows={2}
              maxLength={ORDER_LIMITS.text}
              value={reason}
              aria-label={t(kind === 'cancel' ? 'confirm.cancel_reason' : 'confirm.reject_reason')}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(false);
              }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

const normalised = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Merge: one buyer's orders to one address (same seller, warehouse, status and currency) into a
 * combined order. Differences seen on the page are named before sending; the server checks the
 * full address and phone.
 */
function MergeDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: ActedOrder[] | null;
  onClose: () => void;
  onDone: (saved: SavedOrderView) => void;
}) {
  const { t } = useTranslation('orders');
  const refusal = useRefusal();
  const merge = useInventoryChange(mergeOrders);
  const first = orders?.[0];
  const differing = first
    ? (
        [
          ['seller', (order: ActedOrder) => order.sellerId],
          ['warehouse', (order: ActedOrder) => order.warehouseCode],
          ['buyer', (order: ActedOrder) => normalised(order.buyerName)],
          ['recipient', (order: ActedOrder) => normalised(order.recipientName)],
          ['status', (order: ActedOrder) => order.localStatus],
          ['currency', (order: ActedOrder) => order.currency],
        ] as const
      )
        .filter(([, key]) => (orders ?? []).some((order) => key(order) !== key(first)))
        .map(([field]) => t(`merge.field.${field}`))
    : [];
  const columns: ColumnsType<ActedOrder> = [
    { title: t('field.order_no'), dataIndex: 'orderNo', width: 160 },
    {
      title: t('field.status'),
      dataIndex: 'localStatus',
      width: 130,
      render: (_status, row) => <StatusTag status={row.localStatus} />,
    },
    { title: t('field.buyer'), dataIndex: 'buyerName', width: 140, ellipsis: true },
    { title: t('field.recipient'), dataIndex: 'recipientName', width: 140, ellipsis: true },
    { title: t('field.warehouse'), dataIndex: 'warehouseCode', width: 90 },
  ];
  const close = () => {
    refusal.clear();
    onClose();
  };
  const confirm = async () => {
    if (!orders) return;
    const reply = await refusal.run(() => merge.mutateAsync({ ids: orders.map((order) => order.id) }));
    if (reply) onDone(reply.result);
  };
  return (
    <Modal
      open={orders !== null}
      width={720}
      title={t('merge.title', { count: orders?.length ?? 0 })}
      okText={t('merge.ok')}
      okButtonProps={{ loading: merge.isPending, disabled: differing.length > 0 }}
      cancelText={t('common.keep')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal.alert}
      <Typography.Paragraph>{t('merge.content')}</Typography.Paragraph>
      {differing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('merge.differs', { fields: differing.join(', ') })}
        />
      )}
      <Table<ActedOrder>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={orders ?? []}
      />
    </Modal>
  );
}

/** Split: how many units of each line leave for a new order of the same buyer; at least one unit stays. */
function SplitDialog({
  order,
  onClose,
  onDone,
}: {
  order: ActedOrder | null;
  onClose: () => void;
  onDone: (saved: SavedOrderView) => void;
}) {
  const { t } = useTranslation('orders');
  const detail = useOrder(order?.id ?? null);
  const [taking, setTaking] = useState<Record<string, number>>({});
  const refusal = useRefusal();
  const split = useInventoryChange(splitOrder);
  const lines = detail.data?.lines ?? [];
  const chosen = lines
    .filter((line) => (taking[line.id] ?? 0) > 0)
    .map((line) => ({ lineId: line.id, quantity: taking[line.id] ?? 0 }));
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const leaving = chosen.reduce((sum, line) => sum + line.quantity, 0);
  /** Units of a line that leave: whole, from 0 (the line stays) to the line's quantity; refused, never clamped. */
  const problemOf = (line: (typeof lines)[number]) =>
    contractProblem(t, z.number().int().min(0).max(line.quantity), t('split.leaving'), taking[line.id] ?? 0);
  const hasProblem = lines.some((line) => problemOf(line) !== null);
  const close = () => {
    setTaking({});
    refusal.clear();
    onClose();
  };
  const confirm = async () => {
    if (!order || hasProblem) return;
    const reply = await refusal.run(() => split.mutateAsync({ id: order.id, lines: chosen }));
    if (!reply) return;
    setTaking({});
    onDone(reply.result);
  };
  const columns: ColumnsType<(typeof lines)[number]> = [
    { title: t('field.sku'), dataIndex: 'sellerSku', width: 150 },
    { title: t('field.product'), dataIndex: 'productName', ellipsis: true },
    { title: t('field.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
    {
      title: t('split.leaving'),
      key: 'leaving',
      width: 140,
      render: (_value, line) => {
        const problem = problemOf(line);
        return (
          <>
            <InputNumber
              value={taking[line.id] ?? 0}
              status={problem ? 'error' : undefined}
              aria-label={t('split.leaving_of', { sku: line.sellerSku })}
              aria-invalid={problem !== null}
              onChange={(value) => setTaking((current) => ({ ...current, [line.id]: value ?? 0 }))}
            />
            {problem && (
              <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
                {problem}
              </Typography.Text>
            )}
          </>
        );
      },
    },
  ];
  return (
    <Modal
      open={order !== null}
      width={720}
      title={t('split.title', { orderNo: order?.orderNo ?? '' })}
      okText={t('split.ok')}
      okButtonProps={{
        loading: split.isPending,
        disabled: hasProblem || leaving === 0 || leaving >= units,
      }}
      cancelText={t('common.keep')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal.alert}
      <Typography.Paragraph>{t('split.content')}</Typography.Paragraph>
      {detail.isLoading ? (
        <Spin />
      ) : (
        <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={lines} />
      )}
      {leaving > 0 && leaving >= units && <Typography.Text type="danger">{t('split.all')}</Typography.Text>}
    </Modal>
  );
}

/** Tags: add, remove or set the hand tags of the selected orders. */
function TagsDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: ActedOrder[] | null;
  onClose: () => void;
  onDone: (rows: OrderActionResult[]) => void;
}) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  const [mode, setMode] = useState<'add' | 'remove' | 'set'>('add');
  const [tags, setTags] = useState<OrderTag[]>([]);
  const refusal = useRefusal();
  const change = useInventoryChange(setOrderTags);
  const close = () => {
    setTags([]);
    setMode('add');
    refusal.clear();
    onClose();
  };
  const confirm = async () => {
    if (!orders) return;
    const reply = await refusal.run(() =>
      change.mutateAsync({ ids: orders.map((order) => order.id), tags, mode }),
    );
    if (!reply) return;
    setTags([]);
    onDone(reply.result);
  };
  return (
    <Modal
      open={orders !== null}
      title={t('tags.title', { count: orders?.length ?? 0 })}
      okText={t('tags.ok')}
      okButtonProps={{ loading: change.isPending, disabled: mode !== 'set' && tags.length === 0 }}
      cancelText={t('common.keep')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal.alert}
      {orders && <OrderNumbers orders={orders} />}
      <Space direction="vertical" size={12}>
        <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as typeof mode)}>
          <Radio.Button value="add">{t('tags.add')}</Radio.Button>
          <Radio.Button value="remove">{t('tags.remove')}</Radio.Button>
          <Radio.Button value="set">{t('tags.set')}</Radio.Button>
        </Radio.Group>
        <Checkbox.Group
          value={tags}
          onChange={(values) => setTags(values)}
          options={HAND_TAGS.map((tag) => ({ value: tag, label: labels.tag.label(tag) }))}
        />
        <Typography.Text type="secondary">{t('tags.derived')}</Typography.Text>
      </Space>
    </Modal>
  );
}

/** What the server answered for each order of a batch. */
function ResultsDialog({ results, onClose }: { results: Results | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const outcome = (row: OrderActionResult): ReactNode => {
    if (!row.ok)
      return (
        <Typography.Text type="danger">
          {t('result.refused', {
            reason: row.code ? t(`errors:${row.code}`, { orderNo: row.orderNo, defaultValue: row.code }) : '',
          })}
        </Typography.Text>
      );
    if (row.code === 'order.out_of_stock')
      return <Typography.Text type="warning">{t('result.out_of_stock')}</Typography.Text>;
    return <Typography.Text type="success">{t('result.done')}</Typography.Text>;
  };
  const columns: ColumnsType<OrderActionResult> = [
    { title: t('field.order_no'), dataIndex: 'orderNo', width: 180 },
    {
      title: t('result.status_now'),
      dataIndex: 'localStatus',
      width: 150,
      render: (_status, row) => <StatusTag status={row.localStatus} />,
    },
    { title: t('result.outcome'), key: 'outcome', render: (_value, row) => outcome(row) },
  ];
  const done = results?.rows.filter((row) => row.ok && row.code === null).length ?? 0;
  return (
    <Modal
      open={results !== null}
      width={640}
      title={t('result.title', { action: results?.title ?? '' })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.close')}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('result.summary', { done, count: results?.rows.length ?? 0 })}
      </Typography.Paragraph>
      <Table<OrderActionResult>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={results?.rows ?? []}
        aria-label={t('result.table')}
      />
    </Modal>
  );
}
