/**
 * A shop's sync history: each run with what started it, its state, the window of order
 * updates it read, the pages and orders it fetched, what it created, updated or left unchanged,
 * the orders kept back for SKU matching, and why it failed.
 */
import { Drawer, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '@api/client.js';
import { useSyncRuns } from '@api/modules/shops.js';
import type { ShopView, SyncRunView } from '@shared/contract/shops.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { errorText, RunStateTag, triggerLabel, useShopLabels } from './shared.js';

export function SyncHistoryDrawer({ shop, onClose }: { shop: ShopView | null; onClose: () => void }) {
  const { t } = useTranslation('shops');
  return (
    <Drawer
      title={t('history.title', { alias: shop?.alias ?? '' })}
      open={shop !== null}
      onClose={onClose}
      width={1100}
      destroyOnHidden
    >
      {shop && <SyncRuns shop={shop} />}
    </Drawer>
  );
}

function SyncRuns({ shop }: { shop: ShopView }) {
  const { t } = useTranslation('shops');
  const labels = useShopLabels();
  const [page, setPage] = useState<PageParams>(DEFAULT_PAGE);
  const runs = useSyncRuns(shop.id, page);
  const count = (value: number) => value.toLocaleString();

  const columns: ColumnsType<SyncRunView> = [
    {
      title: t('history.started'),
      dataIndex: 'startedAt',
      width: 150,
      render: (startedAt: string, run) => (
        <Space direction="vertical" size={0}>
          <span>{formatDateTime(startedAt)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {run.finishedAt
              ? t('history.finished_at', { time: formatDateTime(run.finishedAt) })
              : t('history.not_finished')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('history.trigger'),
      dataIndex: 'trigger',
      width: 110,
      render: (trigger: SyncRunView['trigger']) => triggerLabel(t, trigger),
    },
    {
      title: t('history.state'),
      dataIndex: 'state',
      width: 130,
      render: (state: SyncRunView['state'], run) => (
        <Space direction="vertical" size={2}>
          <RunStateTag state={state} />
          {run.errorCode && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {errorText(t, run.errorCode, {
                platform: labels.platform(shop.platform),
                reason: run.errorMessage,
              })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('history.window'),
      key: 'window',
      width: 150,
      render: (_value, run) => (
        <Space direction="vertical" size={0}>
          <span>{formatDateTime(run.windowFrom)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('history.until', { time: formatDateTime(run.windowTo) })}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('history.pages'), dataIndex: 'pages', width: 70, align: 'right', render: count },
    { title: t('history.fetched'), dataIndex: 'fetched', width: 80, align: 'right', render: count },
    { title: t('history.created'), dataIndex: 'created', width: 80, align: 'right', render: count },
    { title: t('history.updated'), dataIndex: 'updated', width: 80, align: 'right', render: count },
    { title: t('history.unchanged'), dataIndex: 'unchanged', width: 90, align: 'right', render: count },
    {
      title: t('history.waiting'),
      dataIndex: 'waiting',
      width: 100,
      align: 'right',
      render: (waiting: number) =>
        waiting > 0 ? <Typography.Text strong>{count(waiting)}</Typography.Text> : count(waiting),
    },
    {
      title: t('history.failed'),
      dataIndex: 'failed',
      width: 200,
      render: (failed: number, run) =>
        failed === 0 ? (
          count(failed)
        ) : (
          <Space direction="vertical" size={0}>
            <Typography.Text type="danger" strong>
              {count(failed)}
            </Typography.Text>
            {run.orderErrors.map((entry) => (
              <Typography.Text key={entry.orderNo} type="secondary" style={{ fontSize: 12 }}>
                {t('history.failed_order', { orderNo: entry.orderNo, message: entry.message })}
              </Typography.Text>
            ))}
          </Space>
        ),
    },
  ];

  return (
    <PagedTable<SyncRunView>
      bordered
      columns={columns}
      query={runs}
      page={page}
      onPageChange={setPage}
      locale={{ emptyText: t('history.empty') }}
    />
  );
}
