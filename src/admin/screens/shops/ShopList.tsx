/**
 * /shop/list: the seller's shops on the marketplaces (spec 02 §3 'Shop': id, alias, status,
 * authorisation) with the platform's own name and id of each, its warehouse, when its access
 * ends, and its order sync (every 30 minutes, spec 02 §9): the last run's state, a run's
 * progress while it runs (the list is read again every 2 s until it ends), and the orders
 * waiting for SKU matching, linked to /shop/match. Agents and admins see and filter by seller.
 * Rows are authorised (by the platform's page, Shopify's domain first, or Coupang's keys),
 * synced now, paused and resumed, edited and deleted — each link shown with the permission and
 * greyed out where the shop's status does not allow it — and their sync history opens beside.
 */
import { SyncOutlined } from '@ant-design/icons';
import { App, Form, Input, Select, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { deleteShop, editShop, syncShop, useShopChange, useShops } from '@api/modules/shops.js';
import type { ShopListQuery, ShopView } from '@shared/contract/shops.js';
import { MARKETPLACE_SYNC } from '@shared/domain/marketplaces.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { AddButton } from '../common/AddButton.js';
import { hasAuth } from '../auth.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { RowActions, useDeleteAction, type RowAction } from '../common/RowActions.js';
import { useListState, type ListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { isSellerSide, SellerSelect, sellersOf } from '../inventory/shared.js';
import { useAuthorise } from './AuthoriseDialogs.js';
import { AddShopDrawer, EditShopModal } from './ShopForms.js';
import {
  allows,
  type AskedSync,
  errorText,
  RunStateTag,
  type ShopListArrival,
  ShopStatusTag,
  skuMatchLink,
  triggerLabel,
  useShopFeedback,
  useShopLabels,
} from './shared.js';
import { SyncHistoryDrawer } from './SyncHistoryDrawer.js';

type ShopFilterValues = Partial<Pick<ShopListQuery, 'platform' | 'status' | 'alias' | 'sellerId'>>;
type ShopListState = ListState & { filter: ShopFilterValues };

const INITIAL: ShopListState = { ...DEFAULT_PAGE, filter: {} };

/** How long a sync asked for may take to show up as a run before the list stops waiting for it. */
const QUEUE_WAIT_MS = 60_000;

export function ShopList() {
  const { t } = useTranslation('shops');
  const { message } = App.useApp();
  const labels = useShopLabels();
  const feedback = useShopFeedback();
  const me = useSessionUser();
  const [state, setState, search] = useListState<ShopListState>('shops/ShopList', INITIAL);
  const [asked, setAsked] = useState<ReadonlyMap<string, AskedSync>>(new Map());
  // A sync queued elsewhere (the authorisation's first) is waited for as one asked for here.
  const location = useLocation();
  const arrival = (location.state as Partial<ShopListArrival> | null)?.askedSync;
  useEffect(() => {
    if (!arrival) return;
    const { shopId, runId, askedAt } = arrival;
    setAsked((previous) => new Map(previous).set(shopId, { runId, askedAt }));
  }, [arrival]);
  const isWaiting = useCallback(
    (shops: readonly ShopView[]) => shops.some((shop) => isQueued(asked.get(shop.id), shop)),
    [asked],
  );
  const shops = useShops({ pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter }, isWaiting);
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<ShopView | null>(null);
  const [history, setHistory] = useState<ShopView | null>(null);
  const { authorise, startingId, dialogs } = useAuthorise();
  const deleteAction = useDeleteAction();
  const sync = useShopChange(syncShop);
  const pause = useShopChange(editShop);

  const showSeller = !isSellerSide(me?.userRole);
  const canEdit = hasAuth(PERMISSIONS.shopEdit);
  const records = shops.data?.records;

  // A sync asked for is forgotten once its run shows up (or it never does).
  useEffect(() => {
    if (!records || asked.size === 0) return;
    const stillQueued = [...asked].filter(([id, entry]) => {
      const shop = records.find((row) => row.id === id);
      return shop !== undefined && isQueued(entry, shop);
    });
    if (stillQueued.length !== asked.size) setAsked(new Map(stillQueued));
  }, [records, asked]);

  const syncNow = async (shop: ShopView) => {
    try {
      const envelope = await sync.mutateAsync(shop.id);
      if (envelope.result.isQueued) {
        void message.success(t('sync.queued', { alias: shop.alias }));
        setAsked((previous) =>
          new Map(previous).set(shop.id, { runId: shop.lastRun?.id ?? null, askedAt: Date.now() }),
        );
      } else {
        void message.info(t('sync.already_queued', { alias: shop.alias }));
      }
    } catch (error) {
      feedback.failed(error);
    }
  };

  const setPaused = async (shop: ShopView, isPaused: boolean) => {
    try {
      feedback.done(await pause.mutateAsync({ id: shop.id, isPaused }));
    } catch (error) {
      feedback.failed(error);
    }
  };

  const actionsOf = (shop: ShopView): RowAction[] => {
    const why = (action: 'sync' | 'pause' | 'history') =>
      allows(shop.status, action) ? undefined : t(`reason.${action}_${shop.status}`);
    const isRunning = shop.lastRun?.state === 'running' || isQueued(asked.get(shop.id), shop);
    return [
      {
        key: 'authorise',
        label:
          startingId === shop.id
            ? t('action.authorising')
            : t(shop.status === 'pending' ? 'action.authorise' : 'action.authorise_again'),
        onClick: () => authorise(shop),
        show: canEdit,
      },
      {
        key: 'sync',
        label: t('action.sync'),
        onClick: () => void syncNow(shop),
        show: canEdit,
        disabledReason: why('sync') ?? (isRunning ? t('reason.sync_running') : undefined),
      },
      shop.status === 'paused'
        ? {
            key: 'resume',
            label: t('action.resume'),
            onClick: () => void setPaused(shop, false),
            show: canEdit,
          }
        : {
            key: 'pause',
            label: t('action.pause'),
            onClick: () => void setPaused(shop, true),
            show: canEdit,
            disabledReason: why('pause'),
          },
      { key: 'edit', label: t('action.edit'), onClick: () => setEditing(shop), show: canEdit },
      {
        key: 'history',
        label: t('action.history'),
        onClick: () => setHistory(shop),
        disabledReason: why('history'),
      },
      deleteAction({
        show: canEdit,
        title: t('delete.title', { alias: shop.alias }),
        content: t('delete.content', { alias: shop.alias, platform: labels.platform(shop.platform) }),
        remove: () => deleteShop(shop.id),
      }),
    ];
  };

  const columns: ColumnsType<ShopView> = [
    {
      title: t('field.shop'),
      dataIndex: 'alias',
      width: 210,
      fixed: 'left',
      render: (alias: string, shop) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{alias}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {shop.shopName
              ? `${labels.platform(shop.platform)} · ${shop.shopName}`
              : labels.platform(shop.platform)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {shop.platformShopId
              ? t('field.platform_shop_id', { id: shop.platformShopId })
              : t('list.not_connected')}
          </Typography.Text>
        </Space>
      ),
    },
    ...(showSeller
      ? [{ title: t('field.seller'), dataIndex: 'sellerName', width: 100, ellipsis: true }]
      : []),
    { title: t('field.warehouse_short'), dataIndex: 'warehouseName', width: 110, ellipsis: true },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 170,
      render: (_status: ShopView['status'], shop) => <ShopStatusTag shop={shop} />,
    },
    {
      title: t('field.last_sync'),
      key: 'lastSync',
      width: 170,
      render: (_value, shop) => <LastSync shop={shop} isQueued={isQueued(asked.get(shop.id), shop)} />,
    },
    {
      title: (
        <Tooltip title={t('field.waiting_orders')}>
          <span>{t('field.waiting_short')}</span>
        </Tooltip>
      ),
      dataIndex: 'waitingOrders',
      width: 90,
      align: 'right',
      render: (waiting: number, shop) =>
        waiting > 0 ? (
          <Link
            to={skuMatchLink(shop.id)}
            aria-label={t('list.waiting_link', { count: waiting, alias: shop.alias })}
          >
            {waiting.toLocaleString()}
          </Link>
        ) : (
          0
        ),
    },
    {
      title: t('common.actions', { ns: 'system' }),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_value, shop) => <RowActions size={[12, 2]} wrap actions={actionsOf(shop)} />,
    },
  ];

  return (
    <>
      <SearchBar<ShopFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="alias" label={t('field.alias')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="platform" label={t('field.platform')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 150 }}
            options={labels.platformOptions}
          />
        </Form.Item>
        <Form.Item name="status" label={t('field.status')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 130 }}
            options={labels.statusOptions}
          />
        </Form.Item>
        {showSeller && (
          <Form.Item name="sellerId" label={t('field.seller')}>
            <SellerSelect known={sellersOf(records)} />
          </Form.Item>
        )}
      </SearchBar>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 8,
          flexWrap: 'wrap',
          marginBottom: 12,
        }}
      >
        <Space>
          {canEdit && (
            <AddButton isInToolbar onClick={() => setIsAdding(true)}>
              {t('action.add')}
            </AddButton>
          )}
        </Space>
        <Typography.Text type="secondary">
          {t('list.schedule', { minutes: MARKETPLACE_SYNC.intervalMinutes })}
        </Typography.Text>
      </div>
      <PagedTable<ShopView>
        bordered
        columns={columns}
        query={shops}
        page={state}
        onPageChange={setState}
        locale={{ emptyText: canEdit ? t('list.empty_add') : t('list.empty') }}
      />
      <AddShopDrawer open={isAdding} onClose={() => setIsAdding(false)} onAdded={() => undefined} />
      <EditShopModal shop={editing} onClose={() => setEditing(null)} />
      <SyncHistoryDrawer shop={history} onClose={() => setHistory(null)} />
      {dialogs}
    </>
  );
}

/** Whether a sync asked for has not shown up as a run yet (and is still worth waiting for). */
function isQueued(entry: AskedSync | undefined, shop: ShopView): boolean {
  if (!entry) return false;
  return (shop.lastRun?.id ?? null) === entry.runId && Date.now() - entry.askedAt < QUEUE_WAIT_MS;
}

/** The last sync: when it ended and how, a run's progress while it runs, or that one is queued. */
function LastSync({ shop, isQueued }: { shop: ShopView; isQueued: boolean }) {
  const { t } = useTranslation('shops');
  const labels = useShopLabels();
  const run = shop.lastRun;
  if (run?.state === 'running') {
    return (
      <Space direction="vertical" size={0} aria-live="polite">
        <Space size={6}>
          <SyncOutlined spin aria-hidden />
          <span>{t('sync.running', { count: run.fetched })}</span>
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('sync.started', { time: formatDateTime(run.startedAt), trigger: triggerLabel(t, run.trigger) })}
        </Typography.Text>
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={2} aria-live="polite">
      {isQueued && (
        <Space size={6}>
          <SyncOutlined spin aria-hidden />
          <span>{t('sync.waiting_to_start')}</span>
        </Space>
      )}
      <span>{shop.lastSyncedAt ? formatDateTime(shop.lastSyncedAt) : t('sync.never')}</span>
      {run && (
        <Space size={4} wrap>
          <RunStateTag state={run.state} />
          {run.state === 'failed' && run.errorCode && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {errorText(t, run.errorCode, { platform: labels.platform(shop.platform) })}
            </Typography.Text>
          )}
        </Space>
      )}
    </Space>
  );
}
