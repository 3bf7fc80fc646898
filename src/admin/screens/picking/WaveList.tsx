/**
 * Waves: status tabs (open, picking, picked, short), filters by warehouse and number,
 * server-paged, with each wave's progress (units picked of those to pick), units short and who
 * is picking. Whoever may make waves makes one from chosen ready orders or by criteria; anyone
 * who sees the list opens a wave's detail and prints its pick list.
 */
import { Form, Input, Progress, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchWavePickList, useWaves, type WaveFilter } from '@api/modules/picking.js';
import type { WaveRow } from '@shared/contract/picking.js';
import type { WaveStatus } from '@shared/domain/picking.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { RowActions } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { openPdf } from '../counts/shared.js';
import { WarehouseSelect } from '../inventory/shared.js';
import { percentOf, WaveDetailDrawer } from './WaveDetailDrawer.js';
import { WaveFormModal } from './WaveFormModal.js';
import { useWaveLabels, WaveStatusTag } from './shared.js';

interface Filter {
  warehouseId?: string;
  waveNo?: string;
}

interface ListState {
  pageNo: number;
  pageSize: number;
  status: WaveStatus | 'all';
  filter: Filter;
}

const INITIAL: ListState = { ...DEFAULT_PAGE, status: 'all', filter: {} };

export function WaveList() {
  const { t, i18n } = useTranslation('waves');
  const labels = useWaveLabels();
  const [state, setState, search] = useListState('picking/WaveList', INITIAL);
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const params: WaveFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...state.filter,
    status: state.status === 'all' ? undefined : state.status,
  };
  const waves = useWaves(params);
  const canEdit = hasAuth(PERMISSIONS.waveEdit);

  const print = async (row: WaveRow) => {
    try {
      openPdf(await fetchWavePickList(row.id, i18n.language));
    } catch {
      // The error catalogue has said why.
    }
  };

  const columns: ColumnsType<WaveRow> = [
    {
      title: t('list.wave_no'),
      dataIndex: 'waveNo',
      width: 170,
      fixed: 'left',
      render: (waveNo: string, row) => (
        <Typography.Link onClick={() => setOpened(row.id)}>{waveNo}</Typography.Link>
      ),
    },
    { title: t('list.warehouse'), dataIndex: 'warehouseCode', width: 100 },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: WaveStatus) => <WaveStatusTag status={status} />,
    },
    { title: t('list.orders'), dataIndex: 'orderCount', width: 90, align: 'right' },
    {
      title: t('list.progress'),
      key: 'progress',
      width: 200,
      render: (_value, row) => (
        <Space size={8}>
          <Progress
            percent={percentOf(row.pickedUnits, row.units)}
            size="small"
            style={{ width: 80, margin: 0 }}
            showInfo={false}
            aria-label={`${t('list.progress')} ${row.waveNo}`}
          />
          {t('list.progress_value', { picked: row.pickedUnits, total: row.units })}
        </Space>
      ),
    },
    {
      title: t('list.short_units'),
      dataIndex: 'shortUnits',
      width: 90,
      align: 'right',
      render: (value: number) =>
        value > 0 ? <Typography.Text type="warning">{value}</Typography.Text> : '-',
    },
    { title: t('list.picker'), dataIndex: 'pickerName', width: 120, render: (name: string) => name || '-' },
    { title: t('list.created_at'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('list.detail'), onClick: () => setOpened(row.id) },
            { key: 'print', label: t('list.print_pick_list'), onClick: () => void print(row) },
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
        <Form.Item name="waveNo" label={t('list.wave_no')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      {canEdit && (
        <Space style={{ marginBottom: 8 }}>
          <AddButton isInToolbar onClick={() => setAdding(true)}>
            {t('form.title')}
          </AddButton>
        </Space>
      )}
      <Tabs
        activeKey={state.status}
        onChange={(key) => setState({ status: key as ListState['status'], pageNo: 1 })}
        items={[
          { key: 'all', label: t('list.all') },
          ...labels.statusOptions.map((option) => ({ key: option.value, label: option.label })),
        ]}
      />
      <PagedTable<WaveRow>
        rowKey="id"
        bordered
        columns={columns}
        query={waves}
        page={state}
        onPageChange={setState}
      />
      <WaveFormModal open={adding} onClose={() => setAdding(false)} />
      <WaveDetailDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
