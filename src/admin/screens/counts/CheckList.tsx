/**
 * Stock check orders (spec 02 §3): status tabs (to count, counting, counted), filters by
 * warehouse and number, server-paged, with each order's progress (locations counted of those
 * planned), check quantity and result (variances to review). Managers plan new orders and close
 * them (after a confirmation); anyone who sees the list prints the chosen orders' count sheets.
 */
import { App, Button, Form, Input, Progress, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeCount, fetchCountSheets, useCounts, type CountFilter } from '@api/modules/counts.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import type { CountRow } from '@shared/contract/counts.js';
import type { CountStatus } from '@shared/domain/counts.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { RowActions } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { WarehouseSelect } from '../inventory/shared.js';
import { AssignModal } from './AssignModal.js';
import { CountDetailDrawer } from './CountDetailDrawer.js';
import { CountFormModal } from './CountFormModal.js';
import { CountStatusTag, openPdf, useCountLabels } from './shared.js';

interface Filter {
  warehouseId?: string;
  countNo?: string;
}

interface ListState {
  pageNo: number;
  pageSize: number;
  status: CountStatus | 'all';
  filter: Filter;
}

const INITIAL: ListState = { ...DEFAULT_PAGE, status: 'all', filter: {} };

export function CheckList() {
  const { t, i18n } = useTranslation('counts');
  const labels = useCountLabels();
  const { modal, message } = App.useApp();
  const feedback = useFeedback();
  const [state, setState, search] = useListState('counts/CheckList', INITIAL);
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<CountRow | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const close = useInventoryChange(closeCount);
  const params: CountFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...state.filter,
    status: state.status === 'all' ? undefined : state.status,
  };
  const counts = useCounts(params);
  const canEdit = hasAuth(PERMISSIONS.countEdit);

  const askClose = (row: CountRow) =>
    modal.confirm({
      title: t('list.close_title', { countNo: row.countNo }),
      content:
        row.countedLocations < row.totalLocations
          ? t('list.close_uncounted', { count: row.totalLocations - row.countedLocations })
          : t('list.close_content'),
      okText: t('list.close'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          feedback.done(await close.mutateAsync(row.id));
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const printSheets = async () => {
    if (selected.length === 0) {
      void message.warning(t('list.select_sheet'));
      return;
    }
    try {
      openPdf(await fetchCountSheets(selected, i18n.language));
    } catch {
      // The error catalogue has said why.
    }
  };

  const columns: ColumnsType<CountRow> = [
    {
      title: t('list.count_no'),
      dataIndex: 'countNo',
      width: 160,
      fixed: 'left',
      render: (countNo: string, row) => (
        <Typography.Link onClick={() => setOpened(row.id)}>{countNo}</Typography.Link>
      ),
    },
    {
      title: t('list.type'),
      dataIndex: 'type',
      responsive: WIDE_SCREENS_ONLY,
      width: 110,
      render: labels.type,
    },
    { title: t('list.warehouse'), dataIndex: 'warehouseCode', width: 100 },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: CountStatus) => <CountStatusTag status={status} />,
    },
    {
      title: t('list.progress'),
      key: 'progress',
      width: 180,
      render: (_value, row) => (
        <Space size={8}>
          <Progress
            percent={
              row.totalLocations === 0 ? 0 : Math.round((row.countedLocations / row.totalLocations) * 100)
            }
            size="small"
            style={{ width: 80, margin: 0 }}
            showInfo={false}
            aria-label={`${t('list.progress')} ${row.countNo}`}
          />
          {t('list.progress_value', { counted: row.countedLocations, total: row.totalLocations })}
        </Space>
      ),
    },
    { title: t('list.check_quantity'), dataIndex: 'checkQuantity', width: 110, align: 'right' },
    {
      title: t('list.result'),
      key: 'result',
      width: 170,
      render: (_value, row) =>
        row.countedLocations === 0 ? (
          '-'
        ) : row.uncountedLines > 0 ? (
          <Typography.Text type="warning">
            {t('list.result_uncounted', { count: row.uncountedLines })}
          </Typography.Text>
        ) : row.pendingLines > 0 ? (
          <Typography.Text type="warning">
            {t('list.result_pending', { count: row.pendingLines })}
          </Typography.Text>
        ) : row.varianceLines > 0 ? (
          t('list.result_reviewed', { count: row.varianceLines })
        ) : (
          t('list.result_none')
        ),
    },
    {
      title: t('list.assignee'),
      dataIndex: 'assigneeName',
      width: 120,
      render: (name: string) => name || t('form.anyone'),
    },
    {
      title: t('list.created_at'),
      dataIndex: 'createdAt',
      responsive: WIDE_SCREENS_ONLY,
      width: 150,
      render: formatDateTime,
    },
    {
      title: t('list.actions'),
      key: 'actions',
      width: canEdit ? 200 : 80,
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('list.detail'), onClick: () => setOpened(row.id) },
            {
              key: 'assign',
              label: t('assign.action'),
              onClick: () => setAssigning(row),
              show: canEdit && row.status !== 'counted',
            },
            {
              key: 'close',
              label: t('list.close'),
              onClick: () => askClose(row),
              show: canEdit && row.status !== 'counted',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="warehouseId" label={t('list.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="countNo" label={t('list.count_no')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 8 }}>
        {canEdit && (
          <AddButton isInToolbar onClick={() => setAdding(true)}>
            {t('form.title')}
          </AddButton>
        )}
        <Button onClick={() => void printSheets()}>{t('list.print_sheet')}</Button>
      </Space>
      <Tabs
        activeKey={state.status}
        onChange={(key) => setState({ status: key as ListState['status'], pageNo: 1 })}
        items={[
          { key: 'all', label: t('list.all') },
          ...labels.statusOptions.map((option) => ({ key: option.value, label: option.label })),
        ]}
      />
      <PagedTable<CountRow>
        rowKey="id"
        bordered
        columns={columns}
        query={counts}
        page={state}
        onPageChange={setState}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
      />
      <CountFormModal open={adding} onClose={() => setAdding(false)} />
      <CountDetailDrawer id={opened} onClose={() => setOpened(null)} />
      <AssignModal row={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
