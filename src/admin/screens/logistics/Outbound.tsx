/**
 * /logistics/outbound: the orders waiting to ship with their waybills (spec 02 §4 Ship
 * arrangement and Warehouse side), by stage — to arrange, arrange failed, to print, to pick, to
 * pack, to deliver, delivered — filtered by warehouse, channel, platform and a number, or up to
 * 100 numbers pasted (those no order answered are named above the tabs). Selected
 * orders are arranged (a channel chosen, the batch followed), their waybills printed through the
 * print helper and marked printed, picked, packed and delivered, and their pick and packing lists
 * opened; each button shown with its permission and greyed out, saying why, when a selected
 * order's waybill does not allow the step yet. A row reprints its stored label, fixes a label
 * that was not saved, records a parcel shipped elsewhere, or sends again a tracking number the
 * marketplace did not take.
 */
import { Alert, Button, Form, Input, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllChannels, useWaybills } from '@api/modules/logistics.js';
import type { WaybillListQuery, WaybillView } from '@shared/contract/logistics.js';
import { LOGISTICS_LIMITS } from '@shared/domain/logistics.js';
import { PLATFORMS } from '@shared/domain/order.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE, PAGE_SIZES } from '../common/paging.js';
import { RowActions, type RowAction } from '../common/RowActions.js';
import { useListState, type ListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { isSellerSide, WarehouseSelect } from '../inventory/shared.js';
import { numbersOf } from '../orders/order-filters.js';
import { ShipByCountdown } from '../orders/ShipByCountdown.js';
import { useOrderLabels } from '../orders/shared.js';
import { useOutboundActions } from './OutboundActions.js';
import {
  allows,
  refusedCount,
  STAGES,
  useLogisticsLabels,
  type Stage,
  type WaybillAction,
} from './shared.js';
import { useWaybillPrinting } from './use-waybill-printing.js';

type OutboundFilterValues = Partial<
  Pick<WaybillListQuery, 'warehouseId' | 'channelId' | 'platform' | 'keyword'>
>;
type OutboundState = ListState & { filter: OutboundFilterValues; stage: Stage };

/**
 * Pages up to the most orders one outbound call takes (LOGISTICS_LIMITS.directOrders), so a
 * whole page selected is picked, packed or delivered in one go.
 */
const OUTBOUND_PAGE_SIZES = [
  ...PAGE_SIZES.filter((size) => size < LOGISTICS_LIMITS.directOrders),
  LOGISTICS_LIMITS.directOrders,
];

const INITIAL: OutboundState = { ...DEFAULT_PAGE, filter: {}, stage: 'to_arrange' };

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

export function Outbound() {
  const { t } = useTranslation('logistics');
  const labels = useLogisticsLabels();
  const orderLabels = useOrderLabels();
  const me = useSessionUser();
  const [state, setState, search] = useListState<OutboundState>('logistics/Outbound', INITIAL);
  const { keyword, ...filter } = state.filter;
  // One number is searched as before (part of an order number, a whole system id or tracking
  // number); several, up to 100, each as a whole number, and the reply names those none answered.
  const searched = numbersOf(keyword);
  const waybills = useWaybills({
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    stage: state.stage,
    ...filter,
    ...(searched.length > 1 ? { numbers: searched.join(',') } : searched[0] ? { keyword: searched[0] } : {}),
  });
  const notFound = waybills.isFetching ? [] : (waybills.data?.notFound ?? []);
  const canArrange = hasAuth(PERMISSIONS.waybillArrange);
  const canOutbound = hasAuth(PERMISSIONS.outboundEdit);
  const channels = useAllChannels({ enabled: hasAuth(PERMISSIONS.channelList) });
  const [selected, setSelected] = useState<WaybillView[]>([]);
  const { actions, dialogs } = useOutboundActions({ onDone: () => setSelected([]) });
  const printing = useWaybillPrinting();
  const showSeller = !isSellerSide(me?.userRole);

  const change = (patch: Partial<OutboundState>) => {
    setSelected([]);
    setState({ ...patch, pageNo: 1 });
  };

  /** A toolbar button for the selection: live only when every selected waybill allows the step. */
  const batchButton = (
    key: WaybillAction,
    label: string,
    onClick: (rows: WaybillView[]) => void,
    isPrimary = false,
  ) => {
    const refused = refusedCount(key, selected);
    const reason =
      selected.length === 0
        ? t('action.select_first')
        : refused > 0
          ? t('action.not_allowed', { count: refused, total: selected.length })
          : undefined;
    const button = (
      <Button
        key={key}
        type={isPrimary ? 'primary' : 'default'}
        disabled={reason !== undefined}
        aria-description={reason}
        onClick={() => onClick(selected)}
      >
        {label}
      </Button>
    );
    return reason ? (
      <Tooltip key={key} title={reason}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  const rowActions = (row: WaybillView): RowAction[] => [
    {
      key: 'reprint',
      label: t('action.reprint'),
      onClick: () => void printing.reprint(row),
      show: canArrange && row.labelStatus === 'ready',
    },
    {
      key: 'selfShipped',
      label: t('action.self_shipped'),
      onClick: () => actions.selfShipped(row),
      show: canArrange && allows('selfShipped', row),
    },
  ];

  const secondary = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  // Eight columns that fit a laptop's screen beside the menu: what belongs together shares a cell.
  const columns: ColumnsType<WaybillView> = [
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

  return (
    <>
      <SearchBar<OutboundFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="keyword" label={t('filter.keyword')} tooltip={t('filter.numbers_hint')}>
          <Input allowClear placeholder={t('filter.keyword_hint')} style={{ width: 250 }} />
        </Form.Item>
        <Form.Item name="warehouseId" label={t('field.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="channelId" label={t('field.channel')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('filter.all')}
            style={{ width: 170 }}
            loading={channels.isLoading}
            options={(channels.data?.records ?? []).map((channel) => ({
              value: channel.id,
              label: channel.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="platform" label={t('field.platform')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 150 }}
            options={PLATFORMS.map((value) => ({ value, label: labels.platform(value) }))}
          />
        </Form.Item>
      </SearchBar>
      <Space wrap size={8} style={{ marginBottom: 12 }}>
        {canArrange && batchButton('arrange', t('action.arrange'), actions.arrange, true)}
        {canArrange && batchButton('print', t('action.print'), (rows) => void printing.start(rows))}
        {canArrange && batchButton('markPrinted', t('action.mark_printed'), actions.markPrinted)}
        {canArrange && batchButton('markUnprinted', t('action.mark_unprinted'), actions.markUnprinted)}
        {canOutbound && batchButton('picked', t('action.picked'), actions.picked)}
        {canOutbound && batchButton('packed', t('action.packed'), actions.packed)}
        {canOutbound && batchButton('delivered', t('action.delivered'), actions.delivered)}
        {canOutbound && batchButton('pickList', t('action.pick_list'), actions.pickList)}
        {canOutbound && batchButton('packingList', t('action.packing_list'), actions.packingList)}
      </Space>
      {notFound.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          message={t('filter.not_found', { count: notFound.length, numbers: notFound.join(', ') })}
        />
      )}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Tabs
          style={{ flex: 1, minWidth: 0 }}
          activeKey={state.stage}
          onChange={(key) => change({ stage: key as Stage })}
          items={STAGES.map((stage) => ({ key: stage, label: labels.stage(stage) }))}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {selected.length > 0 ? t('action.selected', { count: selected.length }) : t('action.none_selected')}
        </Typography.Text>
      </div>
      <PagedTable<WaybillView>
        bordered
        rowKey="orderId"
        columns={columns}
        query={waybills}
        page={state}
        pageSizes={OUTBOUND_PAGE_SIZES}
        onPageChange={(page) => {
          setSelected([]);
          setState(page);
        }}
        locale={{ emptyText: t('list.empty') }}
        rowSelection={{
          selectedRowKeys: selected.map((row) => row.orderId),
          onChange: (_keys, rows) => setSelected(rows),
          fixed: true,
        }}
      />
      {dialogs}
      {printing.dialogs}
    </>
  );
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
