/**
 * The merge and split dialogs: merge shows the orders it combines and names what differs between
 * them; split asks how many units of each line leave for the new order.
 */
import { Alert, InputNumber, Modal, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useInventoryChange } from '@api/modules/inventory.js';
import { mergeOrders, splitOrder, useOrder } from '@api/modules/orders.js';
import type { SavedOrderView } from '@shared/contract/orders.js';
import { contractProblem } from '../common/rules.js';
import type { ActedOrder } from './acted-order.js';
import { useRefusal } from './ActionDialogParts.js';
import { StatusTag } from './shared.js';

const normalised = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Merge: one buyer's orders to one address (same seller, warehouse, status and currency) into a
 * combined order. Differences seen on the page are named before sending; the server checks the
 * full address and phone.
 */
export function MergeDialog({
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
export function SplitDialog({
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
