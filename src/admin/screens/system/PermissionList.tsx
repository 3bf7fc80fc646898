/**
 * Menus and permissions of the tenant (/sys/permission/*): the whole tree of menus,
 * sub-menus and buttons with their routes and codes; add (at the top or under a menu) and edit.
 */
import { Badge, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPermissions, useSystemQuery } from '@api/modules/system.js';
import type { PermissionView } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { MenuIcon } from '../../layout/menu-icons.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { QueryTable } from '../common/PagedTable.js';
import { actionsColumn } from '../common/RowActions.js';
import { PermissionFormDrawer, type PermissionEditing } from './PermissionFormDrawer.js';

const TYPE_COLORS = ['blue', 'cyan', 'default'] as const;

export function PermissionList() {
  const { t } = useTranslation('system');
  const permissions = useSystemQuery('permissions', 'tree', fetchPermissions);
  const [editing, setEditing] = useState<PermissionEditing | null>(null);
  const canAdd = hasAuth(PERMISSIONS.permissionAdd);
  const canEdit = hasAuth(PERMISSIONS.permissionEdit);

  const columns: ColumnsType<PermissionView> = [
    {
      title: t('permission.title'),
      dataIndex: 'title',
      width: 260,
      render: (title: string, row) => (
        <Space size={6}>
          {row.icon ? <MenuIcon name={row.icon} /> : null}
          {title}
        </Space>
      ),
    },
    {
      title: t('permission.type'),
      dataIndex: 'menuType',
      width: 100,
      render: (type: number) => (
        <Tag color={TYPE_COLORS[type] ?? 'default'}>{t(`permission.type_${type}`)}</Tag>
      ),
    },
    {
      title: t('permission.url'),
      dataIndex: 'url',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    {
      title: t('permission.component'),
      dataIndex: 'component',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    {
      title: t('permission.perms'),
      dataIndex: 'perms',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    { title: t('common.sort_no'), dataIndex: 'sortNo', width: 80 },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: string, row) => (
        <Space size={4}>
          <Badge
            status={status === '1' ? 'success' : 'default'}
            text={t(status === '1' ? 'common.enabled' : 'common.disabled')}
          />
          {row.hidden && <Tag>{t('permission.hidden')}</Tag>}
        </Space>
      ),
    },
  ];
  if (canAdd || canEdit) {
    columns.push(
      actionsColumn<PermissionView>(t, { width: 170 }, (row) => [
        {
          key: 'edit',
          label: t('common.edit'),
          onClick: () => setEditing({ mode: 'edit', permission: row }),
          show: canEdit,
        },
        {
          key: 'add_child',
          label: t('permission.add_child'),
          onClick: () => setEditing({ mode: 'add', parentId: row.id }),
          show: canAdd && row.menuType !== 2,
        },
      ]),
    );
  }

  return (
    <>
      {canAdd && <AddButton onClick={() => setEditing({ mode: 'add' })}>{t('permission.add')}</AddButton>}
      <QueryTable<PermissionView> columns={columns} query={permissions} pagination={false} />
      <PermissionFormDrawer
        editing={editing}
        tree={permissions.data ?? []}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
