/**
 * The order centre's list (spec 01 §2: /order/manage/seller for sellers and their staff,
 * /order/manager/ware for the warehouse side, /agent/order/new for agents and admins; spec 02
 * §2–§9): tabs all, pending review, pending, shipped, cancelled and problem orders with their counts;
 * the order type; filters by shop, platform, warehouse, seller, status, tag, date (with the
 * shortcuts of spec 02 §9) and remaining ship time; a batch search of order or tracking numbers
 * (comma-separated, or scanned one a line); a live ship-by countdown. The route's query
 * (?searchTrackingNo=…&type=all, as an order question links) prefills the search. Selected
 * orders are reviewed, cancelled, marked out of stock, merged, split and tagged, each button
 * shown with its permission and greyed out where the lifecycle table does not allow it; each
 * row opens the order in a drawer; the list exports as a download task.
 */
import { DownOutlined, PlusOutlined, ScanOutlined, UpOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useOrderShops, useOrders } from '@api/modules/orders.js';
import { TAG_MATCHES, type OrderRow, type TagMatch } from '@shared/contract/orders.js';
import {
  LOCAL_STATUSES,
  ORDER_TABS,
  ORDER_TAGS,
  ORDER_TYPES,
  PLATFORMS,
  SHIP_TIME_FILTERS,
  type OrderAction,
} from '@shared/domain/order.js';
import { WAREHOUSE_ROLES } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { ExportTaskButton } from '../common/ExportTaskButton.js';
import { OrderQuestions } from '../questions/OrderQuestions.js';
import { OrderImportButton } from './OrderImport.js';
import { DateRangePicker } from '../common/DateRangePicker.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { RowActions } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { isSellerSide, SellerSelect, sellersOf, WarehouseSelect } from '../inventory/shared.js';
import { BatchScanModal } from './BatchScanModal.js';
import { OrderDetailDrawer } from './OrderDetailDrawer.js';
import { OrderFormDrawer } from './OrderFormDrawer.js';
import type { ActionKind } from './acted-order.js';
import { useOrderActions } from './OrderActions.js';
import {
  DATE_FIELDS,
  filtersOf,
  initialState,
  listParams,
  type OrderFilterValues,
  type OrderListState,
  type TabKey,
  type TypeKey,
} from './order-filters.js';
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

/** The batch actions of the toolbar, in the order they are offered. */
const BATCH_ACTIONS: readonly OrderAction[] = [
  'reviewPass',
  'reviewReject',
  'cancel',
  'markOutOfStock',
  'merge',
  'split',
];

/** One list per address: a tab opened at ?searchTrackingNo=A keeps its own filters beside one at B. */
export function OrderList() {
  const { search } = useLocation();
  return <OrderListScreen key={search} search={search} />;
}

function OrderListScreen({ search }: { search: string }) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  const me = useSessionUser();
  const initial = useMemo(() => initialState(search), [search]);
  const [state, setState, searchWith] = useListState('orders/OrderList', initial, search);
  const orders = useOrders(listParams(state));
  const shops = useOrderShops();
  const [selected, setSelected] = useState<OrderRow[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [isScanning, setIsScanning] = useState(false);
  // The search bar shows its values from when it was made: a scan remakes it with the scanned numbers.
  const [formVersion, setFormVersion] = useState(0);
  // Platform, shop, tag and date wait behind 'More filters' unless one of them is in use.
  const { platform, shopName, tags, dateRange } = state.filter;
  const [showMore, setShowMore] = useState(Boolean(platform || shopName || tags?.length || dateRange));
  const actions = useOrderActions({ onDone: () => setSelected([]), openOrder: setOpenId });

  const showSeller = !isSellerSide(me?.userRole);
  const canAdd = hasAuth(PERMISSIONS.orderAdd) && me !== null && !WAREHOUSE_ROLES.includes(me.userRole);
  const canEdit = hasAuth(PERMISSIONS.orderEdit);
  const counts = orders.data?.counts;

  const change = (patch: Partial<OrderListState>) => {
    setSelected([]);
    setState({ ...patch, pageNo: 1 });
  };
  const start = (kind: ActionKind, rows: OrderRow[]) => actions.start(kind, rows);
  const scanned = (numbers: string[]) => {
    setIsScanning(false);
    change({ filter: { ...state.filter, numbers: numbers.join(',') }, tab: 'all' });
    setFormVersion((version) => version + 1);
  };

  // The searched numbers no order answered in any tab, as the server names them (whatever tab or
  // page is shown).
  const notFound = orders.isFetching ? [] : (orders.data?.notFound ?? []);

  const columns: ColumnsType<OrderRow> = [
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

  const batchButton = (action: OrderAction) => {
    const allowed = allowsAll(action, selected);
    const button = (
      <Button
        key={action}
        danger={action === 'cancel'}
        disabled={!allowed}
        onClick={() => start(action, selected)}
      >
        {t(`action.${action}`)}
      </Button>
    );
    return allowed ? (
      button
    ) : (
      <Tooltip key={action} title={t('action.not_allowed', { action: t(`action.${action}`) })}>
        {button}
      </Tooltip>
    );
  };

  const tabLabel = (tab: TabKey) => {
    const count = counts?.[tab];
    const name = tab === 'all' ? t('tab.all') : labels.tab.label(tab);
    return (
      <span>
        {count === undefined ? name : `${name} `}
        {count !== undefined && (
          <Typography.Text type={tab === 'problem' && count > 0 ? 'danger' : 'secondary'}>
            ({count})
          </Typography.Text>
        )}
      </span>
    );
  };

  return (
    <>
      <SearchBar<OrderFilterValues>
        key={formVersion}
        initialValues={state.filter}
        onSearch={(values) => {
          setSelected([]);
          searchWith(values);
        }}
      >
        <Form.Item name="numbers" label={t('filter.numbers')} tooltip={t('filter.numbers_hint')}>
          <Input allowClear placeholder={t('filter.numbers_placeholder')} style={{ width: 250 }} />
        </Form.Item>
        <Form.Item name="warehouseId" label={t('field.warehouse')}>
          <WarehouseSelect style={{ width: 170 }} />
        </Form.Item>
        {showSeller && (
          <Form.Item name="sellerId" label={t('field.seller')}>
            <SellerSelect known={sellersOf(orders.data?.records)} />
          </Form.Item>
        )}
        <Form.Item name="status" label={t('field.status')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 150 }}
            options={LOCAL_STATUSES.map((status) => ({ value: status, label: labels.status.label(status) }))}
          />
        </Form.Item>
        <Form.Item name="shipTime" label={t('filter.ship_time')} tooltip={t('filter.ship_time_hint')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 150 }}
            options={SHIP_TIME_FILTERS.map((filter) => ({
              value: filter,
              label: labels.shipTime.label(filter),
            }))}
          />
        </Form.Item>
        {/* Kept in the form while hidden, so a filter in use still applies. */}
        <Form.Item hidden={!showMore} name="platform" label={t('field.platform')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 130 }}
            options={PLATFORMS.map((platform) => ({
              value: platform,
              label: labels.platform.label(platform),
            }))}
          />
        </Form.Item>
        <Form.Item hidden={!showMore} name="shopName" label={t('field.shop')}>
          <Select
            allowClear
            showSearch
            placeholder={t('filter.all')}
            style={{ width: 170 }}
            loading={shops.isLoading}
            options={[...new Set((shops.data ?? []).map((shop) => shop.shopName))].map((shopName) => ({
              value: shopName,
              label: shopName,
            }))}
          />
        </Form.Item>
        <Form.Item hidden={!showMore} label={t('field.tags')} htmlFor="order-filter-tags">
          <Space.Compact>
            <Form.Item name="tags" noStyle>
              <Select
                id="order-filter-tags"
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('filter.all')}
                style={{ width: 220 }}
                options={ORDER_TAGS.map((tag) => ({ value: tag, label: labels.tag.label(tag) }))}
              />
            </Form.Item>
            <Form.Item name="tagMatch" noStyle>
              <Select<TagMatch>
                style={{ width: 150 }}
                placeholder={t('filter.tag_match.any')}
                aria-label={t('filter.tag_match_label')}
                options={TAG_MATCHES.map((match) => ({
                  value: match,
                  label: t(`filter.tag_match.${match}`),
                }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item hidden={!showMore} label={t('filter.date')}>
          <Space.Compact>
            <Form.Item name="dateField" noStyle>
              <Select
                style={{ width: 120 }}
                placeholder={t('filter.date_field.ordered')}
                aria-label={t('filter.date_field_label')}
                options={DATE_FIELDS.map((field) => ({
                  value: field,
                  label: t(`filter.date_field.${field}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="dateRange" noStyle>
              <DateRangePicker style={{ width: 240 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item>
          <Button type="link" onClick={() => setShowMore((shown) => !shown)} aria-expanded={showMore}>
            {showMore ? t('filter.fewer') : t('filter.more')} {showMore ? <UpOutlined /> : <DownOutlined />}
          </Button>
        </Form.Item>
      </SearchBar>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 8,
          flexWrap: 'wrap',
          marginBottom: 12,
        }}
      >
        <Space wrap size={8}>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
              {t('action.add')}
            </Button>
          )}
          {BATCH_ACTIONS.filter(mayAct).map(batchButton)}
          {canEdit && <Button onClick={() => start('tags', selected)}>{t('action.tags')}</Button>}
        </Space>
        <Space wrap size={8}>
          <Button icon={<ScanOutlined />} onClick={() => setIsScanning(true)}>
            {t('action.scan')}
          </Button>
          <OrderImportButton />
          <ExportTaskButton request={{ kind: 'orders', filters: filtersOf(state) }} />
        </Space>
      </div>
      {notFound.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          message={t('filter.not_found', {
            count: notFound.length,
            numbers: notFound.slice(0, 20).join(', '),
          })}
        />
      )}
      {/* The selection count and the type filter sit beside the tabs, not in their tab list
          (a tab list may hold tabs only). */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Tabs
          style={{ flex: 1, minWidth: 0 }}
          activeKey={state.tab}
          onChange={(key) => change({ tab: key as TabKey })}
          items={(['all', ...ORDER_TABS] as const).map((tab) => ({ key: tab, label: tabLabel(tab) }))}
        />
        <Space size={12}>
          <Typography.Text type="secondary" aria-live="polite">
            {selected.length > 0
              ? t('action.selected', { count: selected.length })
              : t('action.none_selected')}
          </Typography.Text>
          <Select<TypeKey>
            value={state.type}
            style={{ width: 170 }}
            aria-label={t('field.type')}
            onChange={(type) => change({ type })}
            options={[
              { value: 'all', label: t('filter.all_types') },
              ...ORDER_TYPES.map((type) => ({ value: type, label: labels.type.label(type) })),
            ]}
          />
        </Space>
      </div>
      <PagedTable<OrderRow>
        bordered
        columns={columns}
        query={orders}
        page={state}
        onPageChange={(page) => {
          setSelected([]);
          setState(page);
        }}
        locale={{ emptyText: t('list.empty') }}
        rowSelection={{
          selectedRowKeys: selected.map((row) => row.id),
          onChange: (_keys, rows) => setSelected(rows),
          fixed: true,
        }}
      />
      <OrderDetailDrawer
        orderId={openId}
        onClose={() => setOpenId(null)}
        onAction={(kind, order) => actions.start(kind, [order])}
        extra={(order) => <OrderConversation orderId={order.id} ordersn={order.orderNo} />}
      />
      <OrderFormDrawer
        open={isAdding}
        onClose={() => setIsAdding(false)}
        onSaved={(saved) => setOpenId(saved.id)}
      />
      <BatchScanModal open={isScanning} onClose={() => setIsScanning(false)} onSearch={scanned} />
      {actions.dialogs}
    </>
  );
}

/** The order's questions in its detail: the whole conversation, raised and answered there. */
function OrderConversation({ orderId, ordersn }: { orderId: string; ordersn: string }) {
  const { t } = useTranslation('questions');
  return (
    <section aria-label={t('feedback.conversation')}>
      <Typography.Title level={5}>{t('feedback.conversation')}</Typography.Title>
      <OrderQuestions orderId={orderId} ordersn={ordersn} />
    </section>
  );
}
