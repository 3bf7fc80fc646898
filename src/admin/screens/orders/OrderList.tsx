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
import { PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Space, Tabs, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useOrderShops, useOrders } from '@api/modules/orders.js';
import type { OrderRow } from '@shared/contract/orders.js';
import { ORDER_TABS, ORDER_TYPES, type OrderAction } from '@shared/domain/order.js';
import { WAREHOUSE_ROLES } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { ExportTaskButton } from '../common/ExportTaskButton.js';
import { OrderQuestions } from '../questions/OrderQuestions.js';
import { OrderImportButton } from './OrderImport.js';
import { PagedTable } from '../common/PagedTable.js';
import { useListState } from '../common/screen-state.js';
import { isSellerSide, sellersOf } from '../inventory/shared.js';
import { BatchScanModal } from './BatchScanModal.js';
import { OrderDetailDrawer } from './OrderDetailDrawer.js';
import { OrderFormDrawer } from './OrderFormDrawer.js';
import type { ActionKind } from './acted-order.js';
import { useOrderActions } from './OrderActions.js';
import { orderColumns } from './order-list-columns.js';
import {
  filtersOf,
  initialState,
  listParams,
  type OrderListState,
  type TabKey,
  type TypeKey,
} from './order-filters.js';
import { OrderSearchBar } from './OrderSearchBar.js';
import { allowsAll, mayAct, useOrderLabels } from './shared.js';

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

  const columns = orderColumns({ t, labels, showSeller, setOpenId, start });

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
      <OrderSearchBar
        key={formVersion}
        filter={state.filter}
        onSearch={(values) => {
          setSelected([]);
          searchWith(values);
        }}
        showSeller={showSeller}
        knownSellers={sellersOf(orders.data?.records)}
        shops={shops}
        showMore={showMore}
        onToggleMore={() => setShowMore((shown) => !shown)}
      />
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
