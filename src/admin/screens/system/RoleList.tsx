/**
 * Roles of the tenant (/sys/role/*): a server-paged list filtered by name and code,
 * add and edit, delete after a confirmation, and granting menus and buttons with a tree.
 */
import { Form, Input } from 'antd';
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
} from '@api/modules/system.js';
import type { PageParams } from '@api/client.js';
import type { RoleView } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { roleColumns } from '../common/account-columns.js';
import { AddButton } from '../common/AddButton.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { PermissionGrantDrawer, type GrantSource } from '../common/PermissionGrantDrawer.js';
import { RoleFormModal } from '../common/RoleFormModal.js';
import { actionsColumn, useDeleteAction } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
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

export function RoleList() {
  const { t } = useTranslation('system');
  const deleteAction = useDeleteAction();
  const [state, setState, search] = useListState('system/RoleList', INITIAL);
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

  const columns = roleColumns(t, 180);
  if (canEdit || canGrant) {
    columns.push(
      actionsColumn<RoleView>(t, { width: 220 }, (role) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing(role), show: canEdit },
        { key: 'grant', label: t('role.grant'), onClick: () => setGranting(role), show: canGrant },
        deleteAction({
          show: canEdit,
          title: t('role.delete_title'),
          content: t('role.delete_confirm', { name: role.roleName }),
          remove: () => remove.mutateAsync(role.id),
        }),
      ]),
    );
  }

  return (
    <>
      <SearchBar<RoleFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="roleName" label={t('role.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="roleCode" label={t('role.code')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      {canAdd && <AddButton onClick={() => setEditing('new')}>{t('role.add')}</AddButton>}
      <PagedTable<RoleView> columns={columns} query={roles} page={state} onPageChange={setState} />
      <RoleFormModal
        open={editing !== null}
        role={editing === 'new' ? null : editing}
        saver={{ add: add.mutateAsync, edit: edit.mutateAsync, checksDuplicate: true }}
        onClose={() => setEditing(null)}
      />
      <PermissionGrantDrawer role={granting} source={GRANTS} onClose={() => setGranting(null)} />
    </>
  );
}
