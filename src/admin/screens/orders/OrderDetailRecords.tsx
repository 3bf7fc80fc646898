/**
 * The order drawer's records: what the order holds frozen in the warehouse (the reservation rows
 * with their ledger movements) and, when out of stock, what is missing per SKU; its problems; its
 * status history.
 */
import { Alert, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type {
  ExceptionView,
  HistoryView,
  OrderDetail,
  ReservationView,
  ShortageView,
} from '@shared/contract/orders.js';
import { formatDateTime } from '../common/format.js';
import { Section, text } from './DetailSection.js';
import { useOrderLabels } from './shared.js';

/** What the order holds frozen, and per SKU what an out-of-stock order is missing. */
export function Reservation({ order }: { order: OrderDetail }) {
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

/** The order's problems, open and resolved; nothing when it has none. */
export function Problems({ exceptions }: { exceptions: ExceptionView[] }) {
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

/** The order's status changes: which status, from what to what, with its note and who made it. */
export function History({ history }: { history: HistoryView[] }) {
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
