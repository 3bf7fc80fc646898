/**
 * The dashboard's charts (GET /dashboard/figures), loaded on their own after the figures so the
 * chart kit is fetched only by pages that draw: orders per day of the last 30 days by marketplace
 * or by status, as stacked bars or lines; stock by warehouse as available and frozen units.
 */
import { BarChartOutlined, LineChartOutlined } from '@ant-design/icons';
import { Card, Empty, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FIGURE_SCOPES, OrdersPerDay, WarehouseStock } from '@shared/contract/dashboard.js';
import {
  BarChart,
  LineChart,
  StackedBars,
  visuallyHidden,
  type ChartSeries,
} from '../common/charts/index.js';
import { STOCK_LIST_PATH, usePresetList } from '../common/list-links.js';
import { useFigureColors, useFigureLabels } from './figure-style.js';

type Scope = (typeof FIGURE_SCOPES)[number];
type Grouping = 'platform' | 'status';
type Shape = 'bars' | 'lines';

/** Why there is nothing to count: a new seller, a worker without a warehouse, or a quiet month. */
export function noOrdersReason(scope: Scope, warehouseCount: number): string {
  if (scope === 'warehouses' && warehouseCount === 0) return 'dashboard.no_warehouse';
  if (scope === 'seller') return 'dashboard.orders_none_seller';
  if (scope === 'warehouses') return 'dashboard.orders_none_warehouses';
  return 'dashboard.orders_none_tenant';
}

export function OrdersChart({
  perDay,
  scope,
  warehouseCount,
}: {
  perDay: OrdersPerDay;
  scope: Scope;
  warehouseCount: number;
}) {
  const { t } = useTranslation('system');
  const colors = useFigureColors();
  const labels = useFigureLabels();
  const [grouping, setGrouping] = useState<Grouping>('platform');
  const [shape, setShape] = useState<Shape>('bars');
  const series: ChartSeries[] =
    grouping === 'platform'
      ? perDay.byPlatform.map((line) => ({
          name: labels.platform(line.platform),
          color: colors.platform[line.platform],
          values: line.counts,
        }))
      : perDay.byStatus.map((line) => ({
          name: labels.tab(line.tab),
          color: colors.tab[line.tab],
          values: line.counts,
        }));
  const total = perDay.byStatus.reduce((sum, line) => sum + line.counts.reduce((a, b) => a + b, 0), 0);
  const title = t('dashboard.orders_chart');
  const chartTitle = `${title} · ${t(grouping === 'platform' ? 'dashboard.by_platform' : 'dashboard.by_status')}`;
  const axis = perDay.days.map((day) => dayjs(day).format('MM-DD'));
  const full = perDay.days.map((day) => dayjs(day).format('YYYY-MM-DD ddd'));
  return (
    <Card
      size="small"
      title={
        <Space size={8}>
          {title}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('dashboard.orders_chart_total', { count: total })}
          </Typography.Text>
        </Space>
      }
      extra={
        total > 0 && (
          <Space size={8}>
            <Segmented<Grouping>
              size="small"
              value={grouping}
              onChange={setGrouping}
              options={[
                { value: 'platform', label: t('dashboard.by_platform') },
                { value: 'status', label: t('dashboard.by_status') },
              ]}
            />
            <Segmented<Shape>
              size="small"
              value={shape}
              onChange={setShape}
              options={[
                {
                  value: 'bars',
                  icon: <BarChartOutlined />,
                  title: t('dashboard.as_bars'),
                  label: <span style={visuallyHidden}>{t('dashboard.as_bars')}</span>,
                },
                {
                  value: 'lines',
                  icon: <LineChartOutlined />,
                  title: t('dashboard.as_lines'),
                  label: <span style={visuallyHidden}>{t('dashboard.as_lines')}</span>,
                },
              ]}
            />
          </Space>
        )
      }
      style={{ height: '100%' }}
      data-testid="card-orders-chart"
    >
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(noOrdersReason(scope, warehouseCount))} />
      ) : shape === 'bars' ? (
        <BarChart
          title={chartTitle}
          labels={axis}
          fullLabels={full}
          series={series}
          stacked
          totalLabel={t('dashboard.orders_total')}
          height={280}
        />
      ) : (
        <LineChart title={chartTitle} labels={axis} fullLabels={full} series={series} height={280} />
      )}
    </Card>
  );
}

export function StockByWarehouse({
  stock,
  scope,
  warehouseCount,
}: {
  stock: WarehouseStock[];
  scope: Scope;
  warehouseCount: number;
}) {
  const { t } = useTranslation('system');
  const colors = useFigureColors();
  const preset = usePresetList();
  const total = stock.reduce((sum, row) => sum + row.total, 0);
  const empty =
    scope === 'warehouses' && warehouseCount === 0
      ? 'dashboard.no_warehouse'
      : scope === 'seller'
        ? 'dashboard.stock_none_seller'
        : 'dashboard.stock_none';
  return (
    <Card
      size="small"
      title={t('dashboard.stock_title')}
      extra={
        <Link to={STOCK_LIST_PATH} onClick={() => preset.stock({})}>
          {t('dashboard.view_all')}
        </Link>
      }
      style={{ height: '100%' }}
      data-testid="card-stock"
    >
      {stock.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(empty)} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {t('dashboard.stock_units', { count: total })}
          </Typography.Paragraph>
          <StackedBars
            title={t('dashboard.stock_title')}
            parts={[
              { name: t('dashboard.stock_available'), color: colors.available },
              { name: t('dashboard.stock_frozen'), color: colors.frozen },
            ]}
            rows={stock.map((row) => ({
              key: row.warehouseId,
              label: (
                <Link to={STOCK_LIST_PATH} onClick={() => preset.stock({ warehouseId: row.warehouseId })}>
                  {`${row.code} · ${row.name}`}
                </Link>
              ),
              values: [row.available, row.frozen],
              total: row.total,
              note: t('dashboard.stock_skus', { count: row.skus }),
            }))}
          />
        </>
      )}
    </Card>
  );
}
