/**
 * Dictionaries (spec 01 §7 /sys/dict/*, /sys/dictItem/*): a server-paged list filtered by code
 * and name; add and edit; each dictionary's items with a label per interface language.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDicts, useSystemQuery, type PageParams } from '../../../api/modules/system.js';
import type { DictView } from '../../../shared/contract/system-admin.js';
import { PERMISSIONS } from '../../../shared/permissions.js';
import { hasAuth } from '../auth.js';
import { formatDateTime } from '../common/format.js';
import { DEFAULT_PAGE, tablePagination } from '../common/paging.js';
import { cleanFilter, useScreenState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { DictFormModal } from './DictFormModal.js';
import { DictItemsDrawer } from './DictItemsDrawer.js';

interface DictFilterValues {
  dictCode?: string;
  dictName?: string;
}

const INITIAL: PageParams & { filter: DictFilterValues } = { ...DEFAULT_PAGE, filter: {} };

export default function DictList() {
  const { t } = useTranslation('system');
  const [state, setState] = useScreenState('system/DictList', INITIAL);
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
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_value, dict) => (
        <Space size={12}>
          {canEdit && <Typography.Link onClick={() => setEditing(dict)}>{t('common.edit')}</Typography.Link>}
          <Typography.Link onClick={() => setItemsOf(dict)}>{t('dict.items')}</Typography.Link>
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchBar<DictFilterValues>
        initialValues={state.filter}
        onSearch={(values) => setState({ filter: cleanFilter(values), pageNo: 1 })}
      >
        <Form.Item name="dictCode" label={t('dict.code')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="dictName" label={t('dict.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      {canAdd && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 16 }}
        >
          {t('dict.add')}
        </Button>
      )}
      <Table<DictView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={dicts.data?.records}
        loading={dicts.isFetching}
        pagination={tablePagination(t, state, dicts.data?.total, (page) => setState(page))}
      />
      <DictFormModal
        open={editing !== null}
        dict={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}
