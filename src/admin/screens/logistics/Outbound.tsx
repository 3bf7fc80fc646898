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
import { Alert, Button, Form, Input, Select, Space, Tabs, Tooltip, Typography } from 'antd';
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
import type { RowAction } from '../common/RowActions.js';
import { useListState, type ListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { isSellerSide, WarehouseSelect } from '../inventory/shared.js';
import { numbersOf } from '../orders/order-filters.js';
import { useOrderLabels } from '../orders/shared.js';
import { outboundColumns } from './outbound-columns.js';
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

  const columns = outboundColumns({
    t,
    labels,
    orderLabels,
    showSeller,
    canArrange,
    canOutbound,
    actions,
    rowActions,
  });

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
