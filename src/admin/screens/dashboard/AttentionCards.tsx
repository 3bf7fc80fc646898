/**
 * What needs doing first (GET /dashboard/figures): orders at risk of missing their ship-by, orders
 * waiting for stock with the SKUs they are short of, and inbound orders due. Each names its few
 * most urgent rows, each row and count a link to the list it summarises; nothing waiting says so.
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Empty, List, Space, Statistic, Tag, Tooltip, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FIGURE_SCOPES, InboundDue, OrdersAtRisk, OutOfStock } from '@shared/contract/dashboard.js';
import type { UserRole } from '@shared/domain/roles.js';
import { formatDateTime } from '../common/format.js';
import {
  INBOUND_LIST_PATH,
  inboundDetailLink,
  orderListLink,
  STOCK_LIST_PATH,
  usePresetList,
} from '../common/list-links.js';
import { useFigureLabels } from './figure-style.js';

type Scope = (typeof FIGURE_SCOPES)[number];

function Nothing({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} style={{ margin: '12px 0' }} />;
}

/** A count in the card's head, a link when a list lies behind it. */
function HeadCount({
  title,
  value,
  link,
  onOpen,
  danger,
  testId,
}: {
  title: string;
  value: number;
  link?: string;
  onOpen?: () => void;
  danger?: boolean;
  testId: string;
}) {
  const { token } = theme.useToken();
  const statistic = (
    <Statistic
      title={
        <span
          title={title}
          style={{
            display: 'block',
            fontSize: token.fontSizeSM,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {title}
        </span>
      }
      value={value}
      valueStyle={{ fontSize: 22, ...(danger && value > 0 ? { color: token.colorError } : {}) }}
    />
  );
  return (
    <div data-testid={testId} style={{ minWidth: 0 }}>
      {link ? (
        <Link to={link} onClick={onOpen} style={{ display: 'block', color: 'inherit' }}>
          {statistic}
        </Link>
      ) : (
        statistic
      )}
    </div>
  );
}

function Heads({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: 8,
        paddingBottom: 8,
        marginBottom: 4,
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      {children}
    </div>
  );
}

export function AtRiskCard({ atRisk, role }: { atRisk: OrdersAtRisk; role: UserRole }) {
  const { t } = useTranslation('system');
  const labels = useFigureLabels();
  const now = Date.now();
  return (
    <Card
      size="small"
      title={
        <Space size={6}>
          {t('dashboard.at_risk_title')}
          <Tooltip title={t('dashboard.at_risk_hint')}>
            <InfoCircleOutlined
              aria-label={t('dashboard.at_risk_hint')}
              style={{ color: 'inherit', opacity: 0.45 }}
            />
          </Tooltip>
        </Space>
      }
      style={{ height: '100%' }}
      data-testid="card-at-risk"
    >
      <Heads>
        <HeadCount
          testId="at-risk-overdue"
          title={t('dashboard.at_risk_overdue')}
          value={atRisk.overdue}
          danger
        />
        <HeadCount
          testId="at-risk-to-review"
          title={t('dashboard.tab_to_review')}
          value={atRisk.toReview}
          link={orderListLink(role, { tab: 'to_review', shipTime: '24h' })}
        />
        <HeadCount
          testId="at-risk-pending"
          title={t('dashboard.tab_pending')}
          value={atRisk.pending}
          link={orderListLink(role, { tab: 'pending', shipTime: '24h' })}
        />
      </Heads>
      {atRisk.total === 0 ? (
        <Nothing text={t('dashboard.at_risk_none')} />
      ) : (
        <List
          size="small"
          split={false}
          dataSource={atRisk.top}
          renderItem={(order) => {
            const overdue = new Date(order.shipBy).getTime() < now;
            return (
              <List.Item style={{ paddingInline: 0 }}>
                <List.Item.Meta
                  title={
                    <Space size={6} wrap={false}>
                      <Link to={orderListLink(role, { orderNos: order.systemNo })}>{order.orderNo}</Link>
                      <Tag bordered={false}>{labels.platform(order.platform)}</Tag>
                    </Space>
                  }
                  description={[order.shopName || order.sellerName, order.warehouseCode]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <div style={{ textAlign: 'right' }}>
                  {overdue && (
                    <Tag color="error" style={{ marginInlineEnd: 0 }}>
                      {t('dashboard.overdue')}
                    </Tag>
                  )}
                  <div>
                    <Typography.Text type={overdue ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                      {t('dashboard.ship_by', { time: formatDateTime(order.shipBy) })}
                    </Typography.Text>
                  </div>
                </div>
              </List.Item>
            );
          }}
        />
      )}
      {atRisk.total > atRisk.top.length && (
        <Typography.Text type="secondary">
          {t('dashboard.more', { count: atRisk.total - atRisk.top.length })}
        </Typography.Text>
      )}
    </Card>
  );
}

export function OutOfStockCard({ outOfStock, role }: { outOfStock: OutOfStock; role: UserRole }) {
  const { t } = useTranslation('system');
  const preset = usePresetList();
  return (
    <Card
      size="small"
      title={t('dashboard.oos_title')}
      extra={<Link to={orderListLink(role, { tag: 'out_of_stock' })}>{t('dashboard.view_all')}</Link>}
      style={{ height: '100%' }}
      data-testid="card-out-of-stock"
    >
      <Heads>
        <HeadCount
          testId="oos-orders"
          title={t('dashboard.oos_orders')}
          value={outOfStock.orders}
          link={orderListLink(role, { tag: 'out_of_stock' })}
          danger
        />
        <HeadCount testId="oos-skus" title={t('dashboard.oos_skus')} value={outOfStock.skus} />
        <HeadCount testId="oos-units" title={t('dashboard.oos_units')} value={outOfStock.units} />
      </Heads>
      {outOfStock.orders === 0 ? (
        <Nothing text={t('dashboard.oos_none')} />
      ) : outOfStock.top.length === 0 ? (
        <Nothing text={t('dashboard.oos_arrived')} />
      ) : (
        <List
          size="small"
          split={false}
          dataSource={outOfStock.top}
          renderItem={(sku) => (
            <List.Item style={{ paddingInline: 0 }}>
              <List.Item.Meta
                title={
                  <span>
                    <Link
                      to={STOCK_LIST_PATH}
                      onClick={() => preset.stock({ skuSearch: sku.sellerSku, warehouseId: sku.warehouseId })}
                    >
                      {sku.sellerSku}
                    </Link>
                  </span>
                }
                description={
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                    {`${sku.productName} · ${sku.warehouseCode}`}
                  </Typography.Text>
                }
              />
              <div style={{ textAlign: 'right' }}>
                <Tag color="error" style={{ marginInlineEnd: 0 }}>
                  {t('dashboard.oos_short', { count: sku.short })}
                </Tag>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('dashboard.oos_need', { needed: sku.needed, available: sku.available })}
                  </Typography.Text>
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

export function InboundDueCard({ inbound, scope }: { inbound: InboundDue; scope: Scope }) {
  const { t } = useTranslation('system');
  const preset = usePresetList();
  const openList = () => preset.inbound({ status: 'all' });
  const expected = inbound.overdue + inbound.today + inbound.next7Days + inbound.later + inbound.noDate;
  const today = dayjs().startOf('day');
  return (
    <Card
      size="small"
      title={t('dashboard.inbound_title')}
      extra={
        <Link to={INBOUND_LIST_PATH} onClick={openList}>
          {t('dashboard.view_all')}
        </Link>
      }
      style={{ height: '100%' }}
      data-testid="card-inbound"
    >
      <Heads>
        <HeadCount
          testId="inbound-overdue"
          title={t('dashboard.inbound_overdue')}
          value={inbound.overdue}
          link={INBOUND_LIST_PATH}
          onOpen={openList}
          danger
        />
        <HeadCount
          testId="inbound-today"
          title={t('dashboard.inbound_today')}
          value={inbound.today}
          link={INBOUND_LIST_PATH}
          onOpen={openList}
        />
        <HeadCount
          testId="inbound-week"
          title={t('dashboard.inbound_week')}
          value={inbound.next7Days}
          link={INBOUND_LIST_PATH}
          onOpen={openList}
        />
      </Heads>
      {expected === 0 ? (
        <Nothing text={t(scope === 'seller' ? 'dashboard.inbound_none_seller' : 'dashboard.inbound_none')} />
      ) : inbound.top.length === 0 ? (
        <Nothing text={t('dashboard.inbound_none_due')} />
      ) : (
        <List
          size="small"
          split={false}
          dataSource={inbound.top}
          renderItem={(order) => {
            const arrival = dayjs(order.expectedArrival);
            const overdue = arrival.isBefore(today);
            const isToday = !overdue && arrival.isBefore(today.add(1, 'day'));
            return (
              <List.Item style={{ paddingInline: 0 }}>
                <List.Item.Meta
                  title={
                    <span>
                      <Link to={inboundDetailLink(order.id)}>{order.inboundNo}</Link>
                    </span>
                  }
                  description={`${order.sellerName} · ${order.warehouseCode}`}
                />
                <div style={{ textAlign: 'right' }}>
                  <Tag
                    color={overdue ? 'error' : isToday ? 'warning' : 'processing'}
                    style={{ marginInlineEnd: 0 }}
                  >
                    {isToday ? t('dashboard.inbound_today_tag') : arrival.format('MM-DD')}
                  </Tag>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('dashboard.inbound_units', { count: order.units })}
                    </Typography.Text>
                  </div>
                </div>
              </List.Item>
            );
          }}
        />
      )}
      {inbound.later + inbound.noDate > 0 && (
        <Typography.Text type="secondary">
          {t('dashboard.inbound_rest', { later: inbound.later, undated: inbound.noDate })}
        </Typography.Text>
      )}
    </Card>
  );
}
