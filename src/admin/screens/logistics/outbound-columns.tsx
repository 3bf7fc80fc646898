/**
 * The columns of the outbound list: eight that fit a laptop's screen beside the menu, what belongs
 * together sharing a cell — the order, platform and shop, parcel, arrangement (with a tracking
 * number the marketplace did not take), label (with its fixes), progress, ship-by and row actions.
 */
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WaybillView } from '@shared/contract/logistics.js';
import { RowActions, type RowAction } from '../common/RowActions.js';
import { ShipByCountdown } from '../orders/ShipByCountdown.js';
import type { useOrderLabels } from '../orders/shared.js';
import type { useOutboundActions } from './OutboundActions.js';
import { allows, useLogisticsLabels } from './shared.js';

const ARRANGE_COLOURS: Record<WaybillView['arrangeStatus'], string> = {
  to_arrange: 'default',
  arranging: 'processing',
  arranged: 'green',
  arrange_failed: 'red',
  self_shipped: 'purple',
};

const LABEL_COLOURS: Record<WaybillView['labelStatus'], string> = {
  none: 'default',
  requested: 'processing',
  ready: 'green',
  failed: 'red',
};

/** The list's columns; a row's fixes and its actions call the outbound actions. */
export function outboundColumns({
  t,
  labels,
  orderLabels,
  showSeller,
  canArrange,
  canOutbound,
  actions,
  rowActions,
}: {
  t: TFunction<'logistics'>;
  labels: ReturnType<typeof useLogisticsLabels>;
  orderLabels: ReturnType<typeof useOrderLabels>;
  showSeller: boolean;
  canArrange: boolean;
  canOutbound: boolean;
  actions: ReturnType<typeof useOutboundActions>['actions'];
  rowActions: (row: WaybillView) => RowAction[];
}): ColumnsType<WaybillView> {
  const secondary = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  // Eight columns that fit a laptop's screen beside the menu: what belongs together shares a cell.
  return [
    {
      title: t('field.order_no'),
      dataIndex: 'orderNo',
      width: 170,
      fixed: 'left',
      render: (orderNo: string, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong copyable>
            {orderNo}
          </Typography.Text>
          {secondary(row.systemNo)}
          {secondary(row.warehouseName)}
        </Space>
      ),
    },
    {
      title: t('field.platform_shop'),
      key: 'platform',
      width: 140,
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <span>{labels.platform(row.platform)}</span>
          {row.shopName && secondary(row.shopName)}
          {showSeller && row.sellerName && secondary(row.sellerName)}
        </Space>
      ),
    },
    {
      title: t('field.parcel'),
      key: 'parcel',
      width: 130,
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <span>{orderLabels.parcel.label(row.parcelType)}</span>
          {secondary(t('list.units', { count: row.units }))}
          {row.recipientName && secondary(row.recipientName)}
        </Space>
      ),
    },
    {
      title: t('field.arrange_status'),
      dataIndex: 'arrangeStatus',
      width: 210,
      render: (status: WaybillView['arrangeStatus'], row) => (
        <Space direction="vertical" size={2}>
          <Space size={4} wrap>
            <Tag color={ARRANGE_COLOURS[status]}>{t(`arrange_status.${status}`)}</Tag>
            {row.channelName || row.carrierName ? (
              <span>{row.channelName || row.carrierName}</span>
            ) : (
              <Typography.Text type="secondary">{t('list.no_channel')}</Typography.Text>
            )}
          </Space>
          {row.trackingNo && <Typography.Text copyable>{row.trackingNo}</Typography.Text>}
          {row.pushError && (
            <PushFailure row={row} canRetry={canOutbound} onRetry={() => actions.pushTracking(row)} />
          )}
          {status === 'arrange_failed' && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {row.arrangeMessage ||
                t(`errors:${row.arrangeError}`, { orderNo: row.orderNo, defaultValue: row.arrangeError })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('field.label_status'),
      dataIndex: 'labelStatus',
      width: 140,
      render: (status: WaybillView['labelStatus'], row) => (
        <LabelCell row={row} status={status} canFix={canArrange} actions={actions} />
      ),
    },
    {
      title: t('field.progress'),
      key: 'steps',
      width: 120,
      render: (_value, row) => (
        <Space direction="vertical" size={2}>
          <Tag color={row.isPrinted ? 'green' : 'default'}>
            {row.printCount > 0
              ? t('list.print_count', { count: row.printCount })
              : t(row.isPrinted ? 'flag.printed' : 'flag.unprinted')}
          </Tag>
          <Tag color={row.isPicked ? 'green' : 'default'}>
            {t(row.isPicked ? 'flag.picked' : 'flag.not_picked')}
          </Tag>
          <Tag color={row.isPacked ? 'green' : 'default'}>
            {t(row.isPacked ? 'flag.packed' : 'flag.unpacked')}
          </Tag>
        </Space>
      ),
    },
    {
      title: t('field.ship_by'),
      dataIndex: 'shipBy',
      width: 130,
      render: (shipBy: string | null, row) => (
        <ShipByCountdown shipBy={shipBy} isRunning={row.warehouseStatus !== 'delivered'} />
      ),
    },
    {
      title: t('common.actions', { ns: 'system' }),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_value, row) => <RowActions wrap size={[12, 2]} actions={rowActions(row)} />,
    },
  ];
}

/**
 * A waybill's label: its state; a failed one says the spec's words and offers its three fixes
 * (try again, upload by hand, save again).
 */
function LabelCell({
  row,
  status,
  canFix,
  actions,
}: {
  row: WaybillView;
  status: WaybillView['labelStatus'];
  canFix: boolean;
  actions: ReturnType<typeof useOutboundActions>['actions'];
}) {
  const { t } = useTranslation('logistics');
  return (
    <Space direction="vertical" size={2}>
      <Tag color={LABEL_COLOURS[status]}>{t(`label_status.${status}`)}</Tag>
      {status === 'failed' && (
        <>
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {t('errors:waybill.label_not_saved')}
          </Typography.Text>
          {row.labelMessage && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.labelMessage}
            </Typography.Text>
          )}
          {canFix && allows('fixLabel', row) && (
            <RowActions
              wrap
              size={[8, 0]}
              actions={[
                { key: 'retry', label: t('label.retry'), onClick: () => actions.retryLabel(row) },
                { key: 'upload', label: t('label.upload'), onClick: () => actions.uploadLabel(row) },
                {
                  key: 'regenerate',
                  label: t('label.regenerate'),
                  onClick: () => actions.regenerateLabel(row),
                },
              ]}
            />
          )}
        </>
      )}
    </Space>
  );
}

/**
 * Our carrier's tracking number the marketplace did not take: why (our words, then the
 * marketplace's), and 'send again' for those who may hand parcels over.
 */
function PushFailure({
  row,
  canRetry,
  onRetry,
}: {
  row: WaybillView;
  canRetry: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('logistics');
  const labels = useLogisticsLabels();
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {t('push.failed')}
        {': '}
        {t(`errors:${row.pushError}`, {
          orderNo: row.orderNo,
          platform: labels.platform(row.platform),
          defaultValue: row.pushError,
        })}
      </Typography.Text>
      {row.pushMessage && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.pushMessage}
        </Typography.Text>
      )}
      {canRetry && (
        <RowActions size={[8, 0]} actions={[{ key: 'push', label: t('push.retry'), onClick: onRetry }]} />
      )}
    </Space>
  );
}
