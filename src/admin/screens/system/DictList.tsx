/**
 * Dictionaries (/sys/dict/*, /sys/dictItem/*): a server-paged list filtered by code
 * and name; add and edit; each dictionary's items with a label per interface language.
 */
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '@api/client.js';
import { fetchDicts, useSystemQuery } from '@api/modules/system.js';
import type { DictView } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { formatDateTime } from '../common/format.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { PagedTable } from '../common/PagedTable.js';
import { actionsColumn } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { DictFormModal } from './DictFormModal.js';
import { DictItemsDrawer } from './DictItemsDrawer.js';

interface DictFilterValues {
  dictCode?: string;
  dictName?: string;
}

const INITIAL: PageParams & { filter: DictFilterValues } = { ...DEFAULT_PAGE, filter: {} };

export function DictList() {
  const { t } = useTranslation('system');
  const [state, setState, search] = useListState('system/DictList', INITIAL);
  const dicts = useSystemQuery(
    'dicts',
    { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter },
    fetchDicts,
    { keepPrevious: true },
  );
  const [editing, setEditing] = useState<DictView | 'new' | null>(null);
  const [itemsOf, setItemsOf] = useState<DictView | null>(null);
  const canAdd = hasAuth(PERMISSIONS.dictAdd);
  const canEdit = hasAuth(PERMISSIONS.dictEdit);

  const columns: ColumnsType<DictView> = [
    { title: t('dict.code'), dataIndex: 'dictCode', width: 220 },
    { title: t('dict.name'), dataIndex: 'dictName', width: 220 },
    {
      title: t('common.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    { title: t('common.created_at'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
    actionsColumn<DictView>(t, { width: 160 }, (dict) => [
      { key: 'edit', label: t('common.edit'), onClick: () => setEditing(dict), show: canEdit },
      { key: 'items', label: t('dict.items'), onClick: () => setItemsOf(dict) },
    ]),
  ];

  return (
    <>
      <SearchBar<DictFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="dictCode" label={t('dict.code')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="dictName" label={t('dict.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      {canAdd && <AddButton onClick={() => setEditing('new')}>{t('dict.add')}</AddButton>}
      <PagedTable<DictView> columns={columns} query={dicts} page={state} onPageChange={setState} />
      <DictFormModal
        open={editing !== null}
        dict={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}
