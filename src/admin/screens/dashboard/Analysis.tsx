/**
 * The home page (/dashboard/analysis, spec 01 §2). The business figures of GET /dashboard/figures,
 * scoped by the server to the user's seller, warehouses or whole tenant: the order tabs today,
 * orders at risk of missing their ship-by, orders waiting for stock, inbound due, orders per day
 * and stock by warehouse. Then what the role may see of GET /dashboard/summary — announcements,
 * questions, users, the 7-day sign-ins — and the unread announcements and pending questions
 * waiting for them. Only the server's numbers; the charts load on their own, after the figures.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFigures, useSummary } from '@api/modules/dashboard.js';
import { useAnnouncementsByUser } from '@api/modules/shell.js';
import { queryKeys } from '@api/query-keys.js';
import type { DashboardFigures } from '@shared/contract/dashboard.js';
import type { UserRole } from '@shared/domain/roles.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { AnnouncementReader } from '../common/AnnouncementReader.js';
import { ROLE_COLORS, useRoleLabels } from '../common/roles.js';
import { AtRiskCard, InboundDueCard, OutOfStockCard } from './AttentionCards.js';
import { PendingQuestions, UnreadAnnouncements } from './InboxCards.js';
import { OrderTabCards } from './OrderFigures.js';
import { StatCards } from './StatCards.js';
import { UsersByRole } from './UsersByRole.js';

const OrdersChart = lazy(() =>
  import('./DashboardCharts.js').then((module) => ({ default: module.OrdersChart })),
);
const StockByWarehouse = lazy(() =>
  import('./DashboardCharts.js').then((module) => ({ default: module.StockByWarehouse })),
);
const LoginChart = lazy(() => import('./LoginChart.js').then((module) => ({ default: module.LoginChart })));

/**
 * The bell reads announcements too (the shell's modal marks them read); when its unread count
 * changes, the dashboard's summary is fetched again so both agree.
 */
function useSummaryFollowsBell() {
  const client = useQueryClient();
  const inbox = useAnnouncementsByUser();
  const unread = inbox.data ? inbox.data.anntMsgTotal + inbox.data.sysMsgTotal : null;
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (unread === null) return;
    if (previous.current !== null && previous.current !== unread) {
      void client.invalidateQueries({ queryKey: [...queryKeys.dashboard.all, 'summary'] });
    }
    previous.current = unread;
  }, [unread, client]);
}

function CardSkeleton({ rows = 4, testId }: { rows?: number; testId?: string }) {
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={testId}>
      <Skeleton active title paragraph={{ rows }} />
    </Card>
  );
}

/** The page's layout while the figures load: the same places, greyed. */
function FiguresSkeleton() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="figures-loading">
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} size="small">
            <Skeleton active avatar={{ shape: 'square' }} title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
      <Row gutter={[16, 16]}>
        {Array.from({ length: 3 }, (_, index) => (
          <Col key={index} xs={24} lg={12} xl={8}>
            <CardSkeleton rows={5} />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <CardSkeleton rows={7} />
        </Col>
        <Col xs={24} xl={8}>
          <CardSkeleton rows={7} />
        </Col>
      </Row>
    </Space>
  );
}

function ScopeLine({
  figures,
  onRefresh,
  refreshing,
}: {
  figures: DashboardFigures;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation('system');
  const scope =
    figures.scope === 'seller'
      ? t('dashboard.scope_seller')
      : figures.scope === 'warehouses'
        ? t('dashboard.scope_warehouses', { count: figures.warehouseCount })
        : t('dashboard.scope_tenant');
  return (
    <Space size={8} wrap>
      <Typography.Text type="secondary">{scope}</Typography.Text>
      <Typography.Text type="secondary">·</Typography.Text>
      <Typography.Text type="secondary">
        {t('dashboard.as_of', { time: dayjs(figures.asOf).format('HH:mm') })}
      </Typography.Text>
      <Tooltip title={t('dashboard.refresh')}>
        <Button
          size="small"
          type="text"
          icon={<ReloadOutlined spin={refreshing} />}
          aria-label={t('dashboard.refresh')}
          onClick={onRefresh}
        />
      </Tooltip>
    </Space>
  );
}

/** The business figures: what the server sent for the user's role, laid out for it. */
function BusinessFigures({ figures, role }: { figures: DashboardFigures; role: UserRole }) {
  const { orders, inbound, stock, scope, warehouseCount } = figures;
  const attention: { key: string; card: ReactNode }[] = [];
  if (orders) {
    attention.push({ key: 'risk', card: <AtRiskCard atRisk={orders.atRisk} role={role} /> });
    attention.push({ key: 'oos', card: <OutOfStockCard outOfStock={orders.outOfStock} role={role} /> });
  }
  if (inbound) attention.push({ key: 'inbound', card: <InboundDueCard inbound={inbound} scope={scope} /> });
  const span = attention.length >= 3 ? 8 : attention.length === 2 ? 12 : 24;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {orders && <OrderTabCards today={orders.today} role={role} />}
      {attention.length > 0 && (
        <Row gutter={[16, 16]}>
          {attention.map(({ key, card }) => (
            <Col key={key} xs={24} lg={12} xl={span}>
              {card}
            </Col>
          ))}
        </Row>
      )}
      {(orders || stock) && (
        <Row gutter={[16, 16]}>
          {orders && (
            <Col xs={24} xl={stock ? 16 : 24}>
              <Suspense fallback={<CardSkeleton rows={7} testId="chart-loading" />}>
                <OrdersChart perDay={orders.perDay} scope={scope} warehouseCount={warehouseCount} />
              </Suspense>
            </Col>
          )}
          {stock && (
            <Col xs={24} xl={orders ? 8 : 24}>
              <Suspense fallback={<CardSkeleton rows={7} />}>
                <StockByWarehouse stock={stock} scope={scope} warehouseCount={warehouseCount} />
              </Suspense>
            </Col>
          )}
        </Row>
      )}
    </Space>
  );
}

export function Analysis() {
  const { t } = useTranslation('system');
  const user = useSessionUser();
  const roles = useRoleLabels();
  const summary = useSummary();
  const figures = useFigures();
  useSummaryFollowsBell();
  const [openId, setOpenId] = useState<string | null>(null);
  const data = summary.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {user && (
        <div
          style={{
            display: 'flex',
            alignItems: 'baseline',
            gap: 12,
            flexWrap: 'wrap',
            justifyContent: 'space-between',
          }}
        >
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 12, flexWrap: 'wrap' }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('dashboard.welcome', { name: user.realname || user.username })}
            </Typography.Title>
            <Tag color={ROLE_COLORS[user.userRole]}>{roles.label(user.userRole)}</Tag>
            <Typography.Text type="secondary">{dayjs().format('YYYY-MM-DD dddd')}</Typography.Text>
          </div>
          {figures.data && (
            <ScopeLine
              figures={figures.data}
              refreshing={figures.isFetching}
              onRefresh={() => void figures.refetch()}
            />
          )}
        </div>
      )}
      {figures.isPending ? (
        <FiguresSkeleton />
      ) : figures.isError ? (
        <Alert
          type="warning"
          showIcon
          message={t('dashboard.figures_failed')}
          action={
            <Button size="small" onClick={() => void figures.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        user && <BusinessFigures figures={figures.data} role={user.userRole} />
      )}
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : summary.isError || !data ? (
        <Alert
          type="warning"
          showIcon
          message={t('dashboard.failed')}
          action={
            <Button size="small" onClick={() => void summary.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <StatCards summary={data} />
          {(data.loginsPerDay || data.usersByRole) && (
            <Row gutter={[16, 16]}>
              {data.loginsPerDay && (
                <Col xs={24} xl={data.usersByRole ? 14 : 24}>
                  <Suspense fallback={<CardSkeleton rows={6} />}>
                    <LoginChart days={data.loginsPerDay} />
                  </Suspense>
                </Col>
              )}
              {data.usersByRole && (
                <Col xs={24} xl={data.loginsPerDay ? 10 : 24}>
                  <UsersByRole rows={data.usersByRole} />
                </Col>
              )}
            </Row>
          )}
        </Space>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <UnreadAnnouncements onOpen={setOpenId} />
        </Col>
        {user && (
          <Col xs={24} lg={12}>
            <PendingQuestions role={user.userRole} />
          </Col>
        )}
      </Row>
      <AnnouncementReader id={openId} onClose={() => setOpenId(null)} />
    </Space>
  );
}
