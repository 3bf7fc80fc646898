/**
 * Departments (/sys/sysDepart/*): the tree with its codes, filtered by name; add at
 * the top or under a department, edit, and delete after a confirmation (the server refuses a
 * department that still has sub-departments or users, and says so).
 */
import { Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteDepart, fetchDepartTree, useSystemChange, useSystemQuery } from '@api/modules/system.js';
import type { DepartNode } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { actionsColumn, useDeleteAction } from '../common/RowActions.js';
import { DepartFormModal, type DepartEditing } from './DepartFormModal.js';

/** The branches that hold a name containing `word` (case-insensitive), with their ancestors. */
export function filterTree(nodes: readonly DepartNode[], word: string): DepartNode[] {
  const needle = word.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    if (node.departName.toLowerCase().includes(needle)) return [node];
    const children = filterTree(node.children ?? [], needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export function DepartList() {
  const { t } = useTranslation('system');
  const deleteAction = useDeleteAction();
  const tree = useSystemQuery('departs', 'tree', fetchDepartTree);
  const remove = useSystemChange(deleteDepart, ['departs', 'users']);
  const [word, setWord] = useState('');
  const [editing, setEditing] = useState<DepartEditing | null>(null);
  const shown = useMemo(() => filterTree(tree.data ?? [], word), [tree.data, word]);
  const canAdd = hasAuth(PERMISSIONS.departAdd);
  const canEdit = hasAuth(PERMISSIONS.departEdit);
  const canDelete = hasAuth(PERMISSIONS.departDelete);

  const columns: ColumnsType<DepartNode> = [
    { title: t('depart.name'), dataIndex: 'departName' },
    { title: t('depart.code'), dataIndex: 'orgCode', width: 160 },
    { title: t('common.sort_no'), dataIndex: 'sortNo', width: 100 },
    {
      title: t('common.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
  ];
  if (canAdd || canEdit || canDelete) {
    columns.push(
      actionsColumn<DepartNode>(t, { width: 240 }, (depart) => [
        {
          key: 'add_child',
          label: t('depart.add_child'),
          onClick: () => setEditing({ mode: 'add', parentId: depart.id }),
          show: canAdd,
        },
        {
          key: 'edit',
          label: t('common.edit'),
          onClick: () => setEditing({ mode: 'edit', depart }),
          show: canEdit,
        },
        deleteAction({
          show: canDelete,
          title: t('depart.delete_title'),
          content: t('depart.delete_confirm', { name: depart.departName }),
          remove: () => remove.mutateAsync(depart.id),
        }),
      ]),
    );
  }

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('depart.search')}
          onSearch={setWord}
          onChange={(event) => setWord(event.target.value)}
          style={{ width: 260 }}
        />
        {canAdd && (
          <AddButton isInToolbar onClick={() => setEditing({ mode: 'add' })}>
            {t('depart.add')}
          </AddButton>
        )}
      </Space>
      <Table<DepartNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={`${word}:${tree.dataUpdatedAt}`}
      />
      <DepartFormModal editing={editing} tree={tree.data ?? []} onClose={() => setEditing(null)} />
    </>
  );
}
