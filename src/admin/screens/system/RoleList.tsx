/**
 * Roles of the tenant (spec 01 §7 /sys/role/*): a server-paged list filtered by name and code,
 * add and edit, delete after a confirmation, and granting menus and buttons with a tree.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addRole,
  deleteRole,
  editRole,
  fetchPermissionTree,
  fetchRolePermissionIds,
  fetchRoles,
  saveRolePermissions,
  useSystemChange,
  useSystemQuery,
  type PageParams,
} from '../../../api/modules/system.js';
import type { RoleView } from '../../../shared/contract/system-admin.js';
import { PERMISSIONS } from '../../../shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { DEFAULT_PAGE, tablePagination } from '../common/paging.js';
import { PermissionGrantDrawer, type GrantSource } from '../common/PermissionGrantDrawer.js';
import { RoleFormModal } from '../common/RoleFormModal.js';
import { cleanFilter, useScreenState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';

interface RoleFilterValues {
  roleName?: string;
  roleCode?: string;
}

const INITIAL: PageParams & { filter: RoleFilterValues } = { ...DEFAULT_PAGE, filter: {} };

const GRANTS: GrantSource = {
  tree: { resource: 'permissionTree', fetch: fetchPermissionTree },
  granted: { resource: 'rolePermissions', fetch: fetchRolePermissionIds },
  save: saveRolePermissions,
};

export default function RoleList() {
  const { t } = useTranslation('system');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const [state, setState] = useScreenState('system/RoleList', INITIAL);
  const roles = useSystemQuery(
    'roles',
    { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter },
    fetchRoles,
    { keepPrevious: true },
  );
  const add = useSystemChange(addRole, ['roles']);
  const edit = useSystemChange(editRole, ['roles']);
  const remove = useSystemChange(deleteRole, ['roles']);
  const [editing, setEditing] = useState<RoleView | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleView | null>(null);
  const canAdd = hasAuth(PERMISSIONS.roleAdd);
  const canEdit = hasAuth(PERMISSIONS.roleEdit);
  const canGrant = hasAuth(PERMISSIONS.rolePermission);

  const confirmDelete = (role: RoleView) =>
    modal.confirm({
      title: t('role.delete_title'),
      content: t('role.delete_confirm', { name: role.roleName }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          feedback.done(await remove.mutateAsync(role.id));
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const columns: ColumnsType<RoleView> = [
    { title: t('role.code'), dataIndex: 'roleCode', width: 180 },
    { title: t('role.name'), dataIndex: 'roleName', width: 220 },
    {
      title: t('common.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    { title: t('common.created_at'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
  ];
  if (canEdit || canGrant) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      render: (_value, role) => (
        <Space size={12}>
          {canEdit && <Typography.Link onClick={() => setEditing(role)}>{t('common.edit')}</Typography.Link>}
          {canGrant && <Typography.Link onClick={() => setGranting(role)}>{t('role.grant')}</Typography.Link>}
          {canEdit && (
            <Typography.Link type="danger" onClick={() => confirmDelete(role)}>
              {t('common.delete')}
            </Typography.Link>
          )}
        </Space>
      ),
    });
  }

  return (
    <>
      <SearchBar<RoleFilterValues>
        initialValues={state.filter}
        onSearch={(values) => setState({ filter: cleanFilter(values), pageNo: 1 })}
      >
        <Form.Item name="roleName" label={t('role.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="roleCode" label={t('role.code')}>
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
          {t('role.add')}
        </Button>
      )}
      <Table<RoleView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={roles.data?.records}
        loading={roles.isFetching}
        pagination={tablePagination(t, state, roles.data?.total, (page) => setState(page))}
      />
      <RoleFormModal
        open={editing !== null}
        role={editing === 'new' ? null : editing}
        saver={{ add: add.mutateAsync, edit: edit.mutateAsync }}
        onClose={() => setEditing(null)}
      />
      <PermissionGrantDrawer role={granting} source={GRANTS} onClose={() => setGranting(null)} />
    </>
  );
}
